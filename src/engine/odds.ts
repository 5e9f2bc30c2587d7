/**
 * Exact probability distributions for roll dialogs ("chance to hit: 64%") — convolution, dynamic
 * programming and closed forms, never sampling. A Distribution is plain JSON: p[i] is the chance the
 * result equals min + i. Builders trim zero-probability ends, so min is the lowest possible result.
 */
import { FracasRuleError, requireInt } from "./errors.js";
import { requireSides } from "./dice.js";

export interface Distribution {
  min: number;
  p: number[];
}

/** Most dice sumOfDice takes: far above any dialog (100d1000 takes ~60 ms; dialog-sized rolls take microseconds). */
export const MAX_DICE = 100;
/**
 * Most dice keepHighest and sumIgnoring take: Zodiac's pools reach 60 d6 (its rules/limits.ts
 * MAX_DICE; a test keeps the two in step). keepHighest's worst case, 60d20 keeping 59, takes a few
 * milliseconds; 60d6, the largest Zodiac dialog, well under one (npm run bench prints both).
 */
export const MAX_POOL = 60;
export const MAX_POOL_SIDES = 20;
/** Modifiers, targets and thresholds are whole numbers within ±this. */
export const VALUE_LIMIT = 1_000_000_000;

/** The distribution that is always `value`. */
export function constant(value: number): Distribution {
  return { min: requireInt("value", value, -VALUE_LIMIT, VALUE_LIMIT), p: [1] };
}

/** One fair die with `sides` faces. */
export function uniform(sides: number): Distribution {
  requireSides("sides", sides);
  return { min: 1, p: new Array<number>(sides).fill(1 / sides) };
}

/** The distribution of the sum of two independent results. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const x = requireDistribution(a);
  const y = requireDistribution(b);
  return normalised(x.min + y.min, convolveWeights(x.p, y.p));
}

/** Sum of `count` dice of `sides` faces (count 0 gives always 0). */
export function sumOfDice(count: number, sides: number): Distribution {
  requireInt("count", count, 0, MAX_DICE);
  requireSides("sides", sides);
  // Adding a uniform die is a sliding-window sum: O(length) per die instead of O(length × sides).
  let p = [1];
  for (let d = 0; d < count; d++) {
    const next = new Array<number>(p.length + sides - 1);
    let window = 0;
    for (let j = 0; j < next.length; j++) {
      if (j < p.length) window += p[j]!;
      if (j - sides >= 0) window -= p[j - sides]!;
      next[j] = Math.max(0, window / sides);
    }
    p = next;
  }
  return normalised(count, p);
}

/**
 * Outcome counts: `ways[i]` of the `total` equally likely rolls give min + i. Whole numbers, exact
 * while they stay below 2^53 (e.g. up to 20d6) and rounded only in their last bits beyond; a chance
 * read from counts (waysAtLeast) sums counts before dividing, so small pools give the correctly
 * rounded fraction (2 of 6 is exactly 1/3), which summing rounded probabilities does not promise.
 */
export interface Ways {
  min: number;
  ways: number[];
  total: number;
}

/** Sum of the highest `keep` of `pool` dice (all of them when keep ≥ pool). */
export function keepHighest(pool: number, sides: number, keep: number): Distribution {
  return fromWays(keepHighestWays(pool, sides, keep));
}

/** keepHighest as outcome counts. */
export function keepHighestWays(pool: number, sides: number, keep: number): Ways {
  requireInt("pool", pool, 0, MAX_POOL);
  requireInt("sides", sides, 1, MAX_POOL_SIDES);
  const k = Math.min(requireInt("keep", keep, 0, VALUE_LIMIT), pool);
  if (k === 0) return trimmedWays(0, [sides ** pool]);
  // Count the rolls by their lowest kept face v (the k-th highest die): `a` < k dice show more than
  // v (all kept; their sum is that of `a` uniform dice on v+1..sides), and of the other pool − a
  // dice at least k − a show v (k − a of them kept) while the rest show less ((v−1)^rest ways).
  // Each roll is counted once. O(sides × k × (pool + k × sides)): 60d6 is ~10⁵ steps, where the
  // former walk over faces × dice × sums × dice (here and in Zodiac's old copy) took ~10⁷.
  const binom = binomials(pool);
  const ways = new Array<number>(k * sides + 1).fill(0);
  for (let v = 1; v <= sides; v++) {
    const above = sides - v; // faces above v
    let aboveWays = [1]; // ways for `a` dice on v+1..sides to total a·(v+1) + index
    for (let a = 0; a < k; a++) {
      if (a > 0) {
        if (above === 0) break;
        aboveWays = addUniformDie(aboveWays, above);
      }
      const rest = pool - a;
      let restWays = 0;
      for (let j = k - a; j <= rest; j++) restWays += binom[rest]![j]! * (v - 1) ** (rest - j);
      const factor = binom[pool]![a]! * restWays;
      const base = a * (v + 1) + (k - a) * v;
      for (let i = 0; i < aboveWays.length; i++) ways[base + i]! += factor * aboveWays[i]!;
    }
  }
  return trimmedWays(0, ways);
}

