import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  atLeast,
  atMost,
  chance2d10Over,
  constant,
  convolve,
  d100BandCounts,
  d100Bands,
  type Distribution,
  greaterThan,
  keepHighest,
  mean,
  probabilityOf,
  shift,
  sumIgnoring,
  sumOfDice,
  uniform,
  MAX_POOL,
  MAX_POOL_SIDES,
  ways2d10Over,
  fromWays,
  keepHighestWays,
  sumIgnoringWays,
  waysAtLeast,
} from "../../src/engine/odds.js";
import { FracasRuleError } from "../../src/engine/errors.js";
import { codeOf, RUNS } from "./helpers.js";
import { referenceKeepHighest } from "./odds-reference.js";

const EPS = 1e-12;


/** Every way `count` dice of `sides` can land, with `stat` of each, as value → probability. */
function bruteForce(count: number, sides: number, stat: (faces: number[]) => number): Map<number, number> {
  const out = new Map<number, number>();
  const total = sides ** count;
  const faces = new Array<number>(count).fill(1);
  for (let k = 0; k < total; k++) {
    let rest = k;
    for (let i = 0; i < count; i++) {
      faces[i] = 1 + (rest % sides);
      rest = Math.floor(rest / sides);
    }
    const v = stat(faces);
    out.set(v, (out.get(v) ?? 0) + 1 / total);
  }
  return out;
}

function expectMatches(dist: Distribution, expected: Map<number, number>) {
  const values = [...expected.keys()];
  expect(dist.min).toBe(Math.min(...values)); // trimmed: min is the lowest possible result
  expect(dist.min + dist.p.length - 1).toBe(Math.max(...values));
  for (let v = dist.min - 2; v <= dist.min + dist.p.length + 1; v++) {
    expect(Math.abs(probabilityOf(dist, v) - (expected.get(v) ?? 0))).toBeLessThan(EPS);
  }
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const highest = (keep: number) => (xs: number[]) => sum([...xs].sort((a, b) => b - a).slice(0, keep));

describe("sumOfDice", () => {
  it("2d6: 7 is the most likely total at 6/36", () => {
    const d = sumOfDice(2, 6);
    expect(d.min).toBe(2);
    expect(d.p.length).toBe(11);
    expect(probabilityOf(d, 7)).toBeCloseTo(6 / 36, 14);
    expect(probabilityOf(d, 12)).toBeCloseTo(1 / 36, 14);
  });
  it("3d6 ≥ 11 is exactly one half (the distribution is symmetric about 10.5)", () => {
    expect(atLeast(sumOfDice(3, 6), 11)).toBeCloseTo(0.5, 14);
  });
  it("0 dice always total 0", () => {
    expect(sumOfDice(0, 6)).toEqual({ min: 0, p: [1] });
  });
  it("refuses negative counts, too many dice and dieless dice", () => {
    expect(codeOf(() => sumOfDice(-1, 6))).toBe("badNumber");
    expect(codeOf(() => sumOfDice(101, 6))).toBe("badNumber");
    expect(codeOf(() => sumOfDice(2, 0))).toBe("badNumber");
  });
  it("property: matches brute-force enumeration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 8 }), (count, sides) => {
        expectMatches(sumOfDice(count, sides), bruteForce(count, sides, sum));
      }),
      RUNS,
    );
  });
  it("property: equals repeated convolution of one die, sums to 1, mean = count × (sides + 1) / 2", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 20 }), (count, sides) => {
        const d = sumOfDice(count, sides);
        let slow = constant(0);
        for (let i = 0; i < count; i++) slow = convolve(slow, uniform(sides));
        expect(d.min).toBe(slow.min);
        d.p.forEach((x, i) => expect(Math.abs(x - slow.p[i]!)).toBeLessThan(1e-12));
        expect(Math.abs(sum(d.p) - 1)).toBeLessThan(1e-9);
        expect(mean(d)).toBeCloseTo((count * (sides + 1)) / 2, 8);
      }),
      RUNS,
    );
  });
});

