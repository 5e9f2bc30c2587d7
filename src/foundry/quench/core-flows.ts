/**
 * The core's flows, run once with the first enabled ruleset's sample actors: a once-only roll
 * claimed once, an update V13's client leaves out without a throw, and a round's plan against
 * core's own controls and a combatant removed mid-round (the current step's and another's).
 */
import { claimRoll } from "../queries.js";
import { updateOrThrow } from "../documents/update-or-throw.js";
import type { FracasCombat } from "../documents/combat.js";
import type { RulesetDescriptor } from "../registry.js";
import type { QuenchContext } from "./context.js";
import type { Batch } from "./batch.js";
import { followsPlanSoon } from "./settle.js";

type Sample = NonNullable<RulesetDescriptor["sample"]>;

/** Two of the sample's source and its target in a begun (unlinked) combat. */
async function begunCombat(sample: Sample): Promise<{ combat: FracasCombat; combatants: Combatant.Implementation[] }> {
  const actors = (await Actor.createDocuments([sample.source, sample.target, sample.source] as never)) as Actor.Implementation[];
  const combat = (await Combat.create({ scene: null } as never)) as unknown as FracasCombat;
  const combatants = (await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })) as never)) as Combatant.Implementation[];
  await combat.startCombat();
  return { combat, combatants };
}

export function coreFlows({ it, assert }: QuenchContext, batch: Batch, sample: Sample): void {
  it(
    "claims a once-only roll once: a second claim of the same key is refused, another key is not",
    batch.flow(async () => {
      const actor = (await Actor.create(sample.source as never)) as Actor.Implementation;
      assert.strictEqual(await claimRoll(actor, "quench:once"), true, "the first claim rolls");
      assert.strictEqual(await claimRoll(actor, "quench:once"), false, "the same roll claimed again is refused");
      assert.strictEqual(await claimRoll(actor, "quench:other"), true, "another roll still rolls");
    }),
  );

  it(
    "an update V13's client leaves out (invalid): update() gives undefined without throwing; updateOrThrow throws; nothing is written",
    batch.flow(async () => {
      const actor = (await Actor.create(sample.source as never)) as Actor.Implementation;
      const name = actor.name;
      // What the fake and Apply/Undo rely on (update-or-throw.ts): a blank name fails validation.
      const plain = await actor.update({ name: "" } as never);
      assert.strictEqual(plain, undefined, "an invalid update gives undefined");
      let threw = false;
      await updateOrThrow(actor as never, { name: "" }).catch(() => (threw = true));
      assert.ok(threw, "updateOrThrow throws on it");
      assert.strictEqual(actor.name, name, "the name is unchanged");
    }),
  );

  it(
    "keeps a round's plan: Previous Round is refused and core's initiative roll writes nothing",
    batch.flow(async () => {
      const { combat, combatants } = await begunCombat(sample);
      const plan = JSON.stringify(combat.fracas.plan);
      const round = combat.round;
      await combat.previousRound();
      assert.strictEqual(combat.round, round, "Previous Round leaves the round");
      assert.strictEqual(JSON.stringify(combat.fracas.plan), plan, "and its plan");
      const initiative = combat.combatants.map((c) => c.initiative);
      await combat.rollInitiative(combatants.map((c) => c.id ?? ""));
      assert.deepStrictEqual(
        combat.combatants.map((c) => c.initiative),
        initiative,
        "core's initiative roll writes nothing",
      );
    }),
  );

  for (const which of ["current", "other"] as const) {
    const what =
      which === "current"
        ? "the current step's combatant removed: the step passes to one who remains and Foundry's turn follows it"
        : "another combatant removed: the current step stays and the removed one's steps are passed over";
    it(
      `${what}; the round ends after the remaining steps`,
      batch.flow(async () => {
        const { combat } = await begunCombat(sample);
        const round = combat.fracas.plan.round;
        assert.strictEqual(combat.round, round, "the combat begins at the plan's round");
        const current = combat.fracas.plan.steps[combat.fracas.step]?.combatantId;
        assert.ok(current, "the plan has a current step");
        // Another combatant with a step still to come, so passing over it is seen.
        const later = combat.fracas.plan.steps.slice(combat.fracas.step + 1).find((s) => s.combatantId !== current)?.combatantId;
        const removed = which === "current" ? current! : later;
        assert.ok(removed, "a combatant to remove");
        await combat.deleteEmbeddedDocuments("Combatant", [removed!]);
        assert.ok(await followsPlanSoon(combat), "Foundry's round and turn come back to the plan's (the combat guard's correction)");
        assert.strictEqual(combat.fracas.plan.round, round, "still the same round");
        const now = combat.fracas.plan.steps[combat.fracas.step]?.combatantId;
        if (which === "current") assert.notStrictEqual(now, removed, "the step passed to a combatant who remains");
        else assert.strictEqual(now, current, "the current step stays");
        let advanced = 0;
        const limit = combat.fracas.plan.steps.length + 1;
        while (combat.fracas.plan.round === round && advanced < limit) {
          await combat.advance();
          advanced++;
          if (combat.fracas.plan.round === round) {
            assert.notStrictEqual(combat.fracas.plan.steps[combat.fracas.step]?.combatantId, removed, `step ${combat.fracas.step} is not the removed combatant's`);
          }
        }
        assert.ok(advanced >= 1, "the round was advanced at least once");
        assert.strictEqual(combat.fracas.plan.round, round + 1, "past the last remaining step a new round begins");
        assert.ok(await followsPlanSoon(combat), "Foundry's round and turn agree with the new round's plan");
        assert.strictEqual(combat.round, round + 1, "Foundry's round is the plan's");
      }),
    );
  }
}
