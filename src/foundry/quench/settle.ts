/**
 * Settle points a flow waits for before it asserts, instead of a wall-clock pause (which passes
 * falsely when the work it waits for is slower than the pause).
 */
import { withCardLock, withCombatLock } from "../locks.js";
import type { FracasCombat } from "../documents/combat.js";

/** How long a flow waits for the GM's background corrections before it fails (a test may shorten it). */
export const SETTLE = { ms: 10_000 };

/**
 * Resolves once nothing more is queued on the card's lock and no further write of the card was
 * counted meanwhile. A card's follow-up writes run under its lock (locks.ts: Apply, Undo and every
 * ruleset follow-up, e.g. Zodiac's re-render, card-refresh.ts), and the hook that queues one runs
 * before the write that fired it resolves (V13 calls update hooks while handling the server's
 * answer): so a write counted later was queued before this returned, and is waited for.
 */
export async function cardSettled(messageId: string, writes: () => number): Promise<void> {
  // Bounded: a card rewritten without end fails the flow's count instead of hanging it.
  for (let seen = -1, rounds = 0; seen !== writes() && rounds < 20; rounds++) {
    seen = writes();
    await withCardLock(messageId, () => Promise.resolve());
  }
}

function followsPlan(combat: FracasCombat): boolean {
  const step = combat.fracas.plan.steps[combat.fracas.step];
  return combat.round === combat.fracas.plan.round && step !== undefined && combat.combatants.has(step.combatantId) && combat.turn === combat.turnIndexOf(step.combatantId);
}

/**
 * Whether Foundry's round and turn agree with the plan (its round, its step's combatant, still in
 * the combat) within SETTLE.ms. After a combatant leaves, the combat guard corrects them in the
 * background (combat-guard.ts, not awaited by the delete): V13 keeps only the turn's index when the
 * current combatant is deleted, and moves the round on in memory when that index falls past the
 * end. Reading the round before the correction found round + 1 with no step taken.
 */
export async function followsPlanSoon(combat: FracasCombat): Promise<boolean> {
  const deadline = Date.now() + SETTLE.ms;
  while (!followsPlan(combat)) {
    if (Date.now() > deadline) return false;
    await withCombatLock(combat.id, () => Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
