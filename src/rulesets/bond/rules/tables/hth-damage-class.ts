/** Hand-to-Hand Damage Class by Strength: the lowest Strength that gives each DC. */
import type { Grid } from "../../../../engine/tables.js";
import { strictlyRisingFromZero } from "./threshold-check.js";

export const hthDamageClassTable: Grid = {
  id: "bond.hthDamageClass",
  ruleset: "bond",
  source: "provisional",
  citation:
    "provisional — replace from your rulebook. The source text says that, depending on Strength, a " +
    "character's Hand-to-Hand Damage Class is up to C; the bands are Fracas's default: " +
    "Strength 9 or less → A, 10–12 → B, 13 or more → C.",
  rows: ["A", "B", "C"],
  columns: ["minimumStrength"],
  cells: [[0], [10], [13]],
  cell: { kind: "int", min: 0, max: 100 },
  check: strictlyRisingFromZero,
};
