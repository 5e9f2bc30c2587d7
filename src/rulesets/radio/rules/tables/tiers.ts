/** The combat skill an NPC adds to its rolls, by fighting tier. */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { columnsNonDecreasing } from "../../../../engine/tables.js";

export const tiersTable: Grid = {
  id: "radio.tiers",
  ruleset: "radio",
  source: "seed",
  citation:
    "Seed 001, Melee and Ranged Combat, NPC tier table: Novice −2, Standard 0, Skilled +2, Expert +5 " +
    "(the prose calls the top tier \"elite\").",
  rows: ["novice", "standard", "skilled", "expert"],
  rowLabels: "FRACAS.Radio.TableRow",
  columns: ["modifier"],
  cells: [[-2], [0], [2], [5]],
  cell: { kind: "int", min: -20, max: 20 },
  // A better tier never fights worse.
  check: (cells: readonly (readonly Cell[])[]): TableProblem | null => columnsNonDecreasing(cells),
};
