/**
 * Every write of an actor's action tokens (the attack's earned and cashed-in tokens, the described
 * action and defence, the GM's ±1) is one read-change-write of its ledger pool, run on ONE client:
 * the active GM's, under the actor's token lock: core's actor ledger (foundry/actor-ledger.ts),
 * which FASERIP's Karma shares. Before (closing s8) a GM's +1 and the owner's described defence at
 * the same instant each read the pool on their own client, and the second write replaced the first.
 * The described defence is earned once a round: its write names the round's ref (`unlessEarned`),
 * and the GM's client writes nothing while a live entry carries it.
 */
import { LedgerRefused, registerActorLedger, writeActorLedger } from "../../../foundry/actor-ledger.js";
import type { TokenChange } from "../data/state.js";

/** The ledger's name, also its lock's key with the actor's UUID (token-lock.ts). */
export const TOKENS = "radio.tokens";

/** The GM's client did not answer a token write in time: what happened, that it may still be written there, what to do. */
export const UNCONFIRMED = "FRACAS.Radio.Tokens.Unconfirmed";

/** A refusal before the ledger, or a write not confirmed (`UNCONFIRMED`): `reason` is an i18n key. */
export { LedgerRefused as TokensRefused };

/** Radio's token pool, at init: no token change is more than a described action's or a cash-in's few. */
export function registerTokenLedger(): void {
  registerActorLedger(TOKENS, { path: "system.tokens", maxDelta: 100, unconfirmed: UNCONFIRMED });
}

/**
 * Writes `changes` to the actor's token pool where every writer queues. True when written, false
 * when `unlessEarned` was already earned. Throws the ledger's rule error (e.g. `insufficient`), and
 * TokensRefused for a refusal or a write not confirmed in time (then asked back there).
 */
export async function writeTokens(actor: { uuid: string }, changes: TokenChange[], unlessEarned?: string): Promise<boolean> {
  const done = await writeActorLedger(actor, TOKENS, { kind: "change", changes, ...(unlessEarned !== undefined ? { unlessRef: unlessEarned } : {}) });
  return done.written;
}

/**
 * Takes back this user's own entries among `ids` (those an attack wrote before a card that was then
 * not posted: review-s9 H8), newest first, where every writer queues; an id not written or already
 * undone is skipped. Throws as writeTokens does.
 */
export async function takeBackTokens(actor: { uuid: string }, ids: string[]): Promise<void> {
  if (ids.length > 0) await writeActorLedger(actor, TOKENS, { kind: "takeBack", ids });
}
