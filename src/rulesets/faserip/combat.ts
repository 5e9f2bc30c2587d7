/**
 * Faserip's combat mapping: side initiative each round (heroes vs villains; 1d10 + the rank
 * number of the side's highest-Intuition combatant by default, or plain 1d10, or the Advanced
 * modifier — the "initiative" option), then the engine's side plan: the winning side declares
 * and acts, then the other. A combatant's dodge for the round lives in its memory
 * (`dodge: {round, color}`), written through the GM (memoryPatch) and cleared at each round start
 * (startRound: the one place it is cleared; readers also check the round).
 *
 * Decision (seed: "Dodge: Use their action to make an Agility FEAT"): a dodge is the combatant's
 * action for the round, so it is accepted once per round and only from a combatant who declared
 * "dodging" or has not declared yet. The undeclared case is needed: in a side round the losing
 * side declares only after the winning side has acted, so its members are attacked before they
 * can declare. Once such a dodge is recorded the action is spent: the combatant's declaration
 * choices narrow to "dodging" (declarations()), so it cannot later declare an attack as well.
 *
 * Who is down (dead, dying, unconscious, stunned, defeated: down.ts; or its actor deleted: core) keeps its plan steps, which
 * the GM's advance passes over (isDown), and adds nothing to its side's initiative. A side with
 * nobody standing rolls no initiative and acts after every side that rolled (DECISIONS.md).
 */
import { sidePlan, type RoundPlan } from "../../engine/order.js";
import type { CombatantInfo, CombatMapping, JsonObject, NumberColumn, RoundStart } from "../../foundry/registry.js";
import { COLORS, INITIATIVE_MODES, sideInitiative, type Color, type InitiativeMode } from "./rules/index.js";
import type { Grid } from "../../engine/tables.js";
import type { DieSource } from "../../engine/dice.js";
import { heroView } from "./data/state.js";
import { downAtRoundStart, downReason } from "./down.js";

export const SIDE_IDS = ["heroes", "villains"] as const;
export type SideId = (typeof SIDE_IDS)[number];

/** What a combatant may declare (the seed's actions, plus moving and anything else). */
export const DECLARATIONS = ["slugfest", "hackSlash", "shooting", "throwing", "dodging", "grappling", "escaping", "snatching", "charging", "move", "other"] as const;

/** The side a combatant fights on: its actor's `side`, else heroes when a player owns it. */
export function sideOf(c: Pick<CombatantInfo, "system" | "isPC">): SideId {
  const side = (c.system as { side?: unknown }).side;
  if (side === "heroes" || side === "villains") return side;
  return c.isPC ? "heroes" : "villains";
}

/** A dodge kept in combatant memory: the round it was rolled in and its colour (the shift is read from the dodge table in force). */
export interface StoredDodge {
  round: number;
  color: Color;
}

const DODGE_KEYS = ["color", "round"];

/** The well-formed dodge in a memory value, or null (anything else — a flag, junk, null — is not one). */
export function storedDodge(v: unknown): StoredDodge | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (Object.keys(o).sort().join() !== DODGE_KEYS.join()) return null;
  const { round, color } = o;
  if (typeof round !== "number" || !Number.isInteger(round) || round < 1) return null;
  if (!(COLORS as readonly unknown[]).includes(color)) return null;
  return { round, color: color as Color };
}

/** The combatant's dodge for `round`, if it made one. */
export function dodgeThisRound(memory: JsonObject | undefined, round: number): StoredDodge | null {
  const d = storedDodge(memory?.["dodge"]);
  return d && d.round === round ? d : null;
}

/**
 * Why this combatant may not dodge in `round` (an i18n key), or null when it may: once per
 * round, and only when it declared dodging or has not declared yet (see the decision above).
 */
