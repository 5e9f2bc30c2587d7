/**
 * foundry.utils: the handful of object helpers the adapter and the fake use, following Foundry's
 * documented behaviour (dot-paths, `-=key` deletions, arrays replaced wholesale).
 */
export type Obj = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Obj {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

export function deepClone<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => deepClone(x) as unknown) as T;
  if (v instanceof Set) return new Set([...v].map((x) => deepClone(x as unknown))) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (isPlainObject(v)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = deepClone(x);
    return out as T;
  }
  return v;
}

export function getProperty(obj: unknown, key: string): unknown {
  let o: unknown = obj;
  for (const k of key.split(".")) {
    if (o === null || o === undefined || (typeof o !== "object" && typeof o !== "function")) return undefined;
    o = (o as Obj)[k];
  }
  return o;
}

/** Sets a dot-path; returns whether the value changed. */
export function setProperty(obj: Obj, key: string, value: unknown): boolean {
  const keys = key.split(".");
  let o: Obj = obj;
  for (const k of keys.slice(0, -1)) {
    if (!isPlainObject(o[k]) && (typeof o[k] !== "object" || o[k] === null)) o[k] = {};
    o = o[k] as Obj;
  }
  const last = keys.at(-1)!;
  const changed = o[last] !== value;
  o[last] = value;
  return changed;
}

export function randomID(length = 16): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < length; i++) id += chars[Math.floor(Math.random() * chars.length)];
  return id;
}

/**
 * As V13's expandObject (common/utils/helpers.mjs), which its client runs on every create and
 * update: every dotted key of every plain object becomes nested objects, at any depth and inside
 * arrays too (review-s10-quench Q1: a stored map keyed by a path or a UUID does not survive a write
 * as it was sent). Keys are set in order, a later one replacing what an earlier one set there.
 */
export function expandObject(obj: Obj): Obj {
  const expand = (value: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error("Maximum object expansion depth exceeded");
    if (Array.isArray(value)) return value.map((v) => expand(v, depth + 1));
    if (!isPlainObject(value)) return value;
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) setProperty(out, k, expand(v, depth + 1));
    return out;
  };
  return expand(obj, 0) as Obj;
}

/** Turns {a: {b: 1}} into {"a.b": 1}; empty objects and arrays are kept as values. */
export function flattenObject(obj: Obj, prefix = ""): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length > 0) Object.assign(out, flattenObject(v, key));
    else out[key] = v;
  }
  return out;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  inplace?: boolean;
  performDeletions?: boolean;
}

/** foundry.utils.mergeObject: dot-keys expanded, arrays replaced, `-=key` deletes and `==key` replaces wholesale when asked. */
export function mergeObject<T extends Obj>(original: T, other: Obj, options: MergeOptions = {}): T {
  const { insertKeys = true, insertValues = true, overwrite = true, inplace = true, performDeletions = false } = options;
  const target: Obj = inplace ? original : deepClone(original);
  const source = Object.keys(other).some((k) => k.includes(".")) ? expandObject(other) : other;
  for (const [k, v] of Object.entries(source)) {
    if (performDeletions && k.startsWith("-=")) {
      delete target[k.slice(2)];
      continue;
    }
    if (performDeletions && k.startsWith("==")) {
      target[k.slice(2)] = deepClone(v);
      continue;
    }
    const exists = k in target;
    if (!exists && !(isPlainObject(target) ? insertKeys : insertValues)) continue;
    if (isPlainObject(v) && isPlainObject(target[k])) {
      target[k] = mergeObject(target[k] as Obj, v, { ...options, inplace: true });
    } else if (!exists || overwrite) {
      target[k] = deepClone(v);
    }
  }
  return target as T;
}

export function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof Set || v instanceof Map) return v.size === 0;
  if (isPlainObject(v)) return Object.keys(v).length === 0;
  return false;
}

/** Deep equality over JSON-like values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

/** The parts of `next` that differ from `prior` (nested objects compared key by key, arrays whole). */
export function diffObject(prior: Obj, next: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(next)) {
    const p = prior[k];
    if (isPlainObject(v) && isPlainObject(p)) {
      const d = diffObject(p, v);
      if (!isEmpty(d)) out[k] = d;
    } else if (!deepEqual(p, v)) out[k] = deepClone(v);
  }
  for (const k of Object.keys(prior)) if (!(k in next)) out[`-=${k}`] = null;
  return out;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** foundry.utils.escapeHTML: the five characters V13 escapes, nothing else. */
export function escapeHTML(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
