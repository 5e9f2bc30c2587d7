/**
 * Resource pools with history (Setback, Hero Points, action tokens, Karma). Every change is an
 * entry, any change can be undone by a reversing entry, and the pool never goes below zero or
 * above its max. Pools are plain JSON (stored in actor or world data) and never mutated: every
 * function returns a new pool.
 */
import { FracasRuleError, requireInt } from "./errors.js";

/**
 * Only the newest entries are kept so stored data cannot grow without bound over a campaign;
 * `base` absorbs the dropped ones so `value = base + Σ delta` still holds.
 */
export const HISTORY_LIMIT = 100;
/** Pools count tokens and points; anything bigger is a bug upstream. */
export const POOL_LIMIT = 1_000_000_000;

export interface Entry {
  id: string;
  delta: number;
  reason: string;
  /** Who made the change (user or actor id). */
  by: string;
  /** When (ms since epoch, or any non-negative number the caller orders by). */
  at: number;
  /**
   * What the change belongs to (e.g. the chat card that made it). An undo that names a ref may
   * reverse only an entry with that ref, so a caller cannot be pointed at another's change.
   */
  ref?: string;
  /** On a reversing entry: the id of the entry it undoes. */
  undoes?: string;
  /** On an entry that has been undone. */
  undone?: boolean;
}

export interface Pool {
  value: number;
  /** Upper bound, or null for none. */
  max: number | null;
  /** The value before the oldest kept entry (history beyond HISTORY_LIMIT is folded in here). */
  base: number;
  /** Oldest first; at most HISTORY_LIMIT. */
  entries: Entry[];
}

export interface ChangeInput {
  id: string;
  delta: number;
  reason: string;
  by: string;
  at: number;
  ref?: string;
}

export interface UndoInput {
  id: string;
  by: string;
  at: number;
  /** Undo only an entry with this ref (entries from before refs existed, with none, are allowed). */
  ref?: string;
}

/** A history line: the entry plus the pool's value just before and just after it. */
export type HistoryLine = Entry & { before: number; after: number };

/** A new pool holding `initial` (default 0), capped at `max` if given. */
export function createPool(initial = 0, max?: number | null): Pool {
  const cap = max === undefined || max === null ? null : requireInt("max", max, 0, POOL_LIMIT);
  requireInt("initial", initial, 0, cap ?? POOL_LIMIT);
  return { value: initial, max: cap, base: initial, entries: [] };
}

/** Adds (delta > 0) or spends (delta < 0); refuses to go below zero (`insufficient`) or above max (`overMax`). */
export function change(pool: Pool, input: ChangeInput): Pool {
  const p = requirePool(pool);
  const entry = entryFrom(p, input);
  requireInt("delta", entry.delta, -POOL_LIMIT, POOL_LIMIT);
  if (entry.delta === 0) throw new FracasRuleError("zeroChange", `a change of 0 records nothing (${entry.reason})`, { reason: entry.reason });
  checkRoom(p, entry.delta, `spend ${-entry.delta}`, `add ${entry.delta}`);
  return appended(p, entry);
}

/** Undoes entry `entryId` with a reversing entry; refuses a second undo, undoing an undo, or a reversal out of bounds. */
export function undo(pool: Pool, entryId: string, input: UndoInput): Pool {
  const p = requirePool(pool);
  const target = p.entries.find((e) => e.id === entryId);
  if (!target) {
    throw new FracasRuleError("unknownEntry", `no entry ${String(entryId)} among the last ${HISTORY_LIMIT} changes of this pool`, {
      entry: String(entryId),
      limit: HISTORY_LIMIT,
    });
  }
  if (target.undone) throw new FracasRuleError("alreadyUndone", `entry ${entryId} (${target.reason}) has already been undone`, { entry: entryId });
  if (target.undoes !== undefined) {
    throw new FracasRuleError("undoOfUndo", `entry ${entryId} is itself an undo; make a new change instead`, { entry: entryId });
  }
  if (input?.ref !== undefined && target.ref !== undefined && target.ref !== String(input.ref).slice(0, MAX_REF)) {
    throw new FracasRuleError("wrongRef", `entry ${entryId} belongs to ${target.ref}, not ${String(input.ref)}`, { entry: entryId });
  }
  const delta = -target.delta;
  checkRoom(p, delta, `undo ${entryId} (${target.reason}), which takes back ${-delta}`, `undo ${entryId} (${target.reason}), which gives back ${delta}`);
  const reversal = entryFrom(p, { ...input, delta, reason: `undo: ${target.reason}` });
  const marked = p.entries.map((e) => (e.id === entryId ? { ...e, undone: true } : e));
  return appended({ ...p, entries: marked }, { ...reversal, undoes: entryId });
}

