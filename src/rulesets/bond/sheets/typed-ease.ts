/**
 * An Ease Factor typed in the Task or First Aid dialog (pure). The field takes −20…20 in halves (the
 * kernel clamps the total with the wound penalty to ½…10). A number typed outside is brought to the
 * nearer end, anything else (2.3, text) keeps the previous value; either is reported, not silent:
 * the field redraws with another number than the one typed, and Roll refuses while the form still
 * holds it (as the attack dialog's GM modifier, D56; D58).
 */

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
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return { value: previous, adjusted: null };
  const typed = typeof raw === "string" ? raw.trim() : String(raw);
  const n = typeof raw === "number" ? raw : Number(typed);
  if (!Number.isInteger(n * 2)) return { value: previous, adjusted: { typed, used: previous, reason: "half" } };
  const value = Math.min(range.max, Math.max(range.min, n));
  return { value, adjusted: value === n ? null : { typed, used: value, reason: "range" } };
}

const MINUS = "\u2212";
/** A number as the field shows it (2.5, not 2½), with a true minus sign. */
const plain = (n: number): string => (n < 0 ? `${MINUS}${-n}` : String(n));

/** The line under the field (its key and data), or null when the Ease Factor was used as typed. */
export function easeAdjustedLine(adjusted: EaseAdjusted | null | undefined, range: EaseRange): { key: string; typed: string; used: string; min: string; max: string } | null {
  if (!adjusted) return null;
  return { key: `FRACAS.Bond.Dialog.EaseAdjusted.${adjusted.reason}`, typed: adjusted.typed, used: plain(adjusted.used), min: plain(range.min), max: plain(range.max) };
}

/** Roll's warning while the form holds an Ease Factor it cannot use as typed (its key and data). */
export function easeRefusedWarning(adjusted: EaseAdjusted): { key: string; data: Record<string, string> } {
  return { key: "FRACAS.Bond.Dialog.EaseRefused", data: { typed: adjusted.typed, used: plain(adjusted.used) } };
}
