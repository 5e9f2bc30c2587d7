/**
 * The small formats every faserip view shares: the i18n keys of ranks and abilities, a column
 * shift as text, and a stored number read safely.
 */
import type { RankKey } from "../rules/index.js";
import { signedNumber } from "../../../foundry/signed-number.js";

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
  return signedNumber(shift);
}

/**
 * One column shift that moved a FEAT's column, as the card lists it (key: FRACAS.Faserip.Card.ShiftPart.*;
 * `name`: a talent's name, for ShiftPart.talent).
 */
export interface ShiftPart {
  key: string;
  name: string;
  shiftText: string;
}

/**
 * How a card says a FEAT's column was made (ux-review-s7 #7, #10), in the shared derivation shape:
 * - no shift: the column line says "(no shifts)" (`none`);
 * - one shift: the column line names it, "Remarkable → Excellent (cover −1 CS)" (`shift` is that
 *   part), and no second line repeats it;
 * - several: the column line gives the total (`shift`: ShiftPart.total), and the Shifts line adds
 *   them up, "Shifts: dodge −2, cover −1, Axes +1 = −2 CS" (`line`).
 */
export interface ColumnDerivation {
  none: boolean;
  shift: ShiftPart;
  line: { parts: ShiftPart[]; totalText: string } | null;
}

const SHIFT_ORDER = ["dodge", "cover", "multipleTargets"] as const;

/**
 * The shifts behind a card's total, in the dialog's order, each non-zero one only. `talents`: the
 * ticked talents the card stored, whose shifts the form's Other carries (withTalents): each is
 * named by itself, and Other shows only what was typed (Other less the talents), so a talent is
 * counted once and the parts always add up to the total.
 */
export function columnDerivation(
  shifts: Partial<Record<(typeof SHIFT_ORDER)[number] | "other", number>> | undefined,
  talents: readonly { name: string; shift: number }[],
): ColumnDerivation {
  const s = shifts ?? {};
  const part = (key: string, n: number, name = ""): ShiftPart[] => (n === 0 ? [] : [{ key: `${L}.Card.ShiftPart.${key}`, name, shiftText: csText(n) }]);
  const talentSum = talents.reduce((sum, t) => sum + t.shift, 0);
  const parts = [
    ...SHIFT_ORDER.flatMap((name) => part(name, finiteOr0(s[name]))),
    ...talents.flatMap((t) => part("talent", t.shift, t.name)),
    ...part("other", finiteOr0(s.other) - talentSum),
  ];
  const total = parts.length === 0 ? 0 : SHIFT_ORDER.reduce((sum, name) => sum + finiteOr0(s[name]), finiteOr0(s.other));
  return {
    none: parts.length === 0,
    shift: parts.length === 1 ? parts[0]! : { key: `${L}.Card.ShiftPart.total`, name: "", shiftText: csText(total) },
    line: parts.length > 1 ? { parts, totalText: csText(total) } : null,
  };
}
