/**
 * An NPC group declares as one (seed, Cheat Sheet Step 2: "Players and NPC groups choose one of
 * five combat actions for the round"; RULES.md §2). Radio's NPC groups are its initiative groups
 * (combat.ts `groupOf`): the GM's group and the groups A–D the GM split off (combat-groups.ts); a
 * PC and a henchmen group each roll, and so declare, alone. When one member of a group is declared,
 * the core writes the same action for the group's other members in the same update, under the
 * combat's lock (CombatMapping.declaresWith), so two declarations at once cannot undo each other.
 * Members who are down are left out by the core. A spell is the caster's own (a spell action with
 * anything but a spell is refused), so it is not carried to the rest of the group; the GM who wants
 * a member to act otherwise declares it after, or splits it off into its own group.
 */
import type { CombatantInfo } from "../../foundry/registry.js";
import { groupOf } from "./initiative-group.js";

/** Groups whose members declare together: the GM's NPC groups (not a PC, not a henchmen group). */
const sharesDeclaration = (c: CombatantInfo): boolean => !c.isPC && c.actorType !== "radioHenchmen";

/** The other members of `combatant`'s NPC group who take `value` with it (none for a spell, a PC or henchmen). */
export function declaresWith(combatant: CombatantInfo, value: string, all: readonly CombatantInfo[]): string[] {
  if (value === "spell" || !sharesDeclaration(combatant)) return [];
  const group = groupOf(combatant);
  return all.filter((c) => c.id !== combatant.id && sharesDeclaration(c) && groupOf(c) === group).map((c) => c.id);
}
