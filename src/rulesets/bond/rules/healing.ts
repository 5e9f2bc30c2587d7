/**
 * Healing: one Wound Level per week of rest; in hospital up to two levels at one per three days;
 * First Aid in the field lowers one level, tried once per wounded character. Healing also ends any
 * pending recovery roll, stun or unconsciousness (days have passed).
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { requireBoolean } from "./vocabulary.js";
import { HOSPITAL_DAYS_PER_LEVEL, HOSPITAL_MAX_LEVELS, healLevels, levelsHealedByRest } from "./wound-levels.js";
import { UNWOUNDED, woundStateChange, normaliseWoundState } from "./wound-state.js";
import type { StateChange, WoundState } from "./wound-state.js";

/**
 * `steps` levels healed; the hospital stay's count is `stay` (the one before, unless a hospital press
 * changed it). `daysPassed`: time went by even if no level healed (a hospital press of 1–2 days, or
 * past the stay's two levels), so pending rolls, stuns and unconsciousness end as with any healing
 * (D25, review-s9 H9).
 */
function healed(before: WoundState, steps: number, stay: Pick<WoundState, "hospitalLevels" | "hospitalDays"> = before, daysPassed = steps > 0): StateChange {
  if (before.level === "none") return woundStateChange(before, before);
  const hospital = { hospitalLevels: stay.hospitalLevels, hospitalDays: stay.hospitalDays };
  if (steps === 0 && !daysPassed) return woundStateChange(before, { ...before, ...hospital });
  const level = healLevels(before.level, steps);
  return woundStateChange(before, { ...UNWOUNDED, level, firstAidUsed: before.firstAidUsed, ...hospital });
}

/** Rest: one level per full week. */
export function applyRest(targetState: Partial<WoundState>, weeks: number): StateChange {
  return healed(normaliseWoundState(targetState), levelsHealedByRest(weeks));
}

/** A hospital press: the state change, and what it did to the stay (for the sheet to say why nothing healed). */
export interface HospitalChange extends StateChange {
  /** Levels this press healed (counted against the stay's two). */
  levels: number;
  /** Days of this press and those carried over that healed nothing: the stay's two levels were used. */
  unusedDays: number;
  /** Days now carried towards the next level (0…2). */
  carriedDays: number;
  /** The stay's levels healed so far, this press included (0…2). */
  stayLevels: number;
}

/**
 * Hospital (D25): one level per three days, at most two levels per stay, then rest for the
 * remainder. The days add to those carried over from the stay's earlier presses; what is not yet
 * worth a level is carried to the next press. Once the stay has healed two levels, more days heal
 * nothing. The stay ends (both counts back to 0) when a new wound lands or nothing is left to heal.
 */
export function applyHospital(targetState: Partial<WoundState>, days: number): HospitalChange {
  const before = normaliseWoundState(targetState);
  const d = requireInt("days", days, 0, 10000);
  if (before.level === "KL" && d > 0) throw new FracasRuleError("deadCannotHeal", "a killed character does not heal", { level: before.level });
  if (before.level === "none") return { ...healed(before, 0), levels: 0, unusedDays: 0, carriedDays: 0, stayLevels: 0 };
  const left = HOSPITAL_MAX_LEVELS - before.hospitalLevels;
  const total = before.hospitalDays + d;
  const levels = Math.min(left, Math.floor(total / HOSPITAL_DAYS_PER_LEVEL));
  const stayLevels = before.hospitalLevels + levels;
  const used = stayLevels === HOSPITAL_MAX_LEVELS;
  // Past the stay's two levels no day counts; below them the remainder is carried.
  const carriedDays = used ? 0 : total - levels * HOSPITAL_DAYS_PER_LEVEL;
  const unusedDays = used ? total - levels * HOSPITAL_DAYS_PER_LEVEL : 0;
  const change = healed(before, levels, { hospitalLevels: stayLevels, hospitalDays: carriedDays }, d > 0);
  return { ...change, levels, unusedDays, carriedDays: change.state.hospitalDays, stayLevels: change.state.hospitalLevels };
}

/** What the GM's ending of a hospital stay did (D67): the stay's levels stay healed; its carried days are lost. */
export interface HospitalStayEnd extends StateChange {
  /** Levels the stay had healed (0…2): they stay healed. */
  levels: number;
  /** Days that had been carried towards the next level (0…2): lost with the stay. */
  lostDays: number;
}

/**
 * The GM ends a hospital stay by hand (D67: the agent is discharged early, or the GM decides):
 * both stay counts go back to 0, nothing else changes — the wound, pending rolls, stuns and First
 * Aid stay as they are (no time passes), the levels healed stay healed, and the days not yet worth
 * a level are lost. A later Hospital press begins a new stay. Refused when no stay has begun.
 */
export function endHospitalStay(targetState: Partial<WoundState>): HospitalStayEnd {
  const before = normaliseWoundState(targetState);
  if (before.hospitalLevels === 0 && before.hospitalDays === 0) throw new FracasRuleError("noHospitalStay", "no hospital stay has begun", {});
  const change = woundStateChange(before, { ...before, hospitalLevels: 0, hospitalDays: 0 });
  return { ...change, levels: before.hospitalLevels, lostDays: before.hospitalDays };
}

/**
 * First Aid: a successful roll lowers the wound one level (an IN character is brought round with a
 * Heavy Wound, its Willpower roll due). Allowed once per wounded character — a failed try uses it too.
 */
export function applyFirstAid(targetState: Partial<WoundState>, success: boolean): StateChange {
  const before = normaliseWoundState(targetState);
  const ok = requireBoolean("success", success);
  if (before.level === "KL") throw new FracasRuleError("deadCannotHeal", "a killed character does not heal", { level: before.level });
  if (before.level === "none" || before.level === "ST") throw new FracasRuleError("notWounded", "First Aid needs a wounded character", { level: before.level });
  if (before.firstAidUsed) throw new FracasRuleError("firstAidUsed", "First Aid has already been tried on this character", {});
  if (!ok) return woundStateChange(before, { ...before, firstAidUsed: true });
  const level = healLevels(before.level, 1);
  const woke = before.level === "IN";
  return woundStateChange(before, {
    ...before,
    level,
    firstAidUsed: true,
    unconsciousHours: woke ? 0 : before.unconsciousHours,
    woundRollPending: woke ? true : before.woundRollPending,
  });
}
