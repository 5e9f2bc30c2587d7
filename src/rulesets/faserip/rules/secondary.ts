/** Slam? and Stun?: the defender's Endurance FEAT after a Slam or Stun result. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { choiceAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { requireColor } from "./battle.js";
import type { Color } from "./colors.js";
import { slamStunTable } from "./tables/slam-stun.js";
import type { SlamResult, StunResult } from "./tables/slam-stun.js";

/**
 * "Several areas" for a White Slam? result. The seed says "1 or more"; the GM judges the
 * distance. Provisional default: 2, the least that is more than the Green result's 1 area.
 */
export const DEFAULT_KNOCKBACK_AREAS = 2;
/**
 * The GM's range for a White result: the seed's "1 or more" (so 1, as Green's, is the GM's to
 * choose too: DECISIONS.md, session 4 wave 3), at most 100.
 */
export const MIN_KNOCKBACK_AREAS = 1;
export const MAX_KNOCKBACK_AREAS = 100;

export interface SlamOutcome {
  result: SlamResult;
  /** Areas the defender is knocked back (0 when staggered or unaffected). */
  areas: number;
}

/** The Slam? column: White knocked back several areas, Green 1 area, Yellow staggered, Red none. */
export function slamResult(color: Color, knockbackAreas = DEFAULT_KNOCKBACK_AREAS, table: Grid = slamStunTable): SlamOutcome {
  requireInt("knockbackAreas", knockbackAreas, MIN_KNOCKBACK_AREAS, MAX_KNOCKBACK_AREAS);
  const result = choiceAt(table, "slam", requireColor("color", color)) as SlamResult;
  const areas = result === "knockedBack" ? knockbackAreas : result === "oneArea" ? 1 : 0;
  return { result, areas };
}

/**
 * The Stun? column: rounds stunned. White is 1–10 rounds, read from the d10 the adapter rolled;
 * it is required only when the colour needs it.
 */
export function stunResult(color: Color, d10?: number, table: Grid = slamStunTable): number {
  const result = stunOutcome(color, table);
  if (d10 !== undefined) requireInt("d10", d10, 1, 10);
  switch (result) {
    case "stunnedD10":
      if (d10 === undefined) throw new FracasRuleError("needDie", "a White Stun? result needs a d10 for the rounds stunned", { die: 10 });
      return d10;
    case "stunnedOneRound":
      return 1;
    case "none":
      return 0;
  }
}

/** The Stun? column's named outcome for a colour. */
export function stunOutcome(color: Color, table: Grid = slamStunTable): StunResult {
  return choiceAt(table, "stun", requireColor("color", color)) as StunResult;
}
