/**
 * The attack dialog's pure core: from the attacker's setup (weapon, Primary Chance, wound, Speed,
 * the target) and the user's choices (range, cover, kick, Specific Blow…) it builds the kernel's
 * AttackInput and the view the dialog shows — every Ease Factor item, the Success Chance and the
 * exact chance of each Quality Rating, before anything is rolled.
 */
import { isRuleError } from "../../../engine/errors.js";
import { activeTable } from "../../../foundry/tables.js";
import {
  COVER_AMOUNTS,
  RANGE_BANDS,
  SPECIFIC_BLOWS,
  coverModifiersTable,
  easeFactor,
  qualityOdds,
  qualityResultsTable,
  rangeDamageShift,
  rangeModifiersTable,
  shiftDamageClass,
  specificBlowAllowed,
  successChance,
  KICK_DAMAGE_SHIFT,
  type AttackInput,
  type AttackKind,
  type CoverAmount,
  type DamageClass,
  type EaseInput,
  type MeleeWeapon,
  type RangeBand,
  type SpecificBlow,
  type WoundLevel,
} from "../rules/index.js";
import { easeText, signed } from "../format.js";
import { readTypedNumber } from "../../../foundry/sheets/typed-number.js";
import { isMetres } from "./scene-units.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { offDeclaration } from "./declared.js";
import { attacksLeftThisRound, type AttacksLeft } from "./round-attacks.js";
import type { BondTurn } from "./attack-turn.js";

export interface AttackSetup {
  actorName: string;
  weaponName: string;
  attackKind: AttackKind;
  primaryChance: number;
  /** Fire: the weapon's DC; H-t-H: Strength's DC with any knife/sword bonus, or the weapon's own. */
  baseDamageClass: DamageClass;
  meleeWeapon: MeleeWeapon;
  pointOrEdge: boolean;
  performance: number;
  /** 0 = no cap. */
  shotsPerRound: number;
  /** The firearm's draw modifier (0 when none or Hand-to-Hand). */
  drawModifier?: number;
  speed: number;
  attackerWound: WoundLevel;
  attackerProne: boolean;
  attackerRestrained: boolean;
  attackerIsNpc: boolean;
  /** The combat round when a combat is running, else null (no per-round limit). */
  round: number | null;
  attacksMade: number;
  /** Weapons picked up this round: each used one of the round's attacks (D46). Absent = none. */
  pickUpsMade?: number;
  targetName: string | null;
  /** The (first) target's actor UUID, when one is targeted (an open dialog redraws on its changes). Absent = none. */
  targetUuid?: string | null;
  /** How many tokens the user targets: an attack is at one target, its own roll (D54). Absent = 0 or 1. */
  targetCount?: number;
  /** The names of the targeted tokens (at most TARGET_NAMES_SHOWN), said when several are targeted (D54). Absent = none. */
  targetNames?: string[];
  /** The target's Speed (H-t-H), when a target is known: then it is the modifier, not a choice (D52). */
  targetSpeed: number | null;
  /**
   * Distance to the target in metres when both tokens are on the scene and its grid's units are
   * known (scene-units.ts), else null: then the attacker chooses the range (D57).
   */
  distance: number | null;
  /** The distance as the scene measured it, in its own units, when both tokens are on it (absent = not measured). */
  measured?: SceneDistance | null;
  /** The weapon's range bands (outer edge of each, in metres). */
  ranges: Record<RangeBand, number>;
  specificBlowWounds: boolean;
  /** The weapon item attacked with (null = unarmed): it is in hand from then on (D41). Absent = unknown. */
  weaponId?: string | null;
  /** That weapon was knocked away by a Disarm and not yet picked up: no attack with it (D41). */
  weaponDropped?: boolean;
  /** The action the attacker declared this round in a fight (combat.ts DECLARATIONS), "" / absent = none (D47). */
  declaration?: string;
  /** The target's cover as the GM set it on its sheet (D49): the least the attacker may choose. Absent / "none" = not set. */
  targetCover?: CoverAmount;
  /** The user reading the dialog is a GM: a scene whose units cannot be read says how to set them (D57). Absent = a player. */
  viewerIsGM?: boolean;
  /** Whose action it is in a started fight (attack-turn.ts): a player's out-of-turn attack is refused. Absent = free. */
  turn?: BondTurn;
}

