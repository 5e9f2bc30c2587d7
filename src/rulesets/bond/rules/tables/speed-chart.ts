/** Speed chart: the lowest Dexterity + Perception that gives each Speed. */
import type { Grid } from "../../../../engine/tables.js";
import { strictlyRisingFromZero } from "./threshold-check.js";

export const speedChartTable: Grid = {
  id: "bond.speedChart",
  ruleset: "bond",
  source: "provisional",
  citation:
    "provisional — replace from your rulebook. The source text says Speed comes from Dexterity and " +
    "Perception and runs 0–3 but does not print the chart; Fracas's default on Dexterity + " +
    "Perception: up to 15 → 0, 16–20 → 1, 21–25 → 2, 26 or more → 3.",
  rows: ["0", "1", "2", "3"],
  columns: ["minimumDexterityPlusPerception"],
  cells: [[0], [16], [21], [26]],
  cell: { kind: "int", min: 0, max: 100 },
  check: strictlyRisingFromZero,
};
