/**
 * Regression (a bug found by tracker.fuzz.test.ts, shrunk): a declaration rebuilds the round plan
 * (FracasCombat#refreshPlan) and keeps the step's INDEX, not the step. When the plan changed length
 * since it was built (a combatant removed or added mid-round), the step lands on someone else's step:
 * a player's declaration turn is skipped, or the declaration part ends early.
 * Suspected cause: src/foundry/documents/combat.ts, refreshPlan: `const kept = Math.min(this.fracas.step, …)`.
 * Fixed: FracasCombat#refreshPlan now finds the step it stood on by what it is (keptStep).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeCombat, type FakeWorld } from "../fake/index.js";
import type { FracasCombat } from "../../../src/foundry/documents/combat.js";

let world: FakeWorld;
let adapter: Adapter;
let combat: FakeCombat;
let fc: FracasCombat;
const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
const current = () => fc.fracas.plan.steps[fc.fracas.step];

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
});

describe("a declaration after a combatant left mid-round (bond)", () => {
  it("keeps the plan on the step it stood on: Alice's declaration turn is not skipped", async () => {
    // Speed 0, 2, 3: declare Thug, Alice's Agent, Hood; act Hood, Agent, Thug.
    const thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { str: 10, dex: 6, wil: 8, per: 6, int: 7 } } });
    const agent = world.createActor({ name: "Agent", type: "bondCharacter", system: { characteristics: { str: 10, dex: 12, wil: 8, per: 11, int: 7 } }, ownership: { alice: 3 } });
    const hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: { str: 12, dex: 14, wil: 13, per: 13, int: 12 } } });
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: agent.id }, { actorId: hood.id }]);
    await fc.startCombat();
    expect(fc.fracas.plan.steps.map((s) => `${s.kind}:${s.combatantId}`)).toEqual([
      `declare:${cid(thug)}`, `declare:${cid(agent)}`, `declare:${cid(hood)}`, `act:${cid(hood)}`, `act:${cid(agent)}`, `act:${cid(thug)}`,
    ]);
    await fc.nextTurn(); // the Thug declared: Alice's Agent's declaration turn
    expect(current()).toMatchObject({ kind: "declare", combatantId: cid(agent) });
    // The Thug flees: the GM removes it from the tracker, then sets the Hood's declaration ahead.
    await combat.deleteEmbeddedDocuments("Combatant", [cid(thug)]);
    expect(await adapter.queries.requestDeclare(combat.id, cid(hood), "move")).toEqual({ ok: true });
    // Expected: still Alice's Agent's declaration turn. Seen: the Hood's (index 1 of the rebuilt plan).
    expect(current()).toMatchObject({ kind: "declare", combatantId: cid(agent) });
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(agent), "move")).toEqual({ ok: true });
  });
});

describe("a declaration after a PC left mid-round (radio)", () => {
  it("does not jump from the declare steps into the act phase", async () => {
    const jake = world.createActor({ name: "Jake", type: "radioHero", system: { wounds: { value: 5, max: 5 } }, ownership: { alice: 3 } });
    const falzetti = world.createActor({ name: "Falzetti", type: "radioOpponent", system: { kind: "boss" } });
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: jake.id }, { actorId: falzetti.id }]);
    world.dice.queue(6, 1, 1, 1); // Jake's group 6, the GM's 1: declare Jake, then Falzetti
    await fc.startCombat();
    expect(fc.fracas.plan.steps.map((s) => `${s.kind}:${s.combatantId}`)).toEqual([`declare:${cid(jake)}`, `declare:${cid(falzetti)}`]);
    await fc.nextTurn(); // Falzetti's declaration step
    expect(current()).toMatchObject({ kind: "declare", combatantId: cid(falzetti) });
    await combat.deleteEmbeddedDocuments("Combatant", [cid(jake)]); // Jake leaves the scene
    expect(await adapter.queries.requestDeclare(combat.id, cid(falzetti), "standard")).toEqual({ ok: true });
    // Expected: the round still stands on Falzetti's declaration (nothing else moved it). Seen: step 1 of
    // the rebuilt plan [declare Falzetti, act Falzetti…], i.e. the act phase, without the GM pressing Next.
    expect(current()).toMatchObject({ kind: "declare", combatantId: cid(falzetti) });
  });
});
