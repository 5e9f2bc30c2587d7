/**
 * An actor's own ledger pool (Radio's action tokens, FASERIP's Karma: the engine's ledger Pool in
 * the actor's system data), written on ONE client: the active GM's, under the pool's lock, as core
 * claims are (claims.ts). The lock is per client, so a GM's change and the owner's at the same
 * instant, each read on its own client, would write one over the other and lose an entry (closing
 * s8; Radio's tokens first, session 9). Foundry has no atomic append or compare-and-set on a field,
 * and a spend must be checked against the pool as it is: one place reads and writes in turn.
 *
 * A player's request goes through core's signed query (queries.ts, `fracas.actorLedger`) and is
 * re-checked there: the requester owns the actor (they could write it anyway: this guards a race,
 * not trust), the request is bounded, `by` is the signed requester and `at` the GM's clock. Entry
 * ids come from the requester, so a request replayed is refused by the ledger (`duplicateEntry`).
 * With no GM connected the owner writes on their own client. A request the GM's client did not
 * answer in time is followed by a take-back of its entries (queued behind it there), and the
 * caller is told with the ledger's own "unconfirmed" key.
 */
import * as ledger from "../engine/ledger.js";
import { FracasRuleError, isRuleError } from "../engine/errors.js";
import { isActiveGM } from "./active-gm.js";
import { withPoolLock } from "./locks.js";
import { viaGM } from "./via-gm.js";
import { lookupUuid } from "./typed.js";

export interface LedgerChange {
  id: string;
  delta: number;
  reason: string;
  ref?: string;
}

/** One write: changes (all or none; none while a live entry carries `unlessRef`), a take-back of the writer's own entries, or a fresh pool. */
export type LedgerWrite = { kind: "change"; changes: LedgerChange[]; unlessRef?: string } | { kind: "takeBack"; ids: string[] } | { kind: "reset"; value: number };

export interface ActorLedgerSpec {
  /** Where the pool is stored, e.g. "system.tokens". */
  path: string;
  /** A plain number mirroring the pool's value (token bars), e.g. "system.karma.value". */
  mirror?: string;
  /** The largest change one entry may make, and the largest fresh pool. */
  maxDelta: number;
  /** The i18n key said when the GM's client did not confirm a write in time. */
  unconfirmed: string;
}

/** `written` false: nothing to write (`unlessRef` earned, or a take-back of nothing). `before`: the pool's value it was written over. */
export type LedgerOutcome = { ok: true; written: boolean; before: number } | { ok: false; reason: string; rule?: { code: string; message: string; data: Record<string, string | number> } };

export interface LedgerRequest {
  actorUuid: string;
  ledger: string;
  write: LedgerWrite;
}

/** A write refused before the ledger (not the owner, malformed, unverified, not confirmed): `reason` is an i18n key. */
export class LedgerRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "LedgerRefused";
  }
}

export const LEDGER_QUERY = "fracas.actorLedger";
const SPECS = new Map<string, ActorLedgerSpec>();
const MAX_ENTRIES = 4;
const ID = /^[A-Za-z0-9]{1,32}$/;
/** A write other than a change (a reset) not confirmed: it may have landed; nothing to ask back. */
const POOL_UNCONFIRMED = "FRACAS.Chat.PoolUnconfirmed";
const refused = (reason: string) => ({ ok: false as const, reason });
const text = (v: unknown, max: number): v is string => typeof v === "string" && v.length > 0 && v.length <= max;

/** A ruleset names its actor pool once, at init ("radio.tokens"): also its lock's key, with the actor's UUID. */
export function registerActorLedger(name: string, spec: ActorLedgerSpec): void {
  SPECS.set(name, spec);
}

/** Runs one read-change-write of `name`'s pool on `actor` after those under way on this client. */
export function withActorLedger<T>(name: string, actor: { uuid: string }, run: () => Promise<T>): Promise<T> {
  return withPoolLock(`${name}:${actor.uuid}`, run);
}

