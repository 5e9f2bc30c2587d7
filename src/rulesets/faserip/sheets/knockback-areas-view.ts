/** The GM's choice of a White Slam?'s knock-back areas on its card: one fewer, one more, or a number typed. */
import { MAX_KNOCKBACK_AREAS, MIN_KNOCKBACK_AREAS } from "../rules/index.js";
import type { SecondaryCheck } from "../rules/index.js";
import { pluralKey } from "../../../foundry/i18n.js";

/**
 * A White Slam?'s knock-back ("1 or more areas", seed): the GM's buttons for one area fewer and
 * one more (gmFollowUp "knockbackAreas", cards/knockback-areas.ts), within the kernel's range
 * (1–100); a button past a bound is not offered. Null for any other result (Green's 1 area is the
 * table's, with no choice).
 */
export function areasChoice(c: Pick<SecondaryCheck, "kind" | "result" | "areas"> | undefined): { fewer: AreasButton | null; more: AreasButton | null } | null {
  if (!c || c.kind !== "slam" || c.result !== "knockedBack") return null;
  const button = (areas: number): AreasButton | null =>
    areas >= MIN_KNOCKBACK_AREAS && areas <= MAX_KNOCKBACK_AREAS ? { areas, args: JSON.stringify({ areas }), labelKey: pluralKey("FRACAS.Faserip.Card.SetAreas", areas) } : null;
  return { fewer: button(c.areas - 1), more: button(c.areas + 1) };
}

interface AreasButton {
  areas: number;
  /** The button's data-args (JSON): the areas it sets, so a double click sets the same number twice. */
  args: string;
  /** Its label, in the form for its count ("1 area instead (GM)", "3 areas instead (GM)"). */
  labelKey: string;
}

/**
 * The GM's number field beside the buttons (a far knock-back is more than ±1 clicks away): its
 * value now and its bounds (the kernel's 1–100). Null wherever areasChoice is (no choice to make).
 */
export function areasInput(c: Pick<SecondaryCheck, "kind" | "result" | "areas"> | undefined): { value: number; min: number; max: number } | null {
  if (!areasChoice(c)) return null;
  return { value: c!.areas, min: MIN_KNOCKBACK_AREAS, max: MAX_KNOCKBACK_AREAS };
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
