/** The item sheets' contexts, built purely (the sheets and the fixtures both use them). */
import { DAMAGE_CLASSES, MELEE_WEAPONS, RANGE_BANDS } from "../rules/index.js";
import { CHARACTERISTICS, SKILL_ROLES } from "../data/derive.js";
import type { WeaponLike } from "../data/weapon.js";
import type { Option } from "./attack-view.js";
import { hasContent, htmlField, type HtmlFieldInput } from "./html-field.js";
import { signed } from "../format.js";

const options = (values: readonly string[], selected: string, label: (v: string) => string): Option[] =>
  values.map((v) => ({ value: v, label: label(v), selected: v === selected }));

/** A read-only sheet shows a select's choice as plain text (a disabled select reads as faint grey): its label. */
const chosen = (opts: readonly Option[]): string => opts.find((o) => o.selected)?.label ?? "";

/** The description is an HTMLField (see html-field.ts): `description` to edit, `descriptionHTML` to show. */
export type DescriptionInput = HtmlFieldInput;

/** A read-only sheet leaves out an empty description (no heading with nothing under it). */
const descriptionFields = (d: string | DescriptionInput, editable: boolean) => {
  const { raw, html } = htmlField(d);
  return { description: raw, descriptionHTML: html, showDescription: editable || hasContent(raw) };
};

export function weaponView(name: string, img: string, editable: boolean, w: WeaponLike, description: string | DescriptionInput) {
  const kindOptions = options(["fire", "hth"], w.attackKind, (v) => `FRACAS.Bond.AttackKind.${v}`);
  const meleeOptions = options(MELEE_WEAPONS, w.meleeWeapon, (v) => `FRACAS.Bond.MeleeWeapon.${v}`);
  const dcOptions = options(DAMAGE_CLASSES, w.damageClass, (v) => v);
  return {
    name,
    img,
    editable,
    fire: w.attackKind === "fire",
    kindOptions,
    meleeOptions,
    dcOptions,
    kindLabel: chosen(kindOptions),
    // The weapon's own Damage Class counts only for a firearm or an "other" melee weapon; fists, a
    // knife or a sword hit at the wielder's Strength DC (+1, +2), as the character sheet shows (B+).
    ownDamageClass: w.attackKind === "fire" || w.meleeWeapon === "other",
    strengthDamageHint: `FRACAS.Bond.DamageFromStrength.${w.meleeWeapon === "other" ? "none" : w.meleeWeapon}`,
    meleeLabel: chosen(meleeOptions),
    damageClass: chosen(dcOptions),
    performance: w.performance,
    shotsPerRound: w.shotsPerRound,
    drawModifier: w.drawModifier,
    // A read-only sheet's text: the modifiers signed, as the character sheet's weapon rows show them.
    performanceText: signed(w.performance),
    drawModifierText: signed(w.drawModifier),
    pointOrEdge: w.pointOrEdge,
    ranges: RANGE_BANDS.map((b) => ({ band: b, label: `FRACAS.Bond.Range.${b}`, value: w.ranges[b], field: `system.ranges.${b}`, id: `bond-range-${b}` })),
    ...descriptionFields(description, editable),
  };
}

export function skillView(name: string, img: string, editable: boolean, s: { role: string; characteristic1: string; characteristic2: string; level: number }, description: string | DescriptionInput) {
  const roleOptions = options(SKILL_ROLES, s.role, (v) => `FRACAS.Bond.SkillRole.${v}`);
  const char1Options = options(CHARACTERISTICS, s.characteristic1, (v) => `FRACAS.Bond.Characteristic.${v}`);
  const char2Options = options(["", ...CHARACTERISTICS], s.characteristic2, (v) => (v ? `FRACAS.Bond.Characteristic.${v}` : "FRACAS.Bond.NoCharacteristic"));
  return {
    name,
    img,
    editable,
    roleOptions,
    char1Options,
    char2Options,
    roleLabel: chosen(roleOptions),
    char1Label: chosen(char1Options),
    char2Label: chosen(char2Options),
    level: s.level,
    ...descriptionFields(description, editable),
  };
}
