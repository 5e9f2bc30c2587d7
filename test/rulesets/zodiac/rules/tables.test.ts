import { describe, expect, it } from "vitest";
import { overrideGrid } from "../../../../src/engine/tables.js";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("zodiac tables", () => {
  it("ships the called-shot costs and the Everyone Else TN, both from the seed", () => {
    expect(zodiac.tables.map((t) => t.id)).toEqual(["zodiac.called-shot-costs", "zodiac.everyone-else-tn"]);
    for (const t of zodiac.tables) {
      expect(t.ruleset).toBe("zodiac");
      expect(t.source).toBe("seed");
      expect(t.citation).toMatch(/Seed 003/);
      // Every shipped table passes its own validation.
      expect(overrideGrid(t, t.cells).cells).toEqual(t.cells);
    }
  });

  it("called-shot costs: 2 arm/leg, 3 hand/foot, 4 fingers/toes, 5 head", () => {
    const costs = zodiac.CALLED_SHOTS.map((loc) => zodiac.calledShotCost(loc));
    expect(costs).toEqual([2, 2, 3, 3, 4, 4, 5]);
    expect(codeOf(() => zodiac.calledShotCost("knee" as zodiac.CalledShot))).toBe("badChoice");
  });

  it("a GM override is read by the functions; a malformed one is refused", () => {
    const cheaper = overrideGrid(zodiac.calledShotCosts, [[1], [1], [2], [2], [3], [3], [4]]);
    expect(zodiac.calledShotCost("head", cheaper)).toBe(4);
    // Head cheaper than fingers breaks the table's order.
    expect(codeOf(() => overrideGrid(zodiac.calledShotCosts, [[2], [2], [3], [3], [4], [4], [3]]))).toBe("badTableCell");
    expect(codeOf(() => overrideGrid(zodiac.calledShotCosts, [[0], [2], [3], [3], [4], [4], [5]]))).toBe("badTableCell");

    const tn6 = overrideGrid(zodiac.everyoneElseTn, [[6]]);
    expect(zodiac.killEveryoneElse({ total: 5, wagers: 0 }).success).toBe(true);
    expect(zodiac.killEveryoneElse({ total: 5, wagers: 0 }, tn6).success).toBe(false);
    expect(codeOf(() => overrideGrid(zodiac.everyoneElseTn, [["five"]]))).toBe("badTableCell");
  });
});
