// Shared sample data for the bond fixtures, run through the real pure derivations and views.
import { deriveCharacter, type SkillLike } from "../../../src/rulesets/bond/data/derive.js";
import { DEFAULT_RANGES } from "../../../src/rulesets/bond/data/derive.js";
import type { WeaponLike } from "../../../src/rulesets/bond/data/weapon.js";
import type { AttackSetup } from "../../../src/rulesets/bond/sheets/attack-view.js";
import type { FirstAidHealer } from "../../../src/rulesets/bond/sheets/first-aid-view.js";
import { UNWOUNDED, type WoundState } from "../../../src/rulesets/bond/rules/index.js";
import { characterView, type CharacterViewInput } from "../../../src/rulesets/bond/sheets/character-view.js";

export const bondChars = { str: 12, dex: 14, wil: 13, per: 13, int: 12 };
export const skills: SkillLike[] = [
  { id: "s1", name: "Fire Combat", role: "fireCombat", characteristic1: "dex", characteristic2: "per", level: 8 },
  { id: "s2", name: "Hand-to-Hand Combat", role: "handToHand", characteristic1: "str", characteristic2: "dex", level: 6 },
  { id: "s3", name: "Driving", role: "general", characteristic1: "dex", characteristic2: "per", level: 5 },
];
export const ppk: WeaponLike = { attackKind: "fire", meleeWeapon: "none", performance: 0, damageClass: "D", shotsPerRound: 2, drawModifier: 1, pointOrEdge: false, ranges: { ...DEFAULT_RANGES } };
export const knife: WeaponLike = { attackKind: "hth", meleeWeapon: "knife", performance: 0, damageClass: "A", shotsPerRound: 0, drawModifier: 0, pointOrEdge: true, ranges: { ...DEFAULT_RANGES } };

export function derived(wound: Partial<WoundState> = {}, points = 3) {
  const pool = { value: points, max: null, base: points, entries: [] };
  return deriveCharacter({ characteristics: bondChars, wound: { ...UNWOUNDED, ...wound }, heroPoints: pool }, skills);
}

export function setup(over: Partial<AttackSetup> = {}): AttackSetup {
  return {
    actorName: "James Bond",
    weaponName: "Walther PPK",
    attackKind: "fire",
    primaryChance: 21,
    baseDamageClass: "D",
    meleeWeapon: "none",
    pointOrEdge: false,
    performance: 0,
    shotsPerRound: 2,
    speed: 3,
    attackerWound: "none",
    attackerProne: false,
    attackerRestrained: false,
    attackerIsNpc: false,
    round: 1,
    attacksMade: 1,
    targetName: "Oddjob",
    targetSpeed: 2,
    distance: 7.5,
    ranges: { ...DEFAULT_RANGES },
    specificBlowWounds: false,
    ...over,
  };
}

/** First Aid healers for the First Aid dialog fixtures (PC = INT/DEX average + level, see derive.firstAidChance). */
export function healer(over: Partial<FirstAidHealer> = {}): FirstAidHealer {
  return { uuid: "Actor.felix", name: "Felix Leiter", skillName: "First Aid", primaryChance: 17, wound: { ...UNWOUNDED }, ...over };
}

/**
 * James Bond's own character sheet as its owner sees it (PPK in hand, a throwing knife), through the
 * real view; `over` changes only what a fixture is about.
 */
export function bondPcView(over: Partial<CharacterViewInput> = {}) {
  return characterView({
    name: "James Bond",
    img: "icons/svg/mystery-man.svg",
    editable: true,
    isGM: false,
    npc: false,
    characteristics: bondChars,
    fame: 60,
    notes: "",
    scars: [],
    derived: derived(),
    downReason: null,
    skills,
    weapons: [
      { id: "w1", name: "Walther PPK", weapon: ppk, inHand: true },
      { id: "w2", name: "Throwing knife", weapon: knife },
    ],
    ...over,
  });
}
