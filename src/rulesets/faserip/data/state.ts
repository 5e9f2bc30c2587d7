/**
 * Pure bridge between a faseripHero's stored system data and the kernel's combatant state: the
 * kernel computes, these two functions read and write. Used by the card effects (Apply/Undo).
 */
import type { Status } from "../../../engine/events.js";
import type { CombatantStateInput } from "../rules/index.js";
import { RANK_KEYS, rankFromNumber, type RankKey } from "../rules/index.js";
import type { Json } from "../../../foundry/registry.js";

/** The statuses mirrored in system.status as booleans (stunned follows stunnedRounds). */
export const MIRRORED_STATUSES = ["unconscious", "dying", "dead", "prone", "restrained"] as const;
export type MirroredStatus = (typeof MIRRORED_STATUSES)[number];

/** The shape of a faseripHero's system data that the rules read (a subset; plain JSON). */
export interface HeroSystemView {
  abilities: { fighting: number; agility: number; strength: number; endurance: number; reason: number; intuition: number; psyche: number };
  armor: number;
  health: { value: number; max: number };
  /** `stabilised`: stabilised while dying and not hurt since (no more 0-Health FEATs). */
  /** `heldBy`: the holder's actor UUID while restrained by a recorded hold, else "". */
  status: { endurance: string; stunnedRounds: number; stabilised: boolean; heldBy: string } & Record<MirroredStatus, boolean>;
}

function num(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : fallback;
}

function obj(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
}

/** Reads the parts of a hero's system data the rules need, tolerating missing fields. */
export function heroView(system: unknown): HeroSystemView {
  const s = obj(system);
  const a = obj(s["abilities"]);
  const h = obj(s["health"]);
  const st = obj(s["status"]);
  const abilities = {
    fighting: num(a["fighting"], 6),
    agility: num(a["agility"], 6),
    strength: num(a["strength"], 6),
    endurance: num(a["endurance"], 6),
    reason: num(a["reason"], 6),
    intuition: num(a["intuition"], 6),
    psyche: num(a["psyche"], 6),
  };
  const max = num(h["max"]);
  const status = {
    endurance: typeof st["endurance"] === "string" ? st["endurance"] : "",
    stunnedRounds: num(st["stunnedRounds"]),
    unconscious: st["unconscious"] === true,
    dying: st["dying"] === true,
    dead: st["dead"] === true,
    prone: st["prone"] === true,
    restrained: st["restrained"] === true,
    stabilised: st["stabilised"] === true,
    heldBy: typeof st["heldBy"] === "string" ? st["heldBy"] : "",
  };
  return { abilities, armor: num(s["armor"]), health: { value: Math.min(num(h["value"]), max), max }, status };
}

/** The Endurance the rules use now: the reduced rank while dying, else the base rank number. */
export function currentEndurance(hero: HeroSystemView): RankKey | number {
  const e = hero.status.endurance;
  return (RANK_KEYS as readonly string[]).includes(e) ? (e as RankKey) : hero.abilities.endurance;
}

/**
 * Is the hero safe from the 0-Health Endurance FEAT now? Only after a Stabilise and while still at
 * 0 Health and not dying: the flag is stale once Health has risen (healed on the sheet) or dying
 * began again, and is then ignored (and cleared by the next card applied: updateOf).
 */
export function isStabilised(system: unknown): boolean {
  const hero = heroView(system);
  return hero.status.stabilised && hero.health.value === 0 && !hero.status.dying && !hero.status.dead;
}

/** Does a stabilised hero stay stabilised through this change (still at 0 Health, not dying)? */
function staysStabilised(system: unknown, state: { health: number; statuses: readonly Status[] }): boolean {
  return isStabilised(system) && state.health === 0 && !state.statuses.includes("dying") && !state.statuses.includes("dead");
}

/**
 * Does the hero owe the 0-Health Endurance FEAT in `state` (its state after a change, or now)?
 * At 0 Health, neither dying nor dead, and not stabilised (DECISIONS.md: once a round).
 */
export function needsZeroHealthFeat(system: unknown, state: { health: number; statuses: readonly Status[] }): boolean {
  return state.health === 0 && !state.statuses.includes("dying") && !state.statuses.includes("dead") && !staysStabilised(system, state);
}

/** The kernel's combatant state for a hero. */
export function stateOf(system: unknown): CombatantStateInput {
  const hero = heroView(system);
  const statuses: Status[] = MIRRORED_STATUSES.filter((s) => hero.status[s]);
  if (hero.status.stunnedRounds > 0) statuses.push("stunned");
  return {
    health: hero.health.value,
    healthMax: hero.health.max,
    endurance: currentEndurance(hero),
    statuses,
    stunnedRounds: hero.status.stunnedRounds,
  };
}

/**
 * The actor update (dot paths) that stores a kernel state. Every path the rules may change is
 * written, so Undo restores each of them exactly. The Endurance rank is stored only once it
 * differs from what the hero reads now (it falls while dying).
 */
export function updateOf(system: unknown, state: { health: number; endurance: RankKey; statuses: readonly Status[]; stunnedRounds: number }): Record<string, Json> {
  const hero = heroView(system);
  const update: Record<string, Json> = {
    "system.health.value": state.health,
    "system.status.stunnedRounds": state.stunnedRounds,
  };
  for (const s of MIRRORED_STATUSES) update[`system.status.${s}`] = state.statuses.includes(s);
  update["system.status.stabilised"] = staysStabilised(system, state);
  // A hold that ends forgets its holder (written only when one is recorded, so Undo restores it).
  if (hero.status.heldBy !== "" && !state.statuses.includes("restrained")) update["system.status.heldBy"] = "";
  const now = currentEndurance(hero);
  const nowKey = typeof now === "string" ? now : rankFromNumber(now);
  if (state.endurance !== nowKey) update["system.status.endurance"] = state.endurance;
  return update;
}
