/**
 * The attack chat flow. resolveAttack turns the dialog's inputs and the d100 into a JSON result for
 * the chat card; applyHeroPointsToResult and resolveShakeOff return an updated result. Every
 * derived field is recomputed from the same few facts, so the steps can come in any order.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { shiftDamageClass, woundLevel as tableWoundLevel } from "./damage.js";
import { easeFactor, rangeDamageShift } from "./ease.js";
import type { EaseInput, EaseItem, EaseTables, EaseTotal } from "./ease.js";
import { applyHeroPoints, checkHeroPointSpender, heroPointsToFail } from "./hero-points.js";
import type { HeroPointSpend } from "./hero-points.js";
import { scarPossible } from "./scars.js";
import { KICK_DAMAGE_SHIFT, SPECIFIC_BLOWS, specificBlowEffect } from "./specific-blows.js";
import type { SpecificBlow, SpecificBlowEffect } from "./specific-blows.js";
import { MAX_PRIMARY_CHANCE, resolveCheck, successChance as computeSuccessChance, qualityRating as gradeRoll } from "./success.js";
import type { CheckResult } from "./success.js";
import { qualityResultsTable } from "./tables/quality-results.js";
import { woundTable } from "./tables/wound-table.js";
import {
  MELEE_WEAPONS,
  requireAttackKind,
  requireBoolean,
  requireDamageClass,
  requireQuality,
  requireRecord,
  requireWoundLevel,
} from "./vocabulary.js";
import type { AttackKind, DamageClass, MeleeWeapon, QualityRating, WoundLevel } from "./vocabulary.js";
import { SHAKE_OFF_EASE, knockoutEase, shakeOff, shakeOffEligibility, woundPenalty } from "./wound-levels.js";

export interface AttackInput extends EaseInput {
  /** The attacker's Primary Chance with Fire Combat or Hand-to-Hand. */
  primaryChance: number;
  /** The d100 roll. */
  roll: number;
  /** The weapon's DC (Fire Combat) or the attacker's Hand-to-Hand DC with any knife/sword bonus. */
  damageClass: DamageClass;
  /** Hand-to-Hand weapon in use (for scars and Shake Off); default none. */
  meleeWeapon?: MeleeWeapon;
  /** Damage from a stabbing point or cutting edge (no Shake Off); default true for knife/sword. */
  pointOrEdge?: boolean;
  /** Is the attacker an NPC (whose roll player characters may spoil with Hero Points)? Default false. */
  attackerIsNpc?: boolean;
  /** GM option: a successful Specific Blow also wounds. Default false (the effect replaces damage). */
  specificBlowWounds?: boolean;
}

export interface AttackTables extends EaseTables {
  qualityResults?: Grid;
  wounds?: Grid;
}

export interface AttackResult {
  attackKind: AttackKind;
  primaryChance: number;
  roll: number;
  ease: EaseTotal;
  successChance: number;
  /** The Quality Rating the dice gave, before any Hero Points. */
  rolledQualityRating: QualityRating;
  heroPointsSpent: number;
  /** The Quality Rating that counts (after Hero Points); 0 = failure. */
  qualityRating: QualityRating;
  success: boolean;
  baseDamageClass: DamageClass;
  damageClass: DamageClass;
  /** Why the DC moved (kick, range), for the card. */
  damageShifts: EaseItem[];
  meleeWeapon: MeleeWeapon;
  pointOrEdge: boolean;
  kick: boolean;
  specificBlow: SpecificBlow | null;
  specificBlowWounds: boolean;
  attackerIsNpc: boolean;
  /** The wound read from the DC × QR table, before any Shake Off. */
  tableWoundLevel: WoundLevel;
  /** The wound the target takes: apply it with applyWound. */
  woundLevel: WoundLevel;
  /** What the Specific Blow does, when one landed. */
  effect: SpecificBlowEffect | null;
  /** EF of the target's Willpower roll to stay conscious, when a knockout landed. */
  knockoutEase: number | null;
  /** Could the target Shake Off this wound if strong enough (H-t-H, no point or edge, a wound)? */
  shakeOffPossible: boolean;
  /** The Shake Off roll, once made. */
  shakeOff: CheckResult | null;
  /** Ask the GM about a scar. */
  scarPossible: boolean;
}