describe("keepHighest", () => {
  it("one die against TN 5 succeeds on 5–6: one in three (Zodiac seed)", () => {
    expect(atLeast(keepHighest(1, 6, 1), 5)).toBeCloseTo(1 / 3, 14);
  });
  it("the best of 2d6 is a 6 with chance 11/36", () => {
    expect(probabilityOf(keepHighest(2, 6, 1), 6)).toBeCloseTo(11 / 36, 14);
  });
  it("keeping 2 of 4d6 totals 12 only with two or more sixes: 171/1296", () => {
    // 1 − P(no six) − P(exactly one six) = 1 − 625/1296 − 4·125/1296
    expect(probabilityOf(keepHighest(4, 6, 2), 12)).toBeCloseTo(171 / 1296, 14);
  });
  it("keeping more dice than rolled keeps them all; keeping none totals 0", () => {
    const all = keepHighest(2, 6, 5);
    const plain = sumOfDice(2, 6);
    expect(all.min).toBe(plain.min);
    all.p.forEach((x, i) => expect(x).toBeCloseTo(plain.p[i]!, 14));
    expect(keepHighest(4, 6, 0)).toEqual({ min: 0, p: [1] });
    expect(keepHighest(0, 6, 3)).toEqual({ min: 0, p: [1] });
  });
  it("a 12-die pool is a proper distribution and beats a 3-die pool", () => {
    const big = keepHighest(12, 6, 3);
    expect(Math.abs(sum(big.p) - 1)).toBeLessThan(1e-12);
    expect(big.min).toBe(3);
    expect(big.min + big.p.length - 1).toBe(18);
    expect(mean(big)).toBeGreaterThan(mean(keepHighest(3, 6, 3)));
    // P(18) = P(at least three sixes among 12) = 1 − Σ_{k<3} C(12,k)(1/6)^k(5/6)^(12−k)
    const lessThan3 = [0, 1, 2].reduce((s, k) => s + [1, 12, 66][k]! * (1 / 6) ** k * (5 / 6) ** (12 - k), 0);
    expect(probabilityOf(big, 18)).toBeCloseTo(1 - lessThan3, 12);
  });
  it("refuses pools too big to compute quickly and negative keeps", () => {
    expect(codeOf(() => keepHighest(MAX_POOL + 1, 6, 3))).toBe("badNumber");
    expect(codeOf(() => keepHighest(3, 6, -1))).toBe("badNumber");
    expect(codeOf(() => keepHighest(3, 21, 1))).toBe("badNumber");
  });
  it("property: matches brute-force enumeration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 6 }), (pool, sides, keep) => {
        expectMatches(keepHighest(pool, sides, keep), bruteForce(pool, sides, highest(keep)));
      }),
      RUNS,
    );
  });
  it("property: large pools sum to 1 and more dice never lower the chance of a total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 30 }), (pool, keep, tn) => {
        const d = keepHighest(pool, 6, keep);
        expect(Math.abs(sum(d.p) - 1)).toBeLessThan(1e-9);
        expect(atLeast(keepHighest(pool + 1, 6, keep), tn)).toBeGreaterThanOrEqual(atLeast(d, tn) - 1e-12);
      }),
      RUNS,
    );
  });
});

