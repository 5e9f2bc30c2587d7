/**
 * Wound Accumulation Chart: current wound (row) × incoming wound (column) → new wound.
 * Generated from RULES.md's provisional rule; the check keeps any override from ever healing.
 */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { WOUND_LEVELS, levelAt, levelIndex, worseOf } from "../vocabulary.js";
import type { WoundLevel } from "../vocabulary.js";

/** RULES.md §1 (P): Stun never accumulates; otherwise one level above the worse, capped at KL. */
function formulaAccumulate(current: WoundLevel, incoming: WoundLevel): WoundLevel {
  if (current === "none" || incoming === "none") return worseOf(current, incoming);
  if (current === "ST" || incoming === "ST") return worseOf(current, incoming);
  return levelAt(levelIndex(worseOf(current, incoming)) + 1);
}

export const woundAccumulationTable: Grid = {
  id: "bond.woundAccumulation",
  ruleset: "bond",
  source: "provisional",
  citation:
    "provisional — replace from your rulebook. The source text cites the Wound Accumulation Chart (a new " +
    "wound on a wounded character increases the Wound Level) without printing it; Fracas's " +
    "default: a Stun never accumulates; otherwise the result is one level above the worse of the " +
    "current and incoming wounds, capped at KL (so any real wound on an IN character kills). Rows are " +
    "the current level, columns the incoming one.",
  rows: WOUND_LEVELS,
  rowLabels: "FRACAS.Bond.Wound",
  choiceLabels: "FRACAS.Bond.Wound",
  columns: WOUND_LEVELS,
  cells: WOUND_LEVELS.map((current) => WOUND_LEVELS.map((incoming) => formulaAccumulate(current, incoming))),
  cell: { kind: "choice", choices: WOUND_LEVELS },
  check: checkAccumulation,
};

function rank(cell: Cell | undefined): number {
  return WOUND_LEVELS.indexOf(cell as WoundLevel);
}

/**
 * An unwounded character takes the incoming wound as is; no wound changes nothing; a result is
 * never lighter than either wound; a worse current or incoming wound never gives a lighter result.
 */
export function checkAccumulation(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 0; c < row.length; c++) {
      const v = rank(row[c]);
      if (r === 0 && v !== c) return { row: r, column: c, reason: "an unwounded character must take the incoming wound unchanged", why: "unwoundedTakesIncoming" };
      if (c === 0 && v !== r) return { row: r, column: c, reason: "no incoming wound must leave the current wound unchanged", why: "noIncomingKeepsCurrent" };
      if (v < Math.max(r, c)) return { row: r, column: c, reason: "the result must not be lighter than the current or the incoming wound", why: "notLighterThanEither" };
      if (r > 0 && v < rank(cells[r - 1]![c])) return { row: r, column: c, reason: "must not be lighter than the cell above it", why: "notLighterThanAbove" };
      if (c > 0 && v < rank(row[c - 1])) return { row: r, column: c, reason: "must not be lighter than the cell to its left", why: "notLighterThanLeft" };
    }
  }
  return null;
}
