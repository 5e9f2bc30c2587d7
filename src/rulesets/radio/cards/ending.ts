/**
 * Pure decision behind the "fight is over" card: which side each combatant fights on, who is still
 * standing there, and whether (by the kernel's combatOver/combatWinner) one side has no one left
 * opposing it. No Foundry globals: the GM-side check (combat-end.ts) and the tests use this.
 */
import { combatOver, combatWinner, type Side } from "../rules/index.js";
import { owesFinalAction, standing, type Sys } from "../data/state.js";

export type SideId = "pc" | "gm";
export const SIDES: readonly SideId[] = ["pc", "gm"];

/** One combatant's actor as the check sees it. */
export interface EndMember {
  /** Dedupes two combatants of one actor (a henchmen group is counted once). */
  uuid: string;
  type: string;
  system: Sys;
  /** Whether a player owns the actor: a player's hero fights on the PC side, everyone else on the GM's. */
  playerOwned: boolean;
}

export interface EndState {
  over: boolean;
  /** The side left standing; null while the fight goes on or when no one at all is standing. */
  winner: SideId | null;
  standing: Record<SideId, number>;
}

const RADIO_TYPES = new Set(["radioHero", "radioOpponent", "radioHenchmen"]);

export function sideOf(m: Pick<EndMember, "type" | "playerOwned">): SideId {
  return m.type === "radioHero" && m.playerOwned ? "pc" : "gm";
}

/**
 * Standing members of one actor: the data's own count (a henchmen group's remaining henchmen; 0
 * when fled, escaped, unconscious or dead), except that a dying hero who still owes the final
 * heroic action is still in the fight until it is taken.
 */
export function standingOf(m: Pick<EndMember, "type" | "system">): number {
  return owesFinalAction(m.type, m.system) ? 1 : standing(m.type, m.system);
}

/**
 * The fight's state, or null when it cannot be judged: a side with no radio combatant at all (a
 * combat the GM is still setting up, or a lone side) is never "over".
 */
export function endState(members: readonly EndMember[]): EndState | null {
  const present: Record<SideId, boolean> = { pc: false, gm: false };
  const count: Record<SideId, number> = { pc: 0, gm: 0 };
  const seen = new Set<string>();
  for (const m of members) {
    if (!RADIO_TYPES.has(m.type) || seen.has(m.uuid)) continue;
    seen.add(m.uuid);
    const side = sideOf(m);
    present[side] = true;
    count[side] += standingOf(m);
  }
  if (!present.pc || !present.gm) return null;
  const sides: Side[] = SIDES.map((id) => ({ id, standing: count[id] }));
  return { over: combatOver(sides), winner: combatWinner(sides) as SideId | null, standing: count };
}
