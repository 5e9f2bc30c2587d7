/**
 * The rolls a card's button makes (a Slam?/Stun? check, a 0-Health Endurance FEAT) are made once
 * per card: a second click would let a player roll until the column suits them. Before rolling,
 * the roll is claimed on the rolling hero with the core claimRoll ("<message id>:<roll>"): the
 * active GM's client checks and writes every claim, one at a time per actor, so a GM and an owner
 * clicking at the same instant (two browsers), or one double click, cannot both roll.
 *
 * Worlds from before the claims kept the record in the hero's system.rolled; those keys still
 * count as made (read only: nothing writes the field now, DECISIONS.md).
 */
import { claimRoll, releaseClaim } from "../../../foundry/queries.js";
import { isClaimed } from "../../../foundry/claims.js";
import { t } from "../../../foundry/i18n.js";

/** The claim key of a card's roll; matches the claim key pattern (message ids are alphanumeric). */
export function onceKey(message: ChatMessage.Implementation, roll: string): string {
  return `${message.id ?? ""}:${roll}`;
}

function legacyRolled(actor: Actor.Implementation): string[] {
  const list = (actor.system as unknown as { rolled?: unknown }).rolled;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
}

/**
 * Read on this client, before asking the roller anything (the Karma prompt): has this card's roll
 * been made already? When so the user is warned. Only a fast refusal: claimOnce stays the check.
 */
export function alreadyRolled(actor: Actor.Implementation, key: string): boolean {
  if (!legacyRolled(actor).includes(key) && !isClaimed(actor, key)) return false;
  ui.notifications?.warn(t("FRACAS.Chat.Refused.AlreadyRolled"));
  return true;
}

/**
 * Claims this card's roll for `actor`: true when this click may roll now. False when the roll was
 * already made (or claimed at the same instant); the user has then been warned. Call it after
 * every refusal this client can find alone, and before anything is written (the Karma): the claim
 * decides which of two clicks at the same instant writes and rolls.
 */
export async function claimOnce(actor: Actor.Implementation, key: string): Promise<boolean> {
  if (legacyRolled(actor).includes(key)) {
    ui.notifications?.warn(t("FRACAS.Chat.Refused.AlreadyRolled"));
    return false;
  }
  return claimRoll(actor, key);
}

/**
 * Gives back this click's claim when the roll is refused after it and before any die (the state or
 * the Karma changed during the claim's round trip), so the card's button still rolls (core
 * releaseClaim). A failure to give it back is logged, not thrown: the refusal is what the user sees.
 */
export async function releaseOnce(actor: Actor.Implementation, key: string): Promise<void> {
  try {
    await releaseClaim(actor, key);
  } catch (err) {
    console.error("Fracas | faserip: could not give the claim back", actor.name, key, err);
  }
}
