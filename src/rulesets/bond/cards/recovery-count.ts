/**
 * Which Stun or wound recovery roll of a character is next, and the card that holds the current one
 * (D66, amended in session 10). Three actor flags:
 * - `bondRecoveryRolls` {stun, wound}: how many rolls of each kind have been applied. Moved by the
 *   recovery card's own Apply (its effect writes `rollCount + 1` with the wound, in one update), so
 *   an Apply that fails moves nothing and an Undo puts it back with the wound.
 * - `bondRecoveryCard` {stun, wound}: the card of the roll made for the current count (`count`,
 *   `messageId`), written when the card is posted; `applyFailed` once its Apply has failed.
 * - the claim key `bond.recover:<which>:<count>` (core claimRoll): one roll per count, whoever presses.
 * A roll whose Apply failed is held by its card: the Roll buttons apply that card (the same result)
 * instead of rolling again, and its own Apply does the same. A card deleted before it was applied
 * gives the roll back under a new key (`…:<count>:<deleted card's id>`), so nothing is left claimed
 * for good.
 */
import type { RecoveryKind } from "./effects.js";

export const ROLLS_MADE_FLAG = "bondRecoveryRolls";
export const ROLL_CARD_FLAG = "bondRecoveryCard";

type CountedKind = Exclude<RecoveryKind, "knockout">;

/** How many rolls of this kind the character has had applied (0 when none, or the flag is damaged). */
export function rollsMade(actor: Actor.Implementation, which: CountedKind): number {
  const made = actor.getFlag("fracas" as never, ROLLS_MADE_FLAG as never) as Record<string, unknown> | undefined;
  const n = made?.[which];
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The recovery card's Apply: the count moved past the roll it holds (written with the wound). */
export function rollCountUpdate(which: CountedKind, rollCount: number): Record<string, number> {
  return { [`flags.fracas.${ROLLS_MADE_FLAG}.${which}`]: rollCount + 1 };
}

/** The card posted for a roll: recorded on the character with the count it was made for. */
export function rollCardUpdate(which: CountedKind, count: number, messageId: string): Record<string, unknown> {
  return { [`flags.fracas.${ROLL_CARD_FLAG}.${which}`]: { count, messageId, applyFailed: false } };
}

/** The card's Apply failed: from now on the Roll buttons apply it rather than say "already made". */
export function applyFailedUpdate(which: CountedKind): Record<string, boolean> {
  return { [`flags.fracas.${ROLL_CARD_FLAG}.${which}.applyFailed`]: true };
}

interface RollCard {
  messageId: string;
  applyFailed: boolean;
}

/** The card recorded for the current count of this kind, or null (none posted for it yet). */
function currentRollCard(actor: Actor.Implementation, which: CountedKind): RollCard | null {
  const cards = actor.getFlag("fracas" as never, ROLL_CARD_FLAG as never) as Record<string, unknown> | undefined;
  const card = cards?.[which] as { count?: unknown; messageId?: unknown; applyFailed?: unknown } | undefined;
  if (!card || card.count !== rollsMade(actor, which) || typeof card.messageId !== "string" || card.messageId === "") return null;
  return { messageId: card.messageId, applyFailed: card.applyFailed === true };
}

/** Whether this card's result is applied to the character now (an Apply not undone). */
export function isAppliedTo(message: ChatMessage.Implementation, actor: Actor.Implementation): boolean {
  const applications = (message.system as unknown as { applications?: { targetUuid: string; undone: boolean }[] }).applications ?? [];
  return applications.some((a) => a.targetUuid === actor.uuid && !a.undone);
}

/**
 * The claim key of the character's next Stun or wound recovery roll (the sheet and the prompt
 * alike): one per count; after a card of that count was deleted unapplied, one per deleted card.
 */
export function recoveryClaimKey(actor: Actor.Implementation, which: CountedKind): string {
  const n = rollsMade(actor, which);
  const card = currentRollCard(actor, which);
  return card && !game.messages.get(card.messageId) ? `bond.recover:${which}:${n}:${card.messageId}` : `bond.recover:${which}:${n}`;
}

/**
 * The card holding the current roll of this kind, made but not applied, that a Roll button applies
 * instead of rolling: its Apply failed, or it was applied and undone (an Undo takes back the result,
 * not the roll). Null while its first Apply may still be on its way (the claim then says "already
 * made"), or when there is none.
 */
export function heldRollCard(actor: Actor.Implementation, which: CountedKind): ChatMessage.Implementation | null {
  const card = currentRollCard(actor, which);
  const message = card ? game.messages.get(card.messageId) : undefined;
  if (!card || !message || isAppliedTo(message, actor)) return null;
  const applications = (message.system as unknown as { applications?: unknown[] }).applications ?? [];
  return card.applyFailed || applications.length > 0 ? (message as ChatMessage.Implementation) : null;
}
