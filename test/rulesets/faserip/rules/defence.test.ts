import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { overrideGrid } from "../../../../src/engine/tables.js";
import { COLORS, coverShift, coverShiftsTable, defenderDodgeShift, multipleTargetShift } from "../../../../src/rulesets/faserip/rules/index.js";
import type { CoverLevel } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("cover (P)", () => {
  it("shifts the attacker left 0/1/2/3 for none/light/medium/heavy", () => {
    expect(coverShift("none")).toBe(-0);
    expect(coverShift("light")).toBe(-1);
    expect(coverShift("medium")).toBe(-2);
    expect(coverShift("heavy")).toBe(-3);
  });

  it("table is provisional, passes its check, and refuses less shift for heavier cover", () => {
    expect(coverShiftsTable.source).toBe("provisional");
    expect(coverShiftsTable.check?.(coverShiftsTable.cells)).toBeNull();
    expectRuleError(() => overrideGrid(coverShiftsTable, [[0, 2, 1, 3]]), "badTableCell");
    expect(coverShift("heavy", overrideGrid(coverShiftsTable, [[0, 1, 3, 5]]))).toBe(-5);
  });

  it("unknown cover is a typed error", () => {
    expectRuleError(() => coverShift("total" as CoverLevel), "badChoice");
  });
});

describe("multiple targets", () => {
  it("−1 CS per target after the first", () => {
    expect(multipleTargetShift(1)).toBe(-0);
    expect(multipleTargetShift(2)).toBe(-1);
    expect(multipleTargetShift(4)).toBe(-3);
  });

  it("needs at least one target", () => {
    expectRuleError(() => multipleTargetShift(0), "badNumber");
  });

  it("is 1 − targets (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 101 }), (n) => multipleTargetShift(n) === 1 - n), { numRuns: 1000 });
  });
});

describe("several attackers on one defender", () => {
  it("the best dodge result applies once", () => {
    expect(defenderDodgeShift(["green", "red", "white"])).toBe(-6);
    expect(defenderDodgeShift(["yellow"])).toBe(-4);
    expect(defenderDodgeShift([])).toBe(0); // a sitting target
  });

  it("is never better than the best single dodge and never positive (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...COLORS), { maxLength: 6 }), (colors) => {
        const s = defenderDodgeShift(colors);
        return s <= 0 && colors.every((c) => s <= defenderDodgeShift([c]));
      }),
      { numRuns: 1000 },
    );
  });

  it("bad colours are typed errors", () => {
    expectRuleError(() => defenderDodgeShift(["purple" as never]), "badChoice");
    expectRuleError(() => defenderDodgeShift("red" as never), "badInput");
  });
});
