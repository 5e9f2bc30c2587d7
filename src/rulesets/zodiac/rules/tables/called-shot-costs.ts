/** Wagers a called shot costs, by body location. */
import { columnsNonDecreasing, type Grid } from "../../../../engine/tables.js";

export const CALLED_SHOTS = ["arm", "leg", "hand", "foot", "fingers", "toes", "head"] as const;
export type CalledShot = (typeof CALLED_SHOTS)[number];

export const calledShotCosts: Grid = {
  id: "zodiac.called-shot-costs",
  ruleset: "zodiac",
  source: "seed",
  citation:
    "Seed 003, Combat, the called-shot paragraph: two Wagers for the arms or legs, three for a hand or foot, " +
    "four for fingers and toes, five for a bullet in the head.",
  rows: CALLED_SHOTS,
  rowLabels: "FRACAS.Zodiac.CalledShot",
  columns: ["wagers"],
  cells: [[2], [2], [3], [3], [4], [4], [5]],
  cell: { kind: "int", min: 1, max: 20 },
  // Rows run from the broadest target to the smallest: a finer shot is never cheaper.
  check: columnsNonDecreasing,
};
