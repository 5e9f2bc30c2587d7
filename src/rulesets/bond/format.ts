/**
 * How Bond's numbers and counts are written on sheets, dialogs and cards (pure, no Foundry):
 * a true minus sign and Ease Factors in halves as "½". (Counted strings: core pluralKey.)
 */

import { MINUS, signedNumber } from "../../foundry/signed-number.js";

/** A modifier with its sign: +2, 0, −3 (core's signedNumber). */
export const signed = (n: number): string => signedNumber(n);

/** A number as a number field shows it (2.5, not 2½; no plus sign), with a true minus: 20, −20, 3.5. */
export const plainNumber = (n: number): string => (n < 0 ? `${MINUS}${-n}` : String(n));

/** An Ease Factor (whole or half): 5, ½, 2½, −1. */
export function easeText(n: number): string {
  const sign = n < 0 ? MINUS : "";
  const a = Math.abs(n);
  const whole = Math.floor(a);
  if (a - whole === 0.5) return `${sign}${whole === 0 ? "" : whole}½`;
  return `${sign}${a}`;
}
