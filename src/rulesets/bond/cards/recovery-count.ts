/**
 * Which Stun or wound recovery roll of a character is next, and the card that holds the current one
 * (D66, amended in session 10). Three actor flags:
 * - `bondRecoveryRolls` {stun, wound}: how many rolls of each kind have been applied. Moved by the
 *   recovery card's own Apply (its effect writes `rollCount + 1` with the wound, in one update), so
 *   an Apply that fails moves nothing and an Undo puts it back with the wound. An Apply whose card
 *   is not the roll due now (its `rollCount` is not the count) is refused (`staleRecoveryRefusal`).
 * - `bondRecoveryCards` {stun: {<count>: {messageId, applyFailed}}, wound: …}: the card of the roll
 *   made for each count, written when the card is posted; `applyFailed` once its Apply has failed.
 *   Kept per count (review s10 C1), so after any order of Apply and Undo the card of the count the
 *   character is back at is still known; counts more than KEPT_COUNTS below the newest are pruned,
 *   and past them (or for a card recorded under the older single-card flag `bondRecoveryCard`) the
 *   chat log is searched for that count's card.
 * - the claim key `bond.recover:<which>:<count>` (core claimRoll): one roll per count, whoever presses.
 * A roll whose Apply failed is held by its card: the Roll buttons apply that card (the same result)
 * instead of rolling again, and its own Apply does the same. A card deleted before it was applied
 * gives the roll back under a new key (`…:<count>:<deleted card's id>`), so nothing is left claimed
 * for good.
 */
import type { RecoveryKind } from "./effects.js";

export const ROLLS_MADE_FLAG = "bondRecoveryRolls";
/** Before review s10 C1: one card per kind, `{count, messageId, applyFailed}`; still read. */
export const ROLL_CARD_FLAG = "bondRecoveryCard";
export const ROLL_CARDS_FLAG = "bondRecoveryCards";
/** How many counts below the newest keep their card's record (the rest is pruned; D66). */
export const KEPT_COUNTS = 8;

type CountedKind = Exclude<RecoveryKind, "knockout">;

/** How many rolls of this kind the character has had applied (0 when none, or the flag is damaged). */
export function rollsMade(actor: Actor.Implementation, which: CountedKind): number {
  return countIn(actor.getFlag("fracas" as never, ROLLS_MADE_FLAG as never), which);
}

/** The count of one kind in a stored `bondRecoveryRolls` flag (0 when none, or it is damaged). */
function countIn(made: unknown, which: CountedKind): number {
  const n = (made as Record<string, unknown> | undefined)?.[which];
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The recovery card's Apply: the count moved past the roll it holds (written with the wound). */
export function rollCountUpdate(which: CountedKind, rollCount: number): Record<string, number> {
  return { [`flags.fracas.${ROLLS_MADE_FLAG}.${which}`]: rollCount + 1 };
}

/**
 * The card posted for a roll: recorded on the character under the count it was made for. Records
 * of counts KEPT_COUNTS or more below it are pruned (Foundry's `-=` key), so the flag stays small.
 */
export function rollCardUpdate(actor: Actor.Implementation, which: CountedKind, count: number, messageId: string): Record<string, unknown> {
  const path = `flags.fracas.${ROLL_CARDS_FLAG}.${which}`;
  const prune = Object.keys(recordedCards(actor, which)).filter((k) => !(Number(k) > count - KEPT_COUNTS));
  return {
    ...Object.fromEntries(prune.map((k) => [`${path}.-=${k}`, null])),
    [`${path}.${count}`]: { messageId, applyFailed: false },
  };
}

/** The card's Apply failed: from now on the Roll buttons apply it rather than say "already made". */
export function applyFailedUpdate(which: CountedKind, count: number): Record<string, boolean> {
  return { [`flags.fracas.${ROLL_CARDS_FLAG}.${which}.${count}.applyFailed`]: true };
}

interface RollCard {
  messageId: string;
  applyFailed: boolean;
}

function recordedCards(actor: Actor.Implementation, which: CountedKind): Record<string, unknown> {
  const cards = actor.getFlag("fracas" as never, ROLL_CARDS_FLAG as never) as Record<string, unknown> | undefined;
  const mine = cards?.[which];
  return mine && typeof mine === "object" ? (mine as Record<string, unknown>) : {};
}

function asRollCard(v: unknown): RollCard | null {
  const card = v as { messageId?: unknown; applyFailed?: unknown } | undefined;
  if (!card || typeof card.messageId !== "string" || card.messageId === "") return null;
  return { messageId: card.messageId, applyFailed: card.applyFailed === true };
}

/** The card recorded for the current count of this kind, or null (none recorded for it). */
function currentRollCard(actor: Actor.Implementation, which: CountedKind): RollCard | null {
  const n = rollsMade(actor, which);
  const recorded = asRollCard(recordedCards(actor, which)[String(n)]);
  if (recorded) return recorded;
  // A card recorded before the per-count flag (review s10 C1): valid only for its own count.
  const legacy = (actor.getFlag("fracas" as never, ROLL_CARD_FLAG as never) as Record<string, { count?: unknown }> | undefined)?.[which];
  return legacy && legacy.count === n ? asRollCard(legacy) : null;
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
  if (!card) return undoneCardOfCount(actor, which);
  const message = game.messages.get(card.messageId);
  if (!message || isAppliedTo(message, actor)) return null;
  const applications = (message.system as unknown as { applications?: unknown[] }).applications ?? [];
  return card.applyFailed || applications.length > 0 ? (message as ChatMessage.Implementation) : null;
}

/**
 * No card recorded for the current count (pruned, or recorded under the old single-card flag): the
 * newest recovery card in the chat log of this kind and count for this character that was applied
 * and undone. The count only comes back to a card's count through that card's Undo (its Apply is
 * refused at any other count), so such a card is the one that holds the roll.
 */
function undoneCardOfCount(actor: Actor.Implementation, which: CountedKind): ChatMessage.Implementation | null {
  const n = rollsMade(actor, which);
  const messages = [...(game.messages as unknown as Iterable<ChatMessage.Implementation>)].reverse();
  for (const m of messages) {
    const sys = m.system as unknown as { ruleset?: unknown; kind?: unknown; result?: { which?: unknown; rollCount?: unknown }; targets?: { uuid?: unknown }[]; applications?: unknown[] };
    if (sys?.ruleset !== "bond" || sys.kind !== "recovery" || sys.result?.which !== which || sys.result.rollCount !== n) continue;
    if (!(sys.targets ?? []).some((t) => t.uuid === actor.uuid)) continue;
    if ((sys.applications ?? []).length > 0 && !isAppliedTo(m, actor)) return m;
  }
  return null;
}

/**
 * Review s10 C2: the recovery card's Apply writes its own count + 1, so a card whose roll is not the
 * one due now (a later roll was applied since, or an earlier one was undone) would move the count
 * backwards, or apply one roll's dice to another. Refused, with the character's count read from the
 * target's Fracas flags as the Apply sees them (core CardActor.flags); null when the card is the one
 * due, or the flags were not given.
 */
export function staleRecoveryRefusal(target: { name: string; flags?: Record<string, unknown> }, which: CountedKind, rollCount: number): { refused: string; data: Record<string, string | number> } | null {
  if (!target.flags) return null;
  const made = countIn(target.flags[ROLLS_MADE_FLAG], which);
  if (made === rollCount) return null;
  return { refused: "FRACAS.Bond.Refused.StaleRecovery", data: { name: target.name, card: rollCount + 1, due: made + 1 } };
}