describe("keepHighest at the largest pools (up to 60 dice)", () => {
  it("60d6 keeping all is the plain sum of 60d6; keeping one is the best die", () => {
    const all = keepHighest(60, 6, 60);
    const plain = sumOfDice(60, 6);
    expect(all.min).toBe(plain.min);
    expect(all.p.length).toBe(plain.p.length);
    all.p.forEach((x, i) => expect(Math.abs(x - plain.p[i]!)).toBeLessThan(1e-12));
    const best = keepHighest(60, 6, 1);
    for (let f = 1; f <= 6; f++) expect(probabilityOf(best, f)).toBeCloseTo((f / 6) ** 60 - ((f - 1) / 6) ** 60, 14);
  });
  it("60d20 keeping 59 is a proper distribution from 59 to 1180", () => {
    const d = keepHighest(MAX_POOL, MAX_POOL_SIDES, MAX_POOL - 1);
    expect(d.min).toBe(MAX_POOL - 1);
    expect(d.min + d.p.length - 1).toBe((MAX_POOL - 1) * MAX_POOL_SIDES);
    expect(d.p.every((x) => Number.isFinite(x) && x >= 0 && x <= 1)).toBe(true);
    expect(Math.abs(sum(d.p) - 1)).toBeLessThan(1e-9);
  });
  it("property: equals the former faces × dice walk (pools to 16, dice to d12)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 18 }), (pool, sides, keep) => {
        const d = keepHighest(pool, sides, keep);
        const ref = referenceKeepHighest(pool, sides, keep);
        expect(d.min + d.p.length).toBe(ref.length);
        ref.forEach((x, t) => expect(Math.abs(probabilityOf(d, t) - x)).toBeLessThan(1e-12));
      }),
      RUNS,
    );
  });
  it("property: every pool to 60 and die to d20 gives finite probabilities summing to 1 over keep…keep × sides, and one more die never lowers a chance", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_POOL - 1 }), fc.integer({ min: 1, max: MAX_POOL_SIDES }), fc.integer({ min: 1, max: MAX_POOL }), fc.integer({ min: 0, max: 1300 }), (pool, sides, keep, tn) => {
        const d = keepHighest(pool, sides, keep);
        const k = Math.min(pool, keep);
        expect(d.min).toBe(k);
        expect(d.min + d.p.length - 1).toBe(k * sides);
        expect(d.p.every((x) => Number.isFinite(x) && x >= 0)).toBe(true);
        expect(Math.abs(sum(d.p) - 1)).toBeLessThan(1e-9);
        expect(atLeast(keepHighest(pool + 1, sides, keep), tn)).toBeGreaterThanOrEqual(atLeast(d, tn) - 1e-12);
      }),
      RUNS,
    );
  });
});

describe("outcome counts (keepHighestWays, sumIgnoringWays, waysAtLeast, fromWays)", () => {
  /** Every roll counted: value → number of rolls. */
  function bruteCounts(count: number, sides: number, stat: (faces: number[]) => number): Map<number, number> {
    const out = new Map<number, number>();
    const faces = new Array<number>(count).fill(1);
    for (let n = 0; n < sides ** count; n++) {
      let rest = n;
      for (let i = 0; i < count; i++) {
        faces[i] = 1 + (rest % sides);
        rest = Math.floor(rest / sides);
      }
      const v = stat(faces);
      out.set(v, (out.get(v) ?? 0) + 1);
    }
    return out;
  }
  it("one d6 against TN 5 is exactly 1/3 (counts summed before dividing)", () => {
    expect(waysAtLeast(keepHighestWays(1, 6, 1), 5)).toBe(1 / 3);
    expect(waysAtLeast(sumIgnoringWays(1, 6, [1]), 5)).toBe(1 / 3);
    expect(keepHighestWays(3, 6, 0)).toEqual({ min: 0, ways: [216], total: 216 });
  });
  it("refuses malformed counts with badWays", () => {
    expect(codeOf(() => waysAtLeast({ min: 0, ways: [1, 2], total: 4 }, 1))).toBe("badWays");
    expect(codeOf(() => waysAtLeast({ min: 0, ways: [-1, 2], total: 1 }, 1))).toBe("badWays");
    expect(codeOf(() => waysAtLeast({ min: 0, ways: [NaN], total: 1 }, 1))).toBe("badWays");
    expect(codeOf(() => fromWays({ min: 0.5, ways: [1], total: 1 }))).toBe("badWays");
    expect(codeOf(() => fromWays({ min: 0, ways: [], total: 0 }))).toBe("badWays");
    expect(codeOf(() => fromWays(null as unknown as Parameters<typeof fromWays>[0]))).toBe("badWays");
    expect(codeOf(() => waysAtLeast(keepHighestWays(2, 6, 1), 0.5))).toBe("badNumber");
  });
  it("property: small pools count every roll exactly (whole numbers equal to brute force), and chances are the exactly rounded fractions", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: -2, max: 40 }), (pool, sides, keep, n) => {
        const kh = keepHighestWays(pool, sides, keep);
        const bf = bruteCounts(pool, sides, highest(keep));
        expect(kh.total).toBe(sides ** pool);
        kh.ways.forEach((w, i) => expect(w).toBe(bf.get(kh.min + i) ?? 0));
        const meeting = [...bf].filter(([v]) => v >= n).reduce((s, [, c]) => s + c, 0);
        expect(waysAtLeast(kh, n)).toBe(meeting / sides ** pool);
        expect(keepHighest(pool, sides, keep)).toEqual(fromWays(kh));
        const si = sumIgnoringWays(pool, sides, [1]);
        const bs = bruteCounts(pool, sides, (xs) => sum(xs.filter((x) => x !== 1)));
        si.ways.forEach((w, i) => expect(w).toBe(bs.get(si.min + i) ?? 0));
      }),
      RUNS,
    );
  });
});

