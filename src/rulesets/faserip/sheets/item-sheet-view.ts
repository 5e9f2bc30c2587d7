/** The item sheet's context (weapon, power, talent). Pure: the sheet and the browser fixtures both call it. */
import { rankFromNumber } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import { ABILITY_KEYS } from "../data/keys.js";
import { abilityLabel, finiteOr0, rankLabel } from "./view-format.js";

const L = "FRACAS.Faserip";

export function itemSheetView(input: { name: string; img: string; type: string; system: Record<string, unknown>; editable: boolean; descriptionHTML: string; ranks?: Grid }) {
  const rk = (v: unknown): string => rankLabel(rankFromNumber(Math.max(0, Math.trunc(finiteOr0(v))), input.ranks));
  return {
    name: input.name,
    img: input.img,
    type: input.type,
    editable: input.editable,
    isWeapon: input.type === "faseripWeapon",
    isPower: input.type === "faseripPower",
    isTalent: input.type === "faseripTalent",
    system: input.system,
    damageLabel: rk(input.system["damage"]),
    rankLabel: rk(input.system["rank"]),
    edgeChoices: { blunt: `${L}.Edge.blunt`, edged: `${L}.Edge.edged` },
    /** Read-only sheets show the choices as text, not disabled (low-contrast) selects. */
    edgeLabel: `${L}.Edge.${input.system["edge"] === "edged" ? "edged" : "blunt"}`,
    abilityLabel: input.system["ability"] ? abilityLabel(String(input.system["ability"])) : `${L}.Ability.none`,
    abilityChoices: Object.fromEntries([["", `${L}.Ability.none`], ...ABILITY_KEYS.map((k) => [k, abilityLabel(k)])]),
    descriptionHTML: input.descriptionHTML,
  };
}