/** The request as signed, when well formed and bounded for its ledger, else null. */
export function parseLedgerRequest(d: Record<string, unknown>): LedgerRequest | null {
  const spec = typeof d.ledger === "string" ? SPECS.get(d.ledger) : undefined;
  const w = d.write as Record<string, unknown> | null | undefined;
  if (!spec || !text(d.actorUuid, 200) || !w || typeof w !== "object") return null;
  const base = { actorUuid: d.actorUuid, ledger: d.ledger as string };
  if (w.kind === "reset") {
    const v = w.value;
    return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= spec.maxDelta ? { ...base, write: { kind: "reset", value: v } } : null;
  }
  if (w.kind === "takeBack") {
    const ids = w.ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_ENTRIES || !ids.every((id) => text(id, 32) && ID.test(id))) return null;
    return { ...base, write: { kind: "takeBack", ids: ids as string[] } };
  }
  if (w.kind !== "change" || !Array.isArray(w.changes) || w.changes.length === 0 || w.changes.length > MAX_ENTRIES) return null;
  const changes: LedgerChange[] = [];
  for (const raw of w.changes as unknown[]) {
    const c = raw as Partial<LedgerChange> | null;
    if (!c || !text(c.id, 32) || !ID.test(c.id) || !text(c.reason, 64)) return null;
    if (typeof c.delta !== "number" || !Number.isInteger(c.delta) || c.delta === 0 || Math.abs(c.delta) > spec.maxDelta) return null;
    if (c.ref !== undefined && !text(c.ref, 100)) return null;
    changes.push({ id: c.id, delta: c.delta, reason: c.reason, ...(c.ref !== undefined ? { ref: c.ref } : {}) });
  }
  if (w.unlessRef !== undefined && !text(w.unlessRef, 100)) return null;
  return { ...base, write: { kind: "change", changes, ...(w.unlessRef !== undefined ? { unlessRef: w.unlessRef as string } : {}) } };
}

/** Whether a live entry (not undone, not an undo) carries `ref`. */
export function refEarned(pool: ledger.Pool, ref: string): boolean {
  return pool.entries.some((e) => e.ref === ref && e.undone !== true && e.undoes === undefined);
}

/** The stored pool; a malformed one reads as empty (a reset puts it right). */
function readPool(actor: Actor.Implementation, spec: ActorLedgerSpec): ledger.Pool {
  return ledger.poolOrEmpty(foundry.utils.getProperty(actor, spec.path));
}

/**
 * The pool with `userId`'s entries among `ids` undone, newest first (an earned token after the
 * cash-in it came with); an id not written, already undone or another's is skipped: a take-back
 * follows a write that may or may not have landed.
 */
function takenBack(pool: ledger.Pool, ids: readonly string[], userId: string, at: number): ledger.Pool {
  let p = pool;
  for (const id of [...ids].reverse()) {
    const entry = p.entries.find((e) => e.id === id);
    if (!entry || entry.undone || entry.undoes !== undefined || entry.by !== userId) continue;
    try {
      p = ledger.undo(p, id, { id: foundry.utils.randomID(), by: userId, at, ...(entry.ref !== undefined ? { ref: entry.ref } : {}) });
    } catch (e) {
      // One that cannot be undone now (an earned token already spent: `insufficient`) is left, and
      // said in the console; the others are still taken back (review-s9 H5).
      if (!isRuleError(e)) throw e;
      console.error(`Fracas | an actor's pool: entry ${id} could not be taken back (${e.code})`);
    }
  }
  return p;
}

function written(write: LedgerWrite, pool: ledger.Pool, userId: string): ledger.Pool {
  const at = Date.now();
  if (write.kind === "reset") return ledger.createPool(write.value);
  if (write.kind === "takeBack") return takenBack(pool, write.ids, userId, at);
  return write.changes.reduce((p, c) => ledger.change(p, { ...c, by: userId, at }), pool);
}

