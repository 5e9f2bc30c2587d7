/** Dodging: the column shift a dodge result imposes on every attacker (negative = left). */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { COLORS } from "../colors.js";

export const dodgeShiftsTable: Grid = {
  id: "faserip.dodgeShifts",
  ruleset: "faserip",
  source: "seed",
  citation: "Seed 004, Attack Actions and Defense: Dodging shifts the attacker's column left — Green −2, Yellow −4, Red −6; White none.",
  rows: ["shift"],
  rowLabels: "FRACAS.Faserip.TableRow",
  columns: COLORS,
  cells: [[0, -2, -4, -6]],
  cell: { kind: "int", min: -20, max: 0 },
  check: betterDodgeNeverWorse,
};

/** A better dodge colour never shifts the attacker less. */
export function betterDodgeNeverWorse(cells: readonly (readonly Cell[])[]): TableProblem | null {
  const row = cells[0]!;
  for (let c = 1; c < row.length; c++) {
    if ((row[c] as number) > (row[c - 1] as number)) return { row: 0, column: c, reason: "must not be higher than the cell to its left", why: "notHigherThanLeft" };
  }
  return null;
}
