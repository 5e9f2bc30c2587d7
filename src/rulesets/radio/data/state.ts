/**
 * Pure bridges between the radio documents' system data (plain JSON) and the kernel's inputs and
 * outputs. No Foundry globals: the card effects, sheets and tests all go through these.
 */
import * as ledger from "../../../engine/ledger.js";
import { FracasRuleError } from "../../../engine/errors.js";
import type { Json } from "../../../foundry/registry.js";
import { henchmenPool, tierModifier, isPiercing, WEAPONS } from "../rules/index.js";
import type { Attacker, CombatantKind, HenchmenGroup, TargetState, Tier, Weapon, ApplyResult } from "../rules/index.js";
import { tiersTable } from "../rules/index.js";
import { MAX_BONUS } from "../rules/vocabulary.js";
import type { Grid } from "../../../engine/tables.js";
import { TOKEN_REASON } from "./token-reasons.js";

export type Sys = Record<string, unknown>;

const num = (v: unknown, fallback = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);
const obj = (v: unknown): Sys => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Sys) : {});

/** The token ledger as stored; a malformed pool reads as an empty one rather than breaking a sheet. */
export const readPool = ledger.poolOrEmpty;

export function tokenCount(v: unknown): number {
  return readPool(v).value;
}

/** The ref an attack card's token entries carry: they belong to that card, and only its undo reverses them. */
export function tokensRef(messageId: string): string {
  return `${messageId}:tokens`;
}

/**
 * The pool after an attack's tokens: the earned ones first, then the cash-in charged on a hit,
 * each an entry carrying `ref`; and the new entries' ids. Pure, so the attack can be tried on the
 * pool before its step is claimed (cards/flow.ts) and written the same way after the roll. Throws
 * the ledger's rule error (`insufficient` when the tokens were spent meanwhile, `overMax`).
 */
export function chargeTokens(
  pool: ledger.Pool,
  attack: { tokensEarned: number; tokensCharged: number },
  input: { by: string; at: number; newId: () => string; ref: string },
): { pool: ledger.Pool; ids: string[] } {
  const changes = attackTokenChanges(attack, input.newId, input.ref);
  const p = changes.reduce((acc, c) => ledger.change(acc, { ...c, by: input.by, at: input.at }), pool);
  return { pool: p, ids: changes.map((c) => c.id) };
}

/** One token change to write (a ledger entry without who and when: the writer adds them). */
export interface TokenChange {
  id: string;
  delta: number;
  reason: string;
  ref?: string;
}

/** An attack's token changes in the order they are written (chargeTokens): the earned ones, then the cash-in. */
export function attackTokenChanges(attack: { tokensEarned: number; tokensCharged: number }, newId: () => string, ref: string): TokenChange[] {
  const changes: TokenChange[] = [];
  if (attack.tokensEarned > 0) changes.push({ id: newId(), delta: attack.tokensEarned, reason: TOKEN_REASON.described, ref });
  if (attack.tokensCharged > 0) changes.push({ id: newId(), delta: -attack.tokensCharged, reason: TOKEN_REASON.doubleDamage, ref });
  return changes;
}

/**
 * The pool with these entries taken back by the ledger's own undo, newest first (an attack's
 * cash-in is given back before its earned tokens are taken, so the pool never dips below zero on
 * the way). Every entry must carry `ref` (the card's tokensRef): the entry ids come from the card's
 * stored result, which its author can edit, so an id naming any other change (another card's, the
 * GM's ±1, one from before refs) is refused (`wrongRef`), as is an id not in the pool
 * (`unknownEntry`). Throws the ledger's rule error (e.g. `insufficient` once the earned tokens are spent).
 */
export function undoTokenEntries(pool: ledger.Pool, entries: readonly string[], input: { by: string; at: number; newId: () => string; ref: string }): ledger.Pool {
  let p = pool;
  for (const id of [...entries].reverse()) {
    const entry = p.entries.find((e) => e.id === id);
    // The ledger lets an undo naming a ref reverse an entry with no ref (older data); an attack card may not.
    if (entry && entry.ref !== input.ref) throw new FracasRuleError("wrongRef", `entry ${id} does not belong to ${input.ref}`, { entry: id });
    p = ledger.undo(p, id, { id: input.newId(), by: input.by, at: input.at, ref: input.ref });
  }
  return p;
}

