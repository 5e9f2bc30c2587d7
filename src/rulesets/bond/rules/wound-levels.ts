/** Rules on wound levels themselves: accumulation, task penalties, Shake Off, healing steps. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { choiceAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { woundAccumulationTable } from "./tables/wound-accumulation.js";
import { levelAt, levelIndex, requireWoundLevel } from "./vocabulary.js";
import type { WoundLevel } from "./vocabulary.js";

/** A new wound on a (possibly) wounded character, read from the Wound Accumulation Chart. */
export function accumulateWound(current: WoundLevel, incoming: WoundLevel, table: Grid = woundAccumulationTable): WoundLevel {
  const c = requireWoundLevel("current", current);
  const i = requireWoundLevel("incoming", incoming);
  if (c === "none") return i;
  return requireWoundLevel(`${table.id} ${c}/${i}`, choiceAt(table, c, i));
}

const PENALTY: Readonly<Record<WoundLevel, number>> = { none: 0, ST: 0, LW: -1, MW: -2, HW: -3, IN: -3, KL: -3 };

/**
 * The Ease Factor modifier a wound puts on every task until healed. A Stun is not a wound; an
 * Incapacitated character wakes with a Heavy Wound, so IN (and KL, for completeness) carry HW's −3.
 */
export function woundPenalty(level: WoundLevel): number {
  return PENALTY[requireWoundLevel("level", level)];
}

/** A successful Shake Off lowers the wound result by two levels; below Stun there is no wound. */
export function shakeOff(level: WoundLevel): WoundLevel {
  return levelAt(levelIndex(requireWoundLevel("level", level)) - 2);
}

export const SHAKE_OFF_MIN_STRENGTH = 14;
export const SHAKE_OFF_EASE = 5;

export interface ShakeOffEligibility {
  eligible: boolean;
  /** Why not, as an i18n key suffix (FRACAS.Bond.ShakeOff.<reason>); null when eligible. */
  reason: "strength" | "notHandToHand" | "pointOrEdge" | "noWound" | null;
}

/** Strength 14+, Hand-to-Hand damage, not from a stabbing point or cutting edge, and something to shake off. */
export function shakeOffEligibility(input: {
  strength: number;
  attackKind: "fire" | "hth";
  pointOrEdge: boolean;
  woundLevel: WoundLevel;
}): ShakeOffEligibility {
  const strength = requireInt("strength", input.strength, 1, 30);
  const level = requireWoundLevel("woundLevel", input.woundLevel);
  if (input.attackKind !== "fire" && input.attackKind !== "hth") {
    throw new FracasRuleError("badChoice", "attackKind must be fire or hth", { name: "attackKind", value: String(input.attackKind), choices: "fire, hth" });
  }
  if (typeof input.pointOrEdge !== "boolean") {
    throw new FracasRuleError("badBoolean", "pointOrEdge must be true or false", { name: "pointOrEdge", value: String(input.pointOrEdge) });
  }
  if (input.attackKind !== "hth") return { eligible: false, reason: "notHandToHand" };
  if (input.pointOrEdge) return { eligible: false, reason: "pointOrEdge" };
  if (strength < SHAKE_OFF_MIN_STRENGTH) return { eligible: false, reason: "strength" };
  if (level === "none") return { eligible: false, reason: "noWound" };
  return { eligible: true, reason: null };
}

/** The Willpower roll to stay conscious after a successful knockout is at EF 2 × the attack's QR. */
export function knockoutEase(qualityRating: number): number {
  return 2 * requireInt("qualityRating", qualityRating, 1, 4);
}

/**
 * One healing step. A Stun is not a lasting wound, so a Light Wound heals straight to none;
 * an Incapacitated character heals to a Heavy Wound (as on waking); the Killed do not heal.
 */
export function healOneLevel(level: WoundLevel): WoundLevel {
  const l = requireWoundLevel("level", level);
  if (l === "KL") throw new FracasRuleError("deadCannotHeal", "a killed character does not heal", { level: l });
  if (l === "LW" || l === "ST") return "none";
  return levelAt(levelIndex(l) - 1);
}

/** `steps` healing steps (stops at none). */
export function healLevels(level: WoundLevel, steps: number): WoundLevel {
  let l = requireWoundLevel("level", level);
  const n = requireInt("steps", steps, 0, 1000);
  for (let k = 0; k < n && l !== "none"; k++) l = healOneLevel(l);
  return l;
}

/** Natural healing: one level per full week. */
export function levelsHealedByRest(weeks: number): number {
  return requireInt("weeks", weeks, 0, 1000);
}

export const HOSPITAL_DAYS_PER_LEVEL = 3;
export const HOSPITAL_MAX_LEVELS = 2;

/** Hospital: one level per three full days, at most two levels. */
export function levelsHealedInHospital(days: number): number {
  const d = requireInt("days", days, 0, 10000);
  return Math.min(HOSPITAL_MAX_LEVELS, Math.floor(d / HOSPITAL_DAYS_PER_LEVEL));
}
