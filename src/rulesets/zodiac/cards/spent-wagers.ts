/**
 * Setback cancels spent Wagers against Rank, never the free one (RULES §3; the kernel's strike):
 * the count one Setback may cancel, shared by the Agent and the Other Agent panels.
 */
import { FracasRuleError } from "../../../engine/errors.js";

export interface Split {
  spent: number;
  free: number;
}

function count(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
}

/**
 * The spent/free split as it can stand against `wagers` Wagers: spent + free never exceeds them
 * (the rest were typed in by hand, and are neither). When fewer Wagers stand than the split
 * records — the GM lowered them by hand — the hand-typed ones went first, then the free ones, then
 * the spent ones (DECISIONS, "hand edits of the Wagers against Rank"): so `spent` is min(spent,
 * Wagers), as `cancellable` has always counted it, and `free` fills what is left.
 */
export function splitWithin(split: Split, wagers: number): Split {
  const w = count(wagers);
  const spent = Math.min(count(split.spent), w);
  return { spent, free: Math.min(count(split.free), w - spent) };
}

/** Spent Wagers still standing against Rank (never more than stand there at all). */
export function cancellable(state: { spent: number; wagersAgainst: number }): number {
  return splitWithin({ spent: state.spent, free: 0 }, state.wagersAgainst).spent;
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
