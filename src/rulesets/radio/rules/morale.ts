/**
 * When a group's leader falls, every member makes a consequence roll to stay: a 6 and they flee.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { consequenceIsSix } from "./consequence.js";
import { requireGroup } from "./henchmen.js";
import type { HenchmenGroup } from "./henchmen.js";

export type FleeOutcome = "flees" | "stays";

export function fleeCheck(roll: number): FleeOutcome {
  return consequenceIsSix(roll) ? "flees" : "stays";
}

export interface FleeCheckResult {
  id: string;
  roll: number;
  outcome: FleeOutcome;
}

export interface LeaderFallsResult {
  results: FleeCheckResult[];
  flees: string[];
  stays: string[];
}

/** One roll per member, in the same order as `memberIds`. */
export function leaderFalls(memberIds: readonly string[], rolls: readonly number[]): LeaderFallsResult {
  if (!Array.isArray(memberIds) || !Array.isArray(rolls)) throw new FracasRuleError("badInput", "member ids and rolls must be lists");
  if (memberIds.length !== rolls.length) {
    throw new FracasRuleError("rollCountMismatch", `${memberIds.length} members but ${rolls.length} rolls`, { members: memberIds.length, rolls: rolls.length });
  }
  if (new Set(memberIds).size !== memberIds.length) throw new FracasRuleError("duplicateId", "a member appears twice");
  const results = memberIds.map((id, i) => {
    if (typeof id !== "string") throw new FracasRuleError("badInput", "member ids must be strings");
    const roll = rolls[i]!;
    return { id, roll, outcome: fleeCheck(roll) };
  });
  return {
    results,
    flees: results.filter((r) => r.outcome === "flees").map((r) => r.id),
    stays: results.filter((r) => r.outcome === "stays").map((r) => r.id),
  };
}

/**
 * A henchmen group whose leader fell: one roll per henchman; each 6 leaves the fight. The
 * wounded front henchman is the last to run (D: fleeing takes the unhurt ones first), so the
 * carried damage stays with whoever remains.
 */
export function henchmenFlee(group: HenchmenGroup, rolls: readonly number[]): { group: HenchmenGroup; fled: number } {
  const g = requireGroup(group);
  if (!Array.isArray(rolls) || rolls.length !== g.count) {
    throw new FracasRuleError("rollCountMismatch", `${g.count} henchmen need ${g.count} rolls`, { members: g.count, rolls: Array.isArray(rolls) ? rolls.length : -1 });
  }
  const fled = rolls.filter((r) => fleeCheck(r) === "flees").length;
  const count = g.count - fled;
  return { group: { count, woundsEach: g.woundsEach, carried: count === 0 ? 0 : g.carried }, fled };
}
