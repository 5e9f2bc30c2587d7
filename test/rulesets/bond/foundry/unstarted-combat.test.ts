/**
 * A combat the GM is still setting up (created, combatants added, not begun: round 0) is no fight
 * yet (DECISIONS D42): Bond's per-round attack count, the wound roll's one try per round and the
 * combat stamped on an attack card apply only once it has started. In Foundry that combat is the
 * viewed one (game.combat) while it is built; the fake's game.combat gives only a started combat,
 * so the tests point game.combat at it, as Foundry would.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attack, bondModules, cardOf, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let brute: FakeActor; // alice's PC, Speed 1 (the thug: Speed 2, so starting rolls no tie-break)
let thug: FakeActor; // the GM's NPC
let setup: FakeCombat; // the encounter the GM is building: not started

const roundAttacks = (a: FakeActor) => (a.system as unknown as { roundAttacks: { combat: string; round: number; count: number } }).roundAttacks;
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m).kind === "recovery");

/** Foundry's game.combat is the viewed scene's combat, started or not. */
function view(combat: FakeCombat): void {
  Object.defineProperty(game, "combat", { configurable: true, get: () => combat });
}

beforeEach(async () => {
  ({ world, brute, thug } = await bruteWorld({ quickThug: true }));
  world.login("gm");
  setup = world.createCombat();
  await setup.createEmbeddedDocuments("Combatant", [{ actorId: brute.id }, { actorId: thug.id }]);
  view(setup);
  expect(setup.started).toBe(false);
});

describe("a combat being set up (viewed, not started) is no fight yet", () => {
  it("attacks: no round, no per-round count, no combat on the card", async () => {
    const m = await bondModules();
    world.login("gm");
    expect(m.buildSetup(thug as never, null).round).toBeNull();
    const card = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    expect(cardOf(card).result).toMatchObject({ combatId: "", combatRound: 0 });
    expect(roundAttacks(thug)).toMatchObject({ combat: "", count: 0 });
    world.login("gm");
    expect(m.buildSetup(thug as never, null).attacksMade).toBe(0);
  });

  it("a wound's Willpower roll may be tried again: no once-per-round flag", async () => {
    const m = await bondModules();
    world.login("gm");
    await brute.update({ "system.wound": { level: "LW", woundRollPending: true } });
    world.login("alice");
    world.dice.queue(100, 1, 100, 1); // two failures
    await m.postRecovery(brute as never, "wound");
    await m.postRecovery(brute as never, "wound");
    expect(recoveryCards()).toHaveLength(2);
    expect(brute.getFlag("fracas", "bondWoundTry")).toBeUndefined();
  });

  it("once started, the same combat counts: the card carries it and the wound roll is tried once per round", async () => {
    const m = await bondModules();
    world.login("gm");
    await (setup as unknown as FracasCombat).startCombat();
    const card = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    expect(cardOf(card).result).toMatchObject({ combatId: setup.id, combatRound: 1 });
    expect(roundAttacks(thug)).toMatchObject({ combat: setup.id, round: 1, count: 1 });
    world.login("gm");
    await brute.update({ "system.wound": { level: "LW", woundRollPending: true } });
    world.login("alice");
    world.dice.queue(100, 1, 100, 1);
    await m.postRecovery(brute as never, "wound");
    await m.postRecovery(brute as never, "wound");
    expect(recoveryCards()).toHaveLength(1);
    expect(world.notified("warn").at(-1)).toBe("Brute has already tried the wound recovery roll this round: try again next round.");
  });

  it("a fight already running elsewhere still counts while the viewed one is being set up", async () => {
    world.login("gm");
    const running = world.createCombat();
    await running.createEmbeddedDocuments("Combatant", [{ actorId: brute.id }, { actorId: thug.id }]);
    await (running as unknown as FracasCombat).startCombat();
    view(setup);
    const card = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    expect(cardOf(card).result).toMatchObject({ combatId: running.id, combatRound: 1 });
  });

  it("a defeated mark on a combatant of the unstarted combat does not make the character down", async () => {
    const m = await bondModules();
    world.login("gm");
    await setup.combatants.find((c) => c.actorId === thug.id)!.update({ defeated: true });
    expect(m.actorDownReason(thug as never)).toBeNull();
    await (setup as unknown as FracasCombat).startCombat();
    expect(m.actorDownReason(thug as never)).not.toBeNull();
  });
});
