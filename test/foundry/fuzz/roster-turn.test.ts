/**
 * Regression (found by tracker.fuzz.test.ts once every run began its fight): V13 re-sorts a combat's
 * turns when a combatant joins or leaves but keeps the turn's index (Combat#setupTurns), so the
 * sidebar's current combatant moved to someone else while the plan's step stayed; and the step of a
 * combatant removed while it was current stood on nobody. Fixed: FracasCombat#followRoster, called
 * from the combat guard's createCombatant/deleteCombatant hooks on the active GM's client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeCombat, type FakeWorld } from "../fake/index.js";
import type { FracasCombat } from "../../../src/foundry/documents/combat.js";

let world: FakeWorld;
let combat: FakeCombat;
let fc: FracasCombat;
const current = () => fc.fracas.plan.steps[fc.fracas.step];
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};
const bondNpc = (name: string, dex: number) =>
  world.createActor({ name, type: "bondCharacter", system: { npc: true, characteristics: { str: 10, dex, wil: 8, per: 6, int: 7 } } });

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

describe("Foundry's turn follows the plan's step when the roster changes mid-round (bond)", () => {
  it("a newcomer sorted before the current combatant: the turn stays on the current combatant", async () => {
    const thug = bondNpc("Thug", 6);
    const hood = bondNpc("Hood", 14);
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: hood.id }]);
    await fc.startCombat();
    await fc.nextTurn();
    const stood = current()!;
    expect(combat.combatant?.id).toBe(stood.combatantId);
    // "Aaron" sorts first among combatants without initiative: V13 keeps the index, not the combatant.
    const aaron = bondNpc("Aaron", 8);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: aaron.id }]);
    await settle();
    expect(current()).toEqual(stood);
    expect(combat.combatant?.id).toBe(stood.combatantId);
  });

  it("the current combatant removed: the step passes to the next who can act, and the turn with it", async () => {
    const thug = bondNpc("Thug", 6);
    const agent = bondNpc("Agent", 10);
    const hood = bondNpc("Hood", 14);
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: agent.id }, { actorId: hood.id }]);
    world.dice.queue(1, 2, 3, 4, 5, 6); // any Speed ties: broken in list order
    await fc.startCombat();
    await fc.nextTurn();
    // Declaring in Speed order: the second declarer now, the third next.
    const [, now, next] = fc.fracas.plan.steps;
    expect(current()).toEqual(now);
    expect(next).toMatchObject({ kind: "declare" });
    await combat.deleteEmbeddedDocuments("Combatant", [now!.combatantId]);
    await settle();
    expect(current()).toMatchObject({ kind: "declare", combatantId: next!.combatantId });
    expect(combat.combatant?.id).toBe(next!.combatantId);
  });
});
