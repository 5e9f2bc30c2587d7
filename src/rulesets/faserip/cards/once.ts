/**
 * The rolls a card's button makes (a Slam?/Stun? check, a 0-Health Endurance FEAT) are made once
 * per card: a second click would let a player roll until the column suits them. The record is kept
 * on the rolling hero (system.rolled, "<message id>:<roll>"), which whoever may make the roll (its
 * owner or the GM) may write; the card itself may belong to someone else.
 */
import { MAX_ROLLED } from "../data/hero.js";

function rolledOf(actor: Actor.Implementation): string[] {
  const list = (actor.system as unknown as { rolled?: unknown }).rolled;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
}

export function onceKey(message: ChatMessage.Implementation, roll: string): string {
  return `${message.id ?? ""}:${roll}`;
}

export function alreadyRolled(actor: Actor.Implementation, key: string): boolean {
  return rolledOf(actor).includes(key);
}

export async function recordRolled(actor: Actor.Implementation, key: string): Promise<void> {
  const rolled = [...rolledOf(actor).filter((k) => k !== key), key].slice(-MAX_ROLLED);
  await actor.update({ "system.rolled": rolled } as never);
}
