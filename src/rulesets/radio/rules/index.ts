/** The pure radio kernel, exported from dist/engine.mjs as `radio`. */
import type { Grid } from "../../../engine/tables.js";
import { actionModifiersTable } from "./tables/action-modifiers.js";
import { actionPhasesTable } from "./tables/action-phases.js";
import { damageTable } from "./tables/damage.js";
import { tiersTable } from "./tables/tiers.js";
import { tokensTable } from "./tables/tokens.js";

export { actionModifiersTable, actionPhasesTable, damageTable, tiersTable, tokensTable };
export const tables: readonly Grid[] = [actionPhasesTable, actionModifiersTable, damageTable, tiersTable, tokensTable];

export { ACTIONS, WEAPONS, TIERS, COMBATANT_KINDS, CALLED_SHOTS, PHASES } from "./vocabulary.js";
export type { Action, Weapon, Tier, CombatantKind, CalledShot, Phase, DieSource } from "./vocabulary.js";
export type { RadioOptions } from "./options.js";
export type { PhaseActivity } from "./tables/action-phases.js";
export { PHASE_ACTIVITIES } from "./tables/action-phases.js";

export { phaseActivity, phasesFor, preparesIn, spellPreparesIn, roundPlan } from "./phases.js";
export type { PlanStep } from "./phases.js";
export { initiativeOrder, MAX_TIE_ROUNDS } from "./initiative.js";
export type { InitiativeEntry, InitiativeResult, TieReroll } from "./initiative.js";
export { tierModifier } from "./tiers.js";
export {
  HIT_THRESHOLD,
  TERRAIN_BONUS,
  SPELL_SUMMARY_MODIFIER,
  actionModifier,
  againstTargetModifier,
  attackModifiers,
  attackTotal,
  isHit,
} from "./attack.js";
export type { AttackSetup, AttackInput, AttackModifier, ModifierSource } from "./attack.js";
export { HEAD_SHOT_MODIFIER, checkCalledShot, limbConsequence } from "./called-shots.js";
export type { CalledShotSetup, CalledShotCheck, LimbOutcome } from "./called-shots.js";
export { CONSEQUENCE_FAIL, consequenceIsSix } from "./consequence.js";
export { CRITICAL_ROLL, damage, damageBreakdown, isPiercing } from "./damage.js";
export type { DamageInput, DamageBreakdown, DamageStep, DamageStepKind } from "./damage.js";
export { TOKENS_TO_DOUBLE, tokensEarned, tokensEarnedBy, earnsTokens, requireTokenSpend, spendTokens } from "./tokens.js";
export { WOUND_STATES, MAX_DAMAGE, woundStateOf, applyWounds, applyHit, statusesOf, completeFinalAction } from "./wounds.js";
export type { WoundState, WoundTrack, WoundResult, HitResult } from "./wounds.js";
export { MAX_HENCHMEN, MAX_WOUNDS_EACH, henchmenGroup, henchmenPool, applyToHenchmen } from "./henchmen.js";
export type { HenchmenGroup, HenchmenResult } from "./henchmen.js";
export { fleeCheck, leaderFalls, henchmenFlee } from "./morale.js";
export type { FleeOutcome, FleeCheckResult, LeaderFallsResult } from "./morale.js";
export { escapeCheck } from "./escape.js";
export type { EscapeOutcome } from "./escape.js";
export { combatOver, combatWinner } from "./end.js";
export type { Side } from "./end.js";
export { hitChance, hitOutcomes, damageOdds, consequenceOdds, initiativeOdds } from "./odds.js";
export type { DamageOdds, DamageOutcome, InitiativeOdds } from "./odds.js";
export { resolveAttack } from "./resolve-attack.js";
export type { Attacker, AttackResult, AttackTables, ResolveAttackInput } from "./resolve-attack.js";
export { resolveDamage } from "./resolve-damage.js";
export type { DamageResult, LimbResult, ResolveDamageInput } from "./resolve-damage.js";
export { applyDamage } from "./apply-damage.js";
export type { ApplyResult, HenchmenState, OpponentState, PcState, TargetState } from "./apply-damage.js";
