/** Small Foundry helpers the bond cards and sheets share: dice, chat notes, actor access. */
import { t } from "../../../foundry/i18n.js";
import { BondCharacterData } from "../data/character.js";

/** Rolls with Foundry's Roll (so Dice So Nice and roll modes see it) and returns the Roll and its total. */
export async function rollDie(formula: string): Promise<{ roll: Roll; total: number }> {
  const roll = await new Roll(formula).evaluate();
  return { roll, total: roll.total ?? 1 };
}

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * A one-line chat note (a follow-up's outcome), optionally with the Roll that decided it. `whisper`:
 * the user ids it goes to; none (the default) makes it public. A note answering an attack card is
 * given the card's recipients (`cardWhisper`), so a private card's outcome stays private.
 */
export async function postNote(actor: Actor.Implementation | null, key: string, data: Record<string, string | number>, rolls: Roll[] = [], whisper: readonly string[] = []): Promise<void> {
  const content = `<p class="fracas bond-note">${escape(t(key, data))}</p>`;
  await ChatMessage.create({ content, rolls, speaker: ChatMessage.getSpeaker({ actor: actor ?? undefined }), ...(whisper.length > 0 ? { whisper: [...whisper] } : {}) } as never);
}

/**
 * Who a card was whispered to (empty: public). A GM's private NPC attack is whispered to the GMs
 * and the target's owners (core cardPrivacy); the notes that follow it (a Hero Point, a Shake Off,
 * a scar) say its QR and wound, so they go to the same people (review-s7-player #5).
 */
export function cardWhisper(message: ChatMessage.Implementation | null | undefined): string[] {
  const w = (message as unknown as { whisper?: unknown } | null | undefined)?.whisper;
  return Array.isArray(w) ? w.filter((id): id is string => typeof id === "string") : [];
}

export function bondSystem(actor: Actor.Implementation | null | undefined): BondCharacterData | null {
  return actor && actor.system instanceof BondCharacterData ? actor.system : null;
}

/** A bond character is an NPC when flagged so, or when no player owns it. */
export function isNpc(actor: Actor.Implementation): boolean {
  const sys = bondSystem(actor);
  return (sys?.npc ?? false) || !actor.hasPlayerOwner;
}

export function warn(key: string, data?: Record<string, string | number>): void {
  ui.notifications?.warn(t(key, data));
}

/** Has this character fired in the given combat round? (Attacks are counted per combat and round.) */
export function targetHasFired(sys: { roundAttacks: { combat: string; round: number; fired: boolean } } | null, combatId: string, round: number): boolean {
  if (!sys || !combatId) return false;
  const a = sys.roundAttacks;
  return a.combat === combatId && a.round === round && a.fired;
}
