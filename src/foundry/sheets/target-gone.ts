/**
 * A roll dialog's target deleted while it is open. One behaviour for every ruleset (review-s8 F8):
 * the dialog stays open, stops aiming at the target, redraws and says so; a Roll pressed before
 * that redraw reached the player rolls and spends nothing, redraws, and says so. The player checks
 * the roll as it now stands and rolls again, or aims elsewhere. One wording, core's.
 */
import { lookupUuidSync } from "../typed.js";
import { t } from "../i18n.js";
import type { DialogEvent } from "./following-dialogs.js";

export const TARGET_DROPPED = "FRACAS.Dialog.TargetDropped";
export const TARGET_GONE = "FRACAS.Dialog.TargetGone";

/** Whether `event` tells of the deletion of the actor at `uuid` (its UUID no longer resolves). */
export function isDeletionOf(event: DialogEvent, uuid: string | null | undefined): boolean {
  return !!uuid && event.kind === "actor" && event.uuid === uuid && !lookupUuidSync(uuid);
}

/** Says, as the dialog redraws, that it no longer aims at `name` (deleted while it was open). */
export function warnTargetDropped(name: string | null | undefined): void {
  ui.notifications?.warn(t(TARGET_DROPPED, { name: name ?? "" }));
}

/** Says, at a refused Roll, that `name` was deleted so nothing was rolled or spent, and the dialog redrew. */
export function warnTargetGone(name: string | null | undefined): void {
  ui.notifications?.warn(t(TARGET_GONE, { name: name ?? "" }));
}
