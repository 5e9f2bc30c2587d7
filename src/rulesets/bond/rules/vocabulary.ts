/**
 * The words the bond rules share: wound levels, Damage Classes, Quality Ratings, attack kinds.
 * Ladders are ordered from least to most severe so an index comparison is a severity comparison.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { createLadder, levelIndex as ladderIndex, maxLevel, stepLevel } from "../../../engine/wounds.js";

export const WOUND_LEVELS = ["none", "ST", "LW", "MW", "HW", "IN", "KL"] as const;
export type WoundLevel = (typeof WOUND_LEVELS)[number];
/** The wound levels as the shared wounds engine's ladder, which does the indexing, stepping and clamping. */
const WOUND_LADDER = createLadder<WoundLevel>(WOUND_LEVELS);

export const DAMAGE_CLASSES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"] as const;
export type DamageClass = (typeof DAMAGE_CLASSES)[number];

/** 0 = failure; 1 Excellent, 2 Very Good, 3 Good, 4 Acceptable (a lower number is a better result). */
export type QualityRating = 0 | 1 | 2 | 3 | 4;
export type SuccessfulQuality = 1 | 2 | 3 | 4;
export const QUALITY_COLUMNS = ["QR1", "QR2", "QR3", "QR4"] as const;

/** Fire Combat (anything that looses a projectile) or Hand-to-Hand (everything else). */
export const ATTACK_KINDS = ["fire", "hth"] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

/** Hand-to-Hand weapons the seed names; "other" is any further melee weapon with its own DC. */
export const MELEE_WEAPONS = ["none", "knife", "sword", "other"] as const;
export type MeleeWeapon = (typeof MELEE_WEAPONS)[number];

export const SPEEDS = [0, 1, 2, 3] as const;
export type Speed = (typeof SPEEDS)[number];

export function requireWoundLevel(name: string, v: unknown): WoundLevel {
  return requireChoice(name, v, WOUND_LEVELS);
}

export function requireDamageClass(name: string, v: unknown): DamageClass {
  return requireChoice(name, v, DAMAGE_CLASSES);
}

export function requireAttackKind(name: string, v: unknown): AttackKind {
  return requireChoice(name, v, ATTACK_KINDS);
}

export function requireSpeed(name: string, v: unknown): Speed {
  return requireInt(name, v, 0, 3) as Speed;
}

export function requireQuality(name: string, v: unknown): QualityRating {
  return requireInt(name, v, 0, 4) as QualityRating;
}

export function requireSuccessfulQuality(name: string, v: unknown): SuccessfulQuality {
  return requireInt(name, v, 1, 4) as SuccessfulQuality;
}

export function requireBoolean(name: string, v: unknown): boolean {
  if (typeof v !== "boolean") {
    throw new FracasRuleError("badBoolean", `${name} must be true or false (got ${String(v)})`, { name, value: String(v) });
  }
  return v;
}

/** Reads an input object, refusing anything else (null, arrays, primitives) with a typed error. */
export function requireRecord(name: string, v: unknown): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    throw new FracasRuleError("badInput", `${name} must be an object`, { name });
  }
  return v as Record<string, unknown>;
}

/** Position on the ladder, 0 = none … 6 = KL (an unknown level is a `badChoice` rule error). */
export function levelIndex(level: WoundLevel): number {
  return ladderIndex(WOUND_LADDER, level);
}

/** The level at a ladder index, clamped to none…KL. */
export function levelAt(index: number): WoundLevel {
  return stepLevel(WOUND_LADDER, WOUND_LEVELS[0], index);
}

export function worseOf(a: WoundLevel, b: WoundLevel): WoundLevel {
  return maxLevel(WOUND_LADDER, a, b);
}

export function damageClassIndex(dc: DamageClass): number {
  return DAMAGE_CLASSES.indexOf(dc);
}
