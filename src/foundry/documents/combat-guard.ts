/**
 * Only the GM moves a Fracas round on. FracasCombat's _canChangeTurn/_canChangeRound hide the
 * controls from players, but Foundry's server lets any player write a combat's round and turn (it
 * never loads system code), so a module or macro could move them away from the plan's step. The
 * active GM's client puts them back where the plan stands.
 *
 * It also follows a combatant leaving a begun fight: V13 keeps the turn on the current combatant
 * when another joins or leaves, but when the current one is deleted 13.345 keeps only the turn's
 * index (its survivor search reads `this.turn` on the Combatant class), so the sidebar's current
 * combatant became whoever slid into that place while the plan's step stood on nobody (found by
 * the tracker's fuzz test; review-s8 F2 corrected where).
 */
import { isActiveGM } from "../active-gm.js";
import { registerOnce } from "../hooks-once.js";
import { FracasCombat, ROUND_START_WRITE } from "./combat.js";

/** updateCombat: a player's write of round or turn on a Fracas combat is put back (on the active GM's client). */
export async function restorePlanTurn(combat: unknown, changed: { round?: unknown; turn?: unknown }, userId: string): Promise<void> {
  // Begun by Fracas: its stored plan has a round. Not V13's `started`, read after the write: a
  // player's round 0 made it false, and so does a begun combat emptied of combatants, so those
  // writes stayed (found by the tracker's fuzz test).
  if (!isActiveGM() || !(combat instanceof FracasCombat) || !combat.mapping || combat.fracas.plan.round < 1) return;
  if (changed.round === undefined && changed.turn === undefined) return;
  if (game.users.get(userId)?.isGM !== false) return;
  const step = combat.fracas.plan.steps[combat.fracas.step];
  const round = combat.fracas.plan.round;
  const turn = combat.turnIndexOf(step?.combatantId);
  if (combat.round !== round || combat.turn !== turn) await combat.update({ round, turn } as never);
}

/**
 * createCombatant/deleteCombatant (and an initiative changed, below): a departed combatant's current
 * step passed on, and Foundry's turn put back on the plan's step (FracasCombat#followRoster), on the
 * active GM's client: nothing is written when V13 already kept it there. V13 calls these hooks just
 * before the combat re-sorts its turns, in the same task: this waits a microtask so it reads the
 * re-sorted turns.
 */
export async function turnFollowsStep(combatant: unknown): Promise<void> {
  await Promise.resolve();
  const combat = (combatant as { parent?: unknown } | null)?.parent;
  if (!isActiveGM() || !(combat instanceof FracasCombat) || !combat.mapping || combat.fracas.plan.round < 1) return;
  if (!game.combats?.has(combat.id ?? "")) return;
  await combat.followRoster();
}

/**
 * updateCombatant: a combatant's initiative changed by anything but a round start (a macro, another
 * module; the tracker no longer offers its own initiative controls, core-controls.ts). V13 re-sorts
 * the turns and keeps the turn's index (Combat#setupTurns), so the core list's current row and the
 * turn marker moved to whoever slid into that place while the plan still said "Now: X" (review-s10
 * G4). The turn is put back on the plan's step as after a roster change. The number itself stays:
 * it is for display, and the plan does not read it.
 */
export async function turnFollowsInitiative(combatant: unknown, changed: { initiative?: unknown }, options: Record<string, unknown> | undefined): Promise<void> {
  if (!("initiative" in (changed ?? {})) || options?.[ROUND_START_WRITE] === true) return;
  await turnFollowsStep(combatant);
}

/** Registered in init, at most once per Hooks registry (a second import of the module adds nothing). */
export function registerCombatGuard(): void {
  registerOnce("core.combatGuard", (hooks) => {
    hooks.on("updateCombat", (combat, changed, _options, userId) => void restorePlanTurn(combat, changed as never, userId as string));
    hooks.on("createCombatant", (combatant) => void turnFollowsStep(combatant));
    hooks.on("deleteCombatant", (combatant) => void turnFollowsStep(combatant));
    hooks.on("updateCombatant", (combatant, changed, options) => void turnFollowsInitiative(combatant, changed as never, options as never));
  });
}
