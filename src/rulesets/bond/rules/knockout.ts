/**
 * A landed knockout: the target stays conscious only with a Willpower roll at EF 2 × the attack's
 * QR, less the target's own wound penalty (RULES.md §1: "every task"; D31).
 */
import { FracasRuleError } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { resolveCheck } from "./success.js";
import type { CheckResult } from "./success.js";
import { qualityResultsTable } from "./tables/quality-results.js";
import { knockoutEase, woundPenalty } from "./wound-levels.js";
import { woundStateChange, normaliseWoundState } from "./wound-state.js";
import type { StateChange, WoundState } from "./wound-state.js";
import { requireRecord } from "./vocabulary.js";

export interface KnockoutInput {
  /** The knockout attack's Quality Rating (1–4), after any Hero Points. */
  attackQualityRating: number;
  /** The target's Willpower Primary Chance. */
  primaryChance: number;
  roll: number;
}

export interface KnockoutChange extends StateChange {
  check: CheckResult;
}

/**
 * The target's roll to stay conscious; failure knocks them out (until woken: the seed gives no
 * duration). The wound penalty is read from the state the roll is made in.
 */
export function resolveKnockoutResist(targetState: Partial<WoundState>, input: KnockoutInput, table: Grid = qualityResultsTable): KnockoutChange {
  const before = normaliseWoundState(targetState);
  const i = requireRecord("input", input);
  const ease = knockoutEase(i.attackQualityRating as number);
  if (before.level === "KL") throw new FracasRuleError("cannotAct", "a dead character makes no roll", { level: before.level });
  const check = resolveCheck(i.primaryChance as number, ease + woundPenalty(before.level), i.roll as number, table);
  return { ...woundStateChange(before, check.success ? before : { ...before, knockedOut: true }), check };
}
