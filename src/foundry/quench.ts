/**
 * A Quench batch (registered only when the Quench module is active) that a Foundry licence
 * holder runs to exercise, in real Foundry, the flows the typed fake tests here: create actor →
 * roll → chat card → apply → undo → a combat round (and one passing over a defeated combatant),
 * for each enabled ruleset that ships a sample; and, once, the core's once-only roll claim and the
 * round plan against core's own controls (Previous Round, initiative roll, a removed combatant), an
 * invalid update left out by V13's client without a throw (which Apply and Undo check for), and
 * what Fracas changes of V13's defaults (linked PC tokens, item guard, one Rules tables, roll mode).
 */
import { allDescriptors, defaultArtOf, descriptorForType } from "./rulesets.js";
import { enabledRulesets } from "./settings.js";
import { executeApply, executeUndo } from "./chat/apply.js";
import type { FracasCombat } from "./documents/combat.js";
import type { Application } from "./data/card-data.js";
import { claimRoll } from "./queries.js";
import { updateOrThrow } from "./documents/update-or-throw.js";
import { RulesTablesApp } from "./settings/rules-tables-app.js";
import { isPlayerCharacter } from "./documents/actor.js";
import { ITEM_TYPES, RULESET_IDS } from "../rulesets/types.js";

interface QuenchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: () => Promise<void>): void;
  after(fn: () => Promise<void>): void;
  assert: { ok(v: unknown, msg?: string): void; equal(a: unknown, b: unknown, msg?: string): void; deepEqual(a: unknown, b: unknown, msg?: string): void };
}
interface Quench {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options: { displayName: string }): void;
}

export function registerQuench(): void {
  Hooks.on("quenchReady" as never, ((quench: Quench) => {
    quench.registerBatch("fracas.flows", (context) => quenchFlows(context), { displayName: "Fracas: roll → card → apply → undo → round" });
  }) as never);
}

