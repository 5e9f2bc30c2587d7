/**
 * The five Area slots an Agent has. Slot 1 is the killing Area (the seed's Aries): renaming the
 * Areas keeps the rules pointing at the same slot. Names come from the world's list (option
 * `areaNames`, comma-separated) when an Agent is created; each Agent may rename theirs.
 * Pure: no Foundry globals (the caller decides how to report a bad list).
 */
import { DEFAULT_AREAS } from "../rules/index.js";

export const AREA_SLOTS = ["a1", "a2", "a3", "a4", "a5"] as const;
export type AreaSlot = (typeof AREA_SLOTS)[number];
/** Seed: "To kill Everyone Else you roll Aries" — the first slot. */
export const KILLING_SLOT: AreaSlot = "a1";
export const AREA_NAMES_DEFAULT = DEFAULT_AREAS.join(", ");

/** Longest Area name the world list may give (the sheet's name field fits it). */
export const AREA_NAME_MAX = 24;

/** `problem` in English for the console; `code` (FRACAS.Zodiac.AreaNames.<code>) and `data` for the GM's warning. */
export type AreaNamesParse = { ok: true; names: string[] } | { ok: false; problem: string; code: string; data: Record<string, string | number> };

/**
 * The world's list, checked: exactly five comma-separated names, each non-empty after trimming,
 * at most AREA_NAME_MAX characters, all different (ignoring case). `problem` says what is wrong.
 */
export function parseAreaNames(list: unknown): AreaNamesParse {
  if (typeof list !== "string") return { ok: false, problem: "the list is not text", code: "notText", data: {} };
  const names = list.split(",").map((s) => s.trim());
  if (names.length !== AREA_SLOTS.length) return { ok: false, problem: `${names.length} names given, ${AREA_SLOTS.length} needed`, code: "count", data: { given: names.length, needed: AREA_SLOTS.length } };
  const blank = names.findIndex((n) => n.length === 0);
  if (blank >= 0) return { ok: false, problem: `name ${blank + 1} is empty`, code: "empty", data: { n: blank + 1 } };
  const long = names.find((n) => n.length > AREA_NAME_MAX);
  if (long !== undefined) return { ok: false, problem: `"${long}" is longer than ${AREA_NAME_MAX} characters`, code: "long", data: { name: long, max: AREA_NAME_MAX } };
  const seen = new Set<string>();
  for (const n of names) {
    const k = n.toLocaleLowerCase();
    if (seen.has(k)) return { ok: false, problem: `"${n}" is given twice`, code: "twice", data: { name: n } };
    seen.add(k);
  }
  return { ok: true, names };
}

/** The five names from the world's list, or the seed's Areas (and `warn` told why) when it is not valid. */
export function areaNamesFrom(list: unknown, warn: (problem: string) => void = () => {}): string[] {
  const parsed = parseAreaNames(list);
  if (parsed.ok) return parsed.names;
  warn(parsed.problem);
  return [...DEFAULT_AREAS];
}

export interface AreaEntry {
  name: string;
  rating: number;
}

/** Name → rating, for the kernel's agentProfile (duplicate names get their slot number appended). */
export function areaRecord(areas: Record<string, AreaEntry>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const slot of AREA_SLOTS) {
    const a = areas[slot];
    if (!a) continue;
    const key = Object.hasOwn(out, a.name) ? `${a.name} (${slot})` : a.name;
    out[key] = a.rating;
  }
  return out;
}
