/** The Battle Effects Table: what each colour means for each attack action. */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { ATTACK_ACTIONS, BATTLE_EFFECTS } from "../actions.js";
import { COLORS } from "../colors.js";

/** Cells that the seed does not name and Fracas fills from the later Advanced table (P). */
export const BATTLE_EFFECT_PROVISIONAL_CELLS: readonly { action: string; color: string }[] = [
  { action: "grappling", color: "green" },
  { action: "grappling", color: "yellow" },
  { action: "escaping", color: "green" },
  { action: "snatching", color: "green" },
];

export const battleEffectsTable: Grid = {
  id: "faserip.battleEffects",
  ruleset: "faserip",
  source: "seed",
  citation:
    "Seed 004, Attack Actions: Slugfest Hit/Slam/Stun, Hack & Slash Hit/Stun/Kill, Shooting and Throwing " +
    "Hit/Bull's-Eye/Kill, Grappling Hold/Reverse, Escaping Miss/Escape/Reverse, Snatching Miss/Grab/Break, " +
    "Charging Hit/Slam/Stun; White is a miss. Provisional cells (the source text names no outcome there; filled " +
    "as in the later Advanced table): Grappling Green Miss and Yellow Partial hold, Escaping Green Miss, " +
    "Snatching Green Miss.",
  rows: ATTACK_ACTIONS,
  rowLabels: "FRACAS.Faserip.Action",
  choiceLabels: "FRACAS.Faserip.Effect",
  columns: COLORS,
  cells: [
    ["miss", "hit", "slam", "stun"],
    ["miss", "hit", "stun", "kill"],
    ["miss", "hit", "bullseye", "kill"],
    ["miss", "hit", "bullseye", "kill"],
    ["miss", "miss", "partial", "hold"],
    ["miss", "miss", "escape", "reverse"],
    ["miss", "miss", "grab", "break"],
    ["miss", "hit", "slam", "stun"],
  ],
  cell: { kind: "choice", choices: BATTLE_EFFECTS },
  check: whiteIsMiss,
};

/** A White result is a failed FEAT on every row of the Universal Table, so it can only miss. */
export function whiteIsMiss(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 0; r < cells.length; r++) {
    if (cells[r]![0] !== "miss") return { row: r, column: 0, reason: "a White result must be a miss", why: "whiteIsMiss" };
  }
  return null;
}
