/**
 * Radio's initiative groups: who rolls (and declares) together.
 * Combatant memory `group` is the group in force this round ("" or absent: the GM's group; "A"–"D":
 * a group the GM split off). The GM's change in the tracker panel during a fight is stored apart,
 * as `nextRoundGroup`, and becomes `group` when the next round's initiative is rolled (seed, Cheat
 * Sheet Step 1: "At the start of a round roll 1d6 initiative … for each NPC group"): the round under
 * way keeps the order, the shared declarations and the declare steps it was rolled and declared
 * with (session 6; before, the next declaration rebuilt the plan with the NPC in its new group).
 */
import type { CombatantInfo, JsonObject } from "../../foundry/registry.js";

export const GM_GROUP = "gm";

/** The memory key of the group the GM chose for the next round. */
export const NEXT_GROUP = "nextRoundGroup";

const groupName = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** The initiative group a combatant rolls with: itself for a PC or a henchmen group; else the GM's, or the group A–D the GM split it into. */
export function groupOf(c: CombatantInfo): string {
  if (c.isPC) return `pc:${c.id}`;
  if (c.actorType === "radioHenchmen") return `group:${c.id}`;
  const split = groupName(c.memory.group);
  return split !== "" ? `gm:${split}` : GM_GROUP;
}

/** The group in force this round ("" = the GM's group). */
export const currentGroup = (memory: JsonObject): string => groupName(memory.group);

/** The group the GM chose: the one pending for the next round, else the one in force. */
export function chosenGroup(memory: JsonObject): string {
  return typeof memory[NEXT_GROUP] === "string" ? groupName(memory[NEXT_GROUP]) : currentGroup(memory);
}

/** The memory patches that put each NPC's pending change in force, at a round's start. */
export function groupsInForce(combatants: readonly CombatantInfo[]): Record<string, JsonObject> {
  const out: Record<string, JsonObject> = {};
  for (const c of combatants) {
    const chosen = chosenGroup(c.memory);
    if (chosen !== currentGroup(c.memory)) out[c.id] = { group: chosen };
  }
  return out;
}
