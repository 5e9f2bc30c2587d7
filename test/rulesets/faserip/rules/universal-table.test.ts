import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { overrideGrid } from "../../../../src/engine/tables.js";
import {
  RANK_KEYS,
  SHIFTABLE_RANKS,
  UNIVERSAL_TABLE_VARIANTS,
  shiftRank,
  universalColor,
  universalTable,
} from "../../../../src/rulesets/faserip/rules/index.js";
import type { Color, RankKey } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

// Copied from RULES.md §4 (the peers' consensus), independent of the shipped module.
const SPEC: Record<RankKey, [number, number, number]> = {
  shift0: [66, 95, 100],
  feeble: [61, 91, 100],
  poor: [56, 86, 100],
  typical: [51, 81, 98],
  good: [46, 76, 98],
  excellent: [41, 71, 95],
  remarkable: [36, 66, 95],
  incredible: [31, 61, 91],
  amazing: [26, 56, 91],
  monstrous: [21, 51, 86],
  unearthly: [16, 46, 86],
  shiftX: [11, 41, 81],
  shiftY: [7, 41, 81],
  shiftZ: [4, 36, 76],
  class1000: [2, 36, 76],
  class3000: [2, 31, 71],
  class5000: [2, 26, 66],
  beyond: [2, 21, 61],
};

const BELOW: Record<string, Color> = { green: "white", yellow: "green", red: "yellow" };
const boundaries = RANK_KEYS.flatMap((rank) =>
  (["green", "yellow", "red"] as const).map((t, i) => [rank, t, SPEC[rank][i]!] as const),
);

describe("Universal Table — every cell boundary", () => {
  it("has 18 columns × 3 thresholds", () => {
    expect(universalTable.rows).toHaveLength(18);
    expect(universalTable.columns).toEqual(["green", "yellow", "red"]);
    expect(boundaries).toHaveLength(54);
  });

  it.each(boundaries)("%s %s at %i", (rank, threshold, t) => {
    expect(universalColor(t - 1, rank)).toBe(BELOW[threshold]);
    expect(universalColor(t, rank)).toBe(threshold);
  });

  it.each(RANK_KEYS)("%s: 1 is White and 100 is Red", (rank) => {
    expect(universalColor(1, rank)).toBe("white");
    expect(universalColor(100, rank)).toBe("red");
  });
});

describe("Universal Table — its own check", () => {
  it("the shipped table passes", () => {
    expect(universalTable.check?.(universalTable.cells)).toBeNull();
    expect(() => overrideGrid(universalTable, universalTable.cells)).not.toThrow();
  });

  it("refuses thresholds out of order within a column", () => {
    const cells = universalTable.cells.map((r) => [...r]);
    cells[3]![1] = 50; // Typical Yellow below its Green
    expectRuleError(() => overrideGrid(universalTable, cells), "badTableCell");
  });

  it("refuses a higher rank with a harder threshold", () => {
    const cells = universalTable.cells.map((r) => [...r]);
    cells[6]![0] = 45; // Remarkable Green above Excellent's 41
    expectRuleError(() => overrideGrid(universalTable, cells), "badTableCell");
  });

  it.each(UNIVERSAL_TABLE_VARIANTS)("known variant $row $cells passes the check and reads through", (v) => {
    const r = RANK_KEYS.indexOf(v.row as RankKey);
    const cells = universalTable.cells.map((row, i) => (i === r ? [...v.cells] : [...row]));
    const g = overrideGrid(universalTable, cells);
    expect(universalColor(v.cells[1], v.row as RankKey, 0, g)).toBe("yellow");
    expect(universalColor(v.cells[1] - 1, v.row as RankKey, 0, g)).toBe("green");
  });

  it("the variants are not the shipped defaults", () => {
    for (const v of UNIVERSAL_TABLE_VARIANTS) {
      expect(universalTable.cells[RANK_KEYS.indexOf(v.row as RankKey)]).not.toEqual(v.cells);
    }
  });
});

describe("column shifts", () => {
  it("shift moves along the ladder", () => {
    expect(shiftRank("good", 1)).toBe("excellent");
    expect(shiftRank("good", -2)).toBe("poor");
    expect(shiftRank("remarkable", 0)).toBe("remarkable");
  });

  it("clamps at Shift 0 and Shift Z", () => {
    expect(shiftRank("feeble", -6)).toBe("shift0");
    expect(shiftRank("unearthly", 5)).toBe("shiftZ");
    expect(shiftRank("shiftZ", 1)).toBe("shiftZ");
  });

  it("Class columns and Beyond do not shift", () => {
    for (const k of ["class1000", "class3000", "class5000", "beyond"] as const) {
      expect(shiftRank(k, -6)).toBe(k);
      expect(shiftRank(k, 3)).toBe(k);
    }
  });

  it("the shifted column is read: Good at −2 CS uses Poor's thresholds", () => {
    expect(universalColor(55, "good", -2)).toBe("white");
    expect(universalColor(56, "good", -2)).toBe("green");
    expect(universalColor(46, "good")).toBe("green");
  });

  it("shifts stay inside Shift 0..Shift Z and never change a Class column (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...RANK_KEYS), fc.integer({ min: -100, max: 100 }), (rank, shift) => {
        const col = shiftRank(rank, shift);
        const i = SHIFTABLE_RANKS.indexOf(rank);
        if (i < 0) return col === rank;
        const expected = SHIFTABLE_RANKS[Math.max(0, Math.min(SHIFTABLE_RANKS.length - 1, i + shift))];
        return col === expected;
      }),
      { numRuns: 1000 },
    );
  });

  it("a larger shift never gives a worse colour on the same roll (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.constantFrom(...RANK_KEYS), fc.integer({ min: -20, max: 20 }), (roll, rank, s) => {
        const order = ["white", "green", "yellow", "red"];
        return order.indexOf(universalColor(roll, rank, s + 1)) >= order.indexOf(universalColor(roll, rank, s));
      }),
      { numRuns: 1000 },
    );
  });

  it("bad rolls, ranks and shifts are typed errors (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.double({ noInteger: true })), (roll) =>
        throwsRuleError(() => universalColor(roll, "good")),
      ),
      { numRuns: 1000 },
    );
    expectRuleError(() => universalColor(50, "great" as RankKey), "badChoice");
    expectRuleError(() => universalColor(50, "good", 0.5), "badNumber");
    expectRuleError(() => shiftRank("good", 101), "badNumber");
  });
});
