/**
 * Healing: one Wound Level per week of rest; in hospital up to two levels at one per three days;
 * First Aid in the field lowers one level, tried once per wounded character. Healing also ends any
 * pending recovery roll, stun or unconsciousness (days have passed).
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { requireBoolean } from "./vocabulary.js";
import { healLevels, levelsHealedByRest, levelsHealedInHospital } from "./wound-levels.js";
import { UNWOUNDED, woundStateChange, normaliseWoundState } from "./wound-state.js";
import type { StateChange, WoundState } from "./wound-state.js";

function healed(before: WoundState, steps: number): StateChange {
  if (steps === 0 || before.level === "none") return woundStateChange(before, before);
  const level = healLevels(before.level, steps);
  return woundStateChange(before, { ...UNWOUNDED, level, firstAidUsed: before.firstAidUsed });
}

/** Rest: one level per full week. */
export function applyRest(targetState: Partial<WoundState>, weeks: number): StateChange {
  return healed(normaliseWoundState(targetState), levelsHealedByRest(weeks));
}

/** Hospital: one level per three full days, at most two levels (then rest for the remainder). */
export function applyHospital(targetState: Partial<WoundState>, days: number): StateChange {
  return healed(normaliseWoundState(targetState), levelsHealedInHospital(days));
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
