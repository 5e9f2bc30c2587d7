import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { clampEase, primaryChance, qualityCeilings, qualityRating, resolveCheck, successChance } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

describe("successChance", () => {
  it("is Primary Chance × Ease Factor, rounded down", () => {
    expect(successChance(15, 5)).toBe(75);
    expect(successChance(7, 0.5)).toBe(3); // 3.5 rounds down
    expect(successChance(0, 10)).toBe(0);
  });
  it("clamps the Ease Factor to ½…10", () => {
    expect(successChance(15, 0)).toBe(7); // EF ½
    expect(successChance(15, -3)).toBe(7);
    expect(successChance(15, 12)).toBe(150); // EF 10
  });
  it("refuses bad input with a typed error", () => {
    expectRuleError(() => successChance(-1, 5), "badNumber");
    expectRuleError(() => successChance(1.5, 5), "badNumber");
    expectRuleError(() => successChance(10, Number.NaN), "notFinite");
    expectRuleError(() => successChance(10, Number.POSITIVE_INFINITY), "notFinite");
  });
  it("property: EF is clamped — SC lies between ⌊PC/2⌋ and 10×PC and equals the clamped product", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.double({ min: -50, max: 50, noNaN: true }), (pc, ef) => {
        const sc = successChance(pc, ef);
        expect(sc).toBeGreaterThanOrEqual(Math.floor(pc / 2));
        expect(sc).toBeLessThanOrEqual(pc * 10);
        const clamped = clampEase(ef);
        expect(clamped).toBeGreaterThanOrEqual(0.5);
        expect(clamped).toBeLessThanOrEqual(10);
        if (ef >= 0.5 && ef <= 10) expect(clamped).toBe(ef);
        expect(sc).toBe(Math.floor(pc * clamped));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("qualityRating", () => {
  it("grades against the provisional bands 10% / 25% / 50% / 100% of SC", () => {
    // SC 50: QR1 ≤ 5, QR2 ≤ 12, QR3 ≤ 25, QR4 ≤ 50.
    expect(qualityCeilings(50)).toEqual([5, 12, 25, 50]);
    expect([1, 5, 6, 12, 13, 25, 26, 50, 51, 99].map((r) => qualityRating(r, 50))).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 0, 0]);
  });
  it("100 always fails, even above SC 100", () => {
    expect(qualityRating(100, 150)).toBe(0);
    expect(qualityRating(99, 150)).toBe(4);
    expect(qualityRating(100, 9990)).toBe(0);
  });
  it("an SC of 0 never succeeds; a tiny SC skips empty bands", () => {
    expect(qualityRating(1, 0)).toBe(0);
    expect(qualityRating(1, 1)).toBe(4); // QR1–QR3 ceilings are all 0
    expect(qualityRating(1, 4)).toBe(2); // ceilings 0, 1, 2, 4
    expect(qualityRating(2, 4)).toBe(3);
  });
  it("refuses a roll outside 1–100", () => {
    expectRuleError(() => qualityRating(0, 50), "badNumber");
    expectRuleError(() => qualityRating(101, 50), "badNumber");
    expectRuleError(() => qualityRating(3, -1), "badNumber");
  });
  it("property: success exactly when roll ≤ SC and roll < 100; a lower roll is never a worse grade", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 300 }), (roll, sc) => {
        const qr = qualityRating(roll, sc);
        expect(qr > 0).toBe(roll <= sc);
        const better = qualityRating(roll + 1, sc);
        // roll+1 may fail (0) or be the same or a higher number (worse grade)
        if (qr > 0 && better > 0) expect(better).toBeGreaterThanOrEqual(qr);
        if (qr === 0) expect(better).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
  it("property: invalid rolls always give a typed error", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.double({ noInteger: true })), (roll) => {
        expect(throwsRuleError(() => qualityRating(roll, 50))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("primaryChance and resolveCheck", () => {
  it("adds the characteristic (or the rounded-down average) to the skill", () => {
    expect(primaryChance([9], 6)).toBe(15);
    expect(primaryChance([9, 10], 6)).toBe(15); // average 9.5 → 9
    expectRuleError(() => primaryChance([], 6), "badInput");
    expectRuleError(() => primaryChance([9], -1), "badNumber");
  });
  it("resolveCheck reports EF, SC, QR and success", () => {
    expect(resolveCheck(10, 8, 8)).toEqual({ easeFactor: 8, successChance: 80, roll: 8, qualityRating: 1, success: true });
    expect(resolveCheck(10, 3, 31)).toEqual({ easeFactor: 3, successChance: 30, roll: 31, qualityRating: 0, success: false });
  });
});
