/** Defensive and multi-combatant column shifts. */
import { requireChoice, requireInt } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { dodgeShift } from "./battle.js";
import type { Color } from "./colors.js";
import { requireArray } from "./input.js";
import { MAX_SHIFT } from "./shifts.js";
import { COVER_LEVELS, coverShiftsTable } from "./tables/cover-shifts.js";
import type { CoverLevel } from "./tables/cover-shifts.js";
import { dodgeShiftsTable } from "./tables/dodge-shifts.js";

/** The (negative) column shift cover gives against an attacker. */
export function coverShift(level: CoverLevel, table: Grid = coverShiftsTable): number {
  return -intAt(table, "shiftLeft", requireChoice("cover", level, COVER_LEVELS));
}

/** An attacker splitting across `targets` defenders: −1 CS per target after the first. */
export function multipleTargetShift(targets: number): number {
  return -(requireInt("targets", targets, 1, MAX_SHIFT + 1) - 1);
}

/**
 * Several attackers on one defender: the defender's best dodge result applies once, to every
 * attacker (each attacker still rolls separately). No dodge results = a sitting target, 0.
 */
export function defenderDodgeShift(dodgeColors: readonly Color[], table: Grid = dodgeShiftsTable): number {
  const colors = requireArray("dodgeColors", dodgeColors);
  if (colors.length === 0) return 0;
  return Math.min(...colors.map((c) => dodgeShift(c as Color, table)));
}
