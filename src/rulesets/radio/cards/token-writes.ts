/**
 * Every write of an actor's action tokens (the attack's earned and cashed-in tokens, the described
 * action and defence, the GM's ±1) is one read-change-write of its ledger pool, run on ONE client:
 * the active GM's, under the actor's token lock (token-lock.ts), as core claims are (claims.ts).
 * The lock is per client, so before (closing s8) a GM's +1 and the owner's described defence at the
 * same instant each read the pool on their own client, and the second write replaced the first.
 *
 * Why through the GM and not another shape: the pool is one document field (an array of entries
 * and a value), and Foundry has no atomic "append" or compare-and-set, so two clients' writes merge
 * only by replacing each other; and a spend must be checked against the pool as it is (never below
 * zero), which needs one place that reads and writes in turn. Core claims already route that way.
 *
 * A player's request is signed (core signRequest) and re-checked on the GM's client: the requester
 * must own the actor (they could write their own sheet anyway: this guards a race, not trust), the
 * changes are bounded, `by` is the signed requester, `at` the GM's clock. The entry ids come from
 * the requester, so a request replayed is refused by the ledger (`duplicateEntry`). With no GM
 * connected the owner writes on their own client, under their own lock (nobody else can write then,
 * bar a second owner: as for claims). Undo tokens is a GM follow-up, so it already runs there.
 */
import * as ledger from "../../../engine/ledger.js";
import { FracasRuleError, isRuleError } from "../../../engine/errors.js";
import { isActiveGM } from "../../../foundry/active-gm.js";
import { clearSignedRequest, oneTabQuery, readSignedRequest, signRequest } from "../../../foundry/queries.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { readPool, type TokenChange } from "../data/state.js";
import { defenceEarned } from "../data/defence.js";
import { withTokens } from "./token-lock.js";

export const TOKENS_QUERY = "fracas.radioTokens";

/**
 * A token write: its changes, in order, all or none; `unlessEarned`: none while a live entry carries
 * that ref. Or a take-back (`takeBack`, no changes): the requester's own entries with these ids
 * that were written are undone (the ledger's undo), the others skipped: sent after a write the GM's
 * client did not confirm in time, which may still be written there (see sendTokenWrite).
 */
export interface TokenWrite {
  actorUuid: string;
  changes: TokenChange[];
  unlessEarned?: string;
  takeBack?: string[];
}

type RuleFailure = { code: string; message: string; data: Record<string, string | number> };
/** `written` false: `unlessEarned` was earned already. A refusal: an i18n key, or the ledger's rule error. */
export type TokenOutcome = { ok: true; written: boolean } | { ok: false; reason: string; rule?: RuleFailure };

/**
 * A write refused before the ledger (not the actor's owner, a malformed or unverified request), or
 * not confirmed by the GM's client in time (`UNCONFIRMED`): `reason` is an i18n key.
 */
export class TokensRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "TokensRefused";
  }
}

/** The GM's client did not answer a token write in time: what happened, that it may still be written there, what to do. */
export const UNCONFIRMED = "FRACAS.Radio.Tokens.Unconfirmed";

const refused = (reason: string) => ({ ok: false as const, reason });
const MAX_CHANGES = 4;
const MAX_DELTA = 100;
const ID = /^[A-Za-z0-9]{1,32}$/;
const text = (v: unknown, max: number): v is string => typeof v === "string" && v.length > 0 && v.length <= max;

/** The request as signed, when well formed (bounded: a few small changes), else null. */
export function parseTokenWrite(d: Record<string, unknown>): TokenWrite | null {
  if (!text(d.actorUuid, 200) || !Array.isArray(d.changes) || d.changes.length > MAX_CHANGES) return null;
  if (d.takeBack !== undefined) {
    // A take-back names only entry ids, and writes nothing else.
    const ids = d.takeBack;
    if (d.changes.length > 0 || d.unlessEarned !== undefined || !Array.isArray(ids) || ids.length === 0 || ids.length > MAX_CHANGES) return null;
    if (!ids.every((id) => text(id, 32) && ID.test(id))) return null;
    return { actorUuid: d.actorUuid, changes: [], takeBack: ids as string[] };
  }
  if (d.changes.length === 0) return null;
  const changes: TokenChange[] = [];
  for (const raw of d.changes as unknown[]) {
    const c = raw as Partial<TokenChange> | null;
    if (!c || !text(c.id, 32) || !ID.test(c.id) || !text(c.reason, 64)) return null;
    if (typeof c.delta !== "number" || !Number.isInteger(c.delta) || c.delta === 0 || Math.abs(c.delta) > MAX_DELTA) return null;
    if (c.ref !== undefined && !text(c.ref, 100)) return null;
    changes.push({ id: c.id, delta: c.delta, reason: c.reason, ...(c.ref !== undefined ? { ref: c.ref } : {}) });
  }
  if (d.unlessEarned !== undefined && !text(d.unlessEarned, 100)) return null;
  return { actorUuid: d.actorUuid, changes, ...(d.unlessEarned !== undefined ? { unlessEarned: d.unlessEarned } : {}) };
}

