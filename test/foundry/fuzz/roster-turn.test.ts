/**
 * Regression (found by tracker.fuzz.test.ts once every run began its fight; review-s8 F2 corrected
 * the fake): when the current combatant is deleted, V13 13.345 keeps only the turn's index, so the
 * sidebar's current combatant became whoever slid into that place while the plan's step stood on
 * nobody. Fixed: FracasCombat#followRoster, from the combat guard's deleteCombatant hook on the
 * active GM's client. A combatant joining: V13 (and the fake) keep the current combatant, and
 * Fracas writes nothing.
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
  it("a newcomer sorted before the current combatant: the turn stays on the current combatant, with no write of Fracas's", async () => {
    const thug = bondNpc("Thug", 6);
    const hood = bondNpc("Hood", 14);
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: hood.id }]);
    await fc.startCombat();
    await fc.nextTurn();
    const stood = current()!;
    expect(combat.combatant?.id).toBe(stood.combatantId);
    // Aaron's initiative sorts him first: V13 keeps the current combatant (Combatant._preCreateOperation).
    const aaron = bondNpc("Aaron", 8);
    const writes: unknown[] = [];
    world.observe("updateCombat", (_c: never, diff: never) => void writes.push(diff));
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: aaron.id, initiative: 99 }]);
    expect(combat.turns[0]!.actorId).toBe(aaron.id);
    await settle();
    expect(writes).toEqual([]);
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

  it("the last combatant in turn order deleted on the last step: V13's in-memory next round is put back to the plan's (review-s8b G1)", async () => {
    const thug = bondNpc("Thug", 6);
    const agent = bondNpc("Agent", 10);
    const hood = bondNpc("Hood", 14);
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: agent.id }, { actorId: hood.id }]);
    world.dice.queue(1, 2, 3, 4, 5, 6);
    await fc.startCombat();
    const last = fc.fracas.plan.steps.length - 1;
    while (fc.fracas.step < last) await fc.nextTurn();
    const gone = current()!.combatantId;
    expect(combat.turns.at(-1)!.id).toBe(gone);
    await combat.deleteEmbeddedDocuments("Combatant", [gone]);
    await settle();
    expect(combat.round).toBe(1);
    expect(fc.fracas.plan.round).toBe(1);
    // The GM's Next then starts round 2, not 3.
    world.dice.queue(1, 2, 3, 4, 5, 6);
    await fc.nextTurn();
    expect(combat.round).toBe(2);
    expect(fc.fracas.plan.round).toBe(2);
  });

  it("a declaration under way when the current combatant leaves: the roster is followed after it, under the combat's lock (review-s8b G6)", async () => {
    const thug = bondNpc("Thug", 6);
    const agent = bondNpc("Agent", 10);
    const hood = bondNpc("Hood", 14);
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: agent.id }, { actorId: hood.id }]);
    world.dice.queue(1, 2, 3, 4, 5, 6);
    await fc.startCombat();
    await fc.nextTurn();
    const [, now, next] = fc.fracas.plan.steps;
    // Something holds the combat's lock (as a declaration or a round start does) while the current one leaves.
    const { withCombatLock } = await import("../../../src/foundry/locks.js");
    let release!: () => void;
    const held = withCombatLock(combat.id, () => new Promise<void>((r) => (release = r)));
    await combat.deleteEmbeddedDocuments("Combatant", [now!.combatantId]);
    await settle();
    // Not yet followed: the plan still stands on the departed combatant's step.
    expect(current()).toEqual(now);
    release();
    await held;
    await settle();
    expect(current()).toMatchObject({ kind: "declare", combatantId: next!.combatantId });
    expect(combat.combatant?.id).toBe(next!.combatantId);
  });
});

describe("the same, were V13's survivor search to work as it means to (review-s8b G7)", () => {
  beforeEach(() => {
    world.survivorSearchFixed = true;
  });

  it("the current combatant removed: V13 puts the turn on the next survivor, Fracas on the plan's next step, with at most one write", async () => {
    const thug = bondNpc("Thug", 6);
    const agent = bondNpc("Agent", 10);
    const hood = bondNpc("Hood", 14);
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: agent.id }, { actorId: hood.id }]);
    world.dice.queue(1, 2, 3, 4, 5, 6);
    await fc.startCombat();
    await fc.nextTurn();
    const [, now, next] = fc.fracas.plan.steps;
    const order = combat.turns.map((c) => c.id);
    const survivor = order[order.indexOf(now!.combatantId) + 1] ?? order[order.indexOf(now!.combatantId) - 1];
    const writes: unknown[] = [];
    world.observe("updateCombat", (_c: never, diff: never) => void writes.push(diff));
    // What V13 left, read as Fracas's own hook reads it (a microtask after deleteCombatant).
    let v13: string | null | undefined;
    world.observe("deleteCombatant", () => queueMicrotask(() => (v13 = combat.combatant?.id ?? null)));
    await combat.deleteEmbeddedDocuments("Combatant", [now!.combatantId]);
    await settle();
    expect(v13).toBe(survivor);
    expect(current()).toMatchObject({ kind: "declare", combatantId: next!.combatantId });
    expect(combat.combatant?.id).toBe(next!.combatantId);
    expect(combat.round).toBe(1);
    expect(writes.length).toBeLessThanOrEqual(1);
  });

  it("the last combatant in turn order deleted on the last step: no round moves on, and the GM's Next starts round 2", async () => {
    const thug = bondNpc("Thug", 6);
    const agent = bondNpc("Agent", 10);
    const hood = bondNpc("Hood", 14);
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: agent.id }, { actorId: hood.id }]);
    world.dice.queue(1, 2, 3, 4, 5, 6);
    await fc.startCombat();
    const last = fc.fracas.plan.steps.length - 1;
    while (fc.fracas.step < last) await fc.nextTurn();
    const gone = current()!.combatantId;
    await combat.deleteEmbeddedDocuments("Combatant", [gone]);
    await settle();
    expect(combat.round).toBe(1);
    expect(fc.fracas.plan.round).toBe(1);
    world.dice.queue(1, 2, 3, 4, 5, 6);
    await fc.nextTurn();
    expect(combat.round).toBe(2);
    expect(fc.fracas.plan.round).toBe(2);
  });
});
