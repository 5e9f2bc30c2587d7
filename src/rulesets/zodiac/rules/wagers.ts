/** Wagers: dice set aside before the roll. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { MAX_WAGERS } from "./limits.js";

/**
 * Seed: "When Almost Dead the Agent can not make Wagers on any rolls." Every function that takes a
 * roller's Wagers also takes the roller's `almostDead` flag and refuses a Wager from them.
 */
export function requireWagers(name: string, wagers: unknown, almostDead: boolean): number {
  const n = requireInt(name, wagers, 0, MAX_WAGERS);
  if (almostDead && n > 0) {
    throw new FracasRuleError("almostDeadCannotWager", `an Almost Dead Agent cannot make Wagers (got ${n})`, { wagers: n });
  }
  return n;
}
