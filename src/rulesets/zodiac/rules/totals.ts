/** Turning rolled dice values into a total. */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { requireArea } from "./areas.js";
import { MAX_DICE } from "./limits.js";
import { requireRecord } from "./validate.js";

/**
 * keepArea — D (RULES.md §3, from the worked example): keep the highest *Area* dice and total them.
 * sumWithoutOnes — the setting RULES.md offers instead: every die counts except 1s.
 */
export const TOTAL_MODES = ["keepArea", "sumWithoutOnes"] as const;
export type TotalMode = (typeof TOTAL_MODES)[number];
export const DEFAULT_TOTAL_MODE: TotalMode = "keepArea";

/** Dice values as rolled: whole numbers 1–6. */
export function requireDice(dice: unknown): number[] {
  if (!Array.isArray(dice)) throw new FracasRuleError("badDice", "dice must be a list of d6 values", {});
  if (dice.length > MAX_DICE) {
    throw new FracasRuleError("badDice", `at most ${MAX_DICE} dice (got ${dice.length})`, { count: dice.length, max: MAX_DICE });
  }
  return dice.map((d, k) => requireInt(`dice[${k}]`, d, 1, 6));
}

export function requireMode(mode: unknown): TotalMode {
  return mode === undefined ? DEFAULT_TOTAL_MODE : requireChoice("mode", mode, TOTAL_MODES);
}

/** Sum of the highest `keep` dice; keeping more dice than were rolled keeps them all. */
export function keptTotal(dice: readonly number[], keep: number): number {
  const values = requireDice(dice);
  const k = requireInt("keep", keep, 0, MAX_DICE);
  return values
    .sort((x, y) => y - x)
    .slice(0, k)
    .reduce((sum, d) => sum + d, 0);
}

/** Sum of every die that is not a 1. */
export function sumWithoutOnes(dice: readonly number[]): number {
  return requireDice(dice).reduce((sum, d) => sum + (d === 1 ? 0 : d), 0);
}

export interface RollTotalOptions {
  /** Rating of the Area rolled: how many dice are kept under keepArea. */
  area: number;
  mode?: TotalMode;
}

/** The roll's total under the world's setting. */
export function rollTotal(dice: readonly number[], options: RollTotalOptions): number {
  const o = requireRecord("options", options);
  const area = requireArea("area", o.area);
  return requireMode(o.mode) === "keepArea" ? keptTotal(dice, area) : sumWithoutOnes(dice);
}