/** Checks and writes one token write on this client (the active GM's for a player's request), under the actor's token lock. */
export async function executeTokenWrite(req: TokenWrite, userId: string): Promise<TokenOutcome> {
  const actor = await lookupUuid(req.actorUuid);
  if (!(actor instanceof Actor)) return refused("FRACAS.Chat.Refused.NoTarget");
  const user = game.users.get(userId);
  if (!user || !actor.testUserPermission(user, "OWNER")) return refused("FRACAS.Chat.Refused.NotOwner");
  if (!("tokens" in (actor.system as object))) return refused("FRACAS.Chat.Refused.BadRequest");
  return withTokens(actor, async (): Promise<TokenOutcome> => {
    const before = readPool((actor.system as unknown as { tokens?: unknown }).tokens);
    if (req.unlessEarned !== undefined && defenceEarned(before, req.unlessEarned)) return { ok: true, written: false };
    let pool = before;
    const at = Date.now();
    try {
      if (req.takeBack) pool = takenBack(pool, req.takeBack, userId, at);
      for (const c of req.changes) pool = ledger.change(pool, { ...c, by: userId, at });
    } catch (e) {
      if (!isRuleError(e)) throw e;
      return { ok: false, reason: `FRACAS.Error.${e.code}`, rule: { code: e.code, message: e.message, data: { ...e.data } } };
    }
    // A take-back with nothing to take (the write never landed) writes nothing.
    if (pool === before) return { ok: true, written: false };
    await actor.update({ "system.==tokens": pool } as never);
    return { ok: true, written: true };
  });
}

/**
 * The pool with the requester's entries among `ids` undone, newest first (so an earned token is
 * taken back after the cash-in it came with is given back); an id not written, already undone or
 * another's is skipped: the take-back follows a write that may or may not have landed.
 */
function takenBack(pool: ledger.Pool, ids: readonly string[], userId: string, at: number): ledger.Pool {
  let p = pool;
  for (const id of [...ids].reverse()) {
    const entry = p.entries.find((e) => e.id === id);
    if (!entry || entry.undone || entry.undoes !== undefined || entry.by !== userId) continue;
    p = ledger.undo(p, id, { id: foundry.utils.randomID(), by: userId, at, ...(entry.ref !== undefined ? { ref: entry.ref } : {}) });
  }
  return p;
}

/** The query handler (CONFIG.queries[TOKENS_QUERY]): the active GM's client writes a player's (or another GM's) token change. */
export async function onTokensQuery(data: unknown): Promise<TokenOutcome> {
  if (!game.user.isGM) return refused("FRACAS.Chat.Refused.NotGM");
  // Only the active GM's client (one lock for every writer); refused before the request is cleared.
  if (!isActiveGM()) return refused("FRACAS.Chat.Refused.NotActiveGM");
  try {
    const signed = readSignedRequest(TOKENS_QUERY, data);
    if (!signed) return refused("FRACAS.Chat.Refused.Unverified");
    const req = parseTokenWrite(signed);
    return req ? await executeTokenWrite(req, String(signed.userId)) : refused("FRACAS.Chat.Refused.BadRequest");
  } finally {
    // Whatever the outcome, so it cannot be replayed (a failed clear is logged; the write stands).
    await clearSignedRequest(data).catch((err: unknown) => console.error("Fracas | radio tokens: the signed request was not cleared:", err));
  }
}

/** Installs the query handler once (CONFIG.queries exists before systems load; guarded anyway). */
export function registerTokensQuery(): void {
  const config = (globalThis as { CONFIG?: { queries?: Record<string, unknown> } }).CONFIG;
  if (!config?.queries || config.queries[TOKENS_QUERY]) return;
  // Answered by the one tab of the GM (core oneTabQuery), whose lock every writer queues on.
  config.queries[TOKENS_QUERY] = oneTabQuery(onTokensQuery);
}

/**
 * Writes `changes` to the actor's token pool where every writer queues: here when this client is
 * the active GM's or no GM is connected, else on the active GM's (a signed query). True when
 * written, false when `unlessEarned` was already earned. Throws the ledger's rule error (e.g.
 * `insufficient`), TokensRefused for a refusal, and TokensRefused(UNCONFIRMED) when the GM's client
 * did not answer in time (the write may still land there: it has been asked to take it back).
 */
export async function writeTokens(actor: { uuid: string }, changes: TokenChange[], unlessEarned?: string): Promise<boolean> {
  const req: TokenWrite = { actorUuid: actor.uuid, changes, ...(unlessEarned !== undefined ? { unlessEarned } : {}) };
  const outcome = await sendTokenWrite(req);
  if (outcome.ok) return outcome.written;
  if (outcome.rule) throw new FracasRuleError(outcome.rule.code, outcome.rule.message, outcome.rule.data);
  throw new TokensRefused(outcome.reason);
}

async function sendTokenWrite(req: TokenWrite): Promise<TokenOutcome> {
  const gm = game.users.activeGM;
  if (!gm || isActiveGM()) return executeTokenWrite(req, game.user.id ?? "");
  const signed = await signRequest(TOKENS_QUERY, req as unknown as Record<string, unknown>);
  try {
    return (await gm.query(TOKENS_QUERY as never, signed as never, { timeout: QUERY_TIMEOUT } as never)) as TokenOutcome;
  } catch (err) {
    // Not answered in time. A query that timed out still runs on the GM's client, so the write may
    // land after all: clear the signed request (if it has not run yet, it is then refused), and ask
    // for the entries back, queued behind it there on the actor's lock (as core's claimRoll gives
    // a claim back). The player is told so in words (UNCONFIRMED), never the query's raw error.
    console.error("Fracas | radio tokens: the GM's client did not answer:", err);
    await clearSignedRequest(signed).catch(() => undefined);
    if (!req.takeBack && req.changes.length > 0) {
      await sendTokenWrite({ actorUuid: req.actorUuid, changes: [], takeBack: req.changes.map((c) => c.id) }).catch((e: unknown) =>
        console.error("Fracas | radio tokens: the take-back was not confirmed either:", e),
      );
    }
    throw new TokensRefused(UNCONFIRMED);
  }
}

/** How long a player waits for the GM's client to answer a token write. */
const QUERY_TIMEOUT = 15_000;
