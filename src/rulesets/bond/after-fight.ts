/**
 * What ends with a fight, on the active GM's client, when a begun combat is ended (its Combat
 * deleted, as V13's End Combat does):
 * - cover (D51): the GM sets each character's cover on its sheet (D49) and it lasted until changed,
 *   so a cover set in one fight followed the character into the next scene; it is set back to "none";
 * - a failed Stun's rounds (D53): they ran down only at round starts, so a character stunned for
 *   rounds the fight no longer had stayed unable to act (attacks, tasks) until a week's rest; they
 *   run out (kernel `endOfFight`), and the "stunned" status goes when nothing else keeps it.
 * One update per character that has either, none for the others; players write nothing. A
 * character still fighting in another begun combat keeps both.
 */
import { statusEffectId } from "../../engine/events.js";
import { isActiveGM } from "../../foundry/active-gm.js";
import { isCombatantOf } from "../../foundry/documents/combatant-of.js";
import { t } from "../../foundry/i18n.js";
import { endOfFight } from "./rules/index.js";
import { safeWoundState } from "./data/derive.js";
import { bondSystem } from "./cards/notes.js";

/** Whether `actor` fights in a begun combat other than `ended`. */
function fightsElsewhere(actor: Actor.Implementation, ended: Combat.Implementation): boolean {
  for (const combat of game.combats ?? []) {
    if (combat.id === ended.id || (combat.round ?? 0) < 1) continue;
    if (combat.combatants.some((c) => isCombatantOf(c, actor))) return true;
  }
  return false;
}

/** deleteCombat: clears the fighters' cover and runs out their Stun rounds; returns whose. */
export async function afterFight(combat: Combat.Implementation): Promise<{ covered: string[]; unstunned: string[] }> {
  // An encounter deleted before it began was no fight: covers set while arranging it stay.
  if (!isActiveGM() || (combat.round ?? 0) < 1) return { covered: [], unstunned: [] };
  const done = new Set<string>();
  const covered: string[] = [];
  const unstunned: string[] = [];
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as Actor.Implementation | null;
    const sys = bondSystem(actor);
    // By UUID: two unlinked mooks of one actor are two characters, each with its own state.
    if (!actor || !sys || done.has(actor.uuid)) continue;
    done.add(actor.uuid);
    const stun = sys.wound.stunRounds > 0 ? endOfFight(safeWoundState(sys.wound)) : null;
    if ((sys.cover === "none" && !stun) || fightsElsewhere(actor, combat)) continue;
    const update: Record<string, unknown> = {};
    if (sys.cover !== "none") update["system.cover"] = "none";
    if (stun) update["system.wound"] = stun.state;
    await actor.update(update as never);
    for (const e of stun?.events ?? []) await actor.toggleStatusEffect(statusEffectId(e.status), { active: e.on });
    if ("system.cover" in update) covered.push(actor.name);
    if (stun) unstunned.push(actor.name);
  }
  // The GM is told what changed, so a cover or a stun that vanished is not a surprise.
  if (covered.length > 0) ui.notifications?.info(t("FRACAS.Bond.CoverClearedAfterFight", { names: covered.join(", ") }));
  if (unstunned.length > 0) ui.notifications?.info(t("FRACAS.Bond.StunEndedAfterFight", { names: unstunned.join(", ") }));
  return { covered, unstunned };
}
