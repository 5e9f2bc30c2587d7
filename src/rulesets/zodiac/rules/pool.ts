/** How many dice an Agent rolls. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { AREA_MAX, requireArea } from "./areas.js";
import { MAX_DICE } from "./limits.js";
import { optionalBool, requireRecord } from "./validate.js";
import { requireWagers } from "./wagers.js";

/** So that Area + gathered never exceeds the dice the kernel (and its odds) accept. */
export const MAX_GATHERED = MAX_DICE - AREA_MAX;

export interface PoolInput {
  /** Rating of the Area being rolled. */
  area: number;
  /** Extra dice gathered with Agent Points. */
  gathered?: number;
  /** Every Wager declared for this roll, called-shot and finishing Wagers included. */
  wagers?: number;
  /** The roller is Almost Dead, so any Wager is refused. */
  almostDead?: boolean;
}

/**
 * D (RULES.md §3, from the worked example: 7 dice − 3 Wagers = 4 rolled): dice rolled = Area +
 * gathered − Wagers. Wagers come out of the dice, so more Wagers than dice is refused.
 */
export function poolSize(input: PoolInput): number {
  const i = requireRecord("pool", input);
  const area = requireArea("area", i.area);
  const gathered = requireInt("gathered", i.gathered ?? 0, 0, MAX_GATHERED);
  const wagers = requireWagers("wagers", i.wagers ?? 0, optionalBool("almostDead", i.almostDead));
  const dice = area + gathered;
  if (wagers > dice) {
    throw new FracasRuleError("tooManyWagers", `${wagers} Wagers need ${wagers} dice to set aside, but only ${dice} are available`, { wagers, dice });
  }
  return dice - wagers;
}
