/** The character sheet's context, built purely from plain data (the sheet and the fixtures both use it). */
import type { CharacterDerived, SkillLike } from "../data/derive.js";
import { CHARACTERISTICS } from "../data/derive.js";
import type { WeaponLike } from "../data/weapon.js";
import { COVER_AMOUNTS, type CoverAmount, type ScarLocation } from "../rules/index.js";
import { hasContent, htmlField, type HtmlFieldInput } from "./html-field.js";
import { signed } from "../format.js";
import { recoveryRollLabel } from "../cards/views.js";
import { pluralKey } from "../../../foundry/i18n.js";
import type { PickUpState } from "./pick-up-view.js";

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
  /** A dropped weapon's Pick up now (D46, pick-up-view.ts): refused (why), or whether it uses an attack. Absent = free. */
  pickUp?: PickUpState;
  /** The character's cover as the GM set it (D49). Absent = none. */
  cover?: CoverAmount;
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
  return {
    name: input.name,
    img: input.img,
    editable: input.editable,
    isGM: input.isGM,
    // A viewer who may not edit opens an item's sheet to read it: the row's button says so.
    itemButtonLabel: input.editable ? "FRACAS.Bond.EditNamed" : "FRACAS.Bond.ViewNamed",
    npc: input.npc,
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
      damageClass: weapon.attackKind === "fire" || weapon.meleeWeapon === "other" ? weapon.damageClass : null,
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
    pickUp: pickUpView(input),
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
 * A dropped weapon's Pick up (D46): disabled with the reason when the round has no attack left for
 * it, and a line under the weapons saying so, or, in a fight, that it uses one of the round's attacks.
 * Nothing when no weapon is dropped, or when the character cannot act (that line already says why).
 */
function pickUpView(input: CharacterViewInput): { refused: string | null; hint: string | null } {
  const dropped = input.weapons.some((w) => w.dropped === true);
  if (!dropped || !input.editable || input.downReason) return { refused: null, hint: null };
  const refused = input.pickUp?.refused ?? null;
  return { refused, hint: refused ?? (input.pickUp?.inFight ? "FRACAS.Bond.PickUpCost.Hint" : null) };
}

export type CharacterView = ReturnType<typeof characterView>;
