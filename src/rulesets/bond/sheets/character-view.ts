/** The character sheet's context, built purely from plain data (the sheet and the fixtures both use it). */
import type { CharacterDerived, SkillLike } from "../data/derive.js";
import { CHARACTERISTICS } from "../data/derive.js";
import type { WeaponLike } from "../data/weapon.js";
import { COVER_AMOUNTS, HOSPITAL_DAYS_PER_LEVEL, HOSPITAL_MAX_LEVELS, HTH_WEAPON_BONUS, shiftDamageClass, type CoverAmount, type DamageClass, type ScarLocation } from "../rules/index.js";
import { hasContent, htmlField, type HtmlFieldInput } from "./html-field.js";
import { signed } from "../format.js";
import { recoveryRollLabel } from "../cards/views.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { pickUpCheck } from "./pick-up-view.js";
import { attacksLeftThisRound, type RoundAttacks } from "./round-attacks.js";

export interface CharacterViewInput {
  name: string;
  img: string;
  editable: boolean;
  isGM: boolean;
  npc: boolean;
  characteristics: Record<(typeof CHARACTERISTICS)[number], number>;
  fame: number;
  /** An HTMLField: edited raw in a <prose-mirror>, shown enriched (html-field.ts). */
  notes: string | HtmlFieldInput;
  scars: { location: ScarLocation; visible: boolean; fame: number }[];
  derived: CharacterDerived;
  skills: SkillLike[];
  /** `inHand`: the weapon in hand; `dropped`: knocked away by a Disarm, to be picked up (D41). */
  weapons: { id: string; name: string; weapon: WeaponLike; inHand?: boolean; dropped?: boolean }[];
  /**
   * Why the character cannot act now (an i18n key from down.ts, as the tracker and the click-time
   * refusal see it), or null. The weapon rows' Attack buttons are then disabled and say why, so a
   * player is not offered an attack the sheet would refuse.
   */
  downReason?: string | null;
  /** The GM option: the wound penalty also lowers the recovery rolls' EF (the buttons show the EF in force). */
  woundPenaltyApplies?: boolean;
  /**
   * The viewer owns a character with a First Aid skill (a healer, first-aid-dialog.ts): First Aid
   * is the one sheet action a viewer who may not edit this character can still take, with a healer
   * of their own. Without one, a read-only viewer is not offered it.
   */
  ownsHealer?: boolean;
  /**
   * The round's counts in a started combat (round-attacks.ts); absent, or `round` null, outside a
   * fight. With none left, the Attack buttons are disabled and say why (UX review s4 #3), and a
   * dropped weapon's Pick up is refused, or says how many attacks it leaves (D46).
   */
  round?: RoundAttacks;
  /** The character's cover as the GM set it (D49). Absent = none. */
  cover?: CoverAmount;
}


/** The sheet's hospital stay line (D25): the levels it healed and the days carried, or null before a stay begins. */
export function hospitalStayLine(w: { level: string; hospitalLevels: number; hospitalDays: number }): { key: string; levels: number; days: number; max: number; per: number } | null {
  if (w.level === "none" || w.level === "KL" || (w.hospitalLevels === 0 && w.hospitalDays === 0)) return null;
  const used = w.hospitalLevels >= HOSPITAL_MAX_LEVELS;
  return { key: used ? "FRACAS.Bond.State.HospitalStayUsed" : "FRACAS.Bond.State.HospitalStay", levels: w.hospitalLevels, days: w.hospitalDays, max: HOSPITAL_MAX_LEVELS, per: HOSPITAL_DAYS_PER_LEVEL };
}