/** A distance measured on the scene, in the scene grid's own units ("ft", "m", "hex"…). */
export interface SceneDistance {
  distance: number;
  units: string;
}

export interface AttackChoices {
  range: RangeBand;
  cover: CoverAmount;
  targetSpeed: number;
  kick: boolean;
  specificBlow: SpecificBlow | "";
  gmModifier: number;
  /**
   * A GM modifier typed that could not be used as typed (outside −20…20, or not a whole number),
   * with the value used instead: the dialog says so under the field, and Roll refuses while the
   * form still holds it (absent or null: nothing to say).
   */
  gmModifierAdjusted?: GmModifierAdjusted | null;
}

export interface GmModifierAdjusted {
  typed: string;
  used: number;
  reason: "range" | "whole";
}

export const GM_MODIFIER_RANGE = { min: -20, max: 20 } as const;

/**
 * The GM modifier as typed: a whole number in −20…20 is used as is; a number outside is brought to
 * the nearer end, anything else keeps the previous value, and either is reported (not silent: the
 * field redraws with another number than the one typed). An empty field keeps the previous value.
 */
export function readGmModifier(raw: unknown, previous: number): { value: number; adjusted: GmModifierAdjusted | null } {
  // The core typed-number reader, in whole steps; its "above"/"below" read as Bond's "range", "step" as "whole".
  const r = readTypedNumber(raw, previous, { ...GM_MODIFIER_RANGE, step: 1 });
  return { value: r.value, adjusted: r.adjusted && { typed: r.adjusted.typed, used: r.adjusted.used, reason: r.adjusted.reason === "step" ? "whole" : "range" } };
}

/** How many targeted names the dialog lists when several are targeted; the rest are counted. */
export const TARGET_NAMES_SHOWN = 4;

/** Several tokens targeted: the attack cannot be rolled (D54). */
export function severalTargets(setup: Pick<AttackSetup, "targetCount">): boolean {
  return (setup.targetCount ?? 0) > 1;
}

/**
 * The setup as the dialog may use it (D54): with several tokens targeted no one of them is "the"
 * target, so none's name, Speed, cover or distance is read — the first in the user's target set is
 * an order the player never sees, and its modifiers would show as if chosen. Then the dialog reads
 * as with no target (Speed and range chosen), lists the targeted names, and refuses the roll.
 */
export function oneTargetSetup(setup: AttackSetup): AttackSetup {
  if (!severalTargets(setup)) return setup;
  return { ...setup, targetName: null, targetUuid: null, targetSpeed: null, targetCover: "none", distance: null, measured: null };
}

/** The band a distance falls in: the first whose outer edge reaches it; beyond long stays long. */
export function rangeBandFor(distance: number, ranges: Record<RangeBand, number>): RangeBand {
  for (const band of RANGE_BANDS) if (distance <= ranges[band]) return band;
  return "long";
}

/**
 * The range an attack uses: the band of the measured distance when both tokens are on the scene,
 * read anew at each render and at Roll (the user may aim at someone else meanwhile); the choice only
 * when nothing is measured.
 */
export function rangeInForce(setup: AttackSetup, chosen: RangeBand): RangeBand {
  return setup.distance !== null ? rangeBandFor(setup.distance, setup.ranges) : chosen;
}

const tenths = (n: number): number => Math.round(n * 10) / 10;

/**
 * How a measured distance is said beside the range it fixes: in metres, and in the scene's own
 * units too when it measures in others ("1.5 m = 5 ft"), so the GM sees both (D57).
 */
