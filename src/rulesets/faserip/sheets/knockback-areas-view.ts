/** The GM's choice of a White Slam?'s knock-back areas on its card: a number typed, then Set (GM). */
import { MAX_KNOCKBACK_AREAS, MIN_KNOCKBACK_AREAS } from "../rules/index.js";
import type { SecondaryCheck } from "../rules/index.js";

/**
 * A White Slam?'s knock-back ("1 or more areas", seed) is the GM's number: the card's one row,
 * "Areas (GM, 1–100)", a field holding the number now and Set (GM), which sends it to the GM
 * follow-up "knockbackAreas" (cards/knockback-areas.ts). Null for any other result (Green's 1 area
 * is the table's, with no choice). The ±1 buttons it replaced (UX review s5 #5) did the same in
 * more clicks and made the card tall in every player's log.
 */
export function areasInput(c: Pick<SecondaryCheck, "kind" | "result" | "areas"> | undefined): { value: number; min: number; max: number } | null {
  if (!c || c.kind !== "slam" || c.result !== "knockedBack") return null;
  return { value: c.areas, min: MIN_KNOCKBACK_AREAS, max: MAX_KNOCKBACK_AREAS };
}

/**
 * The areas the GM typed, read strictly: a whole number from 1 to 100 (digits only, so "2.5",
 * "1e2", "-3" or "" are not read as something else), else the refusal to show, with its numbers.
 */
export function parseAreas(raw: string): { areas: number } | { refused: string; data: Record<string, string | number> } {
  const text = raw.trim();
  const bounds = { min: MIN_KNOCKBACK_AREAS, max: MAX_KNOCKBACK_AREAS };
  if (text === "") return { refused: "FRACAS.Faserip.Refused.AreasEmpty", data: bounds };
  const areas = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(areas) || areas < MIN_KNOCKBACK_AREAS || areas > MAX_KNOCKBACK_AREAS) return { refused: "FRACAS.Faserip.Refused.AreasTyped", data: { ...bounds, value: text } };
  return { areas };
}

/** Does the areas field hold something other than the card's `stored` number ("007" is 7; "" or "2.5" differ)? */
export function areasFieldStale(fieldValue: string, stored: number): boolean {
  const typed = parseAreas(fieldValue);
  return !("areas" in typed) || typed.areas !== stored;
}

/** The areas a card's Move moved the token (0: not moved yet; cards/knockback-moved.ts records it). */
export function movedAreas(result: { moved?: unknown }): number {
  const moved = result.moved;
  return typeof moved === "number" && Number.isInteger(moved) && moved > 0 ? moved : 0;
}
