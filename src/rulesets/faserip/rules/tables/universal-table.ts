/**
 * The Universal Table: for each column (rank), the lowest d100 roll that gives Green, Yellow and
 * Red. Anything below the Green value is White.
 */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { RANK_KEYS } from "../rank-keys.js";

export const UNIVERSAL_THRESHOLDS = ["green", "yellow", "red"] as const;
export type Threshold = (typeof UNIVERSAL_THRESHOLDS)[number];

export const universalTable: Grid = {
  id: "faserip.universalTable",
  ruleset: "faserip",
  source: "peers",
  citation:
    "Consensus of the public FASERIP implementations (kazem666/faserip-foundry, bkurtisadams/msh-faserip, " +
    "worldsofwondergames/faserip, FASERIPJudge data): the lowest d100 roll for Green, Yellow and Red in each " +
    "column. Known variants, not shipped: Poor 56/81/98, Excellent 40/…/96, Shift Y 7/36/81 " +
    "(see rules/DECISIONS.md).",
  rows: RANK_KEYS,
  rowLabels: "FRACAS.Faserip.Rank",
  columns: UNIVERSAL_THRESHOLDS,
  cells: [
    [66, 95, 100],
    [61, 91, 100],
    [56, 86, 100],
    [51, 81, 98],
    [46, 76, 98],
    [41, 71, 95],
    [36, 66, 95],
    [31, 61, 91],
    [26, 56, 91],
    [21, 51, 86],
    [16, 46, 86],
    [11, 41, 81],
    [7, 41, 81],
    [4, 36, 76],
    [2, 36, 76],
    [2, 31, 71],
    [2, 26, 66],
    [2, 21, 61],
  ],
  cell: { kind: "int", min: 1, max: 100 },
  check: universalTableCheck,
};

/**
 * Within a column Green < Yellow < Red (every colour reachable, in order); down the table each
 * threshold never rises, so a higher rank is never worse — true of every column in the consensus.
 */
export function universalTableCheck(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 1; c < row.length; c++) {
      if ((row[c] as number) <= (row[c - 1] as number)) {
        return { row: r, column: c, reason: "must be higher than the threshold to its left", why: "aboveThresholdLeft" };
      }
    }
    if (r === 0) continue;
    const above = cells[r - 1]!;
    for (let c = 0; c < row.length; c++) {
      if ((row[c] as number) > (above[c] as number)) {
        return { row: r, column: c, reason: "must not be higher than the same threshold one rank lower", why: "notAboveRankLower" };
      }
    }
  }
  return null;
}

/**
 * Column values some public tables print differently from the consensus. Not shipped as the
 * default; a GM who owns the book can apply one through a table override.
 */
export const UNIVERSAL_TABLE_VARIANTS: readonly { row: string; cells: readonly [number, number, number]; note: string }[] = [
  { row: "poor", cells: [56, 81, 98], note: "Poor printed like Typical's Yellow and Red (one peer data file)" },
  { row: "excellent", cells: [40, 71, 96], note: "Excellent Green 40 and Red 96 (Yellow as consensus)" },
  { row: "shiftY", cells: [7, 36, 81], note: "Shift Y Yellow 36 instead of 41 (one peer data file)" },
];
