/** The fixed Target Number for killing Everyone Else. */
import type { Grid } from "../../../../engine/tables.js";

export const everyoneElseTn: Grid = {
  id: "zodiac.everyone-else-tn",
  ruleset: "zodiac",
  source: "seed",
  citation: "Seed 003, Combat: \"To kill Everyone Else you roll Aries against a TN 5\" (the fixed Target Number of Five).",
  rows: ["everyoneElse"],
  rowLabels: "FRACAS.Zodiac.TableRow",
  columns: ["tn"],
  cells: [[5]],
  cell: { kind: "int", min: 1, max: 99 },
};
