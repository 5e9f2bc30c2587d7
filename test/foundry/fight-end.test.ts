/**
 * The core's end of a fight (documents/fight-end.ts): when a begun combat is deleted, the active GM's
 * client writes what the ruleset's fightEnded says for each fighter, one update each, a failure
 * logged without stopping the others, and tells the GM whose state changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeCombat, type FakeWorld } from "./fake/index.js";
import { TEST_RULESET, TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let hero: FakeActor;
let villain: FakeActor;
let bystander: FakeActor;
let combat: FakeCombat;
const x = (a: FakeActor) => (a.system as unknown as { x: number }).x;

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  // The test ruleset's end of fight: a fighter's x (a cover, say) goes back to 0.
  adapter.rulesets.descriptor(TEST_RULESET)!.fightEnded = (actor) => {
    const value = (actor.system as unknown as { x: number }).x;
    return value === 0 ? null : { update: { "system.x": 0 }, told: ["FRACAS.Bond.CoverClearedAfterFight"] };
  };
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, system: { speed: 7, x: 2 }, ownership: { alice: 3 } });
  villain = world.createActor({ name: "Villain", type: TEST_TYPE, system: { speed: 3, x: 3 } });
  bystander = world.createActor({ name: "Bystander", type: TEST_TYPE, system: { speed: 5, x: 0 } });
  combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }, { actorId: villain.id }, { actorId: bystander.id }]);
  await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
});
afterEach(() => vi.restoreAllMocks());

describe("the end of a fight", () => {
  it("the active GM writes each fighter's change once (none for one with nothing to undo) and tells the GM", async () => {
    const writes: { name: string; by: string }[] = [];
    world.observe("updateActor", ((actor: FakeActor, _c: unknown, _o: unknown, userId: string) => void writes.push({ name: actor.name, by: userId })) as never);
    await combat.delete();
    await adapter.fightEnd.fightEndSettled();
    expect([hero, villain, bystander].map(x)).toEqual([0, 0, 0]);
    expect(writes).toEqual([{ name: "Hero", by: "gm" }, { name: "Villain", by: "gm" }]);
    expect(world.notified("info")).toContain("The fight is over: cover cleared for Hero, Villain.");
  });

  it("each fighter's players are told by a chat line whispered to them alone, naming only that fighter", async () => {
    await hero.update({ ownership: { alice: 3, bob: 3 } } as never);
    await combat.delete();
    await adapter.fightEnd.fightEndSettled();
    const lines = world.messages.contents.filter((m) => String(m.content).includes("fracas-fight-ended"));
    // The villain has no player owner: the GM's toast is enough; the hero's players get one line.
    expect(lines).toHaveLength(1);
    expect(lines[0]!.whisper).toEqual(["alice", "bob"]);
    expect(lines[0]!.content).toBe('<div class="fracas fracas-fight-ended"><p>The fight is over: cover cleared for Hero.</p></div>');
  });

  it("a fighter's name is escaped in the players' line", async () => {
    await hero.update({ name: "<b>Hero</b>" } as never);
    await combat.delete();
    await adapter.fightEnd.fightEndSettled();
    const line = world.messages.contents.find((m) => String(m.content).includes("fracas-fight-ended"));
    expect(line?.content).toContain("cover cleared for &lt;b&gt;Hero&lt;/b&gt;.");
  });

  it("a failed write is logged and does not stop the others; the GM is told only of what was written", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    world.failNextUpdate(hero as never, "the server refused");
    await combat.delete();
    await adapter.fightEnd.fightEndSettled();
    expect([x(hero), x(villain)]).toEqual([2, 0]);
    expect(error).toHaveBeenCalledWith("Fracas | the end of the fight could not be written for", "Hero", expect.any(Error));
    expect(world.notified("info")).toContain("The fight is over: cover cleared for Villain.");
    expect(world.notified("error")).toContain("The fight is over, but what ended with it could not be written for Hero: set it on their sheets.");
  });

  it("an encounter deleted before it began changes nothing", async () => {
    const unstarted = world.createCombat();
    await unstarted.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    await unstarted.delete();
    await adapter.fightEnd.fightEndSettled();
    expect(x(hero)).toBe(2);
  });
});
