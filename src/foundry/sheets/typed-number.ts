/**
 * A number typed in a Fracas roll dialog, read strictly (pure). Dialog fields are not stored by a
 * data model, so nothing in V13 checks them: each ruleset read them its own way, and four copies of
 * this algorithm had drifted apart (closing-s6 "Found, not fixed"). One reader now; each ruleset
 * keeps only its wording and its choice of what an empty field and an out-of-range number mean.
 * - empty (absent, null, "", spaces): `rule.empty` — "previous" keeps the value before, a number is
 *   what an emptied field reads as (a shift of 0). Nothing to say.
 * - a number on the field's step within min…max: used as typed.
 * - a number on the step outside min…max: `rule.outside` — "nearest" uses the nearer end, "keep"
 *   keeps the previous value; either way it is said (`reason` "above" or "below").
 * - anything else (off the step, text, Infinity): the previous value, said (`reason` "step").
 * The value used is always within min…max and on the step, even when `previous` is not.
 */

export interface TypedNumberRule {
  min: number;
  max: number;
  /** The field's step: 1 for whole numbers, 0.5 for halves. Positive. */
  step: number;
  /** What an empty field reads as: the previous value, or this number. Default "previous". */
  empty?: "previous" | number;
  /** A number on the step but outside min…max: the nearer end, or the previous value. Default "nearest". */
  outside?: "nearest" | "keep";
}

export type TypedNumberReason = "above" | "below" | "step";

/** A number typed that is not used as typed, and the value used instead. */
export interface TypedNumberAdjusted {
  /** What was typed, trimmed, at most 20 characters (it is quoted back to the user). */
  typed: string;
  used: number;
  reason: TypedNumberReason;
}

export interface TypedNumberRead {
  value: number;
  adjusted: TypedNumberAdjusted | null;
}

const onStep = (n: number, step: number): boolean => Number.isFinite(n) && Number.isInteger(n / step);

/** `n` brought onto the step (towards min) and into min…max: a fallback that is always usable. */
function usable(n: number, rule: TypedNumberRule): number {
  const base = Number.isFinite(n) ? n : rule.min;
  const stepped = onStep(base, rule.step) ? base : Math.floor(base / rule.step) * rule.step;
  return Math.min(rule.max, Math.max(rule.min, stepped));
}

export function readTypedNumber(raw: unknown, previous: number, rule: TypedNumberRule): TypedNumberRead {
  const kept = usable(previous, rule);
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
    const empty = rule.empty ?? "previous";
    return { value: empty === "previous" ? kept : usable(empty, rule), adjusted: null };
  }
  const text = typeof raw === "string" ? raw.trim() : String(raw);
  const n = typeof raw === "number" ? raw : Number(text);
  const typed = text.slice(0, 20);
  if (!onStep(n, rule.step)) return { value: kept, adjusted: { typed, used: kept, reason: "step" } };
  if (n >= rule.min && n <= rule.max) return { value: n, adjusted: null };
  const reason = n > rule.max ? "above" : "below";
  const used = (rule.outside ?? "nearest") === "keep" ? kept : reason === "above" ? rule.max : rule.min;
  return { value: used, adjusted: { typed, used, reason } };
}
