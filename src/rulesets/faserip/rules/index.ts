/** The pure faserip kernel (Marvel Super Heroes, 1984), exported from dist/engine.mjs as `faserip`. */
import type { Grid } from "../../../engine/tables.js";
import { battleEffectsTable } from "./tables/battle-effects.js";
import { coverShiftsTable } from "./tables/cover-shifts.js";
import { dodgeShiftsTable } from "./tables/dodge-shifts.js";
import { initiativeModifiersTable } from "./tables/initiative-modifiers.js";
import { rankNumbersTable } from "./tables/rank-numbers.js";
import { slamStunTable } from "./tables/slam-stun.js";
import { universalTable } from "./tables/universal-table.js";

export const tables: readonly Grid[] = [
  universalTable,
  rankNumbersTable,
  battleEffectsTable,
  dodgeShiftsTable,
  slamStunTable,
  coverShiftsTable,
  initiativeModifiersTable,
];

export {
  universalTable,
  rankNumbersTable,
  battleEffectsTable,
  dodgeShiftsTable,
  slamStunTable,
  coverShiftsTable,
  initiativeModifiersTable,
};
export { UNIVERSAL_TABLE_VARIANTS, UNIVERSAL_THRESHOLDS, universalTableCheck } from "./tables/universal-table.js";
export type { Threshold } from "./tables/universal-table.js";
export { BATTLE_EFFECT_PROVISIONAL_CELLS } from "./tables/battle-effects.js";
export { SLAM_RESULTS, STUN_RESULTS } from "./tables/slam-stun.js";
export type { SlamResult, StunResult } from "./tables/slam-stun.js";
export { COVER_LEVELS } from "./tables/cover-shifts.js";
export type { CoverLevel } from "./tables/cover-shifts.js";

export { RANK_KEYS, SHIFTABLE_RANKS } from "./rank-keys.js";
export type { RankKey } from "./rank-keys.js";
export { MAX_RANK_NUMBER, rankFromNumber, rankNumber, toRankKey, toRankNumber } from "./ranks.js";
export type { RankValue } from "./ranks.js";
export { COLORS, colorAtLeast } from "./colors.js";
export type { Color } from "./colors.js";
export { MAX_SHIFT, rankBelow, shiftRank } from "./shifts.js";
export { MAX_KARMA, colorCounts, colorOdds, rollWithKarma, universalColor } from "./universal.js";
export type { ColorCounts } from "./universal.js";
export { ABILITIES, ACTION_ABILITY, ATTACK_ACTIONS, BATTLE_EFFECTS, DAMAGING_EFFECTS } from "./actions.js";
export type { AttackAction, BattleEffect, CombatAbility } from "./actions.js";
export { battleEffect, dodgeShift } from "./battle.js";
export { health, karma } from "./abilities.js";
export type { MentalAbilities, PhysicalAbilities } from "./abilities.js";
export { damage, rawDamage, rawDamageOf, slamStunApplies } from "./damage.js";
export type { DamageFrom, DamageInput } from "./damage.js";
export { DEFAULT_KNOCKBACK_AREAS, MAX_KNOCKBACK_AREAS, MIN_KNOCKBACK_AREAS, slamResult, stunOutcome, stunResult } from "./secondary.js";
export type { SlamOutcome } from "./secondary.js";
export { coverShift, defenderDodgeShift, multipleTargetShift } from "./defence.js";
export { spendKarma } from "./karma.js";
export type { KarmaSpend, KarmaSpent } from "./karma.js";
export type { DieSource } from "./dice.js";
export { INITIATIVE_MODES, initiativeBonus, initiativeModifier, roundSequence, sideInitiative } from "./initiative.js";
export type { InitiativeMode, InitiativeResult, InitiativeSide, RoundStep, SideInitiative } from "./initiative.js";
export { FEAT_ACTIONS, resolveFeat } from "./feat.js";
export type { FeatAction, FeatEffect, FeatInput, FeatResult, FeatShifts, FeatTables } from "./feat.js";
export { resolveAttack, resolveAttacksOnDefender, resolveSecondary } from "./attack.js";
export type { AttackInput, AttackResult, AttackTables, MultipleAttackInput, SecondaryCheck, SecondaryInput } from "./attack.js";
export {
  applyAttack,
  applySecondary,
  checkZeroHealthFeat,
  dyingTick,
  endOfFight,
  readState,
  releaseHold,
  restoreHealth,
  stabilise,
  standUp,
  stunCount,
  stunTick,
  zeroHealthFeat,
  CANNOT_ACT,
  cannotActStatus,
  keepsDown,
} from "./condition.js";
export type { CannotAct, CombatantState, CombatantStateInput, DyingTick, StateChange, StunTiming, ZeroHealthFeat } from "./condition.js";

/** Seed: a combat round takes about eight seconds of game time. */
export const ROUND_SECONDS = 8;