export function distanceLabel(setup: Pick<AttackSetup, "distance" | "measured">): { key: string; metres: number; distance: number; units: string } | null {
  if (setup.distance === null) return null;
  const m = setup.measured ?? null;
  const metres = tenths(setup.distance);
  if (m === null || isMetres(m.units)) return { key: "FRACAS.Bond.Dialog.Distance", metres, distance: metres, units: m?.units ?? "" };
  return { key: "FRACAS.Bond.Dialog.DistanceScene", metres, distance: tenths(m.distance), units: m.units.trim() };
}

/**
 * A distance measured on a scene whose grid units are not ones Bond can turn into metres: the range
 * is not fixed by it, and the dialog says why under the range the attacker chooses (D57); to a GM
 * it also says how to fix the scene (`gm`: its grid units), or the line comes back on every shot.
 */
export function unreadDistance(setup: Pick<AttackSetup, "distance" | "measured" | "viewerIsGM">): { key: string; distance: number; units: string; gm: boolean } | null {
  const m = setup.measured ?? null;
  if (setup.distance !== null || m === null) return null;
  const units = m.units.trim();
  return { key: units === "" ? "FRACAS.Bond.Dialog.RangeNoUnits" : "FRACAS.Bond.Dialog.RangeUnitsUnknown", distance: tenths(m.distance), units, gm: setup.viewerIsGM === true };
}

/**
 * The range choices. When the scene measured a distance Bond cannot read as metres, each says its
 * outer edge in metres ("Close (to 10 m)", the weapon's own bands), so the attacker has something to
 * choose by (D57); otherwise the band's name alone.
 */
export function rangeOptions(setup: Pick<AttackSetup, "distance" | "measured" | "ranges">, range: RangeBand): (Option & { upTo: number | null })[] {
  const unread = unreadDistance(setup) !== null;
  return RANGE_BANDS.map((b) => ({ value: b, label: `FRACAS.Bond.Range.${b}`, selected: b === range, upTo: unread ? tenths(setup.ranges[b]) : null }));
}

/** The GM's cover on the target (D49): the least cover an attack on it may use. */
export function coverFloor(setup: AttackSetup): CoverAmount {
  const c = setup.targetCover;
  return c !== undefined && COVER_AMOUNTS.includes(c) ? c : "none";
}

/** The cover an attack uses: the attacker's choice, never less than the GM's (D49). */
export function coverInForce(setup: AttackSetup, chosen: CoverAmount): CoverAmount {
  const floor = coverFloor(setup);
  return COVER_AMOUNTS.indexOf(chosen) < COVER_AMOUNTS.indexOf(floor) ? floor : chosen;
}

/**
 * An open dialog's cover choice when the GM's cover on the target changed from `seen` to the
 * setup's (or the attacker aims at someone else now): a choice that was only the old floor follows
 * the new one, down as well as up (the GM cleared or lowered it); a harder cover the attacker chose
 * above the old floor is kept, raised to the new floor if need be (D49).
 */
export function followCoverFloor(setup: AttackSetup, choices: AttackChoices, seen: CoverAmount): AttackChoices {
  const floor = coverFloor(setup);
  if (floor === seen) return choices;
  return { ...choices, cover: choices.cover === seen ? floor : coverInForce(setup, choices.cover) };
}

/**
 * The target's Speed a Hand-to-Hand attack uses (D52): the targeted character's own, read anew at
 * each render and at Roll; the attacker's choice only when no target is known.
 */
export function targetSpeedInForce(setup: AttackSetup, chosen: number): number {
  return setup.targetSpeed ?? chosen;
}

export function defaultChoices(setup: AttackSetup): AttackChoices {
  return {
    range: rangeInForce(setup, "medium"),
    cover: coverFloor(setup),
    targetSpeed: setup.targetSpeed ?? 0,
    kick: false,
    specificBlow: "",
    gmModifier: 0,
  };
}

