/**
 * What a document held at some paths ("system.wound"…), kept in stored data so an Undo can write it
 * back and check nothing changed it since.
 *
 * Kept as a list of {path, value} pairs, never as an object keyed by path: V13's client expands
 * every dotted key of every object in a create or update, inside arrays too
 * (foundry.utils.expandObject), so `{"system.wound": 2}` is stored as `{system: {wound: 2}}` and
 * its paths are lost (review-s10-quench Q1: every card Undo was refused in real Foundry). A value
 * read from a document has no dotted keys itself: the document's own writes expanded them.
 */
import type { Json } from "../registry.js";
import { sameJson } from "../same-json.js";

export interface PathValue {
  path: string;
  value: Json;
}

/** The values at these paths now (copies; a missing one as null). */
export function readPathValues(doc: object, paths: readonly string[]): PathValue[] {
  return paths.map((path) => ({ path, value: (foundry.utils.deepClone(foundry.utils.getProperty(doc, path)) as Json | undefined) ?? null }));
}

/**
 * Stored pairs as they are, or a record kept before pairs (an object keyed by path, which V13 has
 * stored nested) read back leaf by leaf; anything else as none.
 */
export function pathValuesOf(stored: unknown): PathValue[] {
  if (Array.isArray(stored)) {
    return stored.filter((p): p is PathValue => typeof p === "object" && p !== null && typeof (p as PathValue).path === "string" && (p as PathValue).path !== "").map((p) => ({ path: p.path, value: p.value ?? null }));
  }
  if (typeof stored !== "object" || stored === null) return [];
  return Object.entries(foundry.utils.flattenObject(stored) as Record<string, Json>).map(([path, value]) => ({ path, value: value ?? null }));
}

/** The paths of stored pairs. */
export function pathsOf(values: readonly PathValue[]): string[] {
  return values.map((p) => p.path);
}

/** The value stored for one path, or undefined when it has none. */
export function valueAt(values: readonly PathValue[], path: string): Json | undefined {
  return values.find((p) => p.path === path)?.value;
}

/** An update writing these values back: a fresh object each call (V13 expands the one it is given). */
export function updateFrom(values: readonly PathValue[]): Record<string, Json> {
  return Object.fromEntries(values.map((p) => [p.path, foundry.utils.deepClone(p.value)]));
}

/** Does the document still hold exactly these values? */
export function stillHolds(doc: object, values: readonly PathValue[]): boolean {
  return readPathValues(doc, pathsOf(values)).every((now, i) => sameJson(now.value, values[i]!.value));
}
