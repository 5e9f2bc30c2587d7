/**
 * Pure derivations for a bond character: Speed, wound state and penalty, Primary Chances of its
 * skills, Hand-to-Hand Damage Class. No Foundry globals except activeTable (GM table overrides),
 * so the sheet, the dialog, combat and the tests all read the same numbers.
 */
import { isRuleError } from "../../../engine/errors.js";
import * as ledger from "../../../engine/ledger.js";
import { activeTable } from "../../../foundry/tables.js";
import {
  UNWOUNDED,
  hthDamageClass,
  hthDamageClassTable,
  levelIndex,
  normaliseWoundState,
  primaryChance,
  speedChartTable,
  speedFromCharacteristics,
  woundPenalty,
  type DamageClass,
  type RangeBand,
  type Speed,
  type WoundState,
} from "../rules/index.js";

export const CHARACTERISTICS = ["str", "dex", "wil", "per", "int"] as const;
export type Characteristic = (typeof CHARACTERISTICS)[number];
export type Characteristics = Record<Characteristic, number>;

/** A skill's role: the two combat skills the attack dialog uses, First Aid (the healing roll), or any other skill. */
export const SKILL_ROLES = ["fireCombat", "handToHand", "firstAid", "general"] as const;
export type SkillRole = (typeof SKILL_ROLES)[number];

export interface SkillLike {
  id: string;
  name: string;
  role: SkillRole;
  characteristic1: Characteristic;
  characteristic2: Characteristic | "";
  level: number;
}

/**
 * Without a Fire Combat or Hand-to-Hand skill item a character still fights at the plain
 * characteristic average (skill level 0). Fracas's choice (the seed is silent): Fire Combat on
 * Dexterity and Perception, Hand-to-Hand on Strength and Dexterity.
 */
export const UNSKILLED: Record<"fireCombat" | "handToHand", [Characteristic, Characteristic]> = {
  fireCombat: ["dex", "per"],
  handToHand: ["str", "dex"],
};

/**
 * The characteristics a new skill of each use starts on when none is given (D68): the combat skills
 * on their unskilled pair above; First Aid on Intelligence and Dexterity (Fracas's choice, the seed
 * is silent). The Bond: Skills pack holds the same.
 */
export const ROLE_CHARACTERISTICS: Record<Exclude<SkillRole, "general">, [Characteristic, Characteristic]> = {
  ...UNSKILLED,
  firstAid: ["int", "dex"],
};

/** A skill name as it is compared: case, spaces and hyphens do not count ("Hand-to-Hand" = "hand to hand"). */
export function normaliseSkillName(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, " ");
}

/**
 * The names that mean each use (D68): the seed's own ("Fire Combat", "Hand-to-Hand Combat",
 * "First Aid") and the short "Hand-to-Hand"; the adapter adds the names in the GM's language.
 */
export const ROLE_NAMES: Record<Exclude<SkillRole, "general">, readonly string[]> = {
  fireCombat: ["fire combat"],
  handToHand: ["hand to hand", "hand to hand combat"],
  firstAid: ["first aid"],
};

/** The use a skill's name means, or "general" when it names none; `more` adds names (a language's). */
export function roleFromName(name: string, more: Partial<Record<SkillRole, readonly string[]>> = {}): SkillRole {
  const n = normaliseSkillName(name);
  for (const role of ["fireCombat", "handToHand", "firstAid"] as const) {
    if ([...ROLE_NAMES[role], ...(more[role] ?? [])].some((x) => normaliseSkillName(x) === n)) return role;
  }
  return "general";
}

/**
 * The use a skill is read as (D68): the one the GM chose, unless that is General and its name is a
 * use's name — a skill called "Fire Combat" left on General is the Fire Combat skill, not ignored.
 */
export function effectiveRole(role: SkillRole, name: string, more: Partial<Record<SkillRole, readonly string[]>> = {}): SkillRole {
  return role === "general" ? roleFromName(name, more) : role;
}

export const MAX_CHARACTERISTIC = 30;

/** Default outer edge, in metres, of each range band (Fracas's own: the seed gives none); a weapon may set its own. A scene's measured distance is turned into metres before it is compared (D57). */
export const DEFAULT_RANGES: Record<RangeBand, number> = { pointBlank: 2, close: 10, medium: 30, long: 100 };

