/**
 * Setback cancels spent Wagers against Rank, never the free one (RULES §3; the kernel's strike):
 * the count one Setback may cancel, shared by the Agent and the Other Agent panels.
 */
import { FracasRuleError } from "../../../engine/errors.js";

/** Spent Wagers still standing against Rank (never more than stand there at all). */
export function cancellable(state: { spent: number; wagersAgainst: number }): number {
  return Math.max(0, Math.min(state.spent, state.wagersAgainst));
}

/**
 * The spent Wagers one Setback may cancel (Agents and Other Agents alike), or the kernel's refusal:
 * none stand against Rank (`nothingToCancel`), or none of them were spent (`cancelTooMany`).
 */
export function requireSpentWager(state: { spent: number; free: number; wagersAgainst: number }, who: string): number {
  if (state.wagersAgainst < 1) throw new FracasRuleError("nothingToCancel", `no Wagers stand against this ${who}'s Rank`, { cancelled: 1 });
  const spent = cancellable(state);
  if (spent < 1) {
    throw new FracasRuleError("cancelTooMany", "Setback cancels spent Wagers only: none of the Wagers against this Rank were spent", {
      cancelled: 1,
      rankWagers: spent,
      free: state.free,
    });
  }
  return spent;
}