export function characterView(input: CharacterViewInput) {
  const d = input.derived;
  const w = d.woundState;
  const unconscious = w.level === "IN" || w.knockedOut;
  const dead = w.level === "KL";
  const notes = htmlField(input.notes);
  const canFirstAid = !w.firstAidUsed && !dead && w.level !== "none" && w.level !== "ST";
  const held = input.weapons.filter((x) => x.dropped !== true);
  const noneInHand = !input.weapons.some((x) => x.inHand === true);
  const noAttackLeft = noAttackLeftView(input);
  const attackBlock = (weapon: WeaponLike | null, name: string) => attackBlockView(input, noAttackLeft, weapon, name);
  return {
    name: input.name,
    img: input.img,
    editable: input.editable,
    isGM: input.isGM,
    // A viewer who may not edit opens an item's sheet to read it: the row's button says so.
    itemButtonLabel: input.editable ? "FRACAS.Bond.EditNamed" : "FRACAS.Bond.ViewNamed",
    npc: input.npc,
    // NPC or PC is the GM's call: it switches Hero Points to Survival Points and takes away a draw
    // and Hero Point spends (UX review s4 #22.1). A box for the GM; everyone else reads the tag.
    npcEditable: input.isGM && input.editable,
    pointsLabel: input.npc ? "FRACAS.Bond.SurvivalPoints" : "FRACAS.Bond.HeroPoints",
    points: d.heroPointsValue,
    characteristics: CHARACTERISTICS.map((c) => ({
      key: c,
      label: `FRACAS.Bond.Characteristic.${c}`,
      abbr: `FRACAS.Bond.CharacteristicAbbr.${c}`,
      value: input.characteristics[c],
      field: `system.characteristics.${c}`,
      id: `bond-char-${c}`,
    })),
    speed: d.speed,
    fame: input.fame,
    cover: coverView(input),
    hthDamageClass: d.hthDamageClass,
    fireCombatChance: d.fireCombatChance,
    handToHandChance: d.handToHandChance,
    wound: {
      level: w.level,
      label: `FRACAS.Bond.Wound.${w.level}`,
      penalty: signed(d.woundPenalty),
      stunRollPending: w.stunRollPending,
      stunRounds: w.stunRounds,
      stunRoundsLabel: pluralKey("FRACAS.Bond.State.StunRounds", w.stunRounds),
      woundRollPending: w.woundRollPending,
      unconsciousHours: w.unconsciousHours,
      unconsciousLabel: pluralKey("FRACAS.Bond.State.Unconscious", w.unconsciousHours),
      knockedOut: w.knockedOut,
      firstAidUsed: w.firstAidUsed,
      unconscious,
      dead,
      canRecoverStun: w.stunRollPending && !unconscious && !dead,
      canRecoverWound: w.woundRollPending && !unconscious && !dead,
      // The buttons name the roll as the round-start prompt does, with its characteristic and EF.
      stunRoll: recoveryRollLabel("stun", w, input.woundPenaltyApplies === true),
      woundRoll: recoveryRollLabel("wound", w, input.woundPenaltyApplies === true),
      canFirstAid,
      // Offered to whoever can give it: the character's editors, or a viewer with a healer of their own.
      firstAidOffered: canFirstAid && (input.editable || input.ownsHealer === true),
      canHeal: !dead && w.level !== "none",
      // The hospital stay so far (D25), once begun: a press of 1 or 2 days shows here, not only in a notice.
      hospitalStay: hospitalStayLine(w),
      // The GM may end a stay by hand (D67): a control for the GM only, and only while a stay has begun.
      endStay: input.isGM && input.editable && hospitalStayLine(w) !== null,
      wounded: w.level !== "none",
    },
    skills: input.skills.map((s) => ({
      id: s.id,
      name: s.name,
      roleLabel: `FRACAS.Bond.SkillRole.${s.role}`,
      characteristics: [s.characteristic1, s.characteristic2].filter((c) => c !== "").map((c) => `FRACAS.Bond.CharacteristicAbbr.${c}`),
      level: s.level,
      primaryChance: d.skillChances[s.id] ?? 0,
    })),
    weapons: input.weapons.map(({ id, name, weapon, inHand, dropped }) => ({
      id,
      name,
      inHand: inHand === true,
      dropped: dropped === true,
      kindLabel: `FRACAS.Bond.AttackKind.${weapon.attackKind}`,
      fire: weapon.attackKind === "fire",
      ...weaponDamageClass(weapon, d.hthDamageClass),
      attackBlock: attackBlock(weapon, name),
      performance: signed(weapon.performance),
      shots: weapon.shotsPerRound > 0 ? weapon.shotsPerRound : null,
      primaryChance: weapon.attackKind === "fire" ? d.fireCombatChance : d.handToHandChance,
    })),
    scars: input.scars.map((s, index) => ({ index, label: `FRACAS.Bond.Scar.${s.location}`, visible: s.visible, fame: s.fame })),
    notes: notes.raw,
    notesHTML: notes.html,
    // A read-only sheet leaves out empty notes (no heading with nothing under it).
    showNotes: input.editable || hasContent(notes.raw),
    cannotAct: input.downReason ?? null,
    noAttackLeft,
    unarmedAttackBlock: attackBlock(null, ""),
    pickUp: pickUpView(input, noAttackLeft),
    // The weapon in hand (D41), chosen by the editors: with several weapons and none attacked with
    // yet (every character's start), or the held one dropped, a Disarm would find none to knock away.
    // A choice only when there is one to make: two weapons or more on hand, or one and none known.
    inHandOptions:
      input.editable && (held.length >= 2 || (held.length === 1 && noneInHand))
        ? [
            ...(noneInHand ? [{ value: "", label: "", none: true, selected: true }] : []),
            ...held.map((x) => ({ value: x.id, label: x.name, none: false, selected: x.inHand === true })),
          ]
        : null,
  };
}

