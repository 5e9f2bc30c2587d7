/**
 * Recovery rolls after a wound: ST — EF 8 (Willpower vs Fire Combat, Strength vs Hand-to-Hand) or
 * no action for 1D6 rounds; LW/MW/HW — no activity until a Willpower roll at EF 7/5/3 succeeds
 * (Fracas: one try per round); IN — unconscious 1D6 hours, then a Heavy Wound; KL — removed.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { resolveCheck } from "./success.js";
import type { CheckResult } from "./success.js";
import { qualityResultsTable } from "./tables/quality-results.js";
import { woundPenalty } from "./wound-levels.js";
import { woundStateChange, normaliseWoundState } from "./wound-state.js";
import type { StateChange, StunCharacteristic, WoundState } from "./wound-state.js";
import { requireAttackKind, requireBoolean, requireRecord, requireWoundLevel } from "./vocabulary.js";
import type { AttackKind, WoundLevel } from "./vocabulary.js";

export const STUN_EASE = 8;
export const WOUND_ROLL_EASE = { LW: 7, MW: 5, HW: 3 } as const;

export type RecoverySpec =
  | { kind: "none" }
  | { kind: "stunRoll"; characteristic: StunCharacteristic; easeFactor: number; failure: "noActionD6Rounds" }
  | { kind: "woundRoll"; characteristic: "willpower"; easeFactor: number; failure: "noActivityUntilSuccess" }
  | { kind: "unconscious"; hoursDie: 6; then: "HW" }
  | { kind: "removed" };

/** What a wound level asks of its victim. */
export function recoveryRoll(level: WoundLevel, attackKind: AttackKind): RecoverySpec {
  const l = requireWoundLevel("level", level);
  const kind = requireAttackKind("attackKind", attackKind);
  switch (l) {
    case "none":
      return { kind: "none" };
    case "ST":
      return { kind: "stunRoll", characteristic: kind === "fire" ? "willpower" : "strength", easeFactor: STUN_EASE, failure: "noActionD6Rounds" };
    case "LW":
    case "MW":
    case "HW":
      return { kind: "woundRoll", characteristic: "willpower", easeFactor: WOUND_ROLL_EASE[l], failure: "noActivityUntilSuccess" };
    case "IN":
      return { kind: "unconscious", hoursDie: 6, then: "HW" };
    case "KL":
      return { kind: "removed" };
  }
}

export interface RecoveryInput {
  /** Which pending roll: the Stun roll or the wound's Willpower roll. */
  which: "stun" | "wound";
  /** Primary Chance with the roll's characteristic (Willpower or Strength). */
  primaryChance: number;
  roll: number;
  /** A D6 for the rounds without action; needed when a Stun roll fails. */
  durationRoll?: number;
  /**
   * GM option: the character's wound penalty also applies to this roll ("every task"). Default
   * false: the printed EFs (7, 5, 3) already grow harder with the wound, so Fracas does not count it twice.
   */
  woundPenaltyApplies?: boolean;
  /**
   * The Stun roll is made in the round the Stun landed in (DECISIONS D39). That round is lost
   * anyway and may already have seen the character act, so it is not one of the D6 rounds: they
   * are whole rounds after it, and the countdown (advanceRound, at each round start) holds one
   * round start more. A roll made in a later round (at a round-start prompt) counts its own round,
   * in which the character, waiting on the roll, has not acted. Default false.
   */
  stunLandedThisRound?: boolean;
}

export interface RecoveryChange extends StateChange {
  check: CheckResult;
}

/** Makes a pending recovery roll and updates the state. */
export function resolveRecovery(targetState: Partial<WoundState>, input: RecoveryInput, table: Grid = qualityResultsTable): RecoveryChange {
  const before = normaliseWoundState(targetState);
  const i = requireRecord("input", input);
  const which = requireChoice("which", i.which, ["stun", "wound"] as const);
  // The wound roll's printed EFs (7/5/3) already worsen with the wound, so its penalty is the GM's
  // option; the Stun roll's EF 8 does not, so a wounded character always takes it there, as the
  // seed's "−1/−2/−3 Ease Factor on every task" says (review-s11 RB2; D18).
  const optional = i.woundPenaltyApplies !== undefined && requireBoolean("woundPenaltyApplies", i.woundPenaltyApplies) ? woundPenalty(before.level) : 0;
  if (before.level === "KL" || before.level === "IN" || before.knockedOut) {
    throw new FracasRuleError("cannotAct", "an unconscious or dead character makes no recovery roll", { level: before.level });
  }
  if (which === "stun") {
    if (!before.stunRollPending) throw new FracasRuleError("noRollPending", "no Stun roll is due", { which });
    const check = resolveCheck(i.primaryChance as number, STUN_EASE + woundPenalty(before.level), i.roll as number, table);
    if (check.success) {
      const level = before.level === "ST" && before.stunRounds === 0 ? "none" : before.level;
      return { ...woundStateChange(before, { ...before, stunRollPending: false, level }), check };
    }
    if (i.durationRoll === undefined) throw new FracasRuleError("missingRoll", "a D6 is needed for the rounds without action", { die: "d6", purpose: "stunRounds" });
    const rounds = requireInt("durationRoll", i.durationRoll, 1, 6);
    const held = i.stunLandedThisRound !== undefined && requireBoolean("stunLandedThisRound", i.stunLandedThisRound) ? 1 : 0;
    return { ...woundStateChange(before, { ...before, stunRollPending: false, stunRounds: Math.max(before.stunRounds, rounds + held) }), check };
  }
  if (!before.woundRollPending) throw new FracasRuleError("noRollPending", "no wound recovery roll is due", { which });
  const level = before.level;
  if (level !== "LW" && level !== "MW" && level !== "HW") {
    throw new FracasRuleError("noRollPending", `a ${level} wound has no Willpower recovery roll`, { which, level });
  }
  const check = resolveCheck(i.primaryChance as number, WOUND_ROLL_EASE[level] + optional, i.roll as number, table);
  return { ...woundStateChange(before, check.success ? { ...before, woundRollPending: false } : before), check };
}
