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
 * The round's declare steps follow: one per PC, per henchmen group and per NPC group, not one per
 * NPC (`declareStepIds`), so the GM's Next passes once over a group that declares together.
 */
import type { CombatantInfo } from "../../foundry/registry.js";
import { groupOf } from "./initiative-group.js";
import { downReason } from "./data/down.js";

/** Groups whose members declare together: the GM's NPC groups (not a PC, not a henchmen group). */
const sharesDeclaration = (c: CombatantInfo): boolean => !c.isPC && c.actorType !== "radioHenchmen";

/** The other members of `combatant`'s NPC group who take `value` with it (none for a spell, a PC or henchmen). */
export function declaresWith(combatant: CombatantInfo, value: string, all: readonly CombatantInfo[]): string[] {
  if (value === "spell" || !sharesDeclaration(combatant)) return [];
  const group = groupOf(combatant);
  return all.filter((c) => c.id !== combatant.id && sharesDeclaration(c) && groupOf(c) === group).map((c) => c.id);
}

/**
 * Who gets a declare step, in initiative order (`order`: combatant ids): each PC and henchmen group,
 * and ONE member of each NPC group — its first member who can act (else its first: the core passes
 * over a down combatant's step). The step is the group's turn to declare; the tracker's list still
 * offers every member's declaration, so a caster's spell is declared in the same step.
 */
export function declareStepIds(order: readonly string[], combatants: readonly CombatantInfo[]): string[] {
  const byId = new Map(combatants.map((c) => [c.id, c]));
  const canAct = (c: CombatantInfo) => downReason(c.actorType, c.system, c.defeated) === null;
  const chosen = new Map<string, CombatantInfo>();
  for (const id of order) {
    const c = byId.get(id);
    if (!c || !sharesDeclaration(c)) continue;
    const held = chosen.get(groupOf(c));
    if (!held || (!canAct(held) && canAct(c))) chosen.set(groupOf(c), c);
  }
  return order.filter((id) => {
    const c = byId.get(id);
    return !c || !sharesDeclaration(c) || chosen.get(groupOf(c))?.id === id;
  });
}
