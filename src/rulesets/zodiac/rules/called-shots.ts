/** Called shots: Wagers spent before the roll to hit a chosen place on the body. */
import { FracasRuleError, requireChoice } from "../../../engine/errors.js";
import { intAt, type Grid } from "../../../engine/tables.js";
import { CALLED_SHOTS, calledShotCosts, type CalledShot } from "./tables/called-shot-costs.js";

export { CALLED_SHOTS, type CalledShot };

export function calledShotCost(location: CalledShot, grid: Grid = calledShotCosts): number {
  return intAt(grid, requireChoice("calledShot", location, CALLED_SHOTS), "wagers");
}

/** A missing called shot is null; a present one must be a known location. */
export function optionalCalledShot(v: unknown): CalledShot | null {
  return v === undefined || v === null ? null : requireChoice("calledShot", v, CALLED_SHOTS);
}

/**
 * Seed: called-shot Wagers are made before rolling, and the free Wager for meeting a TN "can not be
 * used for called shots" — so the declared Wagers alone must cover the cost.
 */
export function requireCalledShotAffordable(location: CalledShot, wagers: number, grid: Grid = calledShotCosts): number {
  const cost = calledShotCost(location, grid);
  if (wagers < cost) {
    throw new FracasRuleError("calledShotNeedsWagers", `a ${location} shot needs ${cost} Wagers declared before the roll (got ${wagers})`, {
      location,
      cost,
      wagers,
    });
  }
  return cost;
}