/**
 * The cover the GM set (D49): a select for the GM (who may edit every character), the choice as
 * plain text for everyone else — the owner sees what the attack dialogs aimed at them will use.
 */
function coverView(input: CharacterViewInput) {
  const current = input.cover ?? "none";
  return {
    gmSelect: input.isGM && input.editable,
    label: `FRACAS.Bond.Cover.${current}`,
    options: COVER_AMOUNTS.map((c) => ({ value: c, label: `FRACAS.Bond.Cover.${c}`, selected: c === current })),
  };
}

/**
 * A weapon's Damage Class as the attack uses it: a firearm's or an "other" weapon's own; a knife's,
 * a sword's or a plain Hand-to-Hand weapon's from the wielder's Strength, +1 / +2 (the kernel's
 * HTH_WEAPON_BONUS, as the attack dialog's hthDamageClass) — the real class ("C"), never "B+"
 * (UX review s4 #5), with where it comes from as the cell's tooltip.
 */
function weaponDamageClass(weapon: WeaponLike, hth: DamageClass): { damageClass: DamageClass; damageClassHint: string | null } {
  if (weapon.attackKind === "fire" || weapon.meleeWeapon === "other") return { damageClass: weapon.damageClass, damageClassHint: null };
  return { damageClass: shiftDamageClass(hth, HTH_WEAPON_BONUS[weapon.meleeWeapon]), damageClassHint: `FRACAS.Bond.DamageFromStrength.${weapon.meleeWeapon}` };
}

/**
 * In a fight with none of Speed's attacks left this round (D4, D46), for the sheet's editors: the
 * line under the weapons (i18n key), or null. Not while the character cannot act (that line says why).
 */
function noAttackLeftView(input: CharacterViewInput): string | null {
  if (!input.editable || input.downReason || !input.round) return null;
  const left = attacksLeftThisRound(input.round);
  if (left === null || left.remaining > 0) return null;
  // Speed 0 attacks on even rounds only (D4): say so, or "none left" reads as a bug on round 1.
  return left.allowed === 0 && input.round.pickUpsMade === 0 ? "FRACAS.Bond.NoAttackSpeed0" : "FRACAS.Bond.Dialog.NoAttacksLeft";
}

/**
 * Why an Attack button is disabled now, as the dialog would refuse it (null = live): the character
 * cannot act, none of the round's attacks is left, or this firearm's shots per round are used.
 * `describedBy`: the line under the weapons that says it, when there is one.
 */
function attackBlockView(input: CharacterViewInput, noAttackLeft: string | null, weapon: WeaponLike | null, name: string) {
  if (input.downReason) return { reason: input.downReason, describedBy: "bond-cannot-act", weapon: name, shots: 0 };
  if (noAttackLeft) return { reason: noAttackLeft, describedBy: "bond-no-attack-left", weapon: name, shots: 0 };
  const shots = weapon?.attackKind === "fire" ? weapon.shotsPerRound : 0;
  const left = input.round && shots > 0 ? attacksLeftThisRound(input.round, shots) : null;
  if (left && left.remaining === 0) return { reason: "FRACAS.Bond.NoShotsLeft", describedBy: null, weapon: name, shots };
  return null;
}

/**
 * A dropped weapon's Pick up (D46): disabled with the reason when the round has no attack left for
 * it (the line under the weapons says so: `describedBy`), or, in a fight, a line saying it uses one
 * of the character's attacks and how many it leaves. Nothing when no weapon is dropped, or when the
 * character cannot act (that line already says why).
 */
function pickUpView(input: CharacterViewInput, noAttackLeft: string | null): { refused: string | null; describedBy: string | null; hint: string | null; left: number } {
  const none = { refused: null, describedBy: null, hint: null, left: 0 };
  const dropped = input.weapons.some((w) => w.dropped === true);
  if (!dropped || !input.editable || input.downReason || !input.round) return none;
  const check = pickUpCheck(input.round);
  if (!check.ok) return { ...none, refused: check.reason, describedBy: noAttackLeft ? "bond-no-attack-left" : null };
  if (!check.inFight) return none;
  return { ...none, hint: pluralKey("FRACAS.Bond.PickUpCost.HintLeft", check.left), describedBy: "bond-pick-up-hint", left: check.left };
}