/**
 * The wound state to hand the kernel: the stored state, unless the wound total (which a GM may
 * edit by hand) says otherwise — healed above 0 is active; at or below 0 cannot be active.
 */
export function effectiveState(wounds: number, stored: string, isPC: boolean): "active" | "unconscious" | "dead" {
  if (wounds > 0) return "active";
  if (stored === "unconscious" || stored === "dead") {
    // A PC below 0 is dead whatever was stored; an NPC knocked out below 0 stays unconscious.
    if (isPC && wounds < 0) return "dead";
    return stored;
  }
  return wounds === 0 ? "unconscious" : "dead";
}

export function henchmenPoolOf(group: HenchmenGroup): number {
  try {
    return henchmenPool(group);
  } catch {
    return 0;
  }
}

function limbs(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** The kernel's view of a target actor, or null for a type the radio rules cannot hurt. */
export function targetState(type: string, system: Sys): TargetState | null {
  if (type === "radioHenchmen") {
    const count = num(system.count);
    const woundsEach = Math.max(1, num(system.woundsEach, 1));
    return { kind: "henchmen", count, woundsEach, carried: count === 0 ? 0 : Math.min(num(system.carried), woundsEach - 1) };
  }
  if (type !== "radioHero" && type !== "radioOpponent") return null;
  const isPC = type === "radioHero";
  const wounds = num(obj(system.wounds).value);
  const common = {
    wounds,
    state: effectiveState(wounds, str(system.state, "active"), isPC),
    disabledLimbs: limbs(system.disabledLimbs),
    disarmed: system.disarmed === true,
  };
  if (isPC) return { kind: "pc", ...common, finalAction: system.finalAction === true, piercingWounds: num(system.piercingWounds) };
  return { kind: system.kind === "boss" ? "boss" : "minion", ...common };
}

/** A hero dealt a lethal blow who still owes the final heroic action (shown dying). */
export function owesFinalAction(type: string, system: Sys): boolean {
  const state = targetState(type, system);
  return state?.kind === "pc" && state.state === "dead" && state.finalAction;
}

/** The actor update (dot paths) that stores a kernel ApplyResult. */
export function stateUpdate(result: ApplyResult): Record<string, Json> {
  const s = result.state;
  if (s.kind === "henchmen") return { "system.count": s.count, "system.carried": s.carried };
  const update: Record<string, Json> = {
    "system.wounds.value": s.wounds,
    "system.state": s.state,
    "system.disabledLimbs": [...s.disabledLimbs],
    "system.disarmed": s.disarmed,
  };
  if (s.kind === "pc") {
    update["system.finalAction"] = s.finalAction;
    update["system.piercingWounds"] = s.piercingWounds;
  }
  return update;
}

/** Which kind of combatant an actor type is in the radio rules (a hero is a PC). */
export function kindOf(type: string, system: Sys): CombatantKind | null {
  if (type === "radioHero") return "pc";
  if (type === "radioHenchmen") return "henchmen";
  if (type === "radioOpponent") return system.kind === "boss" ? "boss" : "minion";
  return null;
}

/** What an attack uses: a weapon item's data, or bare hands. */
export interface WeaponChoice {
  id: string;
  name: string;
  category: Weapon;
  skill: string;
  weaponSkill: string;
  skilled: boolean;
  piercing: boolean;
  /** A spell (a gadget of kind "spell"): cast only with the spell action, and the only attack of a spell action (rules/resolve-attack.ts). */
  spell?: boolean;
}

export const BARE_HANDS: WeaponChoice = { id: "", name: "", category: "hand", skill: "brawl", weaponSkill: "", skilled: false, piercing: false };

export function weaponChoice(item: { id: string | null; name: string; type: string; system: Sys }): WeaponChoice | null {
  if (item.type !== "radioWeapon" && item.type !== "radioGadget") return null;
  const s = item.system;
  const category = (WEAPONS as readonly string[]).includes(str(s.category)) ? (s.category as Weapon) : "hand";
  return {
    id: item.id ?? "",
    name: item.name,
    category,
    skill: str(s.skill, "melee"),
    weaponSkill: str(s.weaponSkill),
    skilled: s.skilled === true,
    piercing: s.piercing === true || isPiercing(category),
    spell: item.type === "radioGadget" && s.kind === "spell",
  };
}

/**
 * A PC's weapon skill that this weapon names (matched by name, case aside), or undefined: the one
 * lookup both the bonus added (attackerOf) and the source the card names (skillFrom) read, so the
 * card can never name a skill other than the one whose bonus was added.
 */
export function namedWeaponSkill(system: Sys, weapon: WeaponChoice): Sys | undefined {
  if (weapon.weaponSkill === "" || !Array.isArray(system.weaponSkills)) return undefined;
  const wanted = weapon.weaponSkill.toLowerCase();
  return (system.weaponSkills as unknown[]).map(obj).find((w) => str(w.name).toLowerCase() === wanted);
}

/** The attacker as the kernel wants it: a PC's skill for this weapon, an NPC's tier and modifier. */
export function attackerOf(type: string, system: Sys, weapon: WeaponChoice, tiers: Grid = tiersTable): Attacker | null {
  const kind = kindOf(type, system);
  if (!kind) return null;
  if (kind === "pc") {
    const skills = obj(system.skills);
    const named = namedWeaponSkill(system, weapon);
    const skill = named ? num(named.bonus) : num(skills[weapon.skill]);
    return { kind, skill, tokens: tokenCount(system.tokens) };
  }
  const tier = str(system.tier, "standard") as Tier;
  const extra = num(system.skillBonus);
  // The tier's modifier and the sheet's extra, each within its bounds, may sum past the kernel's
  // ±50 (an expert's +5 and +50): capped there, which changes no outcome (2d10 with any modifier the
  // book's test can add, −12 at worst, always hits from +22 and never from −31), so the attack is not
  // refused for a sum the sheet allowed (session 8, "hard to break" 7).
  const attacker: Attacker = extra === 0 ? { kind, tier } : { kind, skill: Math.max(-MAX_BONUS, Math.min(MAX_BONUS, tierModifier(tier, tiers) + extra)) };
  if (kind !== "henchmen") attacker.tokens = tokenCount(system.tokens);
  return attacker;
}

/**
 * Where an attacker's skill modifier comes from, so the card and the dialog can name it (seed Step 5:
 * "A skill bonus must be added to the result for the skill being employed"; NPCs add their tier's
 * modifier, DECISIONS): a PC's weapon skill by its name, else the weapon's skill (melee, ranged,
 * brawl); an NPC's tier, and the sheet's extra modifier when there is one. `key` is the label of the
 * skill or tier (i18n), `name` a weapon skill's own name as typed on the sheet.
 */
export interface SkillFrom {
  key?: string;
  name?: string;
  extra?: number;
}

export function skillFrom(type: string, system: Sys, weapon: WeaponChoice): SkillFrom | null {
  const kind = kindOf(type, system);
  if (!kind) return null;
  if (kind === "pc") {
    const named = namedWeaponSkill(system, weapon);
    return named ? { name: str(named.name) } : { key: `FRACAS.Radio.Skill.${weapon.skill}` };
  }
  const extra = num(system.skillBonus);
  return { key: `FRACAS.Radio.SkillFrom.${str(system.tier, "standard")}`, ...(extra !== 0 ? { extra } : {}) };
}

/** Standing members for combatOver: a henchmen group counts its remaining henchmen (none once it escaped). */
export function standing(type: string, system: Sys): number {
  if (system.escaped === true || system.fled === true) return 0;
  if (type === "radioHenchmen") return num(system.count);
  const t = targetState(type, system);
  return t && t.kind !== "henchmen" && t.state === "active" ? 1 : 0;
}