/** Recomputes everything that follows from the Quality Rating that counts. */
function derive(base: Omit<AttackResult, "qualityRating" | "success" | "tableWoundLevel" | "woundLevel" | "effect" | "knockoutEase" | "shakeOffPossible" | "scarPossible">, woundGrid: Grid): AttackResult {
  const qr = applyHeroPoints(base.rolledQualityRating, base.heroPointsSpent);
  const success = qr > 0;
  // Rise and Release act on the one who strikes them (getting up, breaking a Restrain): they never
  // wound the opponent, whatever the "Specific Blows also wound" option (review-s11 RB4).
  const selfBlow = base.specificBlow === "rise" || base.specificBlow === "release";
  const wounds = success && (base.specificBlow === null || (base.specificBlowWounds && !selfBlow));
  const tableLevel: WoundLevel = wounds ? tableWoundLevel(base.damageClass, qr, woundGrid) : "none";
  const shaken = base.shakeOff?.success === true;
  const level = shaken ? shakeOff(tableLevel) : tableLevel;
  // Every field written out, in one fixed order: V8 builds this in one shape. `{ ...base, … }`
  // measured 24 µs per attack and Object.assign 8 µs; this is what the simulator budget needs.
  return {
    attackKind: base.attackKind,
    primaryChance: base.primaryChance,
    roll: base.roll,
    ease: base.ease,
    successChance: base.successChance,
    rolledQualityRating: base.rolledQualityRating,
    heroPointsSpent: base.heroPointsSpent,
    qualityRating: qr,
    success,
    baseDamageClass: base.baseDamageClass,
    damageClass: base.damageClass,
    damageShifts: base.damageShifts,
    meleeWeapon: base.meleeWeapon,
    pointOrEdge: base.pointOrEdge,
    kick: base.kick,
    specificBlow: base.specificBlow,
    specificBlowWounds: base.specificBlowWounds,
    attackerIsNpc: base.attackerIsNpc,
    tableWoundLevel: tableLevel,
    woundLevel: level,
    effect: success && base.specificBlow !== null ? specificBlowEffect(base.specificBlow) : null,
    knockoutEase: success && base.specificBlow === "knockout" ? knockoutEase(qr) : null,
    shakeOffPossible: base.attackKind === "hth" && !base.pointOrEdge && tableLevel !== "none",
    shakeOff: base.shakeOff,
    scarPossible: scarPossible(level, base.attackKind, base.meleeWeapon),
  };
}

/** Resolves one attack roll into the chat card's result. */
export function resolveAttack(input: AttackInput, tables: AttackTables = {}): AttackResult {
  const i = requireRecord("input", input);
  const ease = easeFactor(input, tables);
  const attackKind = requireAttackKind("attackKind", i.attackKind);
  const primaryChance = requireInt("primaryChance", i.primaryChance, 0, MAX_PRIMARY_CHANCE);
  const roll = requireInt("roll", i.roll, 1, 100);
  const baseDamageClass = requireDamageClass("damageClass", i.damageClass);
  const meleeWeapon = requireChoice("meleeWeapon", i.meleeWeapon ?? "none", MELEE_WEAPONS);
  const kick = i.kick === undefined ? false : requireBoolean("kick", i.kick);
  const specificBlow = i.specificBlow === undefined || i.specificBlow === null ? null : requireChoice("specificBlow", i.specificBlow, SPECIFIC_BLOWS);
  if (attackKind === "fire" && meleeWeapon !== "none") {
    throw new FracasRuleError("modifierNotAllowed", "a melee weapon does not apply to Fire Combat", { modifier: "meleeWeapon", attackKind });
  }
  if (kick && (meleeWeapon === "knife" || meleeWeapon === "sword")) {
    throw new FracasRuleError("kickIsUnarmed", "a kick cannot use a knife or sword's Damage Class", { meleeWeapon });
  }
  const pointOrEdge = i.pointOrEdge === undefined ? meleeWeapon === "knife" || meleeWeapon === "sword" : requireBoolean("pointOrEdge", i.pointOrEdge);

  const damageShifts: EaseItem[] = [];
  if (kick) damageShifts.push({ labelKey: "FRACAS.Bond.Damage.Kick", value: KICK_DAMAGE_SHIFT });
  if (attackKind === "fire" && input.range !== undefined) {
    const shift = rangeDamageShift(input.range, tables.range);
    if (shift !== 0) damageShifts.push({ labelKey: `FRACAS.Bond.Damage.Range.${input.range}`, value: shift });
  }
  const damageClass = shiftDamageClass(baseDamageClass, damageShifts.reduce((s, d) => s + d.value, 0));
  const sc = computeSuccessChance(primaryChance, ease.total);
  return derive(
    {
      attackKind,
      primaryChance,
      roll,
      ease,
      successChance: sc,
      rolledQualityRating: gradeRoll(roll, sc, tables.qualityResults ?? qualityResultsTable),
      heroPointsSpent: 0,
      baseDamageClass,
      damageClass,
      damageShifts,
      meleeWeapon,
      pointOrEdge,
      kick,
      specificBlow,
      specificBlowWounds: i.specificBlowWounds === undefined ? false : requireBoolean("specificBlowWounds", i.specificBlowWounds),
      attackerIsNpc: i.attackerIsNpc === undefined ? false : requireBoolean("attackerIsNpc", i.attackerIsNpc),
      shakeOff: null,
    },
    tables.wounds ?? woundTable,
  );
}

