/** Killing an Agent who is already Almost Dead. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { MAX_POINTS, MAX_ROUND, MAX_TN, MAX_TOTAL } from "./limits.js";
import { optionalBool, requireRecord } from "./validate.js";
import { requireWagers } from "./wagers.js";

/** Seed: "it only takes one Wager and one Agent Point, in addition to any spent to gather dice". */
export const FINISH_WAGERS = 1;
export const FINISH_AGENT_POINTS = 1;

export interface FinishInput {
  /** The round of this roll (rounds count from 1). */
  round: number;
  /** The round the target became Almost Dead; 0 = before this fight. */
  almostDeadSince: number;
  /** Wagers the attacker declared against the target on this roll. */
  wagers: number;
  /** Agent Points the attacker still has after any spent gathering dice. */
  agentPoints: number;
  /** The attacker's total and the target's TN: when given, the kill lands only if the roll meets the TN. */
  total?: number;
  tn?: number;
  /** The attacker is Almost Dead, so cannot make the Wager. */
  almostDead?: boolean;
}

export interface FinishResult {
  killed: boolean;
  /** null when the roll was not given (Operations ruled on it elsewhere). */
  met: boolean | null;
  round: number;
  almostDeadSince: number;
  wagersUsed: number;
  agentPointsSpent: number;
  agentPointsLeft: number;
}

/**
 * Seed: an Almost Dead Agent dies to one Wager and one Agent Point, but "That Wager must be spent
 * during a separate round then the one where the Agent became Almost Dead". D: the Wager is a Wager
 * like any other, so it lands only when the roll meets the target's TN ("If either Agent passes the
 * other Agent's TN they apply those Wagers"); the Wager and the Agent Point are committed before
 * the roll, so they are spent even on a miss.
 */
export function finishAlmostDead(input: FinishInput): FinishResult {
  const i = requireRecord("finishAlmostDead", input);
  const round = requireInt("round", i.round, 1, MAX_ROUND);
  const almostDeadSince = requireInt("almostDeadSince", i.almostDeadSince, 0, MAX_ROUND);
  const wagers = requireWagers("wagers", i.wagers, optionalBool("almostDead", i.almostDead));
  const agentPoints = requireInt("agentPoints", i.agentPoints, 0, MAX_POINTS);

  if (round <= almostDeadSince) {
    throw new FracasRuleError(
      "finishTooSoon",
      `the killing Wager must come in a later round than the one that made the Agent Almost Dead (round ${almostDeadSince}); this is round ${round}`,
      { round, almostDeadSince },
    );
  }
  if (wagers < FINISH_WAGERS) {
    throw new FracasRuleError("finishNeedsWager", "killing an Almost Dead Agent takes one Wager declared before the roll", { wagers });
  }
  if (agentPoints < FINISH_AGENT_POINTS) {
    throw new FracasRuleError("finishNeedsAgentPoint", "killing an Almost Dead Agent takes one Agent Point besides any spent gathering dice", {
      agentPoints,
    });
  }
  if ((i.total === undefined) !== (i.tn === undefined)) {
    throw new FracasRuleError("finishNeedsTotalAndTn", "give both the roll's total and the target's TN, or neither", {});
  }
  const met =
    i.total === undefined ? null : requireInt("total", i.total, 0, MAX_TOTAL) >= requireInt("tn", i.tn, 0, MAX_TN);
  return {
    killed: met !== false,
    met,
    round,
    almostDeadSince,
    wagersUsed: FINISH_WAGERS,
    agentPointsSpent: FINISH_AGENT_POINTS,
    agentPointsLeft: agentPoints - FINISH_AGENT_POINTS,
  };
}
