/**
 * Talents in a FEAT: which of the hero's talents may help the chosen ability, the column shift the
 * ticked ones give (added to Other), and how a card names them.
 */
import type { AbilityKey } from "../data/keys.js";
import type { FeatForm } from "./feat-form.js";

/** A hero's talent as the FEAT dialog offers it: the ability it helps ("" = any) and its column shift. */
export interface TalentChoice {
  id: string;
  name: string;
  ability: string;
  shift: number;
}

/** The hero's talents that may help a FEAT with `ability`: that ability's, and those of no ability in particular. */
export function talentsFor(ability: AbilityKey, talents: readonly TalentChoice[]): TalentChoice[] {
  return talents.filter((t) => t.ability === "" || t.ability === ability);
}

/** The ticked talents that count for this FEAT (those that help its ability), in the hero's order. */
export function tickedTalents(f: Pick<FeatForm, "ability" | "talents">, talents: readonly TalentChoice[]): TalentChoice[] {
  const ticked = new Set(f.talents ?? []);
  return talentsFor(f.ability, talents).filter((t) => ticked.has(t.id));
}

/** The column shift the ticked talents give this FEAT (only those that help its ability count). */
export function talentShift(f: Pick<FeatForm, "ability" | "talents">, talents: readonly TalentChoice[]): number {
  return tickedTalents(f, talents).reduce((sum, t) => sum + t.shift, 0);
}

/** A talent named on a card: its name and column shift (kept in the card's result when rolled). */
export interface CardTalent {
  name: string;
  shift: number;
}

/**
 * The talents a card names (its result's `talents`, whose shifts are in the column's total). A card
 * from before talents were kept, or anything malformed, names none.
 */
export function cardTalents(stored: unknown): CardTalent[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((t: unknown) => {
    const o = (typeof t === "object" && t !== null ? t : {}) as Record<string, unknown>;
    return typeof o["name"] === "string" && typeof o["shift"] === "number" && Number.isFinite(o["shift"]) ? [{ name: o["name"], shift: o["shift"] }] : [];
  });
}

/**
 * The form the roll and the odds use: the ticked talents' shift added to Other (the talent item's
 * shift was the GM's to add by hand before). The dialog keeps Other as typed; only this copy adds.
 */
export function withTalents(f: FeatForm, talents: readonly TalentChoice[]): FeatForm {
  const shift = talentShift(f, talents);
  return shift === 0 ? f : { ...f, other: f.other + shift };
}
