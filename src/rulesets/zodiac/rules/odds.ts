/**
 * Exact odds for the roll dialog: the distribution of a zodiac total, by counting outcomes over
 * dice counts (never sampling). Counts are kept as doubles: they are exact integers up to 20 dice
 * (6^20 < 2^53) and carry only rounding error beyond, far below what a percentage shows.
 */
import { requireInt } from "../../../engine/errors.js";
import { MAX_DICE, MAX_TN } from "./limits.js";
import { requireMode, type TotalMode } from "./totals.js";
import { requireRecord } from "./validate.js";

const BINOMIAL: number[][] = (() => {
  const rows: number[][] = [[1]];
  for (let n = 1; n <= MAX_DICE; n++) {
    const prev = rows[n - 1]!;
    const row = [1];
    for (let k = 1; k < n; k++) row.push(prev[k - 1]! + prev[k]!);
    row.push(1);
    rows.push(row);
  }
  return rows;
})();

function choose(n: number, k: number): number {
  return BINOMIAL[n]![k]!;
}

/**
 * Outcome counts of the sum of the highest `keep` of `pool` d6, indexed by total. Walks the faces
 * from 6 down to 1 deciding how many dice show each face; the first `keep` dice placed are the
 * kept ones, so the kept sum is known without listing the 6^pool rolls.
 */
function keptCounts(pool: number, keep: number): number[] {
  const maxTotal = 6 * Math.min(pool, keep);
  // ways[m][s]: ways to place m dice on the faces seen so far with kept sum s.
  let ways: number[][] = Array.from({ length: pool + 1 }, () => new Array<number>(maxTotal + 1).fill(0));
  ways[0]![0] = 1;
  for (let face = 6; face >= 1; face--) {
    const next: number[][] = Array.from({ length: pool + 1 }, () => new Array<number>(maxTotal + 1).fill(0));
    for (let m = 0; m <= pool; m++) {
      const row = ways[m]!;
      // The last face takes every die still unplaced.
      const cMin = face === 1 ? pool - m : 0;
      for (let c = cMin; c <= pool - m; c++) {
        const kept = Math.min(c, Math.max(0, keep - m));
        const w = choose(pool - m, c);
        const target = next[m + c]!;
        for (let s = 0; s + face * kept <= maxTotal; s++) {
          const here = row[s]!;
          if (here !== 0) target[s + face * kept]! += here * w;
        }
      }
    }
    ways = next;
  }
  return ways[pool]!;
}

/** Outcome counts of the sum of `pool` d6 where a 1 counts as nothing. */
function withoutOnesCounts(pool: number): number[] {
  let counts = [1];
  for (let d = 0; d < pool; d++) {
    const next = new Array<number>(counts.length + 6).fill(0);
    counts.forEach((w, s) => {
      next[s]! += w; // a 1 adds nothing
      for (let face = 2; face <= 6; face++) next[s + face]! += w;
    });
    counts = next;
  }
  return counts;
}

export interface DistributionInput {
  /** Dice rolled (after Wagers). */
  pool: number;
  /** Dice kept under keepArea (the Area rating); ignored by sumWithoutOnes. */
  keep: number;
  mode?: TotalMode;
}

/** P(total = t) for every t from 0 up, as a plain array. */
export function totalDistribution(input: DistributionInput): number[] {
  const i = requireRecord("odds", input);
  const pool = requireInt("pool", i.pool, 0, MAX_DICE);
  const keep = requireInt("keep", i.keep, 0, MAX_DICE);
  const counts = requireMode(i.mode) === "keepArea" ? keptCounts(pool, keep) : withoutOnesCounts(pool);
  const outcomes = 6 ** pool;
  return counts.map((c) => c / outcomes);
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
  const counts = requireMode(i.mode) === "keepArea" ? keptCounts(pool, keep) : withoutOnesCounts(pool);
  // Sum counts before dividing, so small pools give the exactly rounded fraction (2/6 === 1/3).
  let meeting = 0;
  for (let t = tn; t < counts.length; t++) meeting += counts[t]!;
  return Math.min(1, meeting / 6 ** pool);
}
