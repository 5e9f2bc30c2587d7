/** Extra dice the rules may need beyond the values handed in (e.g. re-rolling ties). */
import { requireInt } from "../../../engine/errors.js";

/** Returns one die result from 1 to `sides`. */
export type DieSource = (sides: number) => number;

/** Rolls one die from the source and refuses an impossible face. */
export function rollDie(source: DieSource, sides: number): number {
  return requireInt(`d${sides} result`, source(sides), 1, sides);
}
