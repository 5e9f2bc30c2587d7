/** Everyone Else in a scene, as counts: who is still standing and who has been taken alive. */
import { requireInt } from "../../../engine/errors.js";
import type { KillEveryoneElseResult } from "./everyone-else.js";
import { MAX_CROWD, MAX_WAGERS } from "./limits.js";
import { requireRecord } from "./validate.js";

export interface Crowd {
  /** Everyone Else still up and within range (Operations judges the range). */
  standing: number;
  captured: number;
}

/** A kill result on one crowd: the captive taken and the kills that land, each within those standing. */
function landing(crowd: Crowd, result: KillEveryoneElseResult) {
  const c = requireRecord("crowd", crowd);
  const standing = requireInt("standing", c.standing, 0, MAX_CROWD);
  const captured = requireInt("captured", c.captured, 0, MAX_CROWD);
  const r = requireRecord("kill result", result);
  const kills = requireInt("kills", r.kills, 0, MAX_WAGERS + 1);
  const taken = Math.min(requireInt("captured", r.captured, 0, 1), standing);
  return { standing, captured, taken, killed: Math.min(kills, standing - taken) };
}

/**
 * How many of a kill result's kills land on this crowd: never more than stand once the captive is
 * taken (kills beyond them have no one in range to kill). Operations' saves are out of these.
 */
export function killsLanding(crowd: Crowd, result: KillEveryoneElseResult): number {
  return landing(crowd, result).killed;
}

/**
 * Takes a kill result off the crowd. The captive is the first target; the kills land on whoever
 * is left, never more than are standing (Operations is "final arbitrator" of who is in range).
 */
export function applyKills(crowd: Crowd, result: KillEveryoneElseResult): Crowd {
  const { standing, captured, taken, killed } = landing(crowd, result);
  return { standing: standing - taken - killed, captured: Math.min(captured + taken, MAX_CROWD) };
}
