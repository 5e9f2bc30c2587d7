import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyHeroPoints, checkHeroPointSpender, heroPointsToFail } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("applyHeroPoints", () => {
  it("each point lowers the QR one step; past QR4 the roll fails", () => {
    expect(applyHeroPoints(1, 1)).toBe(2);
    expect(applyHeroPoints(2, 2)).toBe(4);
    expect(applyHeroPoints(4, 1)).toBe(0);
    expect(applyHeroPoints(1, 4)).toBe(0);
    expect(applyHeroPoints(3, 0)).toBe(3);
    expect(applyHeroPoints(0, 2)).toBe(0);
  });
  it("refuses bad input", () => {
    expectRuleError(() => applyHeroPoints(5, 1), "badNumber");
    expectRuleError(() => applyHeroPoints(2, -1), "badNumber");
  });
  it("heroPointsToFail is what it takes to reach a failure", () => {
    expect([0, 1, 2, 3, 4].map(heroPointsToFail)).toEqual([0, 4, 3, 2, 1]);
  });
  it("property: never improves a roll; spending heroPointsToFail always fails it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 10 }), (qr, p) => {
        const after = applyHeroPoints(qr, p);
        if (after !== 0) expect(after).toBeGreaterThanOrEqual(qr);
        if (qr === 0) expect(after).toBe(0);
        expect(applyHeroPoints(qr, heroPointsToFail(qr))).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("who may spend (a GM option, passed in)", () => {
  it("by default only the target", () => {
    expect(() => checkHeroPointSpender({ spenderIsTarget: true })).not.toThrow();
    expectRuleError(() => checkHeroPointSpender({ spenderIsTarget: false }), "heroPointsTargetOnly");
  });
  it("the anyPlayerCharacter setting lets others spend", () => {
    expect(() => checkHeroPointSpender({ spenderIsTarget: false, whoMaySpend: "anyPlayerCharacter" })).not.toThrow();
    expectRuleError(() => checkHeroPointSpender({ spenderIsTarget: false, whoMaySpend: "everyone" as "target" }), "badChoice");
  });
});
