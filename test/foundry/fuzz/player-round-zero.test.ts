/**
 * Regression (a bug found by tracker.fuzz.test.ts, shrunk to: Begin, PlayerMovesTurn(turn 0, round 0)): a player's
 * macro writing `round: 0` (Foundry's server lets any player write round and turn) is not put back by
 * the active GM's client: the fight reads as not begun (round 0) while its plan is round 1's.
 * Suspected cause: src/foundry/documents/combat-guard.ts restorePlanTurn returns early on
 * `!combat.started`, which it reads AFTER the write (round 0 → not started), and which is also false
 * for a begun combat whose combatants were all removed (V13: started = turns.length > 0 && round > 0),
 * so there any round a player writes stays (fuzz: Begin, Remove(#0), PlayerMovesTurn(turn 0, round 2)). Checking the stored
 * plan's round (or `changed.round` against it) instead would catch it.
 * Fixed: restorePlanTurn now checks the stored plan's round, not V13's started.
 */
import { expect, it } from "vitest";
import { installFoundry, loadAdapter } from "../fake/index.js";
import type { FracasCombat } from "../../../src/foundry/documents/combat.js";

it("a player's write of round 0 is put back to the plan's round", async () => {
  const world = installFoundry();
  await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  const thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true } });
  const combat = world.createCombat();
  const fc = combat as unknown as FracasCombat;
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }]);
  await fc.startCombat();
  expect(combat.round).toBe(1);
  world.login("alice");
  await combat.update({ turn: 0, round: 0 });
  world.login("gm");
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  // Expected: the GM's client restores round 1 (as it does for round 5). Seen: round 0, fight "not begun".
  expect(combat.round).toBe(1);
  expect(combat.started).toBe(true);
});

it("a player's write of the round on a begun combat emptied of combatants is put back", async () => {
  const world = installFoundry();
  await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  const thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true } });
  const combat = world.createCombat();
  const fc = combat as unknown as FracasCombat;
  const [c] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }]);
  await fc.startCombat();
  await combat.deleteEmbeddedDocuments("Combatant", [c!.id]);
  world.login("alice");
  await combat.update({ round: 2 });
  world.login("gm");
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  // Expected: round 1 (the plan's). Seen: round 2, with round 1's plan.
  expect(combat.round).toBe(fc.fracas.plan.round);
});
