/**
 * The hero's Karma pool (system.karma.pool: the engine's ledger Pool, with a plain value mirror for
 * token bars), read and changed in this one place: the FEAT dialog, the sheet and the roll flows.
 *
 * Karma is spent before rolling (RULES.md §4, rules/karma.ts), and so it is taken here: the spend
 * is written first, then the dice are rolled and the card posted. A card therefore never shows
 * Karma that was not taken (a spend refused by the ledger stops the roll), and when the card is
 * not posted the Karma is given back with a reversing ledger entry, so nothing is lost either.
 *
 * Every read-change-write of the pool (a sheet Spend, Gain or Reset, a FEAT's or an Endurance
 * FEAT's Karma, a give-back) runs under core withPoolLock, keyed by the hero: each reads the pool
 * the one before it wrote, so two at once cannot write one over the other and drop a ledger entry
 * (review-s8b G3). The lock is taken once per exported write, never inside another run of it (a
 * run waiting on its own key would wait forever): takeKarma reads and spends in one run.
 */
import * as ledger from "../../../engine/ledger.js";
import { withPoolLock } from "../../../foundry/locks.js";
import type { KarmaSpend } from "../rules/index.js";

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
  try {
    return ledger.requirePool(stored(actor));
  } catch {
    return ledger.createPool(0);
  }
}

/** The Karma the hero holds now (0 for a malformed pool). */
export function karmaPoolOf(actor: KarmaHolder): number {
  return karmaLedgerOf(actor).value;
}

/** Runs one read-change-write of `actor`'s Karma pool after those under way on this client. */
function withKarmaPool<T>(actor: Actor.Implementation, run: () => Promise<T>): Promise<T> {
  return withPoolLock(`faserip.karma:${actor.uuid}`, run);
}

async function write(actor: Actor.Implementation, pool: ledger.Pool): Promise<void> {
  // "==pool" replaces the stored pool whole: a merge would keep entries the ledger dropped.
  await actor.update({ "system.karma.==pool": pool, "system.karma.value": pool.value } as never);
}

/**
 * Adds (delta > 0) or spends (delta < 0) Karma as one ledger entry; returns the entry's id. Throws
 * the ledger's rule error (insufficient, badPool…) and writes nothing when it refuses.
 */
export function changeKarma(actor: Actor.Implementation, delta: number, reason: string): Promise<string> {
  return withKarmaPool(actor, () => change(actor, delta, reason));
}

/** changeKarma's read-change-write; the caller holds the pool's lock. */
async function change(actor: Actor.Implementation, delta: number, reason: string): Promise<string> {
  const id = foundry.utils.randomID();
  const after = ledger.change(ledger.requirePool(stored(actor)), { id, delta, reason, by: game.user.id ?? "", at: Date.now() });
  await write(actor, after);
  return id;
}

/** A fresh pool holding `value` (the sheet's reset to Reason + Intuition + Psyche); the history starts again. */
export function resetKarma(actor: Actor.Implementation, value: number): Promise<void> {
  // Under the lock too: a spend reading the old pool while the fresh one is written would replace it.
  return withKarmaPool(actor, () => write(actor, ledger.createPool(value)));
}

/** Gives back the change `entryId` (a reversing ledger entry, "undo: <reason>"). */
export function giveKarmaBack(actor: Actor.Implementation, entryId: string): Promise<void> {
  return withKarmaPool(actor, async () => {
    const after = ledger.undo(ledger.requirePool(stored(actor)), entryId, { id: foundry.utils.randomID(), by: game.user.id ?? "", at: Date.now() });
    await write(actor, after);
  });
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
  // One run: the pool told to the kernel is the one the spend came out of (change, not changeKarma,
  // which would wait on this run's own lock).
  return withKarmaPool(actor, async () => {
    const pool = ledger.requirePool(stored(actor)).value;
    const entry = await change(actor, -points, reason);
    return { karma: { points, pool }, entry };
  });
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
