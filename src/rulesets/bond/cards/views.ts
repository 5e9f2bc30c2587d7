/** What the bond card templates show, built purely from the stored results (also used by fixtures). */
import type { AttackCardResult, FirstAidCardResult, RecoveryCardResult } from "./effects.js";
import { SHAKE_OFF_MIN_STRENGTH, canCallDraw, clampEase, qualityCeilings, qualityResultsTable, STUN_EASE, WOUND_ROLL_EASE, woundPenalty, type CheckResult, type StunCharacteristic, type WoundLevel, type WoundState } from "../rules/index.js";
import { easeText, signed } from "../format.js";
import type { Grid } from "../../../engine/tables.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { offDeclaration } from "../sheets/declared.js";

export interface CardTarget {
  uuid: string;
  name: string;
  /** The target is a player character (may spend Hero Points against an NPC's roll). */
  isPC: boolean;
  /** The target has already fired this round (then it may not call a draw). */
  hasFired?: boolean;
  /** The target's firearms: a draw is called with one of them (its draw modifier counts). */
  firearms?: { id: string; name: string }[];
  /**
   * The target's Strength when the card was posted: Shake Off is offered only at 14 or more
   * (audit-s9 R2). Absent (no character behind the target) = not offered. The click checks again.
   */
  strength?: number;
}

export interface AttackCardOptions {
  /** The world setting lets any player character spend Hero Points against an NPC's roll. */
  heroPointsAnyPC?: boolean;
  /** The Quality Results table in force when rolled (the GM may override it). Absent = the shipped one. */
  qualityTable?: Grid;
}

/** One Quality Rating band as the card words it: "≤ 12", or "—" when no roll can reach it. */
export interface QualityBandText {
  key: string;
  roll: number | null;
}
export type QualityBands = { qr1: number | null; qr2: number | null; qr3: number | null; qr4: number | null };

/**
 * The highest roll earning each Quality Rating at this Success Chance, for the card's "Quality
 * Rating by roll" line: the GM checks the QR against the bands without the table (session 7 audit).
 * A ceiling is capped at 99 (a 100 always fails, so "≤ 120" or "≤ 100" would contradict the line's
 * own "100 always fails"), and a ceiling below 1 is null: no roll earns that band (ux-review-s7 #15).
 */
export function qualityBands(successChance: number, table: Grid = qualityResultsTable): QualityBands {
  const [qr1 = 0, qr2 = 0, qr3 = 0, qr4 = 0] = qualityCeilings(successChance, table).map((c) => (c < 1 ? null : Math.min(c, 99)));
  return { qr1, qr2, qr3, qr4 };
}

/** The bands as the template localizes them. */
export function qualityBandTexts(bands: QualityBands): Record<keyof QualityBands, QualityBandText> {
  const text = (roll: number | null): QualityBandText => (roll === null ? { key: "FRACAS.Bond.Card.QualityBandNone", roll } : { key: "FRACAS.Bond.Card.QualityBandAtMost", roll });
  return { qr1: text(bands.qr1), qr2: text(bands.qr2), qr3: text(bands.qr3), qr4: text(bands.qr4) };
}

/** The draw buttons for one target: one per firearm, when the kernel says this target may call a draw. */
function drawsFor(result: AttackCardResult, t: CardTarget): { weaponName: string; args: string }[] {
  if (!result.success || !result.combatId) return [];
  const may = canCallDraw({ attackKind: result.attackKind, targetIsPlayerCharacter: t.isPC, targetHasFired: t.hasFired ?? false });
  if (!may) return [];
  return (t.firearms ?? []).slice(0, 4).map((f) => ({ weaponName: f.name, args: JSON.stringify({ targetUuid: t.uuid, weaponId: f.id }) }));
}

/**
 * How the Damage Class was made, in the shared shape "{parts} = {dc}" (ux-review-s7 #6/#7): the
 * base DC, then each shift with its sign ("DC C, kick +1"). Empty when nothing shifted it.
 */
export function damageClassParts(result: Pick<AttackCardResult, "baseDamageClass" | "damageShifts">): { label: string; value: string }[] {
  if (result.damageShifts.length === 0) return [];
  return [{ label: "FRACAS.Bond.Damage.Base", value: result.baseDamageClass }, ...result.damageShifts.map((i) => ({ label: i.labelKey, value: signed(i.value) }))];
}

