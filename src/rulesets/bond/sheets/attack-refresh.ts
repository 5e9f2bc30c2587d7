/**
 * Open attack dialogs follow the characters they show. A dialog reads its attacker and its target
 * at every render (attack-dialog.ts), but Foundry redraws only an actor's own sheets on its update:
 * so the GM setting the target's cover (D49), a wound or a status landing on either, the user
 * aiming at someone else, or the fight's next round left the dialog showing odds and a cover floor
 * the Roll would no longer use. On those events this client redraws its open dialogs concerned.
 */
import { isCombatantOf } from "../../../foundry/documents/combatant-of.js";

/** What the refresh needs of an attack dialog. */
export interface WatchedDialog {
  readonly rendered: boolean;
  readonly actor: Actor.Implementation;
  /** The UUID of the target its last render showed (null = none). */
  readonly targetUuid: string | null;
  render(): unknown;
}

const OPEN = new Set<WatchedDialog>();

/** Called when a dialog is made: watched until it is found closed. */
export function watchAttackDialog(dialog: WatchedDialog): void {
  OPEN.add(dialog);
}

function redraw(concerns: (dialog: WatchedDialog) => boolean): number {
  let n = 0;
  for (const dialog of OPEN) {
    // Not rendered yet: its first render reads everything anew.
    if (!dialog.rendered || !concerns(dialog)) continue;
    void dialog.render();
    n += 1;
  }
  return n;
}

/** Called when a dialog closes. */
export function forgetAttackDialog(dialog: WatchedDialog): void {
  OPEN.delete(dialog);
}

/** updateActor, and a status (ActiveEffect) added to or taken from an actor: its attacker's or its target's dialogs redraw. */
export function refreshAttackDialogsFor(actor: { uuid?: string | null } | null | undefined): number {
  const uuid = actor?.uuid;
  if (!uuid) return 0;
  return redraw((d) => d.actor.uuid === uuid || d.targetUuid === uuid);
}

/** targetToken: this client's user aimed at someone else, so every dialog of theirs shows another target. */
export function refreshAttackDialogsOnTarget(user: { id?: string | null } | null | undefined): number {
  if (!user || user.id !== game.user.id) return 0;
  return redraw(() => true);
}

/** updateCombat with a new round, or deleteCombat: the attacks left this round (D4, D46) changed for its fighters. */
export function refreshAttackDialogsInCombat(combat: Combat.Implementation): number {
  return redraw((d) => combat.combatants.some((c) => isCombatantOf(c, d.actor)));
}
