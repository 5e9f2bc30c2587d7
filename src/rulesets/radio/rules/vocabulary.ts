/**
 * The words the radio rules speak in, and the guards that turn a wrong word or die value into a
 * FracasRuleError at the boundary instead of a wrong answer further in.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";

/**
 * Describes any value for an error message without calling its own toString (an object whose
 * toString is not a function would make String() throw a TypeError instead of our error).
 */
export function describeValue(v: unknown): string {
  if (v === null || typeof v !== "object") return typeof v === "symbol" ? v.description ?? "symbol" : String(v as string);
  return Array.isArray(v) ? "a list" : "an object";
}

/** The engine's requireInt, first refusing non-numbers itself so no foreign object is stringified. */
export function wholeNumber(name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== "number") {
    throw new FracasRuleError("badNumber", `${name} must be a whole number from ${min} to ${max} (got ${describeValue(v)})`, { name, min, max, value: describeValue(v) });
  }
  return requireInt(name, v, min, max);
}

/** The engine's requireChoice, first refusing non-strings itself (see wholeNumber). */
export function oneOf<T extends string>(name: string, v: unknown, choices: readonly T[]): T {
  if (typeof v !== "string") {
    throw new FracasRuleError("badChoice", `${name} must be one of ${choices.join(", ")} (got ${describeValue(v)})`, { name, value: describeValue(v), choices: choices.join(", ") });
  }
  return requireChoice(name, v, choices);
}

/** The five combat actions of the seed, chosen at the start of a round and fixed for it. */
export const ACTIONS = ["frenzied", "standard", "targeted", "spell", "defensive"] as const;
export type Action = (typeof ACTIONS)[number];

/** Damage categories of the seed's weapon table ("or equivalent" — a gadget or spell picks one). */
export const WEAPONS = ["hand", "rocks", "club", "blade", "projectile", "area"] as const;
export type Weapon = (typeof WEAPONS)[number];

/** NPC fighting tiers. The seed's prose says "elite"; its table says "Expert" (same tier). */
export const TIERS = ["novice", "standard", "skilled", "expert"] as const;
export type Tier = (typeof TIERS)[number];

/** Who is fighting: player characters, and the seed's three types of opponent. */
export const COMBATANT_KINDS = ["pc", "henchmen", "minion", "boss"] as const;
export type CombatantKind = (typeof COMBATANT_KINDS)[number];

/** What a targeted attack aims at: nothing special, a limb (or the weapon in it), head or heart. */
export const CALLED_SHOTS = ["none", "limb", "head", "heart"] as const;
export type CalledShot = (typeof CALLED_SHOTS)[number];

/** Rounds have four phases. */
export const PHASES = [1, 2, 3, 4] as const;
export type Phase = (typeof PHASES)[number];

/** More dice when the rules need them (e.g. re-rolling tied initiative): returns 1..sides. */
export type DieSource = (sides: number) => number;

export const requireAction = (v: unknown): Action => oneOf("action", v, ACTIONS);
export const requireWeapon = (v: unknown): Weapon => oneOf("weapon", v, WEAPONS);
export const requireTier = (v: unknown): Tier => oneOf("tier", v, TIERS);
export const requireKind = (v: unknown): CombatantKind => oneOf("kind", v, COMBATANT_KINDS);
export const requireCalled = (v: unknown): CalledShot => oneOf("called", v ?? "none", CALLED_SHOTS);
export const requireD6 = (name: string, v: unknown): number => wholeNumber(name, v, 1, 6);
export const requireD10 = (name: string, v: unknown): number => wholeNumber(name, v, 1, 10);
export const requirePhase = (v: unknown): Phase => wholeNumber("phase", v, 1, 4) as Phase;

/** An optional flag: missing means false; anything but a boolean is refused. */
export function flag(name: string, v: unknown): boolean {
  if (v === undefined) return false;
  if (typeof v !== "boolean") {
    throw new FracasRuleError("badFlag", `${name} must be true or false (got ${describeValue(v)})`, { name, value: describeValue(v) });
  }
  return v;
}

/** Modifiers and skill bonuses are small whole numbers; anything outside is a typo, not a rule. */
export const MAX_BONUS = 50;
export const requireBonus = (name: string, v: unknown): number => wholeNumber(name, v, -MAX_BONUS, MAX_BONUS);

/** Wound counts: generous bounds so no real character is refused, but NaN and Infinity are. */
export const MAX_WOUNDS = 10_000;