export function attackCardView(result: AttackCardResult, targets: readonly CardTarget[], options: AttackCardOptions = {}) {
  const hit = result.success;
  const bands = qualityBands(result.successChance, options.qualityTable);
  const shifts = damageClassParts(result);
  return {
    attackerName: result.attackerName,
    weaponName: result.weaponName,
    kindLabel: `FRACAS.Bond.AttackKind.${result.attackKind}`,
    primaryChance: result.primaryChance,
    easeItems: result.ease.items.map((i) => ({ label: i.labelKey, value: signed(i.value) })),
    easeTotal: result.ease.total,
    easeText: easeText(result.ease.total),
    successChance: result.successChance,
    qualityBands: bands,
    qualityBandTexts: qualityBandTexts(bands),
    qualityRating: result.qualityRating,
    roll: result.roll,
    hit,
    qualityLabel: `FRACAS.Bond.Quality.${result.qualityRating}`,
    damageClass: result.damageClass,
    // Led by the base DC when something shifted it: "Damage Class: DC C, kick +1 = D".
    damageShifts: shifts,
    woundLabel: `FRACAS.Bond.Wound.${result.woundLevel}`,
    wounds: result.woundLevel !== "none",
    blowLabel: result.specificBlow ? `FRACAS.Bond.Blow.${result.specificBlow}` : null,
    // Not the action declared this round (D47): the GM rules whether circumstances changed it.
    offDeclaration: offDeclaration(result.declaration, result),
    blowEffectLabel: hit && result.specificBlow ? `FRACAS.Bond.BlowEffect.${result.specificBlow}` : null,
    knockoutEase: result.knockoutEase,
    knockoutEaseText: result.knockoutEase === null ? null : easeText(result.knockoutEase),
    scarPossible: result.scarPossible,
    shakeOffPossible: result.shakeOffPossible,
    heroPointsOffered: hit && result.attackerIsNpc,
    heroPointsLabel: options.heroPointsAnyPC ? "FRACAS.Bond.Card.HeroPointsOfferedAny" : "FRACAS.Bond.Card.HeroPointsOffered",
    // A draw offered says, as the Hero Points line does, that it must come before the GM's Apply
    // (audit s15 F1: an applied attack refuses both).
    drawOffered: targets.some((t) => drawsFor(result, t).length > 0),
    targets: targets.map((t) => {
      const draws = drawsFor(result, t);
      const heroPoint = hit && result.attackerIsNpc && t.isPC;
      // Only to a target strong enough (audit-s9 R2); the click still checks the Strength then.
      const shakeOff = result.shakeOffPossible && (t.strength ?? 0) >= SHAKE_OFF_MIN_STRENGTH;
      return {
        uuid: t.uuid,
        name: t.name,
        heroPoint,
        shakeOff,
        knockout: result.knockoutEase !== null,
        scar: result.scarPossible,
        draws,
        any: heroPoint || shakeOff || result.knockoutEase !== null || result.scarPossible || draws.length > 0,
      };
    }),
  };
}

/** One side of a draw: Speed + D6 + the weapon's draw modifier, each re-roll a new total. */
export interface DrawSide {
  name: string;
  uuid: string;
  weaponName: string;
  speed: number;
  drawModifier: number;
  rolls: number[];
  totals: number[];
}

/** The draw card's stored result. */
export interface DrawCardResult {
  attackId: string;
  attackMessageId: string;
  attacker: DrawSide;
  target: DrawSide;
  first: "attacker" | "target";
}

export function drawCardView(result: DrawCardResult) {
  const side = (s: DrawSide, first: boolean) => ({
    name: s.name,
    weaponName: s.weaponName,
    speed: s.speed,
    modifier: signed(s.drawModifier),
    attempts: s.rolls.map((roll, k) => ({ roll, total: s.totals[k] ?? 0, reroll: k > 0 })),
    first,
  });
  const targetFirst = result.first === "target";
  return {
    attackerName: result.attacker.name,
    targetName: result.target.name,
    sides: [side(result.attacker, !targetFirst), side(result.target, targetFirst)],
    tieRerolls: Math.max(0, result.attacker.rolls.length - 1),
    tiesLabel: pluralKey("FRACAS.Bond.Draw.Ties", Math.max(0, result.attacker.rolls.length - 1)),
    winnerName: targetFirst ? result.target.name : result.attacker.name,
    targetFirst,
    adviceLabel: targetFirst ? "FRACAS.Bond.Draw.TargetFirstAdvice" : "FRACAS.Bond.Draw.AttackerFirstAdvice",
  };
}

