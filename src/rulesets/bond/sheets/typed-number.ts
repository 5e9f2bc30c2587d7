/**
 * A number typed in one of Bond's dialogs, read strictly (pure; D56, D58). One reader for the attack
 * dialog's GM modifier (whole numbers, −20…20) and the Task and First Aid Ease Factor (halves,
 * −20…20): they were two copies of this algorithm (review-s6b D1).
 * - empty (absent, null, "", spaces): the previous value, nothing to say (the field redraws with it);
 * - a number on the field's step and within its range: used as typed;
 * - a number on the step outside the range: the nearer end, and said (`reason: "range"`);
 * - anything else (off the step, text): the previous value, and said (`reason: "step"`).
 * The caller words it; Roll refuses while the form still holds such a number.
 */

export interface TypedNumberRule {
  min: number;
  max: number;
  /** The field's step: 1 (whole numbers) or 0.5 (halves). */
  step: number;
}

/** A number typed that is not used as typed, and the value used instead. */
export interface TypedNumberAdjusted {
  /** What was typed (trimmed, at most 20 characters). */
  typed: string;
  used: number;
  reason: "range" | "step";
}

export function readTypedNumber(raw: unknown, previous: number, rule: TypedNumberRule): { value: number; adjusted: TypedNumberAdjusted | null } {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return { value: previous, adjusted: null };
  const text = typeof raw === "string" ? raw.trim() : String(raw);
  const n = typeof raw === "number" ? raw : Number(text);
  const typed = text.slice(0, 20);
  if (!Number.isInteger(n / rule.step)) return { value: previous, adjusted: { typed, used: previous, reason: "step" } };
  const value = Math.min(rule.max, Math.max(rule.min, n));
  return { value, adjusted: value === n ? null : { typed, used: value, reason: "range" } };
}
