import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("keptTotal / sumWithoutOnes / rollTotal", () => {
  it("keeps the highest dice", () => {
    expect(zodiac.keptTotal([1, 5, 3, 6], 2)).toBe(11);
    expect(zodiac.keptTotal([1, 5, 3, 6], 0)).toBe(0);
    expect(zodiac.keptTotal([4, 2], 5)).toBe(6); // fewer dice than kept: keep them all
    expect(zodiac.keptTotal([], 3)).toBe(0);
  });

  it("does not reorder the caller's dice", () => {
    const dice = [1, 6, 3];
    zodiac.keptTotal(dice, 1);
    expect(dice).toEqual([1, 6, 3]);
  });

  it("sums every die but 1s", () => {
    expect(zodiac.sumWithoutOnes([1, 1, 1])).toBe(0);
    expect(zodiac.sumWithoutOnes([1, 2, 6, 1, 5])).toBe(13);
  });

  it("rollTotal picks by setting, keepArea by default", () => {
    const dice = [6, 5, 4, 3, 1];
    expect(zodiac.rollTotal(dice, { area: 2 })).toBe(11);
    expect(zodiac.rollTotal(dice, { area: 2, mode: "keepArea" })).toBe(11);
    expect(zodiac.rollTotal(dice, { area: 2, mode: "sumWithoutOnes" })).toBe(18);
    expect(zodiac.DEFAULT_TOTAL_MODE).toBe("keepArea");
  });

  it("refuses bad dice, keeps and modes", () => {
    expect(codeOf(() => zodiac.keptTotal([0, 3], 1))).toBe("badNumber");
    expect(codeOf(() => zodiac.keptTotal([7], 1))).toBe("badNumber");
    expect(codeOf(() => zodiac.keptTotal([2.5], 1))).toBe("badNumber");
    expect(codeOf(() => zodiac.keptTotal("66" as unknown as number[], 1))).toBe("badDice");
    expect(codeOf(() => zodiac.keptTotal(new Array<number>(61).fill(3), 1))).toBe("badDice");
    expect(codeOf(() => zodiac.keptTotal([3], -1))).toBe("badNumber");
    expect(codeOf(() => zodiac.rollTotal([3], { area: 3, mode: "sumAll" as zodiac.TotalMode }))).toBe("badChoice");
    expect(codeOf(() => zodiac.rollTotal([3], { area: 9 }))).toBe("badNumber");
  });
});
