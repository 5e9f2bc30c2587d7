// withDice: a pure step drawing dice gets them from (async) Foundry Rolls, rerun until it has enough.
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";
import { withDice, type DiceRoller } from "../../src/foundry/dice.js";
import { speedPlan } from "../../src/engine/order.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";
import type { FracasCombat } from "../../src/foundry/documents/combat.js";

describe("withDice", () => {
  it("supplies dice rolled in batches and reruns the step deterministically", async () => {
    const queue = [6, 2, 5, 5, 1, 3, 4, 6];
    const batches: number[][] = [];
    const roller: DiceRoller = async (sides, count) => {
      expect(sides).toBe(6);
      const b = queue.splice(0, count);
      batches.push(b);
      return b;
    };
    let runs = 0;
    const drawn = await withDice((die) => {
      runs++;
      return [die(6), die(6), die(6), die(6), die(6), die(6)];
    }, roller);
    expect(drawn).toEqual([6, 2, 5, 5, 1, 3]);
    expect(batches).toEqual([[6, 2, 5, 5], [1, 3, 4, 6]]);
    expect(runs).toBe(3);
  });

  it("keeps separate dice per size and passes other errors through", async () => {
    const roller: DiceRoller = async (sides, count) => Array.from({ length: count }, (_, i) => (i % sides) + 1);
    expect(await withDice((die) => [die(10), die(6), die(10)], roller)).toEqual([1, 1, 2]);
    await expect(withDice(() => { throw new Error("boom"); }, roller)).rejects.toThrow("boom");
  });

  it("a tie at round start is broken with Foundry's async Roll (evaluateSync cannot roll dice in V13)", async () => {
    const world: FakeWorld = installFoundry();
    const adapter = await loadAdapter();
    registerTestRuleset(world, adapter);
    addPlayers(world);
    const a = world.createActor({ name: "A", type: TEST_TYPE, system: { speed: 4 }, ownership: { alice: 3 } });
    const b = world.createActor({ name: "B", type: TEST_TYPE, system: { speed: 4 } });
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id }, { actorId: b.id }]);
    // Four faces per batch: A rolls 5, B rolls 2 — the lower roll wins the tie (treated as faster).
    world.dice.queue(5, 2, 6, 6);
    await (combat as unknown as FracasCombat).startCombat();
    const plan = (combat as unknown as FracasCombat).fracas.plan;
    const idOf = (name: string) => combat.combatants.find((c) => c.name === name)!.id;
    expect(plan.steps.filter((s) => s.kind === "act").map((s) => s.combatantId)).toEqual([idOf("B"), idOf("A")]);
    expect(plan.tieBreaks[idOf("B")]).toEqual([2]);
    // The same tie resolved by the kernel alone with those faces agrees.
    const direct = speedPlan([{ id: "A", speed: 4 }, { id: "B", speed: 4 }], ((f) => () => f.shift()!)([5, 2]));
    expect(direct.order).toEqual(["B", "A"]);
  });
});
