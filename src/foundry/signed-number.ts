/**
 * A signed number as every Fracas card, dialog and panel prints it: "+4", "−4" with the typographic
 * minus (U+2212), and zero as "0" or, where a column of modifiers reads better with it, "+0". Pure.
 * One formatter: the rulesets had four (review-s7-changes D5).
 */
export const MINUS = "\u2212";

export function signedNumber(n: number, zero: "0" | "+0" = "0"): string {
  return n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : zero;
}