export function dodgeRefusal(c: Pick<CombatantInfo, "declaration" | "memory">, round: number): string | null {
  if (!Number.isInteger(round) || round < 1) return "FRACAS.Faserip.Refused.NoRound";
  if (dodgeThisRound(c.memory, round)) return "FRACAS.Faserip.Refused.AlreadyDodged";
  if (c.declaration !== "" && c.declaration !== "dodging") return "FRACAS.Faserip.Refused.DeclaredOther";
  return null;
}

/**
 * Has this combatant used its action in the plan's round: its act step is behind the plan's
 * current step (`step`), or it dodged this round (a dodge is its action). A stun it receives then
 * takes nothing more this round, so it counts from the next (rules stunCount). At its own act step
 * it has not acted yet: a stun then still costs this round's action.
 */
export function actedThisRound(combatantId: string, memory: JsonObject | undefined, plan: Pick<RoundPlan, "steps">, step: number, round: number): boolean {
  if (dodgeThisRound(memory, round)) return true;
  const acts = plan.steps.filter((s) => s.kind === "act" && s.combatantId === combatantId);
  return acts.length > 0 && acts.every((s) => s.index < step);
}

/**
 * A combatant whose actor was deleted (V13 keeps the combatant, with no actor): its Intuition is
 * nobody's. Read as the defaults, it counted as a Typical (6) fighter and could raise its side's
 * initiative bonus above its real members' (session 8, "hard to break"). Its side rolls without it
 * (or, with nobody else, rolls nothing, as a side of the fallen); the core passes over its steps
 * (FracasCombat#downReason: "No character (its actor was deleted)").
 */
const actorGone = (c: Pick<CombatantInfo, "actorType">): boolean => c.actorType === null;

export interface FaseripCombatOptions {
  mode: () => InitiativeMode;
  tables: () => { ranks?: Grid; initiative?: Grid };
}

interface SideMemory {
  id: string;
  roll: number;
  bonus: number;
  total: number;
  rerolls: number[];
  /** The standing member whose Intuition set the bonus (its combatant id), for the panel. */
  leader: string;
}

/** The highest-Intuition member (the first of equals). */
function leaderOf(members: readonly CombatantInfo[]): string {
  let best: CombatantInfo | null = null;
  for (const m of members) if (!best || heroView(m.system).abilities.intuition > heroView(best.system).abilities.intuition) best = m;
  return best?.id ?? "";
}

function sidesOf(combatants: readonly CombatantInfo[]): Map<SideId, CombatantInfo[]> {
  const sides = new Map<SideId, CombatantInfo[]>();
  for (const c of combatants) {
    const s = sideOf(c);
    sides.set(s, [...(sides.get(s) ?? []), c]);
  }
  return sides;
}

/** The side order kept in combat memory, completed with any side that joined mid-round. */
function orderFrom(memory: JsonObject, present: readonly SideId[]): SideId[] {
  const stored = Array.isArray(memory["order"]) ? (memory["order"] as unknown[]).filter((s): s is SideId => present.includes(s as SideId)) : [];
  return [...stored, ...present.filter((s) => !stored.includes(s))];
}

/**
 * The tracker's Side column names the step's side, as the side-initiative panel does (audit s15 F5:
 * "Side 1" was whichever side won the roll, so it named a different side from round to round).
 */
export const FASERIP_NUMBER_COLUMN: NumberColumn = {
  heading: "FRACAS.Tracker.Number.sides",
  width: "word",
  cell: (step) =>
    step.side === "heroes" || step.side === "villains"
      ? { shown: `FRACAS.Faserip.Side.${step.side}`, spoken: `FRACAS.Faserip.Tracker.SideSpoken.${step.side}` }
      : { shown: "FRACAS.Tracker.Number.None", spoken: "FRACAS.Faserip.Tracker.NoSide" },
};

