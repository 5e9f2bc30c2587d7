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
/** keepHighest walks faces × dice × sums × dice; these bounds keep its worst case (30d20) near 30 ms; a 12d6 pool takes about 0.1 ms. */
export const MAX_POOL = 30;
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

/** Sum of the highest `keep` of `pool` dice (all of them when keep ≥ pool). */
export function keepHighest(pool: number, sides: number, keep: number): Distribution {
  requireInt("pool", pool, 0, MAX_POOL);
  requireInt("sides", sides, 1, MAX_POOL_SIDES);
  const k = Math.min(requireInt("keep", keep, 0, VALUE_LIMIT), pool);
  if (k === 0) return constant(0);
  // Walk faces from highest to lowest, deciding how many dice show each face; weights count the
  // ways (multinomial), exact in doubles for 12d6. Dice placed so far are the highest, so the first
  // `k` placed are the kept ones. State: dice not yet placed × kept sum. Once k dice are placed the
  // rest only need lower faces ((v−1)^left ways): fold them straight into the result.
  const sumSpan = k * sides + 1;
  const ways = new Array<number>(sumSpan).fill(0);
  const binom = binomials(pool);
  let states: number[][] = Array.from({ length: pool + 1 }, () => new Array<number>(sumSpan).fill(0));
  states[pool]![0] = 1;
  for (let v = sides; v >= 1; v--) {
    const next = Array.from({ length: pool + 1 }, () => new Array<number>(sumSpan).fill(0));
    for (let r = 1; r <= pool; r++) {
      const row = states[r]!;
      const room = k - (pool - r); // kept places still free; > 0 for every live state
      for (let s = 0; s < sumSpan; s++) {
        const w = row[s]!;
        if (w === 0) continue;
        for (let c = 0; c <= r; c++) {
          const weight = w * binom[r]![c]!;
          const left = r - c;
          if (c >= room) ways[s + room * v]! += weight * (v - 1) ** left;
          else next[left]![s + c * v]! += weight;
        }
      }
    }
    states = next;
  }
  return normalised(0, ways);
}

/** Sum of `pool` dice where faces listed in `ignore` count 0 (e.g. ignore [1]: all dice but 1s). */
export function sumIgnoring(pool: number, sides: number, ignore: readonly number[]): Distribution {
  requireInt("pool", pool, 0, MAX_POOL);
  requireInt("sides", sides, 1, MAX_POOL_SIDES);
  if (!Array.isArray(ignore)) throw new FracasRuleError("badList", "ignore must be a list of faces", { name: "ignore" });
  const ignored = new Set(ignore.map((f) => requireInt("ignored face", f, 1, sides)));
  // Count ways (whole numbers, exact below 2^53 — 20d6 — and only rounded beyond) and divide once at the end.
  const die = new Array<number>(sides + 1).fill(0);
  for (let f = 1; f <= sides; f++) die[ignored.has(f) ? 0 : f]! += 1;
  let ways = [1];
  for (let i = 0; i < pool; i++) ways = convolveWeights(ways, die);
  return normalised(0, ways);
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
 * Chances of each band of a d100 (1..100) cut by inclusive upper bounds (non-decreasing; clamped to
 * 0..100): band i is (bound[i-1], bound[i]]; one more band at the end holds rolls above the last bound.
 */
export function d100Bands(upperBounds: readonly number[]): number[] {
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
    out.push((top - previous) / 100);
    previous = top;
  });
  out.push((100 - previous) / 100);
  return out;
}

/** P(2d10 + modifier > target). */
export function chance2d10Over(modifier: number, target: number): number {
  requireInt("modifier", modifier, -VALUE_LIMIT, VALUE_LIMIT);
  requireInt("target", target, -VALUE_LIMIT, VALUE_LIMIT);
  const need = target - modifier; // the dice must total more than this
  let ways = 0;
  for (let s = Math.max(2, need + 1); s <= 20; s++) ways += 10 - Math.abs(s - 11);
  return ways / 100;
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