function quenchFlows({ describe, it, after, assert }: QuenchContext): void {
  const enabled = new Set<string>(enabledRulesets());
  const firstSample = allDescriptors().find((x) => enabled.has(x.id) && x.sample)?.sample;
  if (firstSample) {
    describe("core", () => {
      it("claims a once-only roll once: a second claim of the same key is refused, another key is not", async () => {
        const actor = (await Actor.create(firstSample.source as never)) as Actor.Implementation;
        try {
          assert.ok(await claimRoll(actor, "quench:once"), "the first claim rolls");
          assert.equal(await claimRoll(actor, "quench:once"), false, "the same roll claimed again is refused");
          assert.ok(await claimRoll(actor, "quench:other"), "another roll still rolls");
        } finally {
          await actor.delete();
        }
      });
      it("an update V13's client leaves out (invalid): update() gives undefined without throwing; updateOrThrow throws; nothing is written", async () => {
        const actor = (await Actor.create(firstSample.source as never)) as Actor.Implementation;
        try {
          const name = actor.name;
          // What the fake and Apply/Undo rely on (update-or-throw.ts): a blank name fails validation.
          const plain = await actor.update({ name: "" } as never);
          assert.equal(plain, undefined, "an invalid update gives undefined");
          let threw = false;
          await updateOrThrow(actor as never, { name: "" }).catch(() => (threw = true));
          assert.ok(threw, "updateOrThrow throws on it");
          assert.equal(actor.name, name, "the name is unchanged");
        } finally {
          await actor.delete();
        }
      });
      it("keeps a round's plan: Previous Round is refused, core's initiative roll writes nothing, a removed combatant is passed over", async () => {
        const actors = (await Actor.createDocuments([firstSample.source, firstSample.target, firstSample.source] as never)) as Actor.Implementation[];
        const combat = (await Combat.create({ scene: null } as never)) as unknown as FracasCombat;
        try {
          const combatants = (await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })) as never)) as Combatant.Implementation[];
          await combat.startCombat();
          const plan = JSON.stringify(combat.fracas.plan);
          const round = combat.round;
          await combat.previousRound();
          assert.equal(combat.round, round, "Previous Round leaves the round");
          assert.equal(JSON.stringify(combat.fracas.plan), plan, "and its plan");
          const initiative = combat.combatants.map((c) => c.initiative);
          await combat.rollInitiative(combatants.map((c) => c.id ?? ""));
          assert.deepEqual(combat.combatants.map((c) => c.initiative), initiative, "core's initiative roll writes nothing");
          const removed = combatants[2]!.id;
          await combat.deleteEmbeddedDocuments("Combatant", [removed ?? ""]);
          const steps = combat.fracas.plan.steps.length;
          for (let i = 0; i <= steps && combat.round === round; i++) {
            await combat.advance();
            if (combat.round === round) assert.ok(combat.fracas.plan.steps[combat.fracas.step]?.combatantId !== removed, `step ${combat.fracas.step} is not the removed combatant's`);
          }
          assert.equal(combat.round, (round ?? 0) + 1, "past the last remaining step a new round begins");
        } finally {
          await combat.delete();
          for (const a of actors) await a.delete();
        }
      });
    });
  }
  const firstWithSample = allDescriptors().find((x) => enabled.has(x.id) && x.sample);
  if (firstWithSample) {
    describe("core: what Fracas changes of V13's defaults", () => {
      it("links a player character's token, gives a new item its picture, refuses another ruleset's item, reuses an open Rules tables window, follows the roll mode", async () => {
        const sample = firstWithSample.sample!;
        const actors = (await Actor.createDocuments([sample.source, sample.target] as never)) as Actor.Implementation[];
        const mode = game.settings.get("core", "rollMode");
        try {
          for (const actor of actors) {
            const judged = isPlayerCharacter(actor.type, actor.system, actor.hasPlayerOwner);
            assert.equal(actor.prototypeToken.actorLink, judged, `${actor.name}: a linked token exactly when it is a player's character`);
          }
          const own = ITEM_TYPES[firstWithSample.id][0];
          const art = defaultArtOf(own);
          if (art) {
            const [item] = (await actors[0]!.createEmbeddedDocuments("Item", [{ name: "Quench picture", type: own }] as never)) as Item.Implementation[];
            assert.equal(item?.img, art, "a new item starts with a picture of its kind");
          }
          const foreign = RULESET_IDS.filter((r) => r !== firstWithSample.id).flatMap((r) => [...ITEM_TYPES[r]])[0];
          if (foreign) {
            const made = await actors[0]!.createEmbeddedDocuments("Item", [{ name: "Quench foreign item", type: foreign }] as never);
            assert.equal(made?.length ?? 0, 0, "another ruleset's item is refused");
          }
          const first = new RulesTablesApp();
          await first.render({ force: true } as never);
          const content = first.element?.firstElementChild ?? null;
          const second = new RulesTablesApp();
          await second.render({ force: true } as never);
          assert.ok(second === first, "a second Rules tables is the open window");
          assert.ok((first.element?.firstElementChild ?? null) === content, "brought to the front, not redrawn (cells being typed stay)");
          await first.close();
          await game.settings.set("core", "rollMode", "gmroll" as never);
          const card = await sample.roll(actors[0]!, actors[1]!);
          const gms = game.users.filter((u) => u.isGM).map((u) => u.id);
          assert.deepEqual([...(card.whisper ?? [])].sort(), gms.sort(), "a private GM roll's card is whispered to the GMs");
          await card.delete();
        } finally {
          await game.settings.set("core", "rollMode", mode as never);
          for (const a of actors) await a.delete();
        }
      });
    });
  }
  for (const d of allDescriptors().filter((x) => enabled.has(x.id) && x.sample)) {
    const sample = d.sample!;
    describe(`${d.id}`, () => {
      const made: { delete(): Promise<unknown> }[] = [];
      after(async () => {
        for (const doc of made.reverse()) await doc.delete();
      });
      it("rolls, posts a card, applies it to the target and undoes it exactly", async () => {
        const [source, target] = (await Actor.createDocuments([sample.source, sample.target] as never)) as Actor.Implementation[];
        made.push(source!, target!);
        for (const actor of [source!, target!]) {
          const bar = descriptorForType(actor.type)?.trackable?.[actor.type]?.bar[0];
          if (bar) assert.equal(actor.prototypeToken.bar1.attribute, bar, `${actor.name}: the token shows its ruleset's bar`);
        }
        const before = foundry.utils.deepClone(target!.system as unknown as object);
        const message = await sample.roll(source!, target!);
        made.push(message);
        assert.equal(message.type, "card", "a Fracas card was posted");
        // Every card write is redrawn on every client: an Apply writes its card once (CardKind.cardUpdate).
        let cardWrites = 0;
        const counting = Hooks.on("updateChatMessage", (m: ChatMessage.Implementation) => void (m.id === message.id && cardWrites++));
        const applied = await executeApply({ messageId: message.id ?? "", targetUuid: target!.uuid, userId: game.user.id ?? "" });
        await new Promise((r) => setTimeout(r, 300)); // a hook's follow-up write (none expected) lands meanwhile
        Hooks.off("updateChatMessage", counting);
        assert.ok(applied.ok, `apply: ${JSON.stringify(applied)}`);
        assert.equal(cardWrites, 1, "the Apply wrote its card once");
        const app = ((message.system as unknown as { applications: Application[] }).applications ?? []).at(-1);
        assert.ok(app, "the application is recorded on the card");
        const undone = await executeUndo({ messageId: message.id ?? "", applicationId: app!.id, userId: game.user.id ?? "" });
        assert.ok(undone.ok, `undo: ${JSON.stringify(undone)}`);
        assert.deepEqual(target!.system, before, "undo restores the exact prior values");
      });
      it("runs a combat round from the plan", async () => {
        const actors = (await Actor.createDocuments([sample.source, sample.target] as never)) as Actor.Implementation[];
        made.push(...actors);
        const combat = (await Combat.create({ scene: null } as never)) as unknown as FracasCombat;
        made.push(combat as never);
        await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })) as never);
        await combat.startCombat();
        const plan = combat.fracas.plan;
        assert.ok(plan.steps.length > 0, "the round has a plan");
        for (let i = 0; i < plan.steps.length; i++) await combat.advance();
        assert.equal(combat.round, 2, "advancing past the last step starts round 2");
      });
      it("passes over the steps of a combatant marked defeated", async () => {
        // Two of the sample's source (it always has steps in the plan) and its target; one source is marked defeated.
        const actors = (await Actor.createDocuments([sample.source, sample.target, sample.source] as never)) as Actor.Implementation[];
        made.push(...actors);
        const combat = (await Combat.create({ scene: null } as never)) as unknown as FracasCombat;
        made.push(combat as never);
        const [, , down] = (await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })) as never)) as Combatant.Implementation[];
        await down!.update({ defeated: true } as never);
        await combat.startCombat();
        const steps = combat.fracas.plan.steps;
        // A ruleset may give the defeated no step of its own (Radio: one declare step per NPC group,
        // held by a member who can act); then passing over is shown by never stopping on it.
        const acting = steps.filter((s) => s.combatantId !== down!.id).length;
        assert.ok(acting > 0, "someone other than the defeated combatant acts");
        for (let i = 0; i < acting; i++) {
          assert.ok(steps[combat.fracas.step]?.combatantId !== down!.id, `step ${combat.fracas.step} is not the defeated combatant's`);
          await combat.advance();
        }
        assert.equal(combat.round, 2, "after the last acting step a new round begins");
      });
    });
  }
}
