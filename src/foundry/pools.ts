/**
 * GM-owned ledger pools (Zodiac's Setback) kept in world settings: shown to everyone, changed
 * only by the GM. A player's action that earns Setback asks the GM through a query.
 */
import * as ledger from "../engine/ledger.js";
import { isRuleError } from "../engine/errors.js";
import { SYSTEM_ID } from "./settings.js";
import { withPoolLock } from "./locks.js";
import { isActiveGM } from "./active-gm.js";

/**
 * `ref` names what the change belongs to (a chat card's message id, "panel"): an undo with a ref
 * reverses only an entry made with the same ref (ledger.undo), so a card whose stored entry id was
 * edited cannot have the GM's client undo some other change.
 */
export type PoolChange = { kind: "change"; pool: string; delta: number; reason: string; ref?: string } | { kind: "undo"; pool: string; entryId: string; ref?: string };

export const POOL_NAMES = ["setback"] as const;

function refOf(change: PoolChange): { ref?: string } {
  return typeof change.ref === "string" && change.ref !== "" ? { ref: change.ref } : {};
}

export function readPools(): Record<string, ledger.Pool> {
  const raw = game.settings.get(SYSTEM_ID, "gmPools") as Record<string, unknown>;
  const out: Record<string, ledger.Pool> = {};
  for (const name of POOL_NAMES) {
    try {
      out[name] = raw?.[name] ? ledger.requirePool(raw[name]) : ledger.createPool(0);
    } catch {
      out[name] = ledger.createPool(0);
    }
  }
  return out;
}

export function readPool(name: string): ledger.Pool {
  return readPools()[name] ?? ledger.createPool(0);
}

/**
 * Applies a pool change on the GM's client (the only one allowed to write world settings).
 * Returns the new pool, or the kernel's refusal (e.g. spending below zero) as a rule error code.
 */
export async function executePoolChange(change: PoolChange, by: string): Promise<{ ok: true; pool: ledger.Pool; entryId: string } | { ok: false; reason: string }> {
  if (!game.user.isGM) return { ok: false, reason: "FRACAS.Chat.Refused.NotGM" };
  if (!(POOL_NAMES as readonly string[]).includes(change.pool)) return { ok: false, reason: "FRACAS.Chat.Refused.NoPool" };
  // Another GM (an Assistant) sends the change to the active GM's client, so every writer of a
  // pool queues on the same lock there (a ruleset's own GM flow may call this from any GM).
  if (game.users.activeGM && !isActiveGM()) return (await sendPoolChange?.(change)) ?? { ok: false, reason: "FRACAS.Chat.NoGM" };
  // One change at a time per pool: two spends at once must not both read the same pool and lose one.
  return withPoolLock(change.pool, () => writePoolChange(change, by));
}

type PoolOutcome = { ok: true; pool: ledger.Pool; entryId: string } | { ok: false; reason: string };

/** How a change reaches the active GM: registerQueries sets it at init (queries.ts imports this module, so not the other way). */
let sendPoolChange: ((change: PoolChange) => Promise<PoolOutcome>) | null = null;
export function setPoolChangeSender(send: (change: PoolChange) => Promise<PoolOutcome>): void {
  sendPoolChange = send;
}

async function writePoolChange(change: PoolChange, by: string): Promise<{ ok: true; pool: ledger.Pool; entryId: string } | { ok: false; reason: string }> {
  const pools = readPools();
  const before = pools[change.pool]!;
  const entryId = foundry.utils.randomID();
  let after: ledger.Pool;
  try {
    after =
      change.kind === "change"
        ? ledger.change(before, { id: entryId, delta: change.delta, reason: String(change.reason).slice(0, 200), by, at: Date.now(), ...refOf(change) })
        : ledger.undo(before, change.entryId, { id: entryId, by, at: Date.now(), ...refOf(change) });
  } catch (e) {
    if (isRuleError(e)) return { ok: false, reason: `FRACAS.Error.${e.code}` };
    throw e;
  }
  await game.settings.set(SYSTEM_ID, "gmPools", { ...pools, [change.pool]: after });
  return { ok: true, pool: after, entryId };
}