function clampInt(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === "number" && Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

export function readCharacteristics(raw: unknown): Characteristics {
  const r = (raw ?? {}) as Record<string, unknown>;
  const out = {} as Characteristics;
  for (const c of CHARACTERISTICS) out[c] = clampInt(r[c], 1, MAX_CHARACTERISTIC, 1);
  return out;
}

export function skillChance(chars: Characteristics, skill: Pick<SkillLike, "characteristic1" | "characteristic2" | "level">): number {
  const list = [chars[skill.characteristic1]];
  if (skill.characteristic2) list.push(chars[skill.characteristic2]);
  return primaryChance(list, clampInt(skill.level, 0, 99, 0));
}

/** The Primary Chance for a combat skill: the best matching skill item, else the unskilled average. */
export function combatChance(chars: Characteristics, skills: readonly SkillLike[], role: "fireCombat" | "handToHand"): number {
  const own = skills.filter((s) => s.role === role).map((s) => skillChance(chars, s));
  if (own.length > 0) return Math.max(...own);
  return primaryChance(UNSKILLED[role].map((c) => chars[c]), 0);
}

/** A skill counts as First Aid when its use is "firstAid", or (older skills) when it is named "First Aid". */
export function isFirstAidSkill(skill: Pick<SkillLike, "role" | "name">): boolean {
  return skill.role === "firstAid" || skill.name.trim().toLowerCase().replace(/[\s-]+/g, " ") === "first aid";
}

/**
 * The character's best First Aid skill and its Primary Chance, or null without one: First Aid has
 * no unskilled default (Fracas's choice; the seed is silent), so a healer needs the skill.
 */
export function firstAidChance(chars: Characteristics, skills: readonly SkillLike[]): { skillName: string; primaryChance: number } | null {
  let best: { skillName: string; primaryChance: number } | null = null;
  for (const s of skills) {
    if (!isFirstAidSkill(s)) continue;
    const pc = skillChance(chars, s);
    if (!best || pc > best.primaryChance) best = { skillName: s.name, primaryChance: pc };
  }
  return best;
}

/** A characteristic roll (Willpower, Strength): Primary Chance = the characteristic itself. */
export function characteristicChance(chars: Characteristics, c: Characteristic): number {
  return primaryChance([chars[c]], 0);
}

/** A stored wound state, or the unwounded one when the stored data no longer validates. */
export function safeWoundState(raw: unknown): WoundState {
  try {
    return normaliseWoundState((raw ?? {}) as Partial<WoundState>);
  } catch (e) {
    if (isRuleError(e)) return { ...UNWOUNDED };
    throw e;
  }
}

export function safePool(raw: unknown): ledger.Pool {
  try {
    return ledger.requirePool(raw);
  } catch (e) {
    if (isRuleError(e)) return ledger.createPool(0);
    throw e;
  }
}

export interface CharacterDerived {
  speed: Speed;
  woundState: WoundState;
  woundPenalty: number;
  /** 0 (none) … 6 (KL), for a token value. */
  woundIndex: number;
  hthDamageClass: DamageClass;
  fireCombatChance: number;
  handToHandChance: number;
  skillChances: Record<string, number>;
  heroPointsValue: number;
}

export function deriveCharacter(system: { characteristics?: unknown; wound?: unknown; heroPoints?: unknown }, skills: readonly SkillLike[]): CharacterDerived {
  const chars = readCharacteristics(system.characteristics);
  const woundState = safeWoundState(system.wound);
  const skillChances: Record<string, number> = {};
  for (const s of skills) skillChances[s.id] = skillChance(chars, s);
  return {
    speed: speedFromCharacteristics(chars.dex, chars.per, activeTable(speedChartTable)),
    woundState,
    woundPenalty: woundPenalty(woundState.level),
    woundIndex: levelIndex(woundState.level),
    hthDamageClass: hthDamageClass(chars.str, "none", activeTable(hthDamageClassTable)),
    fireCombatChance: combatChance(chars, skills, "fireCombat"),
    handToHandChance: combatChance(chars, skills, "handToHand"),
    skillChances,
    heroPointsValue: safePool(system.heroPoints).value,
  };
}

/**
 * The shots-per-round cap a Fire Combat declaration can mean with this character's firearms: the
 * highest cap among them, 0 = no cap (a firearm without a limit, or no firearm). The attack dialog
 * caps each attack by the weapon in hand (attacksThisRound), so the declaration shows the best.
 */
export function fireShotsCap(weapons: readonly { attackKind: string; shotsPerRound: number }[]): number {
  const firearms = weapons.filter((w) => w.attackKind === "fire");
  if (firearms.length === 0 || firearms.some((w) => !(w.shotsPerRound > 0))) return 0;
  return Math.max(...firearms.map((w) => w.shotsPerRound));
}

/** An item id as a key of `system.dropped` (a dotted update path: Foundry ids are alphanumeric). */
export const DROPPED_KEY = /^[A-Za-z0-9]{1,64}$/;
/** At most this many dropped weapons are read (a character carries a handful). */
export const MAX_DROPPED = 32;

/**
 * The ids of the weapons a Disarm knocked away and nobody picked up (D41), from `system.dropped`:
 * one key per weapon (`true` = on the floor; `null` = picked up, or the Disarm undone), so each
 * card's Apply and Undo write only their own weapon's key. An older single id (a string) reads as
 * a one-item list, "" as none; anything else is ignored.
 */
export function droppedIds(value: unknown): string[] {
  const ids =
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value
        : value && typeof value === "object"
          ? Object.entries(value).filter(([, on]) => on === true).map(([id]) => id)
          : [];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && DROPPED_KEY.test(id)))].slice(0, MAX_DROPPED);
}

/**
 * The weapon in the character's hand (D41): the one recorded (by attacking with it, or picking it
 * up) while the character still has it and has not dropped it; with none recorded, a character's
 * only weapon is taken to be in hand; otherwise none (a Disarm then drops nothing it can name).
 */
export function weaponInHand(inHand: string, dropped: readonly string[], weapons: readonly { id: string; name: string }[]): { id: string; name: string } | null {
  const held = inHand === "" ? null : weapons.find((w) => w.id === inHand);
  if (held) return dropped.includes(held.id) ? null : { id: held.id, name: held.name };
  if (inHand === "" && weapons.length === 1 && !dropped.includes(weapons[0]!.id)) return { id: weapons[0]!.id, name: weapons[0]!.name };
  return null;
}