/** Sum of `pool` dice where faces listed in `ignore` count 0 (e.g. ignore [1]: all dice but 1s). */
export function sumIgnoring(pool: number, sides: number, ignore: readonly number[]): Distribution {
  return fromWays(sumIgnoringWays(pool, sides, ignore));
}

/** sumIgnoring as outcome counts. */
export function sumIgnoringWays(pool: number, sides: number, ignore: readonly number[]): Ways {
  requireInt("pool", pool, 0, MAX_POOL);
  requireInt("sides", sides, 1, MAX_POOL_SIDES);
  if (!Array.isArray(ignore)) throw new FracasRuleError("badList", "ignore must be a list of faces", { name: "ignore" });
  const ignored = new Set(ignore.map((f) => requireInt("ignored face", f, 1, sides)));
  const die = new Array<number>(sides + 1).fill(0);
  for (let f = 1; f <= sides; f++) die[ignored.has(f) ? 0 : f]! += 1;
  let ways = [1];
  for (let i = 0; i < pool; i++) ways = convolveWeights(ways, die);
  return trimmedWays(0, ways);
}

/** The chance, from outcome counts, that the result is ≥ n: counts summed, then divided once. */
export function waysAtLeast(outcomes: Ways, n: number): number {
  const o = requireWays(outcomes);
  requireInt("n", n, -VALUE_LIMIT, VALUE_LIMIT);
  let meeting = 0;
  for (let i = Math.max(0, n - o.min); i < o.ways.length; i++) meeting += o.ways[i]!;
  return clampProbability(meeting / o.total);
}

/** The distribution of outcome counts (each count / total). */
export function fromWays(outcomes: Ways): Distribution {
  const o = requireWays(outcomes);
  return { min: o.min, p: o.ways.map((w) => w / o.total) };
}

/** Throws `badWays` unless `outcomes` is {min: integer, ways: non-empty non-negative finite counts, total: their positive sum}. */
export function requireWays(outcomes: unknown): Ways {
  const bad = (why: string): never => {
    throw new FracasRuleError("badWays", `not outcome counts: ${why}`, { reason: why });
  };
  if (typeof outcomes !== "object" || outcomes === null) return bad("not an object");
  const o = outcomes as Partial<Ways>;
  if (typeof o.min !== "number" || !Number.isInteger(o.min) || Math.abs(o.min) > VALUE_LIMIT) return bad(`min ${String(o.min)} is not a whole number`);
  if (!Array.isArray(o.ways) || o.ways.length === 0) return bad("ways is not a non-empty list");
  if (o.ways.length > VALUE_LIMIT) return bad("ways is too long");
  let sum = 0;
  for (const w of o.ways) {
    if (typeof w !== "number" || !Number.isFinite(w) || w < 0) return bad(`ways holds ${String(w)}, not a count`);
    sum += w;
  }
  if (typeof o.total !== "number" || !Number.isFinite(o.total) || o.total <= 0) return bad(`total ${String(o.total)} is not a positive number`);
  // Counts past 2^53 are rounded: allow the rounding of their sum, nothing more.
  if (Math.abs(sum - o.total) > 1e-9 * o.total) return bad(`ways sum to ${sum}, not the total ${o.total}`);
  return o as Ways;
}

/** P(result ≥ n). */
export function atLeast(dist: Distribution, n: number): number {
  const d = requireDistribution(dist);
  requireInt("n", n, -VALUE_LIMIT, VALUE_LIMIT);
  let total = 0;
  for (let i = Math.max(0, n - d.min); i < d.p.length; i++) total += d.p[i]!;
  return clampProbability(total);
}

/** P(result > n). */
export function greaterThan(dist: Distribution, n: number): number {
  return atLeast(dist, requireInt("n", n, -VALUE_LIMIT, VALUE_LIMIT) + 1);
}

/** P(result ≤ n). */
export function atMost(dist: Distribution, n: number): number {
  return clampProbability(1 - greaterThan(dist, n));
}

/** P(result = n). */
export function probabilityOf(dist: Distribution, n: number): number {
  const d = requireDistribution(dist);
  requireInt("n", n, -VALUE_LIMIT, VALUE_LIMIT);
  return d.p[n - d.min] ?? 0;
}

/** The expected value. */
export function mean(dist: Distribution): number {
  const d = requireDistribution(dist);
  return d.p.reduce((s, pi, i) => s + pi * (d.min + i), 0);
}

/** The same distribution moved by `k` (adding a modifier). */
export function shift(dist: Distribution, k: number): Distribution {
  const d = requireDistribution(dist);
  requireInt("shift", k, -VALUE_LIMIT, VALUE_LIMIT);
  return { min: d.min + k, p: [...d.p] };
}

/**
 * How many of the 100 faces of a d100 (1..100) fall in each band cut by inclusive upper bounds
 * (non-decreasing; clamped to 0..100): band i is (bound[i-1], bound[i]]; one more band at the end
 * holds rolls above the last bound. Whole numbers summing to 100.
 */
