/**
 * Exact odds for the roll dialog: the distribution of a zodiac total, from the shared odds engine
 * (never sampling). keepArea is the engine's keepHighest of a d6 pool, sumWithoutOnes its
 * sumIgnoring the 1s; the engine takes pools up to MAX_DICE (its MAX_POOL, kept in step by a test).
 */
import { requireInt } from "../../../engine/errors.js";
import { fromWays, keepHighestWays, sumIgnoringWays, waysAtLeast, type Ways } from "../../../engine/odds.js";
import { MAX_DICE, MAX_TN } from "./limits.js";
import { requireMode, type TotalMode } from "./totals.js";
import { requireRecord } from "./validate.js";

export interface DistributionInput {
  /** Dice rolled (after Wagers). */
  pool: number;
  /** Dice kept under keepArea (the Area rating); ignored by sumWithoutOnes. */
  keep: number;
  mode?: TotalMode;
}

/** Outcome counts (the engine's): counted rolls stay whole numbers, so small pools give exact fractions. */
function totals(pool: number, keep: number, mode: TotalMode): Ways {
  return mode === "keepArea" ? keepHighestWays(pool, 6, keep) : sumIgnoringWays(pool, 6, [1]);
}

/** P(total = t) for every t from 0 up, as a plain array. */
export function totalDistribution(input: DistributionInput): number[] {
  const i = requireRecord("odds", input);
  const pool = requireInt("pool", i.pool, 0, MAX_DICE);
  const keep = requireInt("keep", i.keep, 0, MAX_DICE);
  const d = fromWays(totals(pool, keep, requireMode(i.mode)));
  // The engine trims impossible low totals; this API lists every total from 0.
  const out = new Array<number>(d.min + d.p.length).fill(0);
  d.p.forEach((p, t) => (out[d.min + t] = p));
  return out;
}

export interface ChanceInput extends DistributionInput {
  tn: number;
}

/** Exact chance that the total meets the TN (total ≥ TN). One die against TN 5 is 1/3 (seed). */
export function chanceToMeet(input: ChanceInput): number {
  const i = requireRecord("odds", input);
  const pool = requireInt("pool", i.pool, 0, MAX_DICE);
  const keep = requireInt("keep", i.keep, 0, MAX_DICE);
  const tn = requireInt("tn", i.tn, 0, MAX_TN);
  // Counts are summed before dividing, so small pools give the exactly rounded fraction (2/6 === 1/3).
  return waysAtLeast(totals(pool, keep, requireMode(i.mode)), tn);
}
