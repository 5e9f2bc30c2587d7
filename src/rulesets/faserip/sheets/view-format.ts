/**
 * The small formats every faserip view shares: the i18n keys of ranks and abilities, a column
 * shift as text, and a stored number read safely.
 */
import type { RankKey } from "../rules/index.js";

const L = "FRACAS.Faserip";
export const rankLabel = (key: RankKey): string => `${L}.Rank.${key}`;
export const abilityLabel = (key: string): string => `${L}.Ability.${key}`;

/** A stored number, or 0 when it is missing or not finite (item and actor data may be hand-edited). */
export const finiteOr0 = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/**
 * A column shift as text: a true minus sign (U+2212, as the dodge select shows "−2") for a left
 * shift, "+" for a right one, "0" for none. The templates print this, not the number.
 */
export function csText(shift: number): string {
  return shift < 0 ? `\u2212${-shift}` : shift > 0 ? `+${shift}` : "0";
}

/** One column shift that moved a FEAT's column, as the card lists it (key: FRACAS.Faserip.Card.ShiftPart.*). */
export interface ShiftPart {
  key: string;
  shiftText: string;
}

const SHIFT_ORDER = ["dodge", "cover", "multipleTargets", "other"] as const;

/**
 * The shifts behind a card's total, in the dialog's order, each non-zero one only (so a GM can
 * check the column against the book: "dodge −2, cover −1"). `talents`: the form's Other carries
 * the ticked talents' shifts (the card lists them), so Other says they are in it.
 */
export function shiftParts(shifts: Partial<Record<(typeof SHIFT_ORDER)[number], number>> | undefined, talents: boolean): ShiftPart[] {
  if (!shifts) return [];
  return SHIFT_ORDER.flatMap((name) => {
    const n = finiteOr0(shifts[name]);
    if (n === 0) return [];
    return [{ key: `${L}.Card.ShiftPart.${name === "other" && talents ? "otherTalents" : name}`, shiftText: csText(n) }];
  });
}