export function d100BandCounts(upperBounds: readonly number[]): number[] {
  if (!Array.isArray(upperBounds)) throw new FracasRuleError("badList", "upperBounds must be a list of whole numbers", { name: "upperBounds" });
  let previous = 0;
  let last = -VALUE_LIMIT;
  const out: number[] = [];
  upperBounds.forEach((b, i) => {
    requireInt(`upper bound ${i + 1}`, b, -VALUE_LIMIT, VALUE_LIMIT);
    if (b < last) {
      throw new FracasRuleError("badBands", `upper bound ${i + 1} (${b}) is below the one before it (${last})`, { index: i + 1, value: b, previous: last });
    }
    last = b;
    const top = Math.min(100, Math.max(0, b));
    out.push(top - previous);
    previous = top;
  });
  out.push(100 - previous);
  return out;
}

/** Chances of each band of a d100, as d100BandCounts cuts them (each count / 100). */
export function d100Bands(upperBounds: readonly number[]): number[] {
  return d100BandCounts(upperBounds).map((c) => c / 100);
}

/** How many of the 100 equally likely 2d10 rolls make 2d10 + modifier > target. */
export function ways2d10Over(modifier: number, target: number): number {
  requireInt("modifier", modifier, -VALUE_LIMIT, VALUE_LIMIT);
  requireInt("target", target, -VALUE_LIMIT, VALUE_LIMIT);
  const need = target - modifier; // the dice must total more than this
  let ways = 0;
  for (let s = Math.max(2, need + 1); s <= 20; s++) ways += 10 - Math.abs(s - 11);
  return ways;
}

/** P(2d10 + modifier > target). */
export function chance2d10Over(modifier: number, target: number): number {
  return ways2d10Over(modifier, target) / 100;
}

/** Throws `badDistribution` unless `dist` is {min: integer, p: non-empty probabilities summing to 1}. */
export function requireDistribution(dist: unknown): Distribution {
  const bad = (why: string): never => {
    throw new FracasRuleError("badDistribution", `not a distribution: ${why}`, { reason: why });
  };
  if (typeof dist !== "object" || dist === null) return bad("not an object");
  const d = dist as Partial<Distribution>;
  if (typeof d.min !== "number" || !Number.isInteger(d.min) || Math.abs(d.min) > VALUE_LIMIT) return bad(`min ${String(d.min)} is not a whole number`);
  if (!Array.isArray(d.p) || d.p.length === 0) return bad("p is not a non-empty list");
  if (d.p.length > VALUE_LIMIT) return bad("p is too long");
  let sum = 0;
  for (const x of d.p) {
    // A little rounding slack: distributions read back from stored data were computed in doubles.
    if (typeof x !== "number" || !Number.isFinite(x) || x < 0 || x > 1 + 1e-9) return bad(`p holds ${String(x)}, not a probability`);
    sum += x;
  }
  if (Math.abs(sum - 1) > 1e-9) return bad(`p sums to ${sum}, not 1`);
  return d as Distribution;
}

/** Weights (any scale) → probabilities summing to 1, zero-weight ends trimmed so min is the lowest possible result. */
function normalised(min: number, weights: readonly number[]): Distribution {
  let lo = 0;
  let hi = weights.length - 1;
  while (lo < hi && weights[lo] === 0) lo++;
  while (hi > lo && weights[hi] === 0) hi--;
  const kept = weights.slice(lo, hi + 1);
  const total = kept.reduce((s, w) => s + w, 0);
  return { min: min + lo, p: kept.map((w) => w / total) };
}

function convolveWeights(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += ai * b[j]!;
  }
  return out;
}

/**
 * Outcome counts with one more uniform die on 1..sides added: a sliding-window sum, O(length) per
 * die. Exact while the counts are below 2^53; beyond, a subtraction can cancel large counts against
 * a small one and leave a tiny negative, which is clamped to 0 (the error is far below 1e-12 of the total).
 */
function addUniformDie(ways: readonly number[], sides: number): number[] {
  const next = new Array<number>(ways.length + sides - 1);
  let window = 0;
  for (let j = 0; j < next.length; j++) {
    if (j < ways.length) window += ways[j]!;
    if (j - sides >= 0) window -= ways[j - sides]!;
    next[j] = Math.max(0, window);
  }
  return next;
}

/** Counts with zero-count ends trimmed, so min is the lowest possible result; total is their sum. */
function trimmedWays(min: number, ways: readonly number[]): Ways {
  let lo = 0;
  let hi = ways.length - 1;
  while (lo < hi && ways[lo] === 0) lo++;
  while (hi > lo && ways[hi] === 0) hi--;
  const kept = ways.slice(lo, hi + 1);
  return { min: min + lo, ways: kept, total: kept.reduce((s, w) => s + w, 0) };
}

function clampProbability(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function binomials(n: number): number[][] {
  const rows: number[][] = [[1]];
  for (let r = 1; r <= n; r++) {
    const prev = rows[r - 1]!;
    rows.push(Array.from({ length: r + 1 }, (_, c) => (c === 0 || c === r ? 1 : prev[c - 1]! + prev[c]!)));
  }
  return rows;
}