/** Reads the dialog's form values (strings from FormData) into checked choices. */
export function readChoices(setup: AttackSetup, raw: Record<string, unknown>, previous: AttackChoices): AttackChoices {
  const pick = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);
  const num = (v: unknown, min: number, max: number, fallback: number) => {
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
    return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
  };
  const gm = readGmModifier(raw.gmModifier, previous.gmModifier);
  return {
    range: rangeInForce(setup, pick(raw.range, RANGE_BANDS, previous.range)),
    cover: coverInForce(setup, pick(raw.cover, COVER_AMOUNTS, previous.cover)),
    targetSpeed: targetSpeedInForce(setup, num(raw.targetSpeed, 0, 3, previous.targetSpeed)),
    kick: raw.kick === true || raw.kick === "on" || raw.kick === "true",
    // Absent from the form data (a browser leaves out a select whose chosen option is disabled: a
    // Knockout chosen at a target no longer targeted), the choice stands, and the view says why it
    // cannot be rolled rather than rolling a plain attack in its place.
    specificBlow: raw.specificBlow === undefined || raw.specificBlow === null ? previous.specificBlow : pick(raw.specificBlow, ["", ...SPECIFIC_BLOWS] as const, ""),
    gmModifier: gm.value,
    gmModifierAdjusted: gm.adjusted,
  };
}

/**
 * The choices carried over when the open dialog switches to another weapon (D64): each kept where it
 * still applies to the new weapon's attack, the others back to their default, so none comes back
 * unseen later (a Knockout chosen with fists is not an attack choice with a Beretta, and would
 * otherwise still count against the declaration, or return on switching back).
 */
export function choicesForWeapon(setup: AttackSetup, choices: AttackChoices): AttackChoices {
  const hth = setup.attackKind === "hth";
  return {
    ...choices,
    range: rangeInForce(setup, choices.range),
    cover: coverInForce(setup, choices.cover),
    targetSpeed: targetSpeedInForce(setup, choices.targetSpeed),
    kick: hth && choices.kick && kickAllowed(setup),
    specificBlow: hth ? choices.specificBlow : "",
  };
}

export function kickAllowed(setup: AttackSetup): boolean {
  return setup.attackKind === "hth" && setup.meleeWeapon !== "knife" && setup.meleeWeapon !== "sword";
}

export function easeInput(setup: AttackSetup, choices: AttackChoices): EaseInput {
  if (setup.attackKind === "fire") {
    return {
      attackKind: "fire",
      performanceModifier: setup.performance,
      range: rangeInForce(setup, choices.range),
      // Read again here, not only from the form: the GM may have set the cover since the dialog opened.
      cover: coverInForce(setup, choices.cover),
      attackerWound: setup.attackerWound,
      gmModifier: choices.gmModifier,
    };
  }
  return {
    attackKind: "hth",
    targetSpeed: targetSpeedInForce(setup, choices.targetSpeed),
    kick: choices.kick && kickAllowed(setup),
    specificBlow: choices.specificBlow === "" ? null : choices.specificBlow,
    attackerWound: setup.attackerWound,
    gmModifier: choices.gmModifier,
  };
}

/** The kernel input for resolveAttack, given the d100. */
export function attackInput(setup: AttackSetup, choices: AttackChoices, roll: number): AttackInput {
  return {
    ...easeInput(setup, choices),
    primaryChance: setup.primaryChance,
    roll,
    damageClass: setup.baseDamageClass,
    meleeWeapon: setup.attackKind === "hth" ? setup.meleeWeapon : "none",
    pointOrEdge: setup.attackKind === "hth" ? setup.pointOrEdge : false,
    attackerIsNpc: setup.attackerIsNpc,
    specificBlowWounds: setup.specificBlowWounds,
  };
}