describe("sumIgnoring", () => {
  it("one d6 ignoring 1s: 0 with 1/6, each of 2–6 with 1/6", () => {
    const d = sumIgnoring(1, 6, [1]);
    expect(d.min).toBe(0);
    expect(d.p.map((x) => x * 6)).toEqual([1, 0, 1, 1, 1, 1, 1].map((x) => expect.closeTo(x, 12)));
  });
  it("ignoring nothing is the plain sum; ignoring every face is always 0", () => {
    const d = sumIgnoring(3, 6, []);
    sumOfDice(3, 6).p.forEach((x, i) => expect(d.p[i]).toBeCloseTo(x, 14));
    expect(sumIgnoring(3, 6, [1, 2, 3, 4, 5, 6])).toEqual({ min: 0, p: [1] });
  });
  it("refuses a face the die does not have", () => {
    expect(codeOf(() => sumIgnoring(2, 6, [7]))).toBe("badNumber");
    expect(codeOf(() => sumIgnoring(2, 6, "1" as unknown as number[]))).toBe("badList");
  });
  it("property: matches brute-force enumeration", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 6 }).chain((sides) => fc.tuple(fc.constant(sides), fc.subarray(Array.from({ length: sides }, (_, i) => i + 1)))),
        (pool, [sides, ignore]) => {
          const stat = (xs: number[]) => sum(xs.filter((x) => !ignore.includes(x)));
          expectMatches(sumIgnoring(pool, sides, ignore), bruteForce(pool, sides, stat));
        },
      ),
      RUNS,
    );
  });
});

