/**
 * An NPC group declares as one (seed, Cheat Sheet Step 2: "Players and NPC groups choose one of
 * five combat actions for the round"; RULES.md §2). Radio's NPC groups are its initiative groups
 * (combat.ts `groupOf`): the GM's group and the groups A–D the GM split off (combat-groups.ts); a
 * PC and a henchmen group each roll, and so declare, alone. The core takes a declaration per
 * combatant, so when one member of a group with others in it is declared, the active GM's client
 * (the updateCombat hook) sets the same action for every other member still standing, then
 * rebuilds the plan. Members who are down are left alone (the core refuses them a declaration
 * anyway). The last declaration made for the group wins: the group has one action; the GM who
 * wants a member to act otherwise splits it off into its own group first.
 */
import type { CombatantInfo } from "../../foundry/registry.js";
import type { FracasCombat } from "../../foundry/documents/combat.js";
import { isActiveGM } from "../../foundry/active-gm.js";
import { withCombatLock } from "../../foundry/locks.js";
import { groupOf } from "./combat.js";

/** Groups whose members declare together: the GM's NPC groups (not a PC, not a henchmen group). */
const sharesDeclaration = (c: CombatantInfo): boolean => !c.isPC && c.actorType !== "radioHenchmen";

/**
 * Pure: the declarations to write so that each group of a combatant just declared (`declared`,
 * ids in the order the update named them; the last one of a group wins) has that combatant's
 * action. Members who are down (`isDown`) and members already on it are left out; a down
 * combatant's own declaration is carried to nobody.
 */
export function groupDeclarationWrites(combatants: readonly CombatantInfo[], declared: readonly string[], isDown: (c: CombatantInfo) => boolean): Record<string, string> {
  const sources = new Map<string, CombatantInfo>();
  for (const id of declared) {
    const source = combatants.find((c) => c.id === id);
    if (source && sharesDeclaration(source) && !isDown(source)) sources.set(groupOf(source), source);
  }
  const writes: Record<string, string> = {};
  for (const member of combatants) {
    if (!sharesDeclaration(member) || isDown(member)) continue;
    const source = sources.get(groupOf(member));
    if (source && member.declaration !== source.declaration) writes[member.id] = source.declaration;
  }
  return writes;
}

/** The combatant ids whose declaration an update of the Combat changed (its diff, expanded as Foundry gives it). */
export function declaredIds(changed: object): string[] {
  const combatants = (changed as { system?: { combatants?: Record<string, unknown> } }).system?.combatants;
  if (!combatants || typeof combatants !== "object") return [];
  return Object.entries(combatants)
    .filter(([, v]) => typeof v === "object" && v !== null && typeof (v as { declaration?: unknown }).declaration === "string")
    .map(([id]) => id);
}

let pending: Promise<unknown> = Promise.resolve();

/** Waits until the group declarations started by updates so far are written (tests, macros). */
export async function groupDeclarationsSettled(): Promise<void> {
  let seen: Promise<unknown>;
  do {
    seen = pending;
    await seen;
  } while (seen !== pending);
}

/**
 * Under the combat's lock (queued behind the declaration that triggered it): re-reads the
 * combatants and, while the round's actions are still being declared (as the core allows a
 * declaration), writes the group's action on its other standing members and rebuilds the plan.
 */
async function declareForGroups(combat: FracasCombat, ids: readonly string[]): Promise<void> {
  if (combat.fracas.phase !== "declare") return;
  const infos = combat.combatantInfos();
  const writes = groupDeclarationWrites(infos, ids, (c) => combat.downReason(c) !== null);
  const entries = Object.entries(writes);
  if (entries.length === 0) return;
  await combat.update(Object.fromEntries(entries.map(([id, value]) => [`system.combatants.${id}.declaration`, value])) as never);
  await combat.refreshPlan();
}

/** The updateCombat hook: every client sees it; the active GM's writes the group's declaration. */
export function onGroupDeclaration(combat: Combat.Implementation, changed: object): void {
  if (!isActiveGM()) return;
  if ((combat.system as unknown as { ruleset?: string }).ruleset !== "radio") return;
  const ids = declaredIds(changed);
  if (ids.length === 0) return;
  const fc = combat as unknown as FracasCombat;
  pending = withCombatLock(combat.id, () => declareForGroups(fc, ids)).catch((err: unknown) => console.error("Fracas | radio: group declaration failed", err));
}
