/**
 * Each enabled ruleset's flows, with its sample: roll → card → Apply → exact Undo, a combat round
 * from the plan, and a round that passes over a combatant marked defeated.
 */
import { descriptorForType } from "../rulesets.js";
import { executeApply, executeUndo } from "../chat/apply.js";
import type { FracasCombat } from "../documents/combat.js";
import type { Application } from "../data/card-data.js";
import type { RulesetDescriptor } from "../registry.js";
import type { QuenchContext } from "./context.js";
import type { Batch } from "./batch.js";
import { cardSettled } from "./settle.js";
import { stored } from "./stored.js";

export function rulesetFlows({ it, assert }: QuenchContext, batch: Batch, d: RulesetDescriptor): void {
  const sample = d.sample!;

  it(
    "rolls, posts a card, applies it to the target and undoes it exactly",
    batch.flow(async () => {
      const [source, target] = (await Actor.createDocuments([sample.source, sample.target] as never)) as Actor.Implementation[];
      for (const actor of [source!, target!]) {
        const bar = descriptorForType(actor.type)?.trackable?.[actor.type]?.bar[0];
        if (bar) assert.strictEqual(actor.prototypeToken.bar1.attribute, bar, `${actor.name}: the token shows its ruleset's bar`);
      }
      const before = stored(target!);
      const message = await sample.roll(source!, target!);
      assert.strictEqual(message.type, "card", "a Fracas card was posted");
      // What the card's appearance started on its lock (Zodiac takes a miss's Setback at once,
      // auto-setback.ts) is done before the Apply's writes are counted.
      await cardSettled(message.id ?? "", () => 0);
      // A card's appearance may have applied it already (a Zodiac hit, auto-apply.ts, with its
      // world option on): that Undo must restore the target exactly too, then the flow applies by hand.
      const early = ((message.system as unknown as { applications: Application[] }).applications ?? []).find((a) => !a.undone && a.targetUuid === target!.uuid);
      if (early) {
        const back = await executeUndo({ messageId: message.id ?? "", applicationId: early.id, userId: game.user.id ?? "" });
        assert.ok(back.ok, `undo of the Apply made as the card appeared: ${JSON.stringify(back)}`);
        assert.deepStrictEqual(stored(target!), before, "that undo restores the exact stored values");
      }
      // Every card write is redrawn on every client: an Apply writes its card once (CardKind.cardUpdate).
      let cardWrites = 0;
      const counting = Hooks.on("updateChatMessage", (m: ChatMessage.Implementation) => void (m.id === message.id && cardWrites++));
      let applied;
      try {
        applied = await executeApply({ messageId: message.id ?? "", targetUuid: target!.uuid, userId: game.user.id ?? "" });
        // Any follow-up write (none expected) is queued on the card's lock by now: wait it out.
        await cardSettled(message.id ?? "", () => cardWrites);
      } finally {
        Hooks.off("updateChatMessage", counting);
      }
      assert.ok(applied.ok, `apply: ${JSON.stringify(applied)}`);
      assert.strictEqual(cardWrites, 1, "the Apply wrote its card once");
      assert.notDeepEqual(stored(target!), before, "the Apply changed the target");
      const app = ((message.system as unknown as { applications: Application[] }).applications ?? []).at(-1);
      assert.ok(app, "the application is recorded on the card");
      const undone = await executeUndo({ messageId: message.id ?? "", applicationId: app!.id, userId: game.user.id ?? "" });
      assert.ok(undone.ok, `undo: ${JSON.stringify(undone)}`);
      assert.deepStrictEqual(stored(target!), before, "undo restores the exact stored values");
    }),
  );

  it(
    "runs a combat round from the plan",
    batch.flow(async () => {
      const actors = (await Actor.createDocuments([sample.source, sample.target] as never)) as Actor.Implementation[];
      const combat = (await Combat.create({ scene: null } as never)) as unknown as FracasCombat;
      await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })) as never);
      await combat.startCombat();
      const plan = combat.fracas.plan;
      assert.ok(plan.steps.length > 0, "the round has a plan");
      for (let i = 0; i < plan.steps.length; i++) await combat.advance();
      assert.strictEqual(combat.round, 2, "advancing past the last step starts round 2");
    }),
  );

  it(
    "passes over the steps of a combatant marked defeated",
    batch.flow(async () => {
      // Two of the sample's source (it always has steps in the plan) and its target; one source is marked defeated.
      const actors = (await Actor.createDocuments([sample.source, sample.target, sample.source] as never)) as Actor.Implementation[];
      const combat = (await Combat.create({ scene: null } as never)) as unknown as FracasCombat;
      const [, , down] = (await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })) as never)) as Combatant.Implementation[];
      await down!.update({ defeated: true } as never);
      await combat.startCombat();
      const steps = combat.fracas.plan.steps;
      // A ruleset may give the defeated no step of its own (Radio: one declare step per NPC group,
      // held by a member who can act); then passing over is shown by never stopping on it.
      const acting = steps.filter((s) => s.combatantId !== down!.id).length;
      assert.ok(acting > 0, "someone other than the defeated combatant acts");
      for (let i = 0; i < acting; i++) {
        assert.notStrictEqual(steps[combat.fracas.step]?.combatantId, down!.id, `step ${combat.fracas.step} is not the defeated combatant's`);
        await combat.advance();
      }
      assert.strictEqual(combat.round, 2, "after the last acting step a new round begins");
    }),
  );
}