describe("queries and shift", () => {
  const d = sumOfDice(2, 6);
  it("atLeast, greaterThan, atMost agree at the edges", () => {
    expect(atLeast(d, 2)).toBe(1);
    expect(atLeast(d, -50)).toBe(1);
    expect(greaterThan(d, 12)).toBe(0);
    expect(atLeast(d, 13)).toBe(0);
    expect(atMost(d, 12)).toBe(1);
    expect(greaterThan(d, 11)).toBeCloseTo(1 / 36, 14);
  });
  it("shift adds a modifier", () => {
    expect(shift(d, 3).min).toBe(5);
    expect(atLeast(shift(d, 3), 10)).toBeCloseTo(atLeast(d, 7), 14);
  });
  it("refuses a malformed distribution and fractional thresholds", () => {
    expect(codeOf(() => atLeast({ min: 0, p: [0.5, 0.4] }, 1))).toBe("badDistribution");
    expect(codeOf(() => atLeast({ min: 0.5, p: [1] }, 1))).toBe("badDistribution");
    expect(codeOf(() => atLeast({ min: 0, p: [] }, 1))).toBe("badDistribution");
    expect(codeOf(() => atLeast({ min: 0, p: [NaN] }, 1))).toBe("badDistribution");
    expect(codeOf(() => atLeast(d, 1.5))).toBe("badNumber");
    expect(codeOf(() => shift(d, 0.5))).toBe("badNumber");
  });
  it("property: atLeast(n) = Σ p over values ≥ n; greaterThan(n) = atLeast(n+1); atMost = 1 − greaterThan; shift moves every value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 8 }).filter((w) => sum(w) > 0),
        fc.integer({ min: -15, max: 25 }),
        fc.integer({ min: -5, max: 5 }),
        (min, weights, n, k) => {
          const dist = { min, p: weights.map((w) => w / sum(weights)) };
          const manual = sum(dist.p.filter((_, i) => min + i >= n));
          expect(atLeast(dist, n)).toBeCloseTo(manual, 12);
          expect(greaterThan(dist, n)).toBeCloseTo(atLeast(dist, n + 1), 14);
          expect(atMost(dist, n)).toBeCloseTo(1 - greaterThan(dist, n), 14);
          expect(atLeast(shift(dist, k), n + k)).toBeCloseTo(atLeast(dist, n), 14);
          expect(atLeast(dist, n)).toBeGreaterThanOrEqual(atLeast(dist, n + 1));
        },
      ),
      RUNS,
    );
  });
});

describe("d100Bands", () => {
  it("cuts 1..100 by inclusive upper bounds, the last band holding the rest", () => {
    expect(d100Bands([10, 25, 50])).toEqual([0.1, 0.15, 0.25, 0.5]);
  });
  it("Bond, SC 40: QR1 ≤ 4, QR2 ≤ 10, QR3 ≤ 20, QR4 ≤ 40, else failure", () => {
    expect(d100Bands([4, 10, 20, 40]).map((x) => Math.round(x * 100))).toEqual([4, 6, 10, 20, 60]);
  });
  it("Faserip Typical (Green 51, Yellow 81, Red 98): White 50%, Green 30%, Yellow 17%, Red 3%", () => {
    expect(d100Bands([50, 80, 97]).map((x) => Math.round(x * 100))).toEqual([50, 30, 17, 3]);
  });
  it("clamps bounds outside 1..100 and allows empty bands", () => {
    expect(d100Bands([0, 0, 150])).toEqual([0, 0, 1, 0]);
    expect(d100Bands([-5])).toEqual([0, 1]);
    expect(d100Bands([])).toEqual([1]);
  });
  it("refuses decreasing bounds and fractions", () => {
    expect(codeOf(() => d100Bands([50, 40]))).toBe("badBands");
    expect(codeOf(() => d100Bands([10.5]))).toBe("badNumber");
  });
  it("property: matches counting the rolls 1..100 into bands", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 120 }), { maxLength: 6 }), (raw) => {
        const bounds = [...raw].sort((a, b) => a - b);
        const counts = new Array<number>(bounds.length + 1).fill(0);
        for (let roll = 1; roll <= 100; roll++) {
          const band = bounds.findIndex((b) => roll <= b);
          counts[band < 0 ? bounds.length : band]! += 1;
        }
        const bands = d100Bands(bounds);
        bands.forEach((p, i) => expect(p).toBeCloseTo(counts[i]! / 100, 14));
        expect(sum(bands)).toBeCloseTo(1, 12);
      }),
      RUNS,
    );
  });
});

