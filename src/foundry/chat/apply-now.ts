/**
 * A card posted to be applied at once (a round start's automatic card, a sheet's recovery roll):
 * the card stays the record and keeps its Undo. The Apply runs on the active GM's client while one
 * is connected (appliesHere), so it queues on the same card lock as any click; a refusal is shown.
 */
import { appliesHere } from "../active-gm.js";
import { t } from "../i18n.js";
import { requestApply, warnRefused } from "../queries.js";

export async function applyCardNow(message: ChatMessage.Implementation | undefined, actor: Actor.Implementation): Promise<boolean> {
  if (!message?.id) return false;
  const outcome = await requestApply(message.id, actor.uuid, appliesHere(actor));
  warnRefused(outcome);
  return outcome.ok;
}
