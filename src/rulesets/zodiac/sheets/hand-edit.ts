/**
 * What a GM's hand edit on an Agent or Other Agent sheet must also write, pure over plain data, so
 * the records the cards and the Setback panel read stay true:
 * - the spent/free split of the Wagers against Rank follows the Wagers (spent-wagers.ts
 *   `splitWithin`): lowered by hand, the hand-typed Wagers go first, then the free, then the spent;
 *   raised by hand, the new ones are neither (Setback cannot cancel them). Stored, not only shown,
 *   so Wagers raised again later do not bring back a split the GM had taken away.
 * - an Agent set Almost Dead by hand gets the round it happened in (the combat's round, or 0 =
 *   before this fight), which the kernel needs to time the killing Wager; set Healthy, none.
 */
import { MAX_ACCUMULATED, MAX_ROUND } from "../rules/index.js";
import { splitWithin, type Split } from "../cards/spent-wagers.js";

/** The number a NumberField (integer, 0–max) stores for a submitted value, or null when it is not one. */
function storedCount(v: unknown, max: number): number | null {
  if (typeof v !== "number" || !Number.isFinite(v)) return null;
  return Math.min(max, Math.max(0, Math.round(v)));
}

/**
 * The split to write with a submitted count of Wagers against Rank (the stored one when the form
 * did not send it), or null when the stored split already stands as it is.
 */
export function splitAfterHandEdit(stored: Split & { wagersAgainst: number }, submitted: unknown): Split | null {
  const wagers = storedCount(submitted, MAX_ACCUMULATED) ?? stored.wagersAgainst;
  // The stored split as it stood (it may predate this rule), then as it can stand now.
  const next = splitWithin(splitWithin(stored, stored.wagersAgainst), wagers);
  return next.spent === stored.spent && next.free === stored.free ? null : next;
}

export interface AgentHealthPaths {
  status: string;
  almostDeadSince: number | null;
  almostDeadBy: string;
}

/**
 * The health fields to write with a submitted status: Almost Dead by hand → since this round
 * (`round`: the combat's, or 0 outside a fight) and no known cause; Healthy → no round and no
 * cause. Null when the status did not change (or is not one).
 */
export function healthAfterHandEdit(stored: AgentHealthPaths, submitted: unknown, round: number): Partial<AgentHealthPaths> | null {
  if (submitted === stored.status || typeof submitted !== "string") return null;
  if (submitted === "almostDead") return { almostDeadSince: storedCount(round, MAX_ROUND) ?? 0, almostDeadBy: "none" };
  if (submitted === "healthy") return { almostDeadSince: null, almostDeadBy: "none" };
  return null;
}