export const PROMPT_ROLLS = ["stun", "wound"] as const;
export type PromptRoll = (typeof PROMPT_ROLLS)[number];
export const PROMPT_STATUSES = ["unconscious", "knockedOut", "dead"] as const;
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

/** The round-start recovery prompt's stored result: which rolls are due, or why none can be made. */
export interface RecoveryPromptResult {
  actorUuid: string;
  actorName: string;
  round: number;
  level: WoundLevel;
  rolls: PromptRoll[];
  /** Willpower (after Fire Combat) or Strength (after Hand-to-Hand) for a pending Stun roll. */
  stunCharacteristic: "willpower" | "strength" | null;
  status: PromptStatus | null;
  /** Hours left unconscious (Incapacitated). */
  hours: number;
  /** The GM option in force when posted: the wound penalty also lowers the recovery EF. Older cards: absent = off. */
  woundPenaltyApplies?: boolean;
}

/** What a character's wound state asks of it at the start of a round. */
export function promptFor(state: WoundState): { rolls: PromptRoll[]; status: PromptStatus | null } {
  if (state.level === "KL") return { rolls: [], status: "dead" };
  if (state.level === "IN") return { rolls: [], status: "unconscious" };
  if (state.knockedOut) return { rolls: [], status: "knockedOut" };
  const rolls: PromptRoll[] = [];
  if (state.stunRollPending) rolls.push("stun");
  if (state.woundRollPending && (state.level === "LW" || state.level === "MW" || state.level === "HW")) rolls.push("wound");
  return { rolls, status: null };
}

/**
 * One pending recovery roll as its button names it, with the real numbers: "Stun roll (Strength,
 * EF 8)", "Wound recovery (Willpower, EF 7)". The EF is the one the roll will use: the printed EF
 * (Stun 8; LW 7, MW 5, HW 3), less the wound penalty only under the GM option (D18).
 */
export interface RecoveryRollLabel {
  which: PromptRoll;
  label: string;
  characteristicLabel: string;
  ef: number;
  efText: string;
  /** The printed EF (Stun 8; LW 7, MW 5, HW 3) and the wound penalty taken from it (0 without the option). */
  printed: number;
  penalty: number;
  /** The sum fell below ½ and was raised to it. */
  clamped: boolean;
}

export function recoveryRollLabel(which: PromptRoll, state: { level: WoundLevel; stunCharacteristic: StunCharacteristic | null }, woundPenaltyApplies = false): RecoveryRollLabel {
  const l = state.level;
  const printed = which === "stun" ? STUN_EASE : l === "LW" || l === "MW" || l === "HW" ? WOUND_ROLL_EASE[l] : 0;
  // The Stun roll always takes the wound's penalty; the wound roll under the GM's option (D18, RB2).
  const penalty = which === "stun" || woundPenaltyApplies ? woundPenalty(l) : 0;
  const ef = clampEase(printed + penalty);
  return {
    which,
    label: `FRACAS.Bond.Recovery.Roll.${which}`,
    characteristicLabel: which === "stun" && state.stunCharacteristic === "strength" ? "FRACAS.Bond.Characteristic.str" : "FRACAS.Bond.Characteristic.wil",
    ef,
    efText: easeText(ef),
    printed,
    penalty,
    clamped: ef !== printed + penalty,
  };
}

/**
 * Where a recovery roll's EF comes from, one line in the shared result-last shape (ux-review-s7 #7):
 * "EF 8 for a Stun roll, −1 Light Wound = 7."; "EF 3 for a Heavy Wound, −3 Heavy Wound, at least ½ = ½.";
 * "EF 2 × QR2 = 4, −1 Light Wound = 3."; "EF 2 × QR2 = 4." (a knockout on an unwounded target). The
 * recovery card and both round-start prompts word it with these same keys (D62).
 */
export interface EaseDerivation {
  key: string;
  baseKey: string;
  printed: string;
  qr: number;
  penalty: string;
  woundLabel: string;
  efText: string;
}