/** Checks and writes one request on this client (the active GM's for a player's), under the pool's lock. */
export function executeLedgerWrite(req: LedgerRequest, userId: string): Promise<LedgerOutcome> {
  const spec = SPECS.get(req.ledger);
  if (!spec) return Promise.resolve(refused("FRACAS.Chat.Refused.BadRequest"));
  // In line for the lock before any await: a take-back sent after a write that timed out queues
  // behind that write here, whatever its look-up waits on (review-s9 H6).
  return withActorLedger(req.ledger, { uuid: req.actorUuid }, async (): Promise<LedgerOutcome> => {
    const actor = await lookupUuid(req.actorUuid);
    if (!(actor instanceof Actor)) return refused("FRACAS.Chat.Refused.NoTarget");
    const user = game.users.get(userId);
    if (!user || !actor.testUserPermission(user, "OWNER")) return refused("FRACAS.Chat.Refused.NotOwner");
    if (foundry.utils.getProperty(actor, spec.path) === undefined) return refused("FRACAS.Chat.Refused.BadRequest");
    const before = readPool(actor, spec);
    const w = req.write;
    if (w.kind === "change" && w.unlessRef !== undefined && refEarned(before, w.unlessRef)) return { ok: true, written: false, before: before.value };
    let pool: ledger.Pool;
    try {
      pool = written(w, before, userId);
    } catch (e) {
      if (!isRuleError(e)) throw e;
      return { ok: false, reason: `FRACAS.Error.${e.code}`, rule: { code: e.code, message: e.message, data: { ...e.data } } };
    }
    if (pool === before) return { ok: true, written: false, before: before.value };
    // "==" replaces the stored pool whole: a merge would keep entries the ledger dropped.
    const at = spec.path.lastIndexOf(".");
    const update: Record<string, unknown> = { [`${spec.path.slice(0, at)}.==${spec.path.slice(at + 1)}`]: pool };
    if (spec.mirror) update[spec.mirror] = pool.value;
    await actor.update(update as never);
    return { ok: true, written: true, before: before.value };
  });
}

/**
 * Writes to `actor`'s `name` pool where every writer queues: here when this client is the active
 * GM's or no GM is connected, else on the active GM's (core's signed query). Throws the ledger's
 * rule error (e.g. `insufficient`), and LedgerRefused for a refusal or a write the GM's client did
 * not confirm in time (its entries then asked back there).
 */
export async function writeActorLedger(actor: { uuid: string }, name: string, write: LedgerWrite): Promise<{ written: boolean; before: number }> {
  const outcome = await sendLedgerWrite({ actorUuid: actor.uuid, ledger: name, write });
  if (outcome.ok) return { written: outcome.written, before: outcome.before };
  if (outcome.rule) throw new FracasRuleError(outcome.rule.code, outcome.rule.message, outcome.rule.data);
  throw new LedgerRefused(outcome.reason);
}

async function sendLedgerWrite(req: LedgerRequest): Promise<LedgerOutcome> {
  if (!game.users.activeGM || isActiveGM()) return executeLedgerWrite(req, game.user.id ?? "");
  try {
    return await viaGM(false, () => executeLedgerWrite(req, game.user.id ?? ""), LEDGER_QUERY, req);
  } catch (err) {
    console.error("Fracas | an actor's pool: the GM's client did not answer:", err);
    // Only changes can be asked back (a reset has no entry to undo): its caller is told just that it may have landed.
    if (req.write.kind !== "change") throw new LedgerRefused(POOL_UNCONFIRMED);
    const ids = req.write.changes.map((c) => c.id);
    const back = await sendLedgerWrite({ ...req, write: { kind: "takeBack", ids } }).catch((e: unknown) => {
      console.error("Fracas | an actor's pool: the take-back was not confirmed either:", e);
      return null;
    });
    if (back && !back.ok) console.error("Fracas | an actor's pool: the take-back was refused:", back.reason, back.rule ?? "");
    throw new LedgerRefused(SPECS.get(req.ledger)?.unconfirmed ?? POOL_UNCONFIRMED);
  }
}
