/**
 * An open roll dialog whose roller (for First Aid, the patient) was deleted (core's "actor" event on
 * deletion, following-dialogs.ts): nothing is left to roll for, so the dialog closes and says so
 * (review s8b G9, as Zodiac's roll dialog does). Before, it redrew, and its Roll failed on the
 * deleted actor.
 */
import { lookupUuidSync } from "../../../foundry/typed.js";
import type { DialogEvent } from "../../../foundry/sheets/following-dialogs.js";
import { warn } from "../cards/notes.js";

/** Closes `dialog` with `key`'s notice ({name}: the actor's) when `event` is `actor`'s deletion; true when it did. */
export function closedIfRollerGone(dialog: { close(): Promise<unknown> }, event: DialogEvent, actor: Actor.Implementation, key = "FRACAS.Bond.Dialog.RollerGone"): boolean {
  if (event.kind !== "actor" || event.uuid !== actor.uuid || lookupUuidSync(event.uuid)) return false;
  warn(key, { name: actor.name });
  void dialog.close();
  return true;
}