describe("d100BandCounts", () => {
  it("counts the faces in each band, whole numbers summing to 100", () => {
    expect(d100BandCounts([4, 10, 20, 40])).toEqual([4, 6, 10, 20, 60]);
    expect(d100BandCounts([0, 0, 150])).toEqual([0, 0, 100, 0]);
    expect(d100BandCounts([])).toEqual([100]);
  });
  it("refuses what d100Bands refuses", () => {
    expect(codeOf(() => d100BandCounts([50, 40]))).toBe("badBands");
    expect(codeOf(() => d100BandCounts([NaN]))).toBe("badNumber");
    expect(codeOf(() => d100BandCounts("1" as unknown as number[]))).toBe("badList");
  });
  it("property: matches counting the rolls 1..100, and d100Bands is each count / 100", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -20, max: 120 }), fc.integer({ min: -1_000_000_000, max: 1_000_000_000 })), { maxLength: 6 }), (raw) => {
        const bounds = [...raw].sort((a, b) => a - b);
        const counts = new Array<number>(bounds.length + 1).fill(0);
        for (let roll = 1; roll <= 100; roll++) {
          const band = bounds.findIndex((b) => roll <= b);
          counts[band < 0 ? bounds.length : band]! += 1;
        }
        expect(d100BandCounts(bounds)).toEqual(counts);
        expect(d100Bands(bounds)).toEqual(counts.map((c) => c / 100));
      }),
      RUNS,
    );
  });
});

describe("ways2d10Over", () => {
  it("counts the 2d10 rolls beating the target", () => {
    expect(ways2d10Over(0, 11)).toBe(45);
    expect(ways2d10Over(2, 11)).toBe(64);
    expect(ways2d10Over(1_000_000_000, -1_000_000_000)).toBe(100);
    expect(ways2d10Over(-1_000_000_000, 1_000_000_000)).toBe(0);
  });
  it("refuses fractions and values beyond ±10⁹", () => {
    expect(codeOf(() => ways2d10Over(0.5, 11))).toBe("badNumber");
    expect(codeOf(() => ways2d10Over(0, 2e9))).toBe("badNumber");
    expect(codeOf(() => ways2d10Over(NaN, 11))).toBe("badNumber");
  });
  it("property: equals counting the 100 pairs; chance2d10Over is the count / 100", () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.integer({ min: -40, max: 60 }), (mod, target) => {
        let hits = 0;
        for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b + mod > target) hits++;
        expect(ways2d10Over(mod, target)).toBe(hits);
        expect(chance2d10Over(mod, target)).toBe(hits / 100);
      }),
      RUNS,
    );
  });
});

describe("chance2d10Over", () => {
  it("Radio: 2d10 > 11 with no bonus is 45%, with +2 it is 64%", () => {
    expect(chance2d10Over(0, 11)).toBeCloseTo(0.45, 14);
    expect(chance2d10Over(2, 11)).toBeCloseTo(0.64, 14);
  });
  it("is certain or impossible far from the target", () => {
    expect(chance2d10Over(50, 11)).toBe(1);
    expect(chance2d10Over(-50, 11)).toBe(0);
  });
  it("refuses fractions", () => {
    expect(codeOf(() => chance2d10Over(0.5, 11))).toBe("badNumber");
  });
  it("property: matches the 100 equally likely pairs, and agrees with sumOfDice", () => {
    fc.assert(
      fc.property(fc.integer({ min: -25, max: 25 }), fc.integer({ min: -10, max: 40 }), (mod, target) => {
        let hits = 0;
        for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b + mod > target) hits++;
        expect(chance2d10Over(mod, target)).toBeCloseTo(hits / 100, 14);
        expect(chance2d10Over(mod, target)).toBeCloseTo(greaterThan(shift(sumOfDice(2, 10), mod), target), 12);
      }),
      RUNS,
    );
  });
});

describe("invalid arguments", () => {
  it("property: any non-integer or out-of-range count/sides/pool is a FracasRuleError", () => {
    const bad = fc.oneof(fc.double({ noInteger: true }), fc.integer({ max: -1 }), fc.constant(NaN), fc.constant(Infinity));
    fc.assert(
      fc.property(bad, (x) => {
        for (const f of [() => sumOfDice(x, 6), () => sumOfDice(2, x), () => keepHighest(x, 6, 1), () => keepHighest(3, 6, x), () => sumIgnoring(x, 6, [])]) {
          expect(f).toThrow(FracasRuleError);
        }
      }),
      RUNS,
    );
  });
});
