// Sample radio data (Episode 3 of the seed: Jake, Falzetti and his lieutenants) as plain system
// JSON, shared by the browser fixtures and the adapter tests so both exercise the same shapes.
import * as ledger from "../../../../src/engine/ledger.js";
import { TOKEN_REASON } from "../../../../src/rulesets/radio/data/token-reasons.js";
import type { ItemRow, LeaderCandidate, LeaderInput, SheetMeta } from "../../../../src/rulesets/radio/sheets/views.js";
import type { AttackSetupInput } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import type { Sys, WeaponChoice } from "../../../../src/rulesets/radio/data/state.js";
import type { PlanStep } from "../../../../src/rulesets/radio/data/turn.js";

export function tokens(...deltas: number[]): ledger.Pool {
  let pool = ledger.createPool(0);
  deltas.forEach((delta, i) => {
    pool = ledger.change(pool, { id: `e${i}`, delta, reason: delta > 0 ? TOKEN_REASON.described : TOKEN_REASON.doubleDamage, by: "user1", at: i });
  });
  return pool;
}

export const heroSystem = (over: Sys = {}): Sys => ({
  skills: { melee: 2, ranged: 3, brawl: 1 },
  weaponSkills: [{ name: "Revolver", skill: "ranged", bonus: 4 }],
  wounds: { value: 5, max: 5 },
  state: "active",
  finalAction: false,
  piercingWounds: 0,
  disabledLimbs: [],
  disarmed: false,
  armoured: false,
  escaped: false,
  tokens: tokens(2, 2, 2),
  tokenCount: 6,
  notes: "",
  ...over,
});

export const opponentSystem = (over: Sys = {}): Sys => ({
  kind: "boss",
  tier: "skilled",
  skillBonus: 0,
  wounds: { value: 6, max: 6 },
  state: "active",
  disabledLimbs: [],
  disarmed: false,
  armoured: false,
  fled: false,
  leader: "",
  tokens: tokens(1),
  tokenCount: 1,
  notes: "",
  ...over,
});

export const henchmenSystem = (over: Sys = {}): Sys => ({
  count: 5,
  woundsEach: 2,
  carried: 1,
  tier: "novice",
  skillBonus: 0,
  leader: "Actor.falzetti0000001",
  notes: "",
  ...over,
});

export const meta = (over: Partial<SheetMeta> = {}): SheetMeta => ({
  name: "Jake",
  img: "icons/svg/mystery-man.svg",
  editable: true,
  isGM: false,
  inCombat: false,
  declared: "",
  ...over,
});

/** The world's minions and bosses as the leader select lists them (Falzetti leads the goons). */
export const leaders: LeaderCandidate[] = [
  { uuid: "Actor.falzetti0000001", name: "Falzetti", kindLabel: "FRACAS.Radio.Kind.boss" },
  { uuid: "Actor.malefice000001", name: "Madame Malefice", kindLabel: "FRACAS.Radio.Kind.boss" },
  { uuid: "Actor.sal00000000001", name: "Lieutenant Sal", kindLabel: "FRACAS.Radio.Kind.minion" },
];

/** The sheet's leader input: the candidates above and the stored leader's name (null: no such actor). */
export const leaderInput = (name: string | null = "Falzetti"): LeaderInput => ({ candidates: leaders, name });

export const items: ItemRow[] = [
  { id: "rev", name: "Revolver", img: "icons/svg/sword.svg", type: "radioWeapon", system: { category: "projectile", skill: "ranged", weaponSkill: "Revolver", skilled: false, piercing: false } },
  { id: "sap", name: "Leather sap", img: "icons/svg/sword.svg", type: "radioWeapon", system: { category: "club", skill: "melee", weaponSkill: "", skilled: false, piercing: false } },
  { id: "gas", name: "Dr Herbivore's sleeping-gas grenade", img: "icons/svg/item-bag.svg", type: "radioGadget", system: { kind: "gadget", category: "area", skill: "ranged", weaponSkill: "", skilled: false, piercing: false } },
];

export const weapons: WeaponChoice[] = [
  { id: "rev", name: "Revolver", category: "projectile", skill: "ranged", weaponSkill: "Revolver", skilled: false, piercing: true },
  { id: "sap", name: "Leather sap", category: "club", skill: "melee", weaponSkill: "", skilled: false, piercing: false },
];

export function attackSetupSample(over: Partial<AttackSetupInput> = {}): AttackSetupInput {
  return {
    attacker: { name: "Jake", type: "radioHero", system: heroSystem() },
    weapons,
    targets: [
      { uuid: "Actor.falzetti0000001", name: "Falzetti", type: "radioOpponent", system: opponentSystem(), defensive: false },
      { uuid: "Actor.goons000000001", name: "Falzetti's goons", type: "radioHenchmen", system: henchmenSystem(), defensive: true },
    ],
    phase: null,
    declared: null,
    options: {},
    tables: {},
    ...over,
  };
}

/**
 * A round's plan as the radio mapping stores it (Falzetti's group rolled higher; both declared
 * standard): declare steps, then phases 1 and 3.
 */
export const sampleSteps: PlanStep[] = [
  { phase: 0, combatantId: "falzetti", kind: "declare" },
  { phase: 0, combatantId: "jake", kind: "declare" },
  { phase: 1, combatantId: "falzetti", kind: "act" },
  { phase: 1, combatantId: "jake", kind: "act" },
  { phase: 3, combatantId: "falzetti", kind: "act" },
  { phase: 3, combatantId: "jake", kind: "act" },
];

/** A round where Vito acts between Falzetti and Jake in each phase (Jake is not next at Falzetti's steps). */
export const laterSteps: PlanStep[] = [
  { phase: 1, combatantId: "falzetti", kind: "act" },
  { phase: 1, combatantId: "vito", kind: "act" },
  { phase: 1, combatantId: "jake", kind: "act" },
  { phase: 3, combatantId: "falzetti", kind: "act" },
  { phase: 3, combatantId: "vito", kind: "act" },
  { phase: 3, combatantId: "jake", kind: "act" },
];
