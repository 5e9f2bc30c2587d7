/**
 * Radio's one signed-number formatter: "+4" / "−4", the minus typographic (U+2212) as every
 * ruleset's derivation lines print it (ux-review-s7 #7; review-s7-changes D5, which asks for one
 * core `signedNumber`: until then, this is the only copy in radio).
 */
export const MINUS = "\u2212";

export const signed = (n: number): string => (n >= 0 ? `+${n}` : `${MINUS}${-n}`);
