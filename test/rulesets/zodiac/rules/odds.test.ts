import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

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
