/**
 * Damage Class × Quality Rating → Wound Level. Rows A…L, columns QR1 (best) … QR4.
 * Generated from RULES.md's formula so the shipped grid and the rule cannot drift apart.
 */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { DAMAGE_CLASSES, QUALITY_COLUMNS, WOUND_LEVELS, levelAt } from "../vocabulary.js";

/** RULES.md §1: level index = ⌈dc/2⌉ + (4 − QR), dc 0 for A … 11 for L, clamped to none…KL. */
function formulaLevel(dcIndex: number, qr: number): string {
  return levelAt(Math.ceil(dcIndex / 2) + (4 - qr));
}

export const woundTable: Grid = {
  id: "bond.woundTable",
  ruleset: "bond",
  source: "provisional",
  citation:
    "provisional — replace from your rulebook. The source text says Damage Class is indexed against the " +
    "Quality Rating to give the Wound Level but does not print the table; Fracas gives the " +
    "default: level index = ⌈dc/2⌉ + (4 − QR) over none, ST, LW, MW, HW, IN, KL (A = 0 … L = 11), " +
    "clamped. An override must stay monotone: a higher DC or a better QR never gives a lesser wound.",
  rows: DAMAGE_CLASSES,
  choiceLabels: "FRACAS.Bond.Wound",
  columns: QUALITY_COLUMNS,
  cells: DAMAGE_CLASSES.map((_, dc) => QUALITY_COLUMNS.map((_, q) => formulaLevel(dc, q + 1))),
  cell: { kind: "choice", choices: WOUND_LEVELS },
  check: checkWoundTableMonotone,
};

function rank(cell: Cell | undefined): number {
  return WOUND_LEVELS.indexOf(cell as (typeof WOUND_LEVELS)[number]);
}

/** Down a column (higher DC) never lighter; along a row (worse QR) never heavier. */
export function checkWoundTableMonotone(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 0; c < row.length; c++) {
      if (r > 0 && rank(row[c]) < rank(cells[r - 1]![c])) {
        return { row: r, column: c, reason: "a higher Damage Class must not give a lesser wound than the row above", why: "higherClassLesserWound" };
      }
      if (c > 0 && rank(row[c]) > rank(row[c - 1])) {
        return { row: r, column: c, reason: "a worse Quality Rating must not give a greater wound than the column to its left", why: "worseQualityGreaterWound" };
      }
    }
  }
  return null;
}