/** The tables in force for an attack (the GM's overrides or the shipped ones). */
export function attackTables() {
  return {
    range: activeTable(rangeModifiersTable),
    cover: activeTable(coverModifiersTable),
    qualityResults: activeTable(qualityResultsTable),
  };
}

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

/** The exact chance of each Quality Rating and of failure, as the roll dialogs list them. */
export function oddsLines(counts: { qr1: number; qr2: number; qr3: number; qr4: number; failure: number }): { key: string; label: string; percent: string }[] {
  return [
    { key: "qr1", label: "FRACAS.Bond.Quality.1", percent: percent(counts.qr1) },
    { key: "qr2", label: "FRACAS.Bond.Quality.2", percent: percent(counts.qr2) },
    { key: "qr3", label: "FRACAS.Bond.Quality.3", percent: percent(counts.qr3) },
    { key: "qr4", label: "FRACAS.Bond.Quality.4", percent: percent(counts.qr4) },
    { key: "failure", label: "FRACAS.Bond.Quality.0", percent: percent(counts.failure) },
  ];
}

/** The Ease Factor lines every Bond roll dialog shows: each modifier, the total, and whether it was clamped to ½…10. */
export interface EaseLines {
  easeItems: { label: string; value: string }[];
  easeTotal: number;
  /** The total as written (½, 2½, …). */
  easeTotalText: string;
  easeClamped: boolean;
  easeUnclamped: number;
  /** The plain sum before the clamp, as written (−1, 0, 12…): "clamped from −1 to ½". */
  easeUnclampedText: string;
}

export function easeLines(ease: { items: readonly { labelKey: string; value: number }[]; total: number; unclamped: number }): EaseLines {
  return {
    easeItems: ease.items.map((i) => ({ label: i.labelKey, value: signed(i.value) })),
    easeTotal: ease.total,
    easeTotalText: easeText(ease.total),
    easeClamped: ease.total !== ease.unclamped,
    easeUnclamped: ease.unclamped,
    easeUnclampedText: easeText(ease.unclamped),
  };
}
export const percent = (count: number): string => `${count}%`;

export type { AttacksLeft } from "./round-attacks.js";

/** The attacks this weapon may still make this round (round-attacks.ts: Speed's, the firearm's cap, less pick-ups). */
export function attacksLeft(setup: AttackSetup): AttacksLeft | null {
  return attacksLeftThisRound(
    { round: setup.round, speed: setup.speed, attacksMade: setup.attacksMade, pickUpsMade: setup.pickUpsMade ?? 0 },
    setup.shotsPerRound,
  );
}

/**
 * Why this attack cannot be rolled at its targets as they are, or null (i18n key):
 * - several tokens targeted: an attack is at one target, with that target's cover, range and Speed
 *   (D54), so each is its own roll;
 * - a Knockout with no target: its Willpower roll is the target's, so with no target the roll
 *   would be spent on a card nobody could resist (the follow-up refused it only after the roll).
 */
export function targetRefusal(setup: Pick<AttackSetup, "targetName" | "targetCount">, specificBlow: SpecificBlow | "" | null): string | null {
  if ((setup.targetCount ?? 0) > 1) return "FRACAS.Bond.Dialog.OneTargetOnly";
  if (specificBlow === "knockout" && setup.targetName === null) return "FRACAS.Bond.Dialog.KnockoutNeedsTarget";
  return null;
}

