/** Wounds dealt by one successful hit, by weapon category, for an unskilled and a skilled user. */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { rowsNonDecreasing } from "../../../../engine/tables.js";

export const damageTable: Grid = {
  id: "radio.damage",
  ruleset: "radio",
  source: "seed",
  citation:
    "Seed 001, damage table after the five actions: hand to hand 1; rocks (thrown or fired) 1, 2 if " +
    "skilled; clubs 2; blades and projectiles 3; area weapons (flame thrower, grenade) 4. Only rocks " +
    "name a skilled value, so the other rows repeat their value in the skilled column.",
  rows: ["hand", "rocks", "club", "blade", "projectile", "area"],
  rowLabels: "FRACAS.Radio.Weapon",
  columns: ["unskilled", "skilled"],
  cells: [
    [1, 1],
    [1, 2],
    [2, 2],
    [3, 3],
    [3, 3],
    [4, 4],
  ],
  // A hit always wounds (the seed's minimum is 1 even when halved), and skill never hurts.
  cell: { kind: "int", min: 1, max: 100 },
  check: (cells: readonly (readonly Cell[])[]): TableProblem | null => rowsNonDecreasing(cells),
};
