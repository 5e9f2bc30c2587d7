/**
 * The FEAT dialog's number fields read as typed (DECISIONS.md "The FEAT dialog says what it did
 * with a number"). Multiple targets (−100…0), Other (−100…+100) and Karma (0…the pool) were brought
 * into range or truncated quietly: 25 Karma on a pool of 10 rolled with 10, Other 150 with +100,
 * 2.5 with 2, and the field simply redrew with another number. Now each field's value in force is
 * the nearer end of its range for a number outside it, the previous value for anything that is not
 * a whole number, and a note says what was typed and what is used. Roll refuses while the form
 * holds such a number (feat-dialog.ts). Pure. The reading itself is core's readTypedNumber
 * (session 7); this file keeps FASERIP's ranges and wording.
 */
import { MAX_SHIFT } from "../rules/index.js";
import type { FeatForm } from "./feat-form.js";
import { readTypedNumber } from "../../../foundry/sheets/typed-number.js";
import { signedNumber } from "../../../foundry/signed-number.js";

export const TYPED_FIELDS = ["multipleTargets", "other", "karma"] as const;
export type TypedField = (typeof TYPED_FIELDS)[number];

/** A number typed that the roll cannot use as typed, and the value it uses instead. */
export interface TypedAdjusted {
  field: TypedField;
  /** What was typed, as text (at most 20 characters). */
  typed: string;
  used: number;
  /** "whole": not a whole number (the previous value stays); "range": outside min…max (the nearer end). */
  reason: "whole" | "range";
  /** For "range": which end was passed (the core reader's reason), so a pool of 0 is not "over" it. */
  side?: "above" | "below";
  min: number;
  max: number;
}

/** Each field's range: Karma's top is the hero's pool now. */
export function typedRange(field: TypedField, karmaPool: number): { min: number; max: number } {
  if (field === "karma") return { min: 0, max: Math.max(0, Math.trunc(karmaPool)) };
  return field === "other" ? { min: -MAX_SHIFT, max: MAX_SHIFT } : { min: -MAX_SHIFT, max: 0 };
}

/**
 * One field as typed, read by core's readTypedNumber (whole numbers, the nearer end outside the
 * range). Absent from the form (`undefined`: the attack shifts on a dodge) keeps the previous value;
 * emptied (null, "") is 0 — no shift, no Karma — as the field then reads.
 */
export function readTyped(field: TypedField, raw: unknown, previous: number, karmaPool: number): { value: number; adjusted: TypedAdjusted | null } {
  const { min, max } = typedRange(field, karmaPool);
  const read = readTypedNumber(raw, previous, { min, max, step: 1, empty: raw === undefined ? "previous" : 0 });
  if (!read.adjusted) return { value: read.value, adjusted: null };
  const { typed, used, reason } = read.adjusted;
  const adjusted: TypedAdjusted = reason === "step" ? { field, typed, used, reason: "whole", min, max } : { field, typed, used, reason: "range", side: reason, min, max };
  return { value: read.value, adjusted };
}

/**
 * The form's three typed numbers read from the fields (`get`: the form's values), over `form` (read
 * otherwise by formFromFields) with `previous` the values before this read. Returns the form with
 * the values in force and what was adjusted, in field order.
 */
export function readTypedNumbers(get: (name: string) => unknown, form: FeatForm, previous: FeatForm, karmaPool: number): { form: FeatForm; adjusted: TypedAdjusted[] } {
  const out: FeatForm = { ...form };
  const adjusted: TypedAdjusted[] = [];
  for (const field of TYPED_FIELDS) {
    const r = readTyped(field, get(field), previous[field], karmaPool);
    out[field] = r.value;
    if (r.adjusted) adjusted.push(r.adjusted);
  }
  return { form: out, adjusted };
}

const L = "FRACAS.Faserip.Dialog.Typed";

/** A number as the field shows it: a shift signed with a true minus, Karma plain. */
function shown(field: TypedField, n: number): string {
  return field === "karma" ? String(n) : signedNumber(n);
}

/** The id of a field's line (the input's aria-describedby points to it). */
export const typedNoteId = (field: TypedField): string => `faserip-typed-${field}`;

/**
 * Why a number in the wrong range was not used, as the player reads it (UX review s6b #3): Karma
 * over the pool (a rule: the pool) or below 0; a positive multiple-target shift (extra targets only
 * shift left); anything else past ±100, which is this dialog's guard rail (MAX_SHIFT), not a rule
 * anyone plays: said as "more than this dialog takes", never offered as a range to type within.
 */
function rangeKey(a: TypedAdjusted): string {
  const above = a.side ? a.side === "above" : a.used === a.max;
  if (a.field === "karma") return above ? `${L}.KarmaOverPool` : `${L}.Negative`;
  if (a.field === "multipleTargets" && above) return `${L}.LeftOnly`;
  return above ? `${L}.Beyond` : `${L}.BeyondBelow`;
}

/** The dialog's line for one adjusted number (i18n key and data; the field's name is a key too). */
export function typedNote(a: TypedAdjusted): { key: string; fieldKey: string; id: string; data: Record<string, string> } {
  const key = a.reason === "whole" ? `${L}.Whole` : rangeKey(a);
  return { key, fieldKey: `${L}.Field.${a.field}`, id: typedNoteId(a.field), data: { typed: a.typed, used: shown(a.field, a.used), min: shown(a.field, a.min), max: shown(a.field, a.max) } };
}

export type TypedNote = ReturnType<typeof typedNote>;

/** Each field's line, by field (absent: used as typed), for the template to say under its own input. */
export function typedNotesByField(adjusted: readonly TypedAdjusted[]): Partial<Record<TypedField, TypedNote>> {
  const out: Partial<Record<TypedField, TypedNote>> = {};
  for (const a of adjusted) out[a.field] ??= typedNote(a);
  return out;
}
