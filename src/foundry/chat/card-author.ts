/**
 * Whether a card was posted by someone who could roll for its source: a GM, or an owner of the
 * source actor. A card's content is its author's to write (V13), but who authored it is the
 * server's record: a player cannot post as a GM. So a follow-up that trusts a card's claim about
 * its roll ("an NPC fired at you this round") checks this first (audit s14: a card made in the
 * console "from" the GM's villain bought a draw, or a Hero Point spend, against no real attack).
 */
import { lookupUuidSync } from "../typed.js";

export function postedBySourceSide(message: ChatMessage.Implementation): boolean {
  const author = message.author;
  if (!author) return false;
  return author.isGM || sourceOf(message)?.testUserPermission(author, "OWNER") === true;
}

/** The card's source actor as it exists now, or null (no source named, or it is gone). */
export function sourceOf(message: ChatMessage.Implementation): Actor.Implementation | null {
  const uuid = (message.system as unknown as { sourceUuid?: unknown }).sourceUuid;
  const source = typeof uuid === "string" && uuid ? lookupUuidSync(uuid) : null;
  return source instanceof Actor ? (source as Actor.Implementation) : null;
}
