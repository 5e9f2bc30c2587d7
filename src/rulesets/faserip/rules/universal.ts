/** Reading the Universal Table, and the exact chance of each colour. */
import { requireInt } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import type { Color } from "./colors.js";
import type { RankKey } from "./rank-keys.js";
import { shiftRank } from "./shifts.js";
import { universalTable } from "./tables/universal-table.js";

/** Karma can be large; this cap only rejects nonsense. */
export const MAX_KARMA = 1_000_000_000;

/** The colour of a d100 `roll` (1..100) on `rank`'s column after `shift` column shifts. */
export function universalColor(roll: number, rank: RankKey, shift = 0, table: Grid = universalTable): Color {
  requireInt("roll", roll, 1, 100);
  return colorOnColumn(roll, shiftRank(rank, shift), table);
}

/** The colour of an already-validated roll on a column (no shifting). */
export function colorOnColumn(roll: number, column: RankKey, table: Grid = universalTable): Color {
  if (roll >= intAt(table, column, "red")) return "red";
  if (roll >= intAt(table, column, "yellow")) return "yellow";
  if (roll >= intAt(table, column, "green")) return "green";
  return "white";
}

/** A d100 roll with Karma added before rolling: +1 per point, never above 100. */
export function rollWithKarma(roll: number, karmaPoints: number): number {
  requireInt("roll", roll, 1, 100);
  requireInt("karma points", karmaPoints, 0, MAX_KARMA);
  return Math.min(100, roll + karmaPoints);
}

export interface ColorCounts {
  white: number;
  green: number;
  yellow: number;
  red: number;
}

/** How many of the 100 d100 faces give each colour (Karma added to every face). */
export function colorCounts(rank: RankKey, shift = 0, karmaBonus = 0, table: Grid = universalTable): ColorCounts {
  const column = shiftRank(rank, shift);
  requireInt("karma bonus", karmaBonus, 0, MAX_KARMA);
  const counts: ColorCounts = { white: 0, green: 0, yellow: 0, red: 0 };
  for (let face = 1; face <= 100; face++) {
    counts[colorOnColumn(Math.min(100, face + karmaBonus), column, table)] += 1;
  }
  return counts;
}

/** The exact chance of each colour, counted over the 100 faces of the d100. */
export function colorOdds(rank: RankKey, shift = 0, karmaBonus = 0, table: Grid = universalTable): ColorCounts {
  const c = colorCounts(rank, shift, karmaBonus, table);
  return { white: c.white / 100, green: c.green / 100, yellow: c.yellow / 100, red: c.red / 100 };
}
