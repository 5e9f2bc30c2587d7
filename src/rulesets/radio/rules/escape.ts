/** Leaving a fight: only after a round spent on the defensive action, and only without a 6. */
import { FracasRuleError } from "../../../engine/errors.js";
import { consequenceIsSix } from "./consequence.js";
import { requireAction } from "./vocabulary.js";
import type { Action } from "./vocabulary.js";

export type EscapeOutcome = "escapes" | "stays";

/** `action` is what the participant did this round; the roll is their consequence roll. */
export function escapeCheck(input: { action: Action; roll: number }): EscapeOutcome {
  const action = requireAction(input?.action);
  if (action !== "defensive") {
    throw new FracasRuleError("escapeNeedsDefensive", `escape is tried after a defensive round (not ${action})`, { action });
  }
  return consequenceIsSix(input.roll) ? "stays" : "escapes";
}
