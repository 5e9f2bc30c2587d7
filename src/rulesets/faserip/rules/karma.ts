/**
 * Karma spending (beyond the seed; D: included). Points are spent before rolling and add +1 each
 * to the d100 roll; they come out of the character's Karma pool.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { requireObject } from "./input.js";
import { MAX_KARMA } from "./universal.js";

export interface KarmaSpend {
  points: number;
  /** The pool before spending. */
  pool: number;
}

export interface KarmaSpent {
  spent: number;
  poolAfter: number;
}

/** Deducts `points` from `pool`; spending more than the pool holds is refused. */
export function spendKarma(spend: KarmaSpend): KarmaSpent {
  const s = requireObject("karma", spend);
  const pool = requireInt("karma pool", s["pool"], 0, MAX_KARMA);
  const points = requireInt("karma points", s["points"], 0, MAX_KARMA);
  if (points > pool) {
    throw new FracasRuleError("notEnoughKarma", `cannot spend ${points} Karma from a pool of ${pool}`, { points, pool });
  }
  return { spent: points, poolAfter: pool - points };
}