export function attackView(given: AttackSetup, choices: AttackChoices) {
  const setup = oneTargetSetup(given);
  const several = severalTargets(setup);
  const tables = attackTables();
  let error: string | null = targetRefusal(setup, setup.attackKind === "hth" ? choices.specificBlow : null);
  let ease = { total: 0, unclamped: 0, items: [] as { labelKey: string; value: number }[] };
  // A rule error in the Ease Factor leaves no meaningful odds (hidden); a refusal of the attack as set
  // up (several targets, a Knockout with none, no attacks left…) does not: its odds are shown muted,
  // "If it were allowed", so a player does not read "0%" as "this attack cannot succeed".
  let oddsKnown = true;
  // The rule error shown, with its data (its string's placeholders are filled from it when shown).
  let ruleError: { code: string; message: string; data: Record<string, string | number> } | null = null;
  try {
    ease = easeFactor(easeInput(setup, choices), tables);
  } catch (e) {
    if (!isRuleError(e)) throw e;
    if (error === null) {
      error = `FRACAS.Error.${e.code}`;
      ruleError = { code: e.code, message: e.message, data: { ...e.data } };
    }
    oddsKnown = false;
  }
  const sc = oddsKnown ? successChance(setup.primaryChance, ease.total) : 0;
  const odds = qualityOdds(sc, tables.qualityResults);
  const range = rangeInForce(setup, choices.range);
  let dcShift = 0;
  if (setup.attackKind === "fire") dcShift += rangeDamageShift(range, tables.range);
  if (setup.attackKind === "hth" && choices.kick && kickAllowed(setup)) dcShift += KICK_DAMAGE_SHIFT;
  const attacks = attacksLeft(setup);
  const fire = setup.attackKind === "fire";
  const rangeLocked = setup.distance !== null;
  const shown = several ? (given.targetNames ?? []).slice(0, TARGET_NAMES_SHOWN) : [];
  // The setup lists at most TARGET_NAMES_SHOWN names; the count says how many more are targeted.
  const more = several ? Math.max(0, (setup.targetCount ?? 0) - shown.length) : 0;
  const turn = setup.turn ?? null;
  const canRoll = error === null && setup.weaponDropped !== true && !(attacks !== null && attacks.remaining === 0) && turn?.refused !== true;
  return {
    actorName: setup.actorName,
    weaponName: setup.weaponName,
    kindLabel: `FRACAS.Bond.AttackKind.${setup.attackKind}`,
    fire,
    hth: !fire,
    targetName: setup.targetName,
    // No token targeted: said in the header (the card will have no Apply), as the other rulesets do.
    // Hand-to-Hand also says where the Speed comes from then (the select below).
    // Several targeted: none is named as "the" target; the names are listed instead, to untarget all but one (D54).
    noTarget: several || setup.targetName !== null ? null : fire ? "FRACAS.Bond.Dialog.NoTargetFire" : "FRACAS.Bond.Dialog.NoTarget",
    targetsLine: several
      ? {
          key: more > 0 ? "FRACAS.Bond.Dialog.TargetsSeveralMore" : "FRACAS.Bond.Dialog.TargetsSeveral",
          names: shown.join(", "),
          more,
        }
      : null,
    primaryChance: setup.primaryChance,
    ...easeLines(ease),
    successChance: sc,
    odds: oddsLines(odds.counts),
    successPercent: percent(100 - odds.counts.failure),
    baseDamageClass: setup.baseDamageClass,
    damageClass: shiftDamageClass(setup.baseDamageClass, dcShift),
    rangeLocked,
    distance: setup.distance === null ? null : tenths(setup.distance),
    // The measured distance beside the range it fixes, in metres (and the scene's units); or, when
    // the scene's units cannot be read as metres, why the range is chosen (D57).
    distanceLabel: fire ? distanceLabel(setup) : null,
    unreadDistance: fire ? unreadDistance(setup) : null,
    rangeLabel: `FRACAS.Bond.Range.${range}`,
    rangeOptions: rangeOptions(setup, range),
    // Less cover than the GM set on the target is not offered (D49); the line under it says why.
    coverOptions: COVER_AMOUNTS.slice(COVER_AMOUNTS.indexOf(coverFloor(setup))).map((c) => ({ value: c, label: `FRACAS.Bond.Cover.${c}`, selected: c === coverInForce(setup, choices.cover) })),
    coverSetByGm: coverFloor(setup) === "none" ? null : `FRACAS.Bond.Cover.${coverFloor(setup)}`,
    // A known target's Speed is read, not chosen (D52), as a measured distance fixes the range.
    targetSpeedLocked: setup.targetSpeed !== null,
    targetSpeed: targetSpeedInForce(setup, choices.targetSpeed),
    // Read, it says whose it is ("2 (Oddjob's Speed)"), as the range says "(distance)".
    targetSpeedRead: setup.targetSpeed !== null ? { speed: setup.targetSpeed, name: setup.targetName ?? "" } : null,
    targetSpeedOptions: [0, 1, 2, 3].map((s) => ({ value: String(s), label: String(s), selected: s === targetSpeedInForce(setup, choices.targetSpeed) })),
    kick: choices.kick && kickAllowed(setup),
    kickAllowed: kickAllowed(setup),
    blowOptions: [
      { value: "", label: "FRACAS.Bond.Blow.none", selected: choices.specificBlow === "", disabled: false },
      ...SPECIFIC_BLOWS.filter((b) => specificBlowAllowed(b, { prone: setup.attackerProne, restrained: setup.attackerRestrained })).map((b) => {
        // A Knockout needs a target (its Willpower roll is the target's): offered greyed, saying why.
        // (Several targeted is refused as such, not as "needs a target".)
        const needsTarget = b === "knockout" && setup.targetName === null && !several;
        return {
          value: b,
          label: needsTarget ? "FRACAS.Bond.Dialog.KnockoutWithoutTarget" : `FRACAS.Bond.Blow.${b}`,
          selected: b === choices.specificBlow,
          disabled: needsTarget,
        };
      }),
    ],
    gmModifier: choices.gmModifier,
    // A GM modifier typed that was not used as typed: the line under the field (key and its data).
    gmModifierAdjusted: choices.gmModifierAdjusted
      ? {
          key: `FRACAS.Bond.Dialog.GmModifierAdjusted.${choices.gmModifierAdjusted.reason}`,
          typed: choices.gmModifierAdjusted.typed,
          used: signed(choices.gmModifierAdjusted.used),
          min: signed(GM_MODIFIER_RANGE.min),
          max: signed(GM_MODIFIER_RANGE.max),
        }
      : null,
    woundLabel: `FRACAS.Bond.Wound.${setup.attackerWound}`,
    attacks,
    // An attack that is not the action declared this round: said, for the GM to rule on (D47).
    // Out of the attacker's action step (attack-turn.ts): a player's Roll is refused with the reason;
    // the GM is told and may roll. A draw won this round lets the shot come first (said).
    turn: turn?.reason ? { reason: turn.reason, current: turn.data.current ?? null, refused: turn.refused } : null,
    byDraw: turn?.byDraw === true,
    offDeclaration: offDeclaration(setup.declaration, { attackKind: setup.attackKind, kick: choices.kick && kickAllowed(setup), specificBlow: choices.specificBlow || null }),
    // The count's line; after a pick-up this round it says how many attacks went to picking up (D46).
    pickUps: setup.pickUpsMade ?? 0,
    attacksLabel: (setup.pickUpsMade ?? 0) > 0 ? pluralKey("FRACAS.Bond.Dialog.AttacksPickedUp", setup.pickUpsMade ?? 0) : "FRACAS.Bond.Dialog.Attacks",
    exhausted: attacks !== null && attacks.remaining === 0,
    error,
    // When the error is a kernel rule error: it, to be worded with its data (rule-error.ts), as `error` alone cannot be.
    ruleError,
    dropped: setup.weaponDropped === true,
    canRoll,
    // The Success Chance, the odds and the headline are shown (false: a rule error left none).
    oddsKnown,
    // Shown but not rollable as set up: the odds are muted and the headline says "If it were allowed".
    refused: !canRoll,
  };
}

export type AttackView = ReturnType<typeof attackView>;
