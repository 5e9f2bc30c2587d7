/**
 * The to-hit modifier each action gives its own tests, and the modifier every attacker suffers
 * against someone taking that action (only defensive has one).
 */
import type { Grid } from "../../../../engine/tables.js";

export const actionModifiersTable: Grid = {
  id: "radio.actionModifiers",
  ruleset: "radio",
  source: "seed",
  citation:
    "Seed 001, the five actions and Step 5: frenzied −2, standard 0, targeted +2, spell 0 (Step 5 says " +
    "0 standard/spell; the Step 2 summary says spell +1 — Fracas ships 0 and offers +1 as the " +
    "spellBonus option), defensive −4 to every attacker in each phase. A defensive character makes no " +
    "test, so its own cell is 0 and never read.",
  rows: ["frenzied", "standard", "targeted", "spell", "defensive"],
  rowLabels: "FRACAS.Radio.TableRow",
  columns: ["ownTest", "againstTarget"],
  cells: [
    [-2, 0],
    [0, 0],
    [2, 0],
    [0, 0],
    [0, -4],
  ],
  cell: { kind: "int", min: -20, max: 20 },
};