/** The kept entries, oldest first, each with the pool's value before and after it. */
export function history(pool: Pool): HistoryLine[] {
  const p = requirePool(pool);
  let running = p.base;
  return p.entries.map((e) => {
    const before = running;
    running += e.delta;
    return { ...e, before, after: running };
  });
}

/** True when `delta` could be applied now (for enabling a Spend button). */
export function canChange(pool: Pool, delta: number): boolean {
  const p = requirePool(pool);
  requireInt("delta", delta, -POOL_LIMIT, POOL_LIMIT);
  const next = p.value + delta;
  return next >= 0 && (p.max === null || next <= p.max);
}

/** Throws `badPool` unless `pool` is a well-formed pool (as read back from stored data). */
export function requirePool(pool: unknown): Pool {
  const bad = (why: string): never => {
    throw new FracasRuleError("badPool", `not a resource pool: ${why}`, { reason: why });
  };
  if (typeof pool !== "object" || pool === null) return bad("not an object");
  const p = pool as Partial<Pool>;
  const isCount = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= POOL_LIMIT;
  if (!isCount(p.value)) return bad(`value ${String(p.value)} is not a whole number ≥ 0`);
  if (p.max !== null && !isCount(p.max)) return bad(`max ${String(p.max)} is not null or a whole number ≥ 0`);
  if (!isCount(p.base)) return bad(`base ${String(p.base)} is not a whole number ≥ 0`);
  if (!Array.isArray(p.entries)) return bad("entries is not a list");
  const sum = p.entries.reduce((s: number, e: Entry) => s + (typeof e?.delta === "number" ? e.delta : NaN), p.base!);
  if (sum !== p.value) return bad(`value ${p.value} does not equal base ${p.base} plus the entries' deltas`);
  return p as Pool;
}

/**
 * A pool as stored, or an empty one when the stored data is malformed: for reads that must not
 * break a sheet or a card (the sheet then offers a reset). Writes go through `requirePool`.
 */
export function poolOrEmpty(stored: unknown): Pool {
  try {
    return requirePool(stored);
  } catch {
    return createPool(0);
  }
}

function entryFrom(pool: Pool, input: ChangeInput): Entry {
  if (typeof input !== "object" || input === null) throw new FracasRuleError("badEntry", "a change needs id, delta, reason, by and at", {});
  const text = (name: string, v: unknown, allowEmpty: boolean): string => {
    if (typeof v !== "string" || (!allowEmpty && v.trim() === "")) {
      throw new FracasRuleError("badEntry", `${name} must be ${allowEmpty ? "a" : "a non-empty"} string (got ${String(v)})`, { name, value: String(v) });
    }
    return v;
  };
  const id = text("entry id", input.id, false);
  if (pool.entries.some((e) => e.id === id)) throw new FracasRuleError("duplicateEntry", `entry id ${id} is already used in this pool`, { entry: id });
  const at = input.at;
  if (typeof at !== "number" || !Number.isFinite(at) || at < 0) {
    throw new FracasRuleError("badEntry", `at must be a time ≥ 0 (got ${String(at)})`, { name: "at", value: String(at) });
  }
  const entry: Entry = { id, delta: input.delta, reason: text("reason", input.reason, true), by: text("by", input.by, false), at };
  if (input.ref !== undefined) entry.ref = text("ref", input.ref, false).slice(0, MAX_REF);
  return entry;
}

/** A ref names a document (a message id, "panel"); longer is a bug upstream. */
const MAX_REF = 100;

function checkRoom(pool: Pool, delta: number, spendWords: string, addWords: string): void {
  const next = pool.value + delta;
  if (next < 0) {
    throw new FracasRuleError("insufficient", `cannot ${spendWords}: the pool holds only ${pool.value}`, { asked: -delta, held: pool.value });
  }
  // A pool with no maximum still holds at most POOL_LIMIT: above it, requirePool would refuse the
  // stored pool and a reader would see none (audit s14 H5).
  const max = pool.max ?? POOL_LIMIT;
  if (next > max) {
    throw new FracasRuleError("overMax", `cannot ${addWords}: the pool holds ${pool.value} of at most ${max}`, {
      asked: delta,
      held: pool.value,
      max,
    });
  }
}

function appended(pool: Pool, entry: Entry): Pool {
  const all = [...pool.entries, entry];
  const dropped = all.slice(0, Math.max(0, all.length - HISTORY_LIMIT));
  const base = dropped.reduce((s, e) => s + e.delta, pool.base);
  return { value: pool.value + entry.delta, max: pool.max, base, entries: all.slice(dropped.length) };
}
