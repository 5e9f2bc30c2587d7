import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { overrideGrid } from "../../../../src/engine/tables.js";
import type { Cell } from "../../../../src/engine/tables.js";
import {
  DAMAGE_CLASSES,
  WOUND_LEVELS,
  accumulateWound,
  coverModifiersTable,
  easeFactor,
  hthDamageClass,
  hthDamageClassTable,
  qualityOdds,
  qualityRating,
  qualityResultsTable,
  rangeModifiersTable,
  resolveAttack,
  resolveScar,
  scarLocationTable,
  speedChartTable,
  speedFromCharacteristics,
  tables,
  woundAccumulationTable,
  woundLevel,
  woundTable,
} from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

const copy = (cells: readonly (readonly Cell[])[]): Cell[][] => cells.map((r) => [...r]);

describe("shipped tables", () => {
  it("exports all eight with ids, sources and citations", () => {
    expect(tables.map((t) => t.id).sort()).toEqual(
      ["bond.coverModifiers", "bond.hthDamageClass", "bond.qualityResults", "bond.rangeModifiers", "bond.scarLocation", "bond.speedChart", "bond.woundAccumulation", "bond.woundTable"].sort(),
    );
    for (const t of tables) {
      expect(t.ruleset).toBe("bond");
      expect(t.citation.length).toBeGreaterThan(40);
      if (t.source === "provisional") expect(t.citation).toContain("provisional — replace from your rulebook");
      expect(t.cells).toHaveLength(t.rows.length);
      for (const row of t.cells) expect(row).toHaveLength(t.columns.length);
      // every shipped table passes its own validation unchanged
      expect(overrideGrid(t, copy(t.cells)).cells).toEqual(t.cells);
    }
    expect(rangeModifiersTable.source).toBe("peers");
  });
  it("the DC × QR table is 12 × 4 and matches RULES.md's formula cell by cell", () => {
    expect(woundTable.rows).toEqual(DAMAGE_CLASSES);
    expect(woundTable.columns).toEqual(["QR1", "QR2", "QR3", "QR4"]);
    DAMAGE_CLASSES.forEach((dc, d) => {
      for (let qr = 1; qr <= 4; qr++) {
        const idx = Math.min(6, Math.ceil(d / 2) + 4 - qr);
        expect(woundLevel(dc, qr)).toBe(WOUND_LEVELS[idx]);
      }
    });
  });
  it("the accumulation chart is 7 × 7 over the wound levels", () => {
    expect(woundAccumulationTable.rows).toEqual(WOUND_LEVELS);
    expect(woundAccumulationTable.columns).toEqual(WOUND_LEVELS);
  });
});

describe("overrides are validated", () => {
  it("a non-monotone wound table is refused, naming the cell", () => {
    const cells = copy(woundTable.cells);
    cells[5]![0] = "none"; // F at QR1 lighter than E at QR1
    const e = expectRuleError(() => overrideGrid(woundTable, cells), "badTableCell");
    expect(e.data.row).toBe("F");
    expect(e.data.column).toBe("QR1");
    const rowWise = copy(woundTable.cells);
    rowWise[0]![3] = "KL"; // A at QR4 worse than A at QR3
    expectRuleError(() => overrideGrid(woundTable, rowWise), "badTableCell");
  });
  it("an accumulation chart that heals is refused", () => {
    const cells = copy(woundAccumulationTable.cells);
    cells[3]![2] = "LW"; // MW + LW lighter than MW
    expectRuleError(() => overrideGrid(woundAccumulationTable, cells), "badTableCell");
    const noneRow = copy(woundAccumulationTable.cells);
    noneRow[0]![2] = "MW"; // an unwounded character must take LW as LW
    expectRuleError(() => overrideGrid(woundAccumulationTable, noneRow), "badTableCell");
  });
  it("threshold tables must start at 0 and rise; quality bands must widen to 100", () => {
    expectRuleError(() => overrideGrid(speedChartTable, [[0], [16], [16], [26]]), "badTableCell");
    expectRuleError(() => overrideGrid(hthDamageClassTable, [[3], [10], [13]]), "badTableCell");
    expectRuleError(() => overrideGrid(qualityResultsTable, [[10], [5], [50], [100]]), "badTableCell");
    expectRuleError(() => overrideGrid(qualityResultsTable, [[10], [25], [50], [90]]), "badTableCell");
    expectRuleError(() => overrideGrid(rangeModifiersTable, [[2, 1], [1, 1], [0, 0], [1, -1]]), "badTableCell");
    expectRuleError(() => overrideGrid(coverModifiersTable, [[0], [-2], [-1], [-3]]), "badTableCell");
    expectRuleError(() => overrideGrid(scarLocationTable, [["face"], ["nose"], ["hand"], ["hand"], ["arm"], ["arm"], ["torso"], ["torso"], ["leg"], ["leg"]]), "badTableCell");
  });
  it("property: random wound tables are accepted exactly when monotone", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 4 }), { minLength: 12, maxLength: 12 }), (idx) => {
        const cells = idx.map((row) => row.map((i) => WOUND_LEVELS[i]!));
        let monotone = true;
        for (let r = 0; r < 12; r++)
          for (let c = 0; c < 4; c++) {
            if (r > 0 && idx[r]![c]! < idx[r - 1]![c]!) monotone = false;
            if (c > 0 && idx[r]![c]! > idx[r]![c - 1]!) monotone = false;
          }
        let accepted = true;
        try {
          overrideGrid(woundTable, cells);
        } catch {
          accepted = false;
        }
        expect(accepted).toBe(monotone);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("functions read a GM's override when given one", () => {
  it("every table-reading function takes its table as the last argument", () => {
    const harsh = overrideGrid(woundTable, DAMAGE_CLASSES.map(() => ["KL", "KL", "KL", "KL"]));
    expect(woundLevel("A", 4, harsh)).toBe("KL");
    expect(resolveAttack({ attackKind: "fire", primaryChance: 10, roll: 40, damageClass: "A" }, { wounds: harsh }).woundLevel).toBe("KL");

    const bands = overrideGrid(qualityResultsTable, [[20], [40], [60], [100]]);
    expect(qualityRating(10, 50, bands)).toBe(1); // 10 ≤ 20% of 50
    expect(qualityOdds(50, bands).counts.qr1).toBe(10);

    const slowChart = overrideGrid(speedChartTable, [[0], [20], [25], [30]]);
    expect(speedFromCharacteristics(9, 9, slowChart)).toBe(0);
    expect(speedFromCharacteristics(9, 9)).toBe(1);

    const strong = overrideGrid(hthDamageClassTable, [[0], [5], [8]]);
    expect(hthDamageClass(8, "none", strong)).toBe("C");

    const lethal = overrideGrid(woundAccumulationTable, WOUND_LEVELS.map((r, ri) => WOUND_LEVELS.map((c, ci) => (ri === 0 ? c : ci === 0 ? r : "KL"))));
    expect(accumulateWound("LW", "ST", lethal)).toBe("KL");

    const range = overrideGrid(rangeModifiersTable, [[3, 2], [2, 1], [0, 0], [-2, -1]]);
    expect(easeFactor({ attackKind: "fire", range: "long" }, { range }).total).toBe(3);
    const cover = overrideGrid(coverModifiersTable, [[0], [-2], [-3], [-4]]);
    expect(easeFactor({ attackKind: "fire", cover: "heavy" }, { cover }).total).toBe(1);

    const scars = overrideGrid(scarLocationTable, scarLocationTable.rows.map(() => ["leg"]));
    expect(resolveScar(1, scars)).toEqual({ location: "leg", visible: false, fame: 0 });
  });
});
