/**
 * Pure decision behind the "fight is over" card: which side each combatant fights on, who is still
 * standing there, and whether (by the kernel's combatOver/combatWinner) one side has no one left
 * opposing it. No Foundry globals: the GM-side check (combat-end.ts) and the tests use this.
 *
 * Sides (D, session 5; DECISIONS "Sides at the fight's end"): the heroes are one side (the seed's
 * "the PCs"); the GM's NPCs are one side per NPC group — the GM's group and each group A–D the GM
 * split off in the tracker panel, the seed's "several distinct groups of NPCs with different
 * objectives", each rolled for on its own. A henchmen group (which rolls alone) fights on its
 * leader's side when its leader is in the fight, else with the GM's group. The fight is over when at
 * most one side still has anyone standing, so rival gangs fight on after the heroes fall.
 */
import { combatOver, combatWinner, type Side } from "../rules/index.js";
import { owesFinalAction, standing, type Sys } from "../data/state.js";

/** "pc" (the heroes), "gm" (the GM's group) or "gm:<group>" (a group the GM split off). */
export type SideId = string;
export const PC_SIDE = "pc";
export const GM_SIDE = "gm";

/** One combatant's actor as the check sees it. */
export interface EndMember {
  /** Dedupes two combatants of one actor (a henchmen group is counted once). */
  uuid: string;
  /**
   * Other UUIDs a follower's stored `leader` may name this actor by: an unlinked token's own actor
   * answers to its base actor's (`Actor.<id>`, what the sheet's leader select stores), as in the
   * flee checks (followers.ts leaderUuids).
   */
  aliases?: readonly string[];
  type: string;
  system: Sys;
  /** Whether a player owns the actor: a player's character fights on the heroes' side. */
  playerOwned: boolean;
  /** The NPC group the GM split the combatant into (combatant memory `group`); "" or absent: the GM's group. */
  group?: string;
}

export interface EndState {
  over: boolean;
  /** The side left standing; null while the fight goes on or when no one at all is standing. */
  winner: SideId | null;
  /** Standing members per side present in the fight (heroes first, then the GM's group, then A–D). */
  standing: Record<SideId, number>;
}

const RADIO_TYPES = new Set(["radioHero", "radioOpponent", "radioHenchmen"]);

/** A member's side, leaving henchmen to their leader (see endState). */
export function sideOf(m: Pick<EndMember, "type" | "playerOwned" | "group">): SideId {
  if (m.playerOwned) return PC_SIDE;
  const group = typeof m.group === "string" ? m.group.trim() : "";
  return group ? `${GM_SIDE}:${group}` : GM_SIDE;
}

/**
 * Standing members of one actor: the data's own count (a henchmen group's remaining henchmen; 0
 * when fled, escaped, unconscious or dead), except that a dying hero who still owes the final
 * heroic action is still in the fight until it is taken.
 */
export function standingOf(m: Pick<EndMember, "type" | "system">): number {
  return owesFinalAction(m.type, m.system) ? 1 : standing(m.type, m.system);
}

/** Heroes first, the GM's group next, then the split groups by name: a stable order for the card. */
export function sideOrder(a: SideId, b: SideId): number {
  const rank = (id: SideId) => (id === PC_SIDE ? 0 : id === GM_SIDE ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * The fight's state, or null when it cannot be judged: fewer than two sides with a radio combatant
 * (a combat the GM is still setting up, or a lone side) is never "over".
 */
export function endState(members: readonly EndMember[]): EndState | null {
  const seen = new Set<string>();
  const unique = members.filter((m) => RADIO_TYPES.has(m.type) && !seen.has(m.uuid) && seen.add(m.uuid));
  // Leaders' sides first, so a henchmen group can follow its leader's: by its own UUID, then (where
  // no actor has that UUID) by an alias, so a leader on an unlinked token is found by the
  // `Actor.<id>` its followers store. Two tokens of one base actor: the first in the fight names it.
  const leaders = unique.filter((m) => m.type !== "radioHenchmen" || m.playerOwned);
  const sideByUuid = new Map<string, SideId>();
  for (const m of leaders) sideByUuid.set(m.uuid, sideOf(m));
  for (const m of leaders) for (const alias of m.aliases ?? []) if (!sideByUuid.has(alias)) sideByUuid.set(alias, sideOf(m));
  const count = new Map<SideId, number>();
  for (const m of unique) {
    const leader = typeof m.system.leader === "string" ? m.system.leader : "";
    const side = sideByUuid.get(m.uuid) ?? sideByUuid.get(leader) ?? sideOf(m);
    count.set(side, (count.get(side) ?? 0) + standingOf(m));
  }
  if (count.size < 2) return null;
  const ids = [...count.keys()].sort(sideOrder);
  const sides: Side[] = ids.map((id) => ({ id, standing: count.get(id)! }));
  return { over: combatOver(sides), winner: combatWinner(sides), standing: Object.fromEntries(sides.map((s) => [s.id, s.standing])) };
}
