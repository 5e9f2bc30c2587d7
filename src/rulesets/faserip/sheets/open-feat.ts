/**
 * Opening a hero's FEAT dialog from the sheet or a card: only for who may roll for the hero (its
 * owner; the GM owns every actor), one dialog per hero (core openOnce).
 */
import { t } from "../../../foundry/i18n.js";
import { openOnce } from "../../../foundry/sheets/open-once.js";
import { FaseripFeatDialog, type FeatDialogOptions } from "./feat-dialog.js";

/**
 * Only the hero's owner (the GM owns every actor) rolls for it: the sheet renders the roll buttons
 * for them only (view.editable); a click from an older render, or a card's button pressed by
 * someone else, is refused here, before any dialog.
 */
export function mayRollFor(actor: Actor.Implementation): boolean {
  if (actor.isOwner) return true;
  ui.notifications?.warn(t("FRACAS.Faserip.Refused.NotYourHero", { name: actor.name }));
  return false;
}

/**
 * One FEAT dialog per hero (core openOnce): a double click on a chip or a weapon opened two, each
 * with its own Roll and Karma. The key leaves out the ability and the weapon: the dialog offers
 * every ability, action and weapon, so a click while one is open brings that one to the front and
 * switches it to what was clicked, keeping what was typed in it (FaseripFeatDialog#show; DECISIONS,
 * "One FEAT dialog per hero" and session 9).
 */
export function openFeatDialog(actor: Actor.Implementation, options: FeatDialogOptions): void {
  let made: FaseripFeatDialog | null = null;
  // A dialog made by this click opens on its choice already; one found open (or opening) switches to it.
  // (Not the made one: its click's answer can come after a later click's switch, and undo it.)
  void openOnce(`faserip.feat:${actor.uuid}`, () => (made = new FaseripFeatDialog(actor, options))).then((dialog) => {
    if (dialog !== made) dialog.show(options);
  });
}
