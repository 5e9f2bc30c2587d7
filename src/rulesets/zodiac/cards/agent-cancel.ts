/**
 * Setback cancels a Wager against a player Agent's Rank (RULES §3: "1 Setback cancels one Wager
 * against an Agent's Rank"; DECISIONS #45), pure over the stored Agent record — the counterpart of
 * cancelOneWager for Other Agents. The kernel's rule holds across duels because every duel
 * application records its spent/free split: Setback cancels spent Wagers only, never the free one.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { statusDiff, type StatusEvent } from "../../../engine/events.js";
import { AREA_MIN, SETBACK_PER_SPEND, agentProfile, spendSetback } from "../rules/index.js";
import { statusesOf } from "../rules/health.js";
import { areaRecord, type AreaEntry } from "../data/areas.js";
import type { JsonObject } from "../../../foundry/registry.js";
import type { AgentRecord } from "./effects.js";
import { cancellable, requireSpentWager } from "./spent-wagers.js";

/** An Agent's Rank as another Agent sees it: their highest Area (kernel agentProfile). */
export function agentRank(system: JsonObject): number {
  try {
    return agentProfile(areaRecord((system.areas ?? {}) as unknown as Record<string, AreaEntry>)).rank;
  } catch {
    return AREA_MIN;
  }
}

/** Spent Wagers still standing against the Agent's Rank (never more than stand there at all). */
export function agentCancellable(state: AgentRecord): number {
  return cancellable(state);
}

/**
 * Was this Almost Dead the Rank's doing? Recorded by duel applications; for an Agent with no
 * recorded cause (older data, or set by hand) Wagers at or past Rank say so. Setback's shot never is.
 */
function byRank(state: AgentRecord, rank: number): boolean {
  if (state.status !== "almostDead") return false;
  return state.almostDeadBy === "rank" || (state.almostDeadBy === "none" && state.wagersAgainst >= rank);
}

/**
 * One fewer Wager (and one fewer spent Wager) against the Agent's Rank, for 1 Setback. An Agent
 * whom the Rank made Almost Dead is Healthy again once below it (ready to be made Almost Dead
 * anew); one shot with Setback stays Almost Dead. A dead Agent — finished or head-shot — cannot be
 * brought back by cancelling Wagers against Rank (`alreadyDead`).
 */
export function cancelOneAgentWager(state: AgentRecord, rank: number, setback: number): { setback: number; state: AgentRecord; events: StatusEvent[] } {
  if (state.status === "dead") throw new FracasRuleError("alreadyDead", "this Agent is already dead: cancelling a Wager against Rank cannot bring them back", {});
  const spent = requireSpentWager(state, "Agent");
  const left = spendSetback(setback, SETBACK_PER_SPEND);
  const wagersAgainst = state.wagersAgainst - 1;
  const heals = byRank(state, rank) && wagersAgainst < rank;
  const after: AgentRecord = heals
    ? { ...state, wagersAgainst, spent: spent - 1, status: "healthy", almostDeadSince: null, almostDeadBy: "none", almostDeadIn: null }
    : { ...state, wagersAgainst, spent: spent - 1 };
  return { setback: left, state: after, events: statusDiff(statusesOf(state.status), statusesOf(after.status)) };
}
