/** Agent Points: spent to gather extra dice and to finish an Almost Dead Agent. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { MAX_POINTS } from "./limits.js";
import { MAX_GATHERED } from "./pool.js";
import { requireRecord } from "./validate.js";

export function spendAgentPoints(agentPoints: number, n = 1): number {
  const have = requireInt("agentPoints", agentPoints, 0, MAX_POINTS);
  const spend = requireInt("spend", n, 0, MAX_POINTS);
  if (spend > have) throw new FracasRuleError("notEnoughAgentPoints", `the Agent has ${have} Agent Points, not ${spend}`, { agentPoints: have, spend });
  return have - spend;
}

export interface GatherInput {
  agentPoints: number;
  /** Agent Points spent on gathering. */
  spend: number;
  /** Dice gathered for those points, as the table ruled. */
  gathered: number;
}

export interface GatherResult {
  agentPoints: number;
  spent: number;
  gathered: number;
}

/**
 * Seed: "Both spend an Agent Point and gather additional dice, resulting in Mike having 7 dice and
 * Jeremy having 6" — one point each, four and three dice. D: how many dice a point gathers is not
 * in the seed (the example gives different counts for one point), so the count is the table's
 * ruling passed in; gathering any dice needs at least one Agent Point.
 */
export function gatherDice(input: GatherInput): GatherResult {
  const i = requireRecord("gatherDice", input);
  const spent = requireInt("spend", i.spend, 0, MAX_POINTS);
  const gathered = requireInt("gathered", i.gathered, 0, MAX_GATHERED);
  if (gathered > 0 && spent === 0) {
    throw new FracasRuleError("gatherNeedsAgentPoint", "gathering dice takes at least one Agent Point", { gathered });
  }
  return { agentPoints: spendAgentPoints(i.agentPoints as number, spent), spent, gathered };
}
