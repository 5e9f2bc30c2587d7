/** Reading the Universal Table, and the exact chance of each colour. */
import { requireInt } from "../../../engine/errors.js";
import { d100BandCounts } from "../../../engine/odds.js";
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
  // colorOnColumn's order (Red, then Yellow, then Green) as bands of the effective roll
  // e = min(100, face + Karma): White up to min(G, Y, R) − 1, Green up to min(Y, R) − 1, Yellow up
  // to R − 1, Red above. A threshold that is not a number is never reached, as `roll >= NaN` is false.
  const lowest = (threshold: number): number => (Number.isNaN(threshold) ? Infinity : Math.ceil(threshold));
  const red = lowest(intAt(table, column, "red"));
  const yellow = lowest(intAt(table, column, "yellow"));
  const green = lowest(intAt(table, column, "green"));
  // e ≤ t holds for every face when t ≥ 100 (the roll caps there), else for faces up to t − Karma.
  const faceBound = (t: number): number => Math.min(100, Math.max(0, t >= 100 ? 100 : t - karmaBonus));
  const bounds = [Math.min(green, yellow, red) - 1, Math.min(yellow, red) - 1, red - 1].map(faceBound);
  const [white, greenCount, yellowCount, redCount] = d100BandCounts(bounds) as [number, number, number, number];
  return { white, green: greenCount, yellow: yellowCount, red: redCount };
}

/** The exact chance of each colour, counted over the 100 faces of the d100. */
export function colorOdds(rank: RankKey, shift = 0, karmaBonus = 0, table: Grid = universalTable): ColorCounts {
  const c = colorCounts(rank, shift, karmaBonus, table);
  return { white: c.white / 100, green: c.green / 100, yellow: c.yellow / 100, red: c.red / 100 };
}
