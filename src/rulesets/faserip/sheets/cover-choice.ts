/**
 * Cover in the FEAT dialog: the cover table's choices, and which cover an attack on each target
 * uses (several targets: each its own, since the seed's cover is the defender's).
 */
import { ATTACK_ACTIONS, COVER_LEVELS, coverShift } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import type { CoverLevel } from "../rules/tables/cover-shifts.js";
import type { DialogAction, FeatForm } from "./feat-form.js";
import { csText } from "./view-format.js";

const L = "FRACAS.Faserip";

/**
 * The cover shift an attack on target `index` of `targetCount` uses: with several targets that
 * target's own choice (else the form's), with one or none the form's single field.
 */
export function coverFor(f: Pick<FeatForm, "action" | "cover" | "targetCover">, index: number, targetCount: number): number {
  return coverPerTarget(f.action, targetCount) ? (f.targetCover?.[index] ?? f.cover) : f.cover;
}

/** Several targets of an attack: cover is chosen per target (each card resolves its own). */
export function coverPerTarget(action: DialogAction, targetCount: number): boolean {
  return (ATTACK_ACTIONS as readonly string[]).includes(action) && targetCount > 1;
}
/**
 * The cover select's choices: each level of the cover table in force, with its shift as text (a
 * true minus sign, as the dodge select and the column lines show it). `value` stays the number.
 */
export function coverChoiceList(table?: Grid): { value: number; label: string; text: string }[] {
  return COVER_LEVELS.map((level) => {
    const value = coverShift(level, table);
    return { value, label: `${L}.Cover.${level}`, text: csText(value) };
  });
}

/** The cover the GM set on a character (its `system.cover`; anything else reads as none). */
export function gmCoverOf(system: unknown): CoverLevel {
  const c = (system as { cover?: unknown } | null)?.cover;
  return (COVER_LEVELS as readonly unknown[]).includes(c) ? (c as CoverLevel) : "none";
}

/**
 * The least cover shift an attack on this character takes (≤ 0): the GM's cover on the cover table
 * in force. The dialog starts there and offers no less; the roll takes the more of it and the
 * attacker's choice (RULES.md: the GM chooses cover).
 */
export function gmCoverShift(system: unknown, table?: Grid): number {
  // "|| 0": no cover is 0, not the table's −0 (which would read as a different number in a card's result).
  return coverShift(gmCoverOf(system), table) || 0;
}

/**
 * The form's cover once the GM changed a target's cover while the dialog was open (`floors`: each
 * target's GM cover shift now; `seen`: as the form last followed them). A choice that was only the
 * old floor moves to the new one, down as well as up (the GM cleared or lowered it: the attacker
 * no longer pays it); a harder cover the attacker chose is kept, raised to a new floor if need be.
 * As Bond's followCoverFloor (D49). One target: its single Cover field follows too.
 */
export function followCoverFloors(form: FeatForm, floors: readonly number[], seen: readonly number[]): FeatForm {
  const follow = (choice: number, i: number): number => {
    const floor = floors[i] ?? 0;
    const was = seen[i] ?? 0;
    if (floor === was) return choice;
    return choice === was ? floor : Math.min(choice, floor);
  };
  return {
    ...form,
    cover: floors.length === 1 ? follow(form.cover, 0) : form.cover,
    ...(form.targetCover ? { targetCover: form.targetCover.map(follow) } : {}),
  };
}
