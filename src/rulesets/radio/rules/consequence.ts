/** The seed's consequence roll: 1d6, successful unless it shows a 6. */
import { requireD6 } from "./vocabulary.js";

export const CONSEQUENCE_FAIL = 6;

/** True when a consequence roll shows the 6 that the seed treats as the bad outcome. */
export function consequenceIsSix(roll: number): boolean {
  return requireD6("roll", roll) === CONSEQUENCE_FAIL;
}