export function easeDerivation(which: "stun" | "wound" | "knockout", printed: number, penalty: number, ef: number, level: WoundLevel, qr = 0): EaseDerivation {
  const form = penalty === 0 ? "plain" : ef !== printed + penalty ? "clamped" : "penalty";
  return {
    key: `FRACAS.Bond.Recovery.EaseFrom.${form}`,
    baseKey: `FRACAS.Bond.Recovery.EaseBase.${which}`,
    printed: easeText(printed),
    qr,
    penalty: signed(penalty),
    woundLabel: `FRACAS.Bond.Wound.${level}`,
    efText: easeText(ef),
  };
}

/** The prompt's title: "Recovery due" when a roll is due, else what the character is (a status note). */
function promptTitle(rolls: readonly PromptRoll[], status: PromptStatus | null): string {
  if (rolls.length > 0 || status === null) return "FRACAS.Bond.Card.RecoveryPrompt";
  return status === "dead" ? "FRACAS.Bond.Wound.KL" : "FRACAS.Bond.Card.RecoveryStatus";
}

export function recoveryPromptView(result: RecoveryPromptResult) {
  const state = { level: result.level, stunCharacteristic: result.stunCharacteristic };
  return {
    actorName: result.actorName,
    round: result.round,
    woundLabel: `FRACAS.Bond.Wound.${result.level}`,
    titleLabel: promptTitle(result.rolls, result.status),
    rolls: result.rolls.map((which) => {
      const roll = recoveryRollLabel(which, state, result.woundPenaltyApplies === true);
      // The hint says what is due at which EF; under the GM's option (D18) a derivation line
      // under it says what the EF is made of. At the printed EF there is none (the book's number).
      const easeFrom = roll.penalty === 0 ? null : easeDerivation(which, roll.printed, roll.penalty, roll.ef, result.level);
      return { ...roll, hint: `FRACAS.Bond.Prompt.Hint.${which}`, easeFrom };
    }),
    statusLabel: result.status ? (result.status === "unconscious" ? pluralKey("FRACAS.Bond.Prompt.Status.unconscious", result.hours) : `FRACAS.Bond.Prompt.Status.${result.status}`) : null,
    hours: result.hours,
  };
}

/** The round-start prompt for a landed knockout nobody has resisted (knockout-prompt.ts). */
export interface KnockoutPromptResult {
  /** The attack card's stored result: the roll reads the attack as it lands on the target when made. */
  attack: AttackCardResult;
  targetUuid: string;
  targetName: string;
  /** The round this prompt was posted at. */
  round: number;
  /** The roll's EF when posted: 2 × the attack's QR (after Hero Points) less the target's wound penalty. */
  ease: number;
  /** What `ease` was made of: the blow's QR after Hero Points, and the target's wound level. Older cards: absent. */
  qualityRating?: number;
  woundLevel?: WoundLevel;
}

/**
 * Where the knockout prompt's EF comes from, in the recovery card's terms and shape (ux-review-s7
 * #2, #7): "EF 2 × QR2 = 4, −1 Light Wound = 3."; "…, at least ½ = ½." when raised to ½; "EF 2 × QR2
 * = 4." unwounded; none for an older card that did not store its parts (the hint's bare EF stands).
 */
function knockoutEaseFrom(result: KnockoutPromptResult): EaseDerivation | null {
  const qr = result.qualityRating;
  const level = result.woundLevel;
  if (typeof qr !== "number" || typeof level !== "string") return null;
  return easeDerivation("knockout", 2 * qr, woundPenalty(level), result.ease, level, qr);
}

export function knockoutPromptView(result: KnockoutPromptResult) {
  const efText = easeText(result.ease);
  const attackRound = result.attack.combatRound ?? 0;
  return {
    targetName: result.targetName,
    attackerName: result.attack.attackerName,
    attackRound,
    round: result.round,
    // One round number on the card: the blow's, said as "last round" when it was (the usual case).
    whoLabel: attackRound === result.round - 1 ? "FRACAS.Bond.KnockoutPrompt.Who" : "FRACAS.Bond.KnockoutPrompt.WhoEarlier",
    efText,
    easeFrom: knockoutEaseFrom(result),
  };
}

/**
 * The outcome key and the rounds it names: `${base}.${which}.Passed|Failed`; a failed Stun roll's
 * rounds without action take the plural key (…FailedOne / …FailedOther), and when the roll was made
 * in the round the Stun landed in, "the rest of this round and N more" (…FailedHeldOne/Other, D39).
 * Older cards' rows name …stun.Failed itself: kept in the lang file for them (D43).
 */
