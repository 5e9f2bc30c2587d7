/**
 * The d100 task roll: Primary Chance × Ease Factor gives the Success Chance; a roll at or under
 * it succeeds (100 always fails) and the Quality Results bands grade the success.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { qualityResultsTable } from "./tables/quality-results.js";
import { QUALITY_COLUMNS } from "./vocabulary.js";
import type { QualityRating } from "./vocabulary.js";

export const MIN_EASE = 0.5;
export const MAX_EASE = 10;
/** Fire Combat and Hand-to-Hand attacks are both made at Ease Factor 5 before modifiers. */
export const BASE_ATTACK_EASE = 5;
/** Largest Primary Chance accepted: far above any character, small enough to stay exact. */
export const MAX_PRIMARY_CHANCE = 999;

/** Ease Factors run ½…10: anything harder is ½, anything easier is 10. */
export function clampEase(easeFactor: number): number {
  if (typeof easeFactor !== "number" || !Number.isFinite(easeFactor)) {
    throw new FracasRuleError("notFinite", `easeFactor must be a finite number (got ${String(easeFactor)})`, {
      name: "easeFactor",
      value: String(easeFactor),
    });
  }
  return Math.min(MAX_EASE, Math.max(MIN_EASE, easeFactor));
}

/** Success Chance = ⌊Primary Chance × Ease Factor⌋, Ease Factor clamped to ½…10 first. */
export function successChance(primaryChance: number, easeFactor: number): number {
  const pc = requireInt("primaryChance", primaryChance, 0, MAX_PRIMARY_CHANCE);
  return Math.floor(pc * clampEase(easeFactor));
}

/**
 * Primary Chance = characteristic + skill; where a skill names two characteristics their average
 * is used (rounded down — the seed is silent, so Fracas never rounds in the character's favour).
 */
export function primaryChance(characteristics: readonly number[], skillLevel: number): number {
  if (!Array.isArray(characteristics) || characteristics.length === 0) {
    throw new FracasRuleError("badInput", "primaryChance needs at least one characteristic", { name: "characteristics" });
  }
  const values = characteristics.map((c, i) => requireInt(`characteristics[${i}]`, c, 0, 99));
  const sum = values.reduce((a, b) => a + b, 0);
  return Math.floor(sum / values.length) + requireInt("skillLevel", skillLevel, 0, 99);
}

/** The highest roll that earns each Quality Rating (index 0 = QR1); a QR with no rolls repeats the one before. */
export function qualityCeilings(successChanceValue: number, table: Grid = qualityResultsTable): number[] {
  const sc = requireInt("successChance", successChanceValue, 0, MAX_PRIMARY_CHANCE * 10);
  return QUALITY_COLUMNS.map((qr) => Math.floor((sc * intAt(table, qr, "percentOfSuccessChance")) / 100));
}

/** Grades a d100 roll: 0 = failure, else the Quality Rating 1 (Excellent) … 4 (Acceptable). */
export function qualityRating(roll: number, successChanceValue: number, table: Grid = qualityResultsTable): QualityRating {
  const r = requireInt("roll", roll, 1, 100);
  const ceilings = qualityCeilings(successChanceValue, table);
  if (r === 100) return 0;
  for (let i = 0; i < ceilings.length; i++) {
    if (r <= ceilings[i]!) return (i + 1) as QualityRating;
  }
  return 0;
}

export interface CheckResult {
  easeFactor: number;
  successChance: number;
  roll: number;
  qualityRating: QualityRating;
  success: boolean;
}

/** Any task roll (a characteristic, First Aid, a recovery roll): Primary Chance, Ease Factor, d100. */
export function resolveCheck(primaryChanceValue: number, easeFactor: number, roll: number, table: Grid = qualityResultsTable): CheckResult {
  const sc = successChance(primaryChanceValue, easeFactor);
  const qr = qualityRating(roll, sc, table);
  return { easeFactor: clampEase(easeFactor), successChance: sc, roll, qualityRating: qr, success: qr > 0 };
}
