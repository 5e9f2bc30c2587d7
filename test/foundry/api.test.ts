// game.fracas (the macros' entry points): they act on the combat the GM views, once it has begun.
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
const api = () => (game as unknown as { fracas: { nextStep(): Promise<void>; nextRound(): Promise<void> } }).fracas;

beforeEach(async () => {
  world = installFoundry();
  registerTestRuleset(world, await loadAdapter());
  addPlayers(world);
});

describe("game.fracas.nextStep / nextRound", () => {
  it("refuse an encounter still being set up (no round begun by a macro) and move a begun one on", async () => {
    const hero = world.createActor({ name: "Hero", type: TEST_TYPE, system: { speed: 7 } });
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    world.login("gm");
    await api().nextRound();
    await api().nextStep();
    expect(combat.round).toBe(0);
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Api.NoCombat"), world.localize("FRACAS.Api.NoCombat")]);
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    await api().nextRound();
    expect(combat.round).toBe(2);
  });
});