export function faseripCombat(options: FaseripCombatOptions): CombatMapping {
  return {
    startRound({ round, combatants, die }: { round: number; combatants: CombatantInfo[]; combatMemory: JsonObject; die: DieSource }): RoundStart {
      const sides = sidesOf(combatants);
      const initiative: Record<string, number | null> = {};
      const memory: Record<string, JsonObject> = {};
      for (const c of combatants) memory[c.id] = { dodge: null };
      if (sides.size === 0) return { initiative, memory, combatMemory: { round, mode: options.mode(), order: [], sides: [] } };
      const mode = options.mode();
      // Only members who can act this round count (seed: "their highest-Intuition combatant").
      const standing = new Map([...sides.entries()].map(([id, members]) => [id, members.filter((m) => !actorGone(m) && downAtRoundStart(m, round) === null)] as const));
      const rolling = [...standing.entries()].filter(([, members]) => members.length > 0);
      // A side with nobody standing rolls nothing and comes after every side that rolled.
      const fallen = [...sides.keys()].filter((id) => !rolling.some(([r]) => r === id));
      if (rolling.length === 0) return { initiative, memory, combatMemory: { round, mode, order: fallen, sides: [], fallen } };
      const entries = rolling.map(([id, members]) => ({ id, intuitions: members.map((m) => heroView(m.system).abilities.intuition) }));
      const rolls = entries.map(() => die(10));
      const result = sideInitiative(entries, rolls, mode, die, options.tables());
      for (const s of result.order) for (const c of sides.get(s.id as SideId) ?? []) initiative[c.id] = s.rerolls.at(-1) ?? s.total;
      const sideMemory: SideMemory[] = result.order.map((s) => ({ id: s.id, roll: s.roll, bonus: s.bonus, total: s.total, rerolls: s.rerolls, leader: leaderOf(standing.get(s.id as SideId) ?? []) }));
      const order = [...result.order.map((s) => s.id), ...fallen];
      return { initiative, memory, combatMemory: { round, mode, order, sides: sideMemory as unknown as JsonObject[], fallen } };
    },

    plan({ round, combatants, combatMemory, die }): RoundPlan {
      const sides = sidesOf(combatants);
      const order = orderFrom(combatMemory, [...sides.keys()]);
      // The kernel already ordered the sides (ties re-rolled); hand the plan their places.
      const entries = order.map((side, i) => ({ side, roll: order.length - i, members: (sides.get(side) ?? []).map((c) => c.id) }));
      if (entries.length === 0) return { mode: "sides", round, steps: [], order: [], sideOrder: [], tieBreaks: {} };
      return sidePlan(entries, die, { round });
    },

    numberColumn: FASERIP_NUMBER_COLUMN,

    /** Dead, dying, unconscious, stunned or Foundry-defeated: no turn (see down.ts). */
    isDown(combatant: CombatantInfo): string | null {
      return downReason(combatant);
    },

    declarations(combatant): { value: string; label: string }[] {
      // A dodge already made is the round's action (memory is cleared each round start).
      const dodged = storedDodge(combatant?.memory?.["dodge"]) !== null;
      return DECLARATIONS.filter((value) => !dodged || value === "dodging").map((value) => ({ value, label: `FRACAS.Faserip.Declare.${value}` }));
    },

    /** Only a well-formed dodge for the current round, once, from a combatant free to dodge. */
    memoryPatch({ combatant, patch, round }): JsonObject | { refused: string } {
      const keys = Object.keys(patch);
      const dodge = storedDodge(patch["dodge"]);
      if (keys.length !== 1 || keys[0] !== "dodge" || !dodge) return { refused: "FRACAS.Faserip.Refused.BadDodge" };
      if (dodge.round !== round) return { refused: "FRACAS.Faserip.Refused.NotThisRound" };
      // Re-checked here, on the GM's client: a hero who cannot act makes no dodge.
      if (downReason(combatant) !== null) return { refused: "FRACAS.Faserip.Refused.CannotDodge" };
      const refusal = dodgeRefusal(combatant, round);
      if (refusal) return { refused: refusal };
      return { dodge: { round: dodge.round, color: dodge.color } };
    },
  };
}

export const isInitiativeMode = (v: unknown): v is InitiativeMode => (INITIATIVE_MODES as readonly unknown[]).includes(v);
