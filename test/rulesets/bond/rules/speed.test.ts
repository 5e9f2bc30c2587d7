import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ROUND_SECONDS, SEED_WEAPONS, attacksThisRound, speedFromCharacteristics } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

describe("speedFromCharacteristics (provisional chart on DEX + PER)", () => {
  it("reads the bands ≤15 / 16–20 / 21–25 / 26+", () => {
    expect([[7, 8], [8, 8], [10, 10], [10, 11], [12, 13], [13, 13], [15, 15]].map(([d, p]) => speedFromCharacteristics(d!, p!))).toEqual([
      0, 1, 1, 2, 2, 3, 3,
    ]);
  });
  it("refuses bad characteristics", () => {
    expectRuleError(() => speedFromCharacteristics(-1, 10), "badNumber");
  });
  it("property: Speed is 0–3 and never falls as DEX + PER rises", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 49 }), fc.integer({ min: 0, max: 50 }), (d, p) => {
        const s = speedFromCharacteristics(d, p);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(3);
        expect(speedFromCharacteristics(d + 1, p)).toBeGreaterThanOrEqual(s);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("attacksThisRound", () => {
  it("seed example: Bond (Speed 3) with a Walther PPK (2 shots per round) fires twice", () => {
    const ppk = SEED_WEAPONS.find((w) => w.id === "waltherPpk")!;
    expect(attacksThisRound(3, 1, ppk.shotsPerRound)).toBe(2);
    expect(attacksThisRound(3, 1)).toBe(3); // unarmed: one per point of Speed
  });
  it("Speed 0 attacks every other round (the even ones)", () => {
    expect([1, 2, 3, 4].map((r) => attacksThisRound(0, r))).toEqual([0, 1, 0, 1]);
    expect(attacksThisRound(0, 2, 2)).toBe(1);
  });
  it("the cap only lowers", () => {
    expect(attacksThisRound(1, 5, 6)).toBe(1);
    expect(attacksThisRound(2, 5, 1)).toBe(1);
  });
  it("refuses bad input", () => {
    expectRuleError(() => attacksThisRound(4, 1), "badNumber");
    expectRuleError(() => attacksThisRound(2, 0), "badNumber");
    expectRuleError(() => attacksThisRound(2, 1, 0), "badNumber");
  });
  it("property: 0 ≤ attacks ≤ min(max(Speed,1), shots); bad Speed always a typed error", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 99 }), (s, r, shots) => {
        const n = attacksThisRound(s, r, shots);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(Math.min(Math.max(s, 1), shots));
        expect(n + attacksThisRound(s, r + 1, shots)).toBeGreaterThanOrEqual(s === 0 ? 1 : 2 * Math.min(s, shots));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 4 })), (s) => {
        expect(throwsRuleError(() => attacksThisRound(s, 1))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
  it("a round is 3 to 5 seconds", () => {
    expect(ROUND_SECONDS).toEqual({ min: 3, max: 5 });
  });
});
