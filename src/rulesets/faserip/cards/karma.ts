/**
 * The hero's Karma pool (system.karma.pool: the engine's ledger Pool, with a plain value mirror for
 * token bars), read and changed in this one place: the FEAT dialog, the sheet and the roll flows.
 *
 * Karma is spent before rolling (RULES.md §4, rules/karma.ts), and so it is taken here: the spend
 * is written first, then the dice are rolled and the card posted. A card therefore never shows
 * Karma that was not taken (a spend refused by the ledger stops the roll), and when the card is
 * not posted the Karma is given back with a reversing ledger entry, so nothing is lost either.
 *
 * Every write of the pool (a sheet Spend, Gain or Reset, a FEAT's or an Endurance FEAT's Karma,
 * a give-back) is one read-change-write on ONE client, the active GM's, under the hero's pool lock:
 * core's actor ledger (foundry/actor-ledger.ts), which Radio's tokens share. Before (closing s8),
 * the lock was per client, so a GM's Gain and the owner's FEAT at the same instant could write one
 * over the other and drop a ledger entry. With no GM connected the owner writes on their own client.
 */
import * as ledger from "../../../engine/ledger.js";
import { LedgerRefused, registerActorLedger, writeActorLedger } from "../../../foundry/actor-ledger.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { isRuleError } from "../../../engine/errors.js";
import type { KarmaSpend } from "../rules/index.js";
import { MAX_KARMA } from "../rules/universal.js";

/** The ledger's name, also its lock's key with the hero's UUID. */
export const KARMA = "faserip.karma";

/** FASERIP's Karma pool, at init: one change is bounded as the stored Karma is (MAX_KARMA). */
export function registerKarmaLedger(): void {
  registerActorLedger(KARMA, { path: "system.karma.pool", mirror: "system.karma.value", maxDelta: MAX_KARMA, unconfirmed: "FRACAS.Faserip.Karma.Unconfirmed" });
}

/** What to tell the player of a Karma write refused (the ledger's rule, or the GM's client's refusal or silence); null for another error. */
export function karmaRefusal(e: unknown): string | null {
  if (isRuleError(e)) return ruleErrorMessage(e);
  if (e instanceof LedgerRefused) return t(e.reason);
  return null;
}

/** Anything with a hero's system data (an actor, or a view of one in tests). */
interface KarmaHolder {
  system: unknown;
}

function stored(actor: KarmaHolder): unknown {
  const karma = (actor.system as { karma?: { pool?: unknown } } | null)?.karma;
  return karma?.pool;
}

/** The hero's Karma ledger; a malformed stored pool reads as an empty one (the sheet offers a reset). */
export function karmaLedgerOf(actor: KarmaHolder): ledger.Pool {
  return ledger.poolOrEmpty(stored(actor));
}

/** The Karma the hero holds now (0 for a malformed pool). */
export function karmaPoolOf(actor: KarmaHolder): number {
  return karmaLedgerOf(actor).value;
}

/**
 * Adds (delta > 0) or spends (delta < 0) Karma as one ledger entry; returns the entry's id. Throws
 * the ledger's rule error (insufficient, badPool…) or LedgerRefused, and writes nothing when refused.
 */
export async function changeKarma(actor: Actor.Implementation, delta: number, reason: string): Promise<string> {
  const id = foundry.utils.randomID();
  await writeActorLedger(actor, KARMA, { kind: "change", changes: [{ id, delta, reason }] });
  return id;
}

/** A fresh pool holding `value` (the sheet's reset to Reason + Intuition + Psyche); the history starts again. */
export async function resetKarma(actor: Actor.Implementation, value: number): Promise<void> {
  await writeActorLedger(actor, KARMA, { kind: "reset", value });
}

/** Gives back this client's change `entryId` (a reversing ledger entry, "undo: <reason>"); one already given back is skipped. */
export async function giveKarmaBack(actor: Actor.Implementation, entryId: string): Promise<void> {
  await writeActorLedger(actor, KARMA, { kind: "takeBack", ids: [entryId] });
}

/** A spend taken from the pool: what the kernel is told (the pool before it), and its ledger entry. */
export interface KarmaTaken {
  /** For the kernel's roll: the points and the pool they came out of; undefined for no Karma. */
  karma: KarmaSpend | undefined;
  /** The ledger entry to give back, or null when no Karma was spent. */
  entry: string | null;
}

/** Takes `points` of Karma now (nothing for 0). Throws the ledger's refusal, having written nothing. */
export async function takeKarma(actor: Actor.Implementation, points: number, reason: string): Promise<KarmaTaken> {
  if (points <= 0) return { karma: undefined, entry: null };
  // The pool told to the kernel is the one the spend came out of, as the GM's client read it.
  const entry = foundry.utils.randomID();
  const { before } = await writeActorLedger(actor, KARMA, { kind: "change", changes: [{ id: entry, delta: -points, reason }] });
  return { karma: { points, pool: before }, entry };
}

/**
 * Gives back a spend whose card was not posted. A failure to give it back is logged, not thrown,
 * so the error that stopped the card is the one the caller sees.
 */
export async function returnKarma(actor: Actor.Implementation, taken: KarmaTaken): Promise<void> {
  if (!taken.entry) return;
  try {
    await giveKarmaBack(actor, taken.entry);
  } catch (err) {
    console.error("Fracas | faserip: could not give Karma back", actor.name, err);
  }
}

/**
 * Spend, then roll and post (`post`, told the spend for the kernel): when `post` throws or posts
 * nothing (a hook cancelled the card), the Karma is given back; the error is rethrown.
 */
export async function withKarmaTaken<T>(taken: KarmaTaken, actor: Actor.Implementation, post: (karma: KarmaSpend | undefined) => Promise<T | undefined>): Promise<T | undefined> {
  let posted: T | undefined;
  try {
    posted = await post(taken.karma);
  } catch (err) {
    await returnKarma(actor, taken);
    throw err;
  }
  if (posted === undefined) await returnKarma(actor, taken);
  return posted;
}
