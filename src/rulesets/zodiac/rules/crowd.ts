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

/**
 * Takes a kill result off the crowd. The captive is the first target; the kills land on whoever
 * is left, never more than are standing (Operations is "final arbitrator" of who is in range).
 */
export function applyKills(crowd: Crowd, result: KillEveryoneElseResult): Crowd {
  const c = requireRecord("crowd", crowd);
  const standing = requireInt("standing", c.standing, 0, MAX_CROWD);
  const captured = requireInt("captured", c.captured, 0, MAX_CROWD);
  const r = requireRecord("kill result", result);
  const kills = requireInt("kills", r.kills, 0, MAX_WAGERS + 1);
  const taken = Math.min(requireInt("captured", r.captured, 0, 1), standing);
  const killed = Math.min(kills, standing - taken);
  return { standing: standing - taken - killed, captured: Math.min(captured + taken, MAX_CROWD) };
}
