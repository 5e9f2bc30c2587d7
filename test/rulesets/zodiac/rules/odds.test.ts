import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { MAX_DICE } from "../../../../src/rulesets/zodiac/rules/limits.js";
import { MAX_POOL } from "../../../../src/engine/odds.js";
import { codeOf } from "./helpers.js";
import { referenceChance, referenceCounts, referenceDistribution } from "./odds-reference.js";

function binomial(n: number, k: number): number {
  let r = 1;
  for (let j = 1; j <= k; j++) r = (r * (n - k + j)) / j;
  return r;
}

describe("chanceToMeet / totalDistribution", () => {
  it("one die against TN 5 is 1/3 (seed)", () => {
    expect(zodiac.chanceToMeet({ pool: 1, keep: 1, tn: 5 })).toBe(1 / 3);
    expect(zodiac.chanceToMeet({ pool: 1, keep: 1, tn: 5, mode: "sumWithoutOnes" })).toBe(1 / 3);
  });

  it("hand-counted small cases", () => {
    // Two dice keep one, TN 6: 1 − (5/6)² = 11/36.
    expect(zodiac.chanceToMeet({ pool: 2, keep: 1, tn: 6 })).toBeCloseTo(11 / 36, 15);
    // Two dice keep two, TN 12: only 6,6.
    expect(zodiac.chanceToMeet({ pool: 2, keep: 2, tn: 12 })).toBeCloseTo(1 / 36, 15);
    // Without ones, two dice reach 2 unless both show 1: 35/36.
    expect(zodiac.chanceToMeet({ pool: 2, keep: 0, tn: 2, mode: "sumWithoutOnes" })).toBeCloseTo(35 / 36, 15);
  });

  it("edge pools and TNs", () => {
    expect(zodiac.chanceToMeet({ pool: 0, keep: 3, tn: 0 })).toBe(1);
    expect(zodiac.chanceToMeet({ pool: 0, keep: 3, tn: 1 })).toBe(0);
    expect(zodiac.chanceToMeet({ pool: 4, keep: 3, tn: 19 })).toBe(0); // at most 18
    expect(zodiac.chanceToMeet({ pool: 4, keep: 0, tn: 1 })).toBe(0);
  });

  it("a distribution sums to 1 and has the right support", () => {
    const dist = zodiac.totalDistribution({ pool: 7, keep: 3 });
    expect(dist.length).toBe(19);
    expect(dist.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(dist[18]).toBeCloseTo(1 - (5 / 6) ** 7 - 7 * (1 / 6) * (5 / 6) ** 6 - 21 * (1 / 6) ** 2 * (5 / 6) ** 5, 12); // at least three 6s
    expect(dist[2]).toBe(0);
    expect(dist[3]).toBeCloseTo(1 / 6 ** 7, 18); // all ones
  });

  it("handles the largest pool and stays a probability", () => {
    const dist = zodiac.totalDistribution({ pool: 60, keep: 5 });
    expect(dist.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 10);
    // Top five all 6s: at least five 6s among 60 dice.
    let fewerThanFive = 0;
    for (let k = 0; k < 5; k++) fewerThanFive += binomial(60, k) * (1 / 6) ** k * (5 / 6) ** (60 - k);
    expect(zodiac.chanceToMeet({ pool: 60, keep: 5, tn: 30 })).toBeCloseTo(1 - fewerThanFive, 10);
  });

  it("refuses bad input", () => {
    expect(codeOf(() => zodiac.chanceToMeet({ pool: -1, keep: 1, tn: 5 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.chanceToMeet({ pool: 61, keep: 1, tn: 5 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.chanceToMeet({ pool: 1, keep: 1, tn: 5.5 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.chanceToMeet({ pool: 1, keep: 1, tn: 5, mode: "x" as zodiac.TotalMode }))).toBe("badChoice");
  });
});

/** Every roll of `pool` d6 (pool ≤ 6), with its total under each mode, as total → probability. */
function bruteForce(pool: number, keep: number, mode: zodiac.TotalMode): number[] {
  const out = new Array<number>(6 * pool + 1).fill(0);
  const faces = new Array<number>(pool).fill(1);
  for (let n = 0; n < 6 ** pool; n++) {
    let rest = n;
    for (let i = 0; i < pool; i++) {
      faces[i] = 1 + (rest % 6);
      rest = Math.floor(rest / 6);
    }
    const total =
      mode === "keepArea"
        ? [...faces].sort((a, b) => b - a).slice(0, keep).reduce((s, f) => s + f, 0)
        : faces.reduce((s, f) => s + (f === 1 ? 0 : f), 0);
    out[total]! += 1 / 6 ** pool;
  }
  return out;
}

describe("the shared engine serves every zodiac pool", () => {
  it("the engine takes every pool the zodiac kernel accepts", () => {
    expect(MAX_POOL).toBeGreaterThanOrEqual(MAX_DICE);
    expect(() => zodiac.chanceToMeet({ pool: MAX_DICE, keep: MAX_DICE, tn: 6 * MAX_DICE })).not.toThrow();
    expect(() => zodiac.chanceToMeet({ pool: MAX_DICE, keep: 0, tn: 6 * MAX_DICE, mode: "sumWithoutOnes" })).not.toThrow();
  });

  it("matches brute-force enumeration for every pool up to 5 dice, every keep and TN, both modes", () => {
    for (let pool = 0; pool <= 5; pool++) {
      for (let keep = 0; keep <= 6; keep++) {
        for (const mode of ["keepArea", "sumWithoutOnes"] as const) {
          const exact = bruteForce(pool, keep, mode);
          while (exact.length > 1 && exact[exact.length - 1] === 0) exact.pop();
          const dist = zodiac.totalDistribution({ pool, keep, mode });
          expect(dist.length).toBe(exact.length);
          dist.forEach((p, t) => expect(Math.abs(p - exact[t]!)).toBeLessThan(1e-12));
          for (let tn = 0; tn <= 6 * pool + 1; tn++) {
            const want = exact.slice(tn).reduce((s, p) => s + p, 0);
            expect(Math.abs(zodiac.chanceToMeet({ pool, keep, tn, mode }) - want)).toBeLessThan(1e-12);
          }
        }
      }
    }
  });

  it("the largest pools match the ruleset's former DP (every keep of 60 dice, every TN)", () => {
    for (let keep = 0; keep <= MAX_DICE; keep += 1) {
      const ref = referenceDistribution(MAX_DICE, keep);
      const dist = zodiac.totalDistribution({ pool: MAX_DICE, keep });
      expect(dist.length).toBe(ref.length);
      dist.forEach((p, t) => expect(Math.abs(p - ref[t]!)).toBeLessThan(1e-12));
    }
    const ref = referenceDistribution(MAX_DICE, 0, "sumWithoutOnes");
    zodiac.totalDistribution({ pool: MAX_DICE, keep: 0, mode: "sumWithoutOnes" }).forEach((p, t) => expect(Math.abs(p - ref[t]!)).toBeLessThan(1e-12));
  });

  it("property: equals the ruleset's former DP over the whole input range (pool and keep 0–60, TN 0–361, both modes)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_DICE }),
        fc.integer({ min: 0, max: MAX_DICE }),
        fc.integer({ min: 0, max: 6 * MAX_DICE + 1 }),
        fc.constantFrom("keepArea", "sumWithoutOnes") as fc.Arbitrary<zodiac.TotalMode>,
        (pool, keep, tn, mode) => {
          const counts = referenceCounts(pool, keep, mode);
          const got = zodiac.chanceToMeet({ pool, keep, tn, mode });
          expect(Math.abs(got - referenceChance(pool, keep, tn, mode, counts))).toBeLessThan(1e-12);
          expect(got).toBeGreaterThanOrEqual(0);
          expect(got).toBeLessThanOrEqual(1);
          const dist = zodiac.totalDistribution({ pool, keep, mode });
          const ref = referenceDistribution(pool, keep, mode, counts);
          expect(dist.length).toBe(ref.length);
          dist.forEach((p, t) => expect(Math.abs(p - ref[t]!)).toBeLessThan(1e-12));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

