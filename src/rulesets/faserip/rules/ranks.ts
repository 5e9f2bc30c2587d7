/**
 * The FASERIP rank ladder. Keys are fixed vocabulary (sheets, tables and stored data use them);
 * the numbers and ranges behind them are data in the rank-numbers table so a GM can replace them.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { rankNumbersTable } from "./tables/rank-numbers.js";
import { RANK_KEYS } from "./rank-keys.js";
import type { RankKey } from "./rank-keys.js";

export { RANK_KEYS } from "./rank-keys.js";
export type { RankKey } from "./rank-keys.js";

/** A rank given either by name or by a raw rank number (characters may hold e.g. Excellent 22). */
export type RankValue = RankKey | number;

/** Raw rank numbers are whole numbers from 0 up; this cap only keeps sums exact in a double. */
export const MAX_RANK_NUMBER = 1_000_000_000;

export function requireRankKey(name: string, v: unknown): RankKey {
  return requireChoice(name, v, RANK_KEYS);
}

/** The rank number of a rank key (Good → 10). */
export function rankNumber(key: RankKey, table: Grid = rankNumbersTable): number {
  return intAt(table, requireRankKey("rank", key), "number");
}

/** The rank whose range contains `n` (a range runs from its own minimum to just below the next). */
export function rankFromNumber(n: number, table: Grid = rankNumbersTable): RankKey {
  requireInt("rank number", n, 0, MAX_RANK_NUMBER);
  let found: RankKey | null = null;
  for (const key of RANK_KEYS) {
    if (intAt(table, key, "min") <= n) found = key;
  }
  if (found === null) {
    throw new FracasRuleError("badRankNumber", `no rank contains ${n}`, { value: n });
  }
  return found;
}

/** The rank number of a key or a raw number, validated. */
export function toRankNumber(name: string, v: unknown, table: Grid = rankNumbersTable): number {
  if (typeof v === "number") return requireInt(name, v, 0, MAX_RANK_NUMBER);
  return rankNumber(requireRankKey(name, v), table);
}

/** The rank key of a key or a raw number, validated. */
export function toRankKey(name: string, v: unknown, table: Grid = rankNumbersTable): RankKey {
  if (typeof v === "number") return rankFromNumber(requireInt(name, v, 0, MAX_RANK_NUMBER), table);
  return requireRankKey(name, v);
}