export function recoveryOutcome(base: string, result: { which: string; stunLandedThisRound?: boolean }, success: boolean, stunRounds: number): { key: string; rounds: number } {
  const which = result.which;
  if (success) return { key: `${base}.${which}.Passed`, rounds: stunRounds };
  if (which !== "stun") return { key: `${base}.${which}.Failed`, rounds: stunRounds };
  if (result.stunLandedThisRound === true) {
    const more = Math.max(0, stunRounds - 1);
    return { key: pluralKey(`${base}.stun.FailedHeld`, more), rounds: more };
  }
  return { key: pluralKey(`${base}.stun.Failed`, stunRounds), rounds: stunRounds };
}

/**
 * Where a recovery roll's EF comes from (session 7 audit), read from the state the roll was made in:
 * the printed EF (Stun 8; LW 7, MW 5, HW 3) or the knockout's 2 × QR, less the wound penalty (always
 * for a knockout and a Stun; for a wound roll only under the GM option, D18), at least ½. Null for a
 * roll at its printed EF: the Roll line's EF is then the book's number as it stands.
 */
export function recoveryEaseFrom(result: RecoveryCardResult, before: WoundState, ef: number) {
  const knockout = result.which === "knockout";
  const printed = knockout ? 2 * result.attackQualityRating : recoveryRollLabel(result.which as PromptRoll, { level: before.level, stunCharacteristic: null }, result.woundPenaltyApplies).printed;
  const penalty = knockout || result.which === "stun" || result.woundPenaltyApplies ? woundPenalty(before.level) : 0;
  if (!knockout && penalty === 0) return null;
  return easeDerivation(result.which, printed, penalty, ef, before.level, result.attackQualityRating);
}

/** `before`: the state the roll was made in; with it the card says where the EF comes from. */
export function recoveryCardView(result: RecoveryCardResult, check: CheckResult, after: WoundState, before?: WoundState) {
  const outcome = recoveryOutcome("FRACAS.Bond.Recovery.Outcome", result, check.success, after.stunRounds);
  return {
    easeFrom: before ? recoveryEaseFrom(result, before, check.easeFactor) : null,
    actorName: result.actorName,
    // The who line names the roll with its characteristic: "Stun roll (Strength)". Older cards stored none: Willpower.
    whichLabel: `FRACAS.Bond.Recovery.Who.${result.which}`,
    characteristicLabel: result.which === "stun" && result.characteristic === "str" ? "FRACAS.Bond.Characteristic.str" : "FRACAS.Bond.Characteristic.wil",
    primaryChance: result.primaryChance,
    easeFactor: check.easeFactor,
    efText: easeText(check.easeFactor),
    successChance: check.successChance,
    roll: check.roll,
    success: check.success,
    outcomeLabel: outcome.key,
    stunRounds: outcome.rounds,
    // A failed Stun roll's rounds without action are the D6 rolled with it (D39): shown, so the
    // rounds can be checked against the die (session 7 audit). Null otherwise, or for a damaged card.
    stunD6: result.which === "stun" && !check.success && Number.isInteger(result.durationRoll) && result.durationRoll >= 1 && result.durationRoll <= 6 ? result.durationRoll : null,
    woundLabel: `FRACAS.Bond.Wound.${after.level}`,
  };
}

/** The First Aid card: who treated whom, the roll against the Success Chance, and the outcome. */
export function firstAidCardView(result: FirstAidCardResult, check: CheckResult, after: WoundState | null) {
  return {
    healerName: result.healerName,
    patientName: result.patientName,
    skillName: result.skillName,
    primaryChance: result.primaryChance,
    easeItems: result.easeItems.map((i) => ({ label: i.labelKey, value: signed(i.value) })),
    easeFactor: check.easeFactor,
    efText: easeText(check.easeFactor),
    successChance: check.successChance,
    roll: check.roll,
    success: check.success,
    qualityLabel: `FRACAS.Bond.Quality.${check.qualityRating}`,
    outcomeLabel: check.success ? "FRACAS.Bond.FirstAid.Outcome.Passed" : "FRACAS.Bond.FirstAid.Outcome.Failed",
    woundLabel: after ? `FRACAS.Bond.Wound.${after.level}` : null,
  };
}
