/**
 * The five Area slots an Agent has. Slot 1 is the killing Area (the seed's Aries): renaming the
 * Areas keeps the rules pointing at the same slot. Names come from the world's list (option
 * `areaNames`, comma-separated) when an Agent is created; each Agent may rename theirs.
 * Pure: no Foundry globals.
 */
import { DEFAULT_AREAS } from "../rules/index.js";

export const AREA_SLOTS = ["a1", "a2", "a3", "a4", "a5"] as const;
export type AreaSlot = (typeof AREA_SLOTS)[number];
/** Seed: "To kill Everyone Else you roll Aries" — the first slot. */
export const KILLING_SLOT: AreaSlot = "a1";
export const AREA_NAMES_DEFAULT = DEFAULT_AREAS.join(", ");

/** The world's list as five names: blanks and missing entries fall back to the seed's Areas. */
export function areaNamesFrom(list: string): string[] {
  const given = String(list)
    .split(",")
    .map((s) => s.trim().slice(0, 40));
  return AREA_SLOTS.map((_, i) => given[i] || DEFAULT_AREAS[i]!);
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
