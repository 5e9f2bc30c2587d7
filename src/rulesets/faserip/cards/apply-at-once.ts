/** A card posted by a flow (not a player's roll) applied at once: the card is the note, its Undo stays. */
import { t } from "../../../foundry/i18n.js";
import { requestApply } from "../../../foundry/queries.js";
import { appliesHere } from "../../../foundry/active-gm.js";

/**
 * Applies a card just posted about `actor` at once (the round start's dying, 0-Health and stand-up
 * cards; the sheet's "A round passes" dying card): the card is the note, and its Undo stays. The
 * Apply runs here on the active GM's client (the round start's), else through it (appliesHere: a
 * GM who is not the active one, or a player's click on the sheet); a refusal is shown.
 */
export async function applyAtOnce(message: ChatMessage.Implementation | undefined, actor: Actor.Implementation): Promise<void> {
  if (!message?.id) return;
  const done = await requestApply(message.id, actor.uuid, appliesHere(actor));
  if (!done.ok) ui.notifications?.warn(t(done.reason, "data" in done ? done.data : undefined));
}
