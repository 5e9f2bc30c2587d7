import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FAME_PER_VISIBLE_SCAR, resolveScar, scarFame, scarPossible } from "../../../../src/rulesets/bond/rules/index.js";
import type { ScarLocation } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("scars", () => {
  it("a Medium or worse wound from Fire Combat or a knife or sword may scar", () => {
    expect(scarPossible("MW", "fire")).toBe(true);
    expect(scarPossible("HW", "hth", "knife")).toBe(true);
    expect(scarPossible("IN", "hth", "sword")).toBe(true);
    expect(scarPossible("LW", "fire")).toBe(false);
    expect(scarPossible("HW", "hth", "none")).toBe(false);
    expect(scarPossible("HW", "hth", "other")).toBe(false);
    expect(scarPossible("KL", "fire")).toBe(false);
    expectRuleError(() => scarPossible("MW", "hth", "axe" as "knife"), "badChoice");
  });
  it("reads the Scar Location Chart on a d10; face, neck and hands are visible", () => {
    expect(resolveScar(1)).toEqual({ location: "face", visible: true, fame: 20 });
    expect(resolveScar(2)).toEqual({ location: "neck", visible: true, fame: 20 });
    expect(resolveScar(4)).toEqual({ location: "hand", visible: true, fame: 20 });
    expect(resolveScar(6)).toEqual({ location: "arm", visible: false, fame: 0 });
    expect(resolveScar(8).location).toBe("torso");
    expect(resolveScar(10).location).toBe("leg");
    expectRuleError(() => resolveScar(11), "badNumber");
  });
  it("each visible scar adds twenty Fame Points", () => {
    expect(FAME_PER_VISIBLE_SCAR).toBe(20);
    expect(scarFame(["face", "arm", "hand", "leg"])).toBe(40);
    expect(scarFame([])).toBe(0);
    expectRuleError(() => scarFame(["nose" as ScarLocation]), "badChoice");
  });
  it("property: Fame is 20 × the visible scars rolled", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 10 }), (rolls) => {
        const scars = rolls.map((r) => resolveScar(r));
        expect(scarFame(scars.map((s) => s.location))).toBe(20 * rolls.filter((r) => r <= 4).length);
      }),
      { numRuns: 1000 },
    );
  });
});
