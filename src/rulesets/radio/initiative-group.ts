/** Radio's initiative groups: who rolls (and declares) together. */
import type { CombatantInfo } from "../../foundry/registry.js";

export const GM_GROUP = "gm";

/** The initiative group a combatant rolls with: itself for a PC or a henchmen group; else the GM's, or the group A–D the GM split it into. */
export function groupOf(c: CombatantInfo): string {
  if (c.isPC) return `pc:${c.id}`;
  if (c.actorType === "radioHenchmen") return `group:${c.id}`;
  const split = c.memory.group;
  return typeof split === "string" && split.trim() !== "" ? `gm:${split.trim()}` : GM_GROUP;
}