/** Light validation of a result read back from a chat card before building on it. */
function requireResult(result: AttackResult): AttackResult {
  const r = requireRecord("result", result);
  requireAttackKind("result.attackKind", r.attackKind);
  requireQuality("result.rolledQualityRating", r.rolledQualityRating);
  requireInt("result.heroPointsSpent", r.heroPointsSpent, 0, 4);
  requireDamageClass("result.damageClass", r.damageClass);
  requireBoolean("result.attackerIsNpc", r.attackerIsNpc);
  return result;
}

/**
 * A player character spends Hero Points against an NPC's attack: the QR drops one step per point
 * and everything read from it (wound, knockout EF, scar) is re-read. Spending more than it takes to
 * turn the roll into a failure is refused (`tooManyHeroPoints`) so no point is wasted.
 */
export function applyHeroPointsToResult(result: AttackResult, points: number, spend: HeroPointSpend = { spenderIsTarget: true }, tables: AttackTables = {}): AttackResult {
  const r = requireResult(result);
  if (!r.attackerIsNpc) throw new FracasRuleError("heroPointsAgainstNpcOnly", "Hero Points only lower an NPC's roll", {});
  checkHeroPointSpender(spend);
  const p = requireInt("points", points, 1, 4);
  const current = applyHeroPoints(r.rolledQualityRating, r.heroPointsSpent);
  if (current === 0) throw new FracasRuleError("nothingToReduce", "the roll already failed", {});
  const max = heroPointsToFail(current);
  if (p > max) throw new FracasRuleError("tooManyHeroPoints", `at most ${max} Hero Points can lower this roll`, { max, points: p });
  return derive({ ...r, heroPointsSpent: r.heroPointsSpent + p }, tables.wounds ?? woundTable);
}

export interface ShakeOffInput {
  /** The target's Strength (14+ to try). */
  strength: number;
  /** The target's Primary Chance for a Strength roll. */
  primaryChance: number;
  /** The d100 roll. */
  roll: number;
  /**
   * The target's own wound when it rolls (before this attack lands): its penalty applies, as to
   * every task (RULES.md §1, D31). Absent (older stored rolls) = none.
   */
  woundLevel?: WoundLevel;
}

/**
 * The target tries to Shake Off the wound: EF 5 Strength roll, less the target's own wound
 * penalty (D31); success lowers the wound two levels.
 */
export function resolveShakeOff(result: AttackResult, input: ShakeOffInput, tables: AttackTables = {}): AttackResult {
  const r = requireResult(result);
  const i = requireRecord("input", input);
  if (r.shakeOff !== null) throw new FracasRuleError("shakeOffUsed", "this wound has already been shaken off or tried", {});
  const eligibility = shakeOffEligibility({
    strength: i.strength as number,
    attackKind: r.attackKind,
    pointOrEdge: r.pointOrEdge,
    woundLevel: r.tableWoundLevel,
  });
  if (!eligibility.eligible) {
    throw new FracasRuleError("shakeOffNotAllowed", `Shake Off is not allowed here (${eligibility.reason})`, { reason: eligibility.reason ?? "" });
  }
  const penalty = i.woundLevel === undefined ? 0 : woundPenalty(requireWoundLevel("woundLevel", i.woundLevel));
  const check = resolveCheck(i.primaryChance as number, SHAKE_OFF_EASE + penalty, i.roll as number, tables.qualityResults ?? qualityResultsTable);
  return derive({ ...r, shakeOff: check }, tables.wounds ?? woundTable);
}
