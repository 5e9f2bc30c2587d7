/**
 * The tracker panel's "Change group" press (combat-groups.ts lists the rows). Kept apart from the
 * rows because it talks to the active GM through core queries, which need Foundry's classes loaded.
 */
import { requestCombatantMemory, warnRefused } from "../../foundry/queries.js";
import { CHANGE_GROUP } from "./combat-groups.js";

/**
 * GM only: move a combatant to the next group. The write is sent to the active GM as a combatant-
 * memory request (core requestCombatantMemory → the mapping's memoryPatch → groupChangePatch), so
 * it queues on the combat's lock behind a round start in flight: a round start reads every
 * combatant's memory and writes it back whole, so a change written beside it was lost (code review
 * s6 R1), and a second GM's press, on a client with its own locks, was not serialised with it.
 */
export async function changeGroup(combat: Combat.Implementation, button: HTMLElement): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(game.i18n.localize("FRACAS.Chat.Refused.NotGM"));
    return;
  }
  const combatant = combat.combatants.get(button.dataset.combatantId ?? "");
  if (!combatant) return;
  const outcome = await requestCombatantMemory(combat.id ?? "", combatant.id ?? "", { [CHANGE_GROUP]: "next" });
  // "No GM" was said by the request (core viaGM); warnRefused says any other reason once.
  warnRefused(outcome);
}
