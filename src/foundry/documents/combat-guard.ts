/**
 * Only the GM moves a Fracas round on. FracasCombat's _canChangeTurn/_canChangeRound hide the
 * controls from players, but Foundry's server lets any player write a combat's round and turn (it
 * never loads system code), so a module or macro could move them away from the plan's step. The
 * active GM's client puts them back where the plan stands.
 */
import { isActiveGM } from "../active-gm.js";
import { registerOnce } from "../hooks-once.js";
import { FracasCombat } from "./combat.js";

/** updateCombat: a player's write of round or turn on a Fracas combat is put back (on the active GM's client). */
export async function restorePlanTurn(combat: unknown, changed: { round?: unknown; turn?: unknown }, userId: string): Promise<void> {
  if (!isActiveGM() || !(combat instanceof FracasCombat) || !combat.mapping || !combat.started) return;
  if (changed.round === undefined && changed.turn === undefined) return;
  if (game.users.get(userId)?.isGM !== false) return;
  const step = combat.fracas.plan.steps[combat.fracas.step];
  const round = combat.fracas.plan.round;
  const turn = combat.turnIndexOf(step?.combatantId);
  if (combat.round !== round || combat.turn !== turn) await combat.update({ round, turn } as never);
}

/** Registered in init, at most once per Hooks registry (a second import of the module adds nothing). */
export function registerCombatGuard(): void {
  registerOnce("core.combatGuard", (hooks) => {
    hooks.on("updateCombat", (combat, changed, _options, userId) => void restorePlanTurn(combat, changed as never, userId as string));
  });
}
