/** Action tokens earned by describing an action in more detail than "I shoot him". */
import type { Grid } from "../../../../engine/tables.js";

export const tokensTable: Grid = {
  id: "radio.tokens",
  ruleset: "radio",
  source: "seed",
  citation:
    "Seed 001, Combat Cheat Sheet Step 4: a described action earns 2 tokens (standard or targeted) or " +
    "1 (frenzied and defensive). Spell is not named; Fracas gives it 2 like the other " +
    "two-test actions. An undescribed action earns nothing.",
  rows: ["frenzied", "standard", "targeted", "spell", "defensive"],
  rowLabels: "FRACAS.Radio.TableRow",
  columns: ["described"],
  cells: [[1], [2], [2], [2], [1]],
  cell: { kind: "int", min: 0, max: 20 },
};
