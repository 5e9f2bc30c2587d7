/** Cover: how many columns left the attacker shifts for each grade of cover. */
import type { Grid } from "../../../../engine/tables.js";
import { rowsNonDecreasing } from "../../../../engine/tables.js";

export const COVER_LEVELS = ["none", "light", "medium", "heavy"] as const;
export type CoverLevel = (typeof COVER_LEVELS)[number];

export const coverShiftsTable: Grid = {
  id: "faserip.coverShifts",
  ruleset: "faserip",
  source: "provisional",
  citation:
    "Provisional — replace from your rulebook. The source text says cover shifts the attacker's column left " +
    "but gives no amounts; Fracas ships light 1, medium 2, heavy 3 columns left (GM " +
    "chooses, 1–3). Cells are columns LEFT, so they are positive and grow with the cover.",
  rows: ["shiftLeft"],
  rowLabels: "FRACAS.Faserip.TableRow",
  columns: COVER_LEVELS,
  cells: [[0, 1, 2, 3]],
  cell: { kind: "int", min: 0, max: 20 },
  check: rowsNonDecreasing,
};
