/**
 * An open roll dialog whose roller (for First Aid, the patient) was deleted (the "actor" event on
 * deletion, following-dialogs.ts): nothing is left to roll for, so the dialog closes and says so
 * (review-s8b G9). Before, it redrew, and its Roll failed on the deleted actor. Every ruleset says it
 * in core's words unless it passes its own key ({name}: the deleted actor's).
 */
import { lookupUuidSync } from "../typed.js";
import { t } from "../i18n.js";
import type { DialogEvent } from "./following-dialogs.js";

export const ROLLER_GONE = "FRACAS.Dialog.RollerGone";

/** Closes `dialog` with `key`'s notice when `event` is `actor`'s deletion; true when it did. */
export function closedIfRollerGone(dialog: { close(): Promise<unknown> }, event: DialogEvent, actor: { uuid: string; name: string | null }, key = ROLLER_GONE): boolean {
  if (event.kind !== "actor" || event.uuid !== actor.uuid || lookupUuidSync(event.uuid)) return false;
  ui.notifications?.warn(t(key, { name: actor.name ?? "" }));
  void dialog.close();
  return true;
}
