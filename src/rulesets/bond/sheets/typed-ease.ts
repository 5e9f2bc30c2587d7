/**
 * An Ease Factor typed in the Task or First Aid dialog (pure). The field takes −20…20 in halves (the
 * kernel clamps the total with the wound penalty to ½…10). A number typed outside is brought to the
 * nearer end, anything else (2.3, text) keeps the previous value; either is reported, not silent:
 * the field redraws with another number than the one typed, and Roll refuses while the form still
 * holds it (as the attack dialog's GM modifier, D56; D58). Read by the core typed-number reader
 * (src/foundry/sheets/typed-number.ts), its reasons mapped onto Bond's words. The line says what the roll then uses: the table below clamps the total again
 * to ½…10, and the field's −20…20 is its guard rail, not a rule (UX review s6b #8).
 */
import { easeText, plainNumber } from "../format.js";
import { readTypedNumber } from "../../../foundry/sheets/typed-number.js";

export interface EaseAdjusted {
  typed: string;
  used: number;
  reason: "range" | "half";
}

export interface EaseRange {
  min: number;
  max: number;
}

/** The typed Ease Factor in force, and what was typed when it is not used as typed. An empty field keeps the previous value. */
export function readTypedEase(raw: unknown, previous: number, range: EaseRange): { value: number; adjusted: EaseAdjusted | null } {
  // Core reasons: "above"/"below" (the nearer end is used) read as Bond's "range"; "step" as "half".
  const r = readTypedNumber(raw, previous, { ...range, step: 0.5 });
  return { value: r.value, adjusted: r.adjusted && { typed: r.adjusted.typed, used: r.adjusted.used, reason: r.adjusted.reason === "step" ? "half" : "range" } };
}

/**
 * The line under the field (its key and data), or null when the Ease Factor was used as typed.
 * `total` is the Ease Factor the roll uses (the table's, after the wound penalty and the clamp to
 * ½…10): the line names it, so it never promises the field's number when the table uses another.
 */
export function easeAdjustedLine(
  adjusted: EaseAdjusted | null | undefined,
  range: EaseRange,
  total: number,
): { key: string; typed: string; used: string; min: string; max: string; total: string } | null {
  if (!adjusted) return null;
  const reason = adjusted.reason === "half" ? "half" : adjusted.used === range.max ? "above" : "below";
  return { key: `FRACAS.Bond.Dialog.EaseAdjusted.${reason}`, typed: adjusted.typed, used: plainNumber(adjusted.used), min: plainNumber(range.min), max: plainNumber(range.max), total: easeText(total) };
}

/** Roll's warning while the form holds an Ease Factor it cannot use as typed (its key and data). */
export function easeRefusedWarning(adjusted: EaseAdjusted): { key: string; data: Record<string, string> } {
  return { key: "FRACAS.Bond.Dialog.EaseRefused", data: { typed: adjusted.typed, used: plainNumber(adjusted.used) } };
}
