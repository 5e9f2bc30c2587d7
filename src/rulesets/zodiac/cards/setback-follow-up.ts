/**
 * The Setback a missed roll earns Operations (RULES §3: "A miss: nobody dies and Operations gains
 * 1 Setback"), taken from the card itself: the fight, kill and strike cards offer "Operations
 * takes the Setback (GM)" and its Undo as GM follow-ups (the strike's since session 4: before,
 * a missed strike's Setback came only with an Apply of the miss to the Other Agent, which nothing
 * on the card asked for); a duel card the same for each side that missed (session 4, wave 2: before,
 * only with the Apply to the other side), the side in the buttons' args. Setback is Operations' pool, so only the
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
import { actorName, missEarns, setbackReason, SETBACK_POOL, takenEntry, type DuelSide } from "./effects.js";
import { readPool } from "../../../foundry/pools.js";
import { sealProblem } from "../../../foundry/chat/card-seals.js";
import { cardContent } from "./flow.js";
import { duelSetbackApplication, setbackApplication } from "./views.js";

interface CardSystem {
  kind: string;
  sourceUuid: string;
  result: JsonObject;
  applications: Application[];
}

/** The Setback the card's miss earned (0 on a hit): the fight's, the kill's or the strike's, as the kernel said. */
export function missSetback(kind: string, result: JsonObject): number {
  const r = (kind === "kill" ? result.kill : kind === "fight" ? result.fight : kind === "strike" ? result.strike : null) as { success?: boolean; setbackGained?: number } | null | undefined;
  return earned(r);
}

function earned(r: { success?: boolean; setbackGained?: number } | null | undefined): number {
  return r && r.success === false ? missEarns(r.setbackGained) : 0;
}

/**
 * Whether the Setback pool holds a standing take of this card's slot. The pool is the GM's (a world
 * setting), so this holds when the card's own note of the entry (its author may edit the card) is
 * cleared: a miss is taken once (audit s14 H5).
 */
function takenInPool(ref: string): boolean {
  return readPool(SETBACK_POOL).entries.some((e) => e.ref === ref && e.undoes === undefined && e.undone !== true);
}

/**
 * One miss's Setback on a card: what it earned, who missed, where the card keeps the entry it took
 * (a path under result), the ledger ref of the take, and the live Apply that carried it instead.
 * A kill, fight or strike card has one; a duel card one per side (args.side: "a" or "b"), whose
 * Setback an Apply to the *other* side carries (effects.ts duelEffect).
 */
interface MissSlot {
  gained: number;
  who: string;
  path: string;
  ref: string;
  entry: string | null;
  carried: boolean;
}

function slotOf(message: ChatMessage.Implementation, card: CardSystem, args: JsonObject): MissSlot | null {
  const id = message.id ?? "";
  if (card.kind !== "duel") {
    return { gained: missSetback(card.kind, card.result), who: actorName(card.result), path: "setbackEntry", ref: `${id}:take`, entry: takenEntry(card.result), carried: setbackApplication(card.applications) !== null };
  }
  const side = args.side === "a" || args.side === "b" ? (args.side as DuelSide) : null;
  if (!side) return null;
  const duel = (card.result.duel ?? {}) as Record<string, { strike?: { success?: boolean; setbackGained?: number } } | undefined>;
  return {
    gained: earned(duel[side]?.strike),
    who: String((card.result[side] as { name?: unknown } | undefined)?.name ?? ""),
    path: `setbackEntries.${side}`,
    ref: `${id}:take:${side}`,
    entry: takenEntry(card.result, side),
    carried: duelSetbackApplication(card.result, card.applications, side) !== null,
  };
}

/**
 * Who may ask at all: the GM, the card's author, or an owner of the actor who rolled (as for
 * Apply/Undo); anyone else is told the card is not theirs. Of those, only the GM is served (run).
 * Also the commit card's "Cancel this duel (GM)" (duel-cancel.ts).
 */
export function mayAsk(user: User.Implementation, message: ChatMessage.Implementation): boolean {
  if (user.isGM || message.author?.id === user.id) return true;
  const uuid = (message.system as unknown as CardSystem).sourceUuid;
  const source = uuid ? lookupUuidSync(uuid) : null;
  return source instanceof Actor && source.testUserPermission(user, "OWNER");
}

/** Writes the card's new result (the slot's entry) and its re-rendered content together. */
async function writeCard(message: ChatMessage.Implementation, card: CardSystem, slot: MissSlot, entry: string | null): Promise<void> {
  const result = foundry.utils.deepClone(card.result);
  foundry.utils.setProperty(result, slot.path, entry);
  const content = await cardContent(message, card.kind, result);
  await message.update({ [`system.result.${slot.path}`]: entry, content } as never);
}

export async function take(message: ChatMessage.Implementation, by: string, args: JsonObject): Promise<Done> {
  const card = message.system as unknown as CardSystem;
  const slot = slotOf(message, card, args);
  if (!slot || slot.gained <= 0) return { ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackEarned" };
  // An Apply that carried the Setback, deleted from the card by its author, would let it be taken again.
  const tampered = sealProblem(message.id ?? "", card.applications);
  if (tampered) return { ok: false, reason: tampered };
  // Taken by this card already, or carried by an Apply that still stands.
  if (slot.entry || slot.carried || takenInPool(slot.ref)) return { ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" };
  const done = await executePoolChange({ kind: "change", pool: SETBACK_POOL, delta: slot.gained, reason: setbackReason("FRACAS.Zodiac.Setback.Reason.Miss", slot.who), ref: slot.ref }, by);
  if (!done.ok) return { ok: false, reason: done.reason };
  try {
    await writeCard(message, card, slot, done.entryId);
  } catch (err) {
    await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: done.entryId, ref: slot.ref }, by);
    throw err;
  }
  return { ok: true };
}

async function undo(message: ChatMessage.Implementation, by: string, args: JsonObject): Promise<Done> {
  const card = message.system as unknown as CardSystem;
  const slot = slotOf(message, card, args);
  const entry = slot?.entry ?? null;
  if (!slot || !entry) return { ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackTaken" };
  // The card first: a ledger undo cannot itself be undone, a card write can.
  await writeCard(message, card, slot, null);
  let done: Awaited<ReturnType<typeof executePoolChange>>;
  try {
    // Only this card's own entry (ref): a card whose stored entry id was edited cannot undo another.
    done = await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: entry, ref: slot.ref }, by);
  } catch (err) {
    await writeCard(message, card, slot, entry);
    throw err;
  }
  if (!done.ok) {
    await writeCard(message, card, slot, entry);
    return { ok: false, reason: done.reason };
  }
  return { ok: true };
}

/** The card's Setback follow-ups (this one and save-follow-up.ts) serve only the GM. */
export const NOT_GM: Done = { ok: false, reason: "FRACAS.Chat.Refused.NotGM" };

/** "Operations takes the Setback (GM)": the miss's Setback into the pool, once per card. */
export const takeSetback: GmFollowUp = {
  allowed: ({ user, message }) => mayAsk(user, message),
  run: async ({ user, message, args }) => (user.isGM ? withCardLock(message.id, () => take(message, user.id ?? "", args)) : NOT_GM),
};

/** Undo of it (GM): the pool's entry undone, the card offers the Setback again. */
export const undoSetback: GmFollowUp = {
  allowed: ({ user, message }) => mayAsk(user, message),
  run: async ({ user, message, args }) => (user.isGM ? withCardLock(message.id, () => undo(message, user.id ?? "", args)) : NOT_GM),
};

export const SETBACK_FOLLOW_UPS = { takeSetback, undoSetback };
