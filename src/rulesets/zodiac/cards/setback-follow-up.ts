/**
 * The Setback a missed roll earns Operations (RULES §3: "A miss: nobody dies and Operations gains
 * 1 Setback"), taken from the card itself: the fight, kill and strike cards offer "Operations
 * takes the Setback (GM)" and its Undo as GM follow-ups (the strike's since session 4: before,
 * a missed strike's Setback came only with an Apply of the miss to the Other Agent, which nothing
 * on the card asked for). Setback is Operations' pool, so only the
 * GM takes it or gives it back (DECISIONS, session 3): a player's click is refused (NotGM).
 * Exactly once per card: the pool entry's id is kept on the card (result.setbackEntry). A kill
 * card that was applied to a crowd already carried its Setback in that application's pool entry,
 * so taking it again is refused (and the card no longer offers it: views.ts, card-refresh.ts);
 * once the card has taken it, killEffect adds none. Take and Undo run under the card's lock, with
 * Apply and Undo of the card itself (foundry/locks.ts).
 */
import type { GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import type { Application } from "../../../foundry/data/card-data.js";
import { executePoolChange } from "../../../foundry/pools.js";
import { withCardLock } from "../../../foundry/locks.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import type { Done } from "../operations.js";
import { actorName, setbackReason, SETBACK_POOL, takenEntry } from "./effects.js";
import { cardContent } from "./flow.js";
import { setbackApplication } from "./views.js";

interface CardSystem {
  kind: string;
  sourceUuid: string;
  result: JsonObject;
  applications: Application[];
}

/** The Setback the card's miss earned (0 on a hit): the fight's, the kill's or the strike's, as the kernel said. */
export function missSetback(kind: string, result: JsonObject): number {
  const r = (kind === "kill" ? result.kill : kind === "fight" ? result.fight : kind === "strike" ? result.strike : null) as { success?: boolean; setbackGained?: number } | null | undefined;
  const gained = r?.setbackGained;
  return r && r.success === false && typeof gained === "number" && gained > 0 ? gained : 0;
}

/**
 * Who may ask at all: the GM, the card's author, or an owner of the actor who rolled (as for
 * Apply/Undo); anyone else is told the card is not theirs. Of those, only the GM is served (run).
 */
function mayAsk(user: User.Implementation, message: ChatMessage.Implementation): boolean {
  if (user.isGM || message.author?.id === user.id) return true;
  const uuid = (message.system as unknown as CardSystem).sourceUuid;
  const source = uuid ? lookupUuidSync(uuid) : null;
  return source instanceof Actor && source.testUserPermission(user, "OWNER");
}

/** The ledger ref of the card's own Setback take (not an Apply's entry, nor another card's). */
function takeRef(message: ChatMessage.Implementation): string {
  return `${message.id ?? ""}:take`;
}

/** Writes the card's new result (setbackEntry) and its re-rendered content together. */
async function writeCard(message: ChatMessage.Implementation, card: CardSystem, entry: string | null): Promise<void> {
  const result = { ...card.result, setbackEntry: entry };
  const content = await cardContent(message, card.kind, result);
  await message.update({ "system.result.setbackEntry": entry, content } as never);
}

async function take(message: ChatMessage.Implementation, by: string): Promise<Done> {
  const card = message.system as unknown as CardSystem;
  const gained = missSetback(card.kind, card.result);
  if (gained <= 0) return { ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackEarned" };
  // Taken by this card already, or carried by an Apply on a crowd that still stands.
  if (takenEntry(card.result) || setbackApplication(card.applications)) return { ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" };
  const ref = takeRef(message);
  const done = await executePoolChange({ kind: "change", pool: SETBACK_POOL, delta: gained, reason: setbackReason("FRACAS.Zodiac.Setback.Reason.Miss", actorName(card.result)), ref }, by);
  if (!done.ok) return { ok: false, reason: done.reason };
  try {
    await writeCard(message, card, done.entryId);
  } catch (err) {
    await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: done.entryId, ref }, by);
    throw err;
  }
  return { ok: true };
}

async function undo(message: ChatMessage.Implementation, by: string): Promise<Done> {
  const card = message.system as unknown as CardSystem;
  const entry = takenEntry(card.result);
  if (!entry) return { ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackTaken" };
  // The card first: a ledger undo cannot itself be undone, a card write can.
  await writeCard(message, card, null);
  let done: Awaited<ReturnType<typeof executePoolChange>>;
  try {
    // Only this card's own entry (ref): a card whose stored entry id was edited cannot undo another.
    done = await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: entry, ref: takeRef(message) }, by);
  } catch (err) {
    await writeCard(message, card, entry);
    throw err;
  }
  if (!done.ok) {
    await writeCard(message, card, entry);
    return { ok: false, reason: done.reason };
  }
  return { ok: true };
}

/** The card's Setback follow-ups (this one and save-follow-up.ts) serve only the GM. */
export const NOT_GM: Done = { ok: false, reason: "FRACAS.Chat.Refused.NotGM" };

/** "Operations takes the Setback (GM)": the miss's Setback into the pool, once per card. */
export const takeSetback: GmFollowUp = {
  allowed: ({ user, message }) => mayAsk(user, message),
  run: async ({ user, message }) => (user.isGM ? withCardLock(message.id, () => take(message, user.id ?? "")) : NOT_GM),
};

/** Undo of it (GM): the pool's entry undone, the card offers the Setback again. */
export const undoSetback: GmFollowUp = {
  allowed: ({ user, message }) => mayAsk(user, message),
  run: async ({ user, message }) => (user.isGM ? withCardLock(message.id, () => undo(message, user.id ?? "")) : NOT_GM),
};

export const SETBACK_FOLLOW_UPS = { takeSetback, undoSetback };
