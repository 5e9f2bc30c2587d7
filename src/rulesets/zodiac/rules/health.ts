/**
 * Health as plain JSON states: Agents are Healthy, Almost Dead or Dead; Other Agents are alive
 * until the Wagers against them reach their Rank. Every apply function returns a new state plus
 * the status events for the token, so the adapter stores the old state for Undo.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { statusDiff, type Status, type StatusEvent } from "../../../engine/events.js";
import type { FinishResult } from "./finish.js";
import { MAX_ACCUMULATED, MAX_RANK, MAX_ROUND } from "./limits.js";
import { STRIKE_TARGETS, type StrikeResult, type StrikeTarget } from "./strike.js";
import { requireRecord } from "./validate.js";

export const AGENT_STATUSES = ["healthy", "almostDead", "dead"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const OTHER_AGENT_STATUSES = ["healthy", "dead"] as const;
export type OtherAgentStatus = (typeof OTHER_AGENT_STATUSES)[number];

export interface AgentHealth {
  status: AgentStatus;
  /** Wagers accumulated against this Agent's Rank. */
  wagersAgainst: number;
  /** Round this Agent became Almost Dead (0 = before the fight); null while Healthy. */
  almostDeadSince: number | null;
}

export interface OtherAgentHealth {
  status: OtherAgentStatus;
  wagersAgainst: number;
}

export interface HealthChange<S> {
  state: S;
  events: StatusEvent[];
}

export function healthyAgent(): AgentHealth {
  return { status: "healthy", wagersAgainst: 0, almostDeadSince: null };
}

export function healthyOtherAgent(): OtherAgentHealth {
  return { status: "healthy", wagersAgainst: 0 };
}

/** The token statuses an Agent status shows. */
export function statusesOf(status: AgentStatus): Status[] {
  return status === "healthy" ? [] : [status];
}

function optionalRound(name: string, v: unknown): number | null {
  return v === null ? null : requireInt(name, v, 0, MAX_ROUND);
}

export function requireAgentHealth(v: unknown): AgentHealth {
  const s = requireRecord("agent health", v);
  const status = requireChoice("status", s.status, AGENT_STATUSES);
  const wagersAgainst = requireInt("wagersAgainst", s.wagersAgainst, 0, MAX_ACCUMULATED);
  const almostDeadSince = optionalRound("almostDeadSince", s.almostDeadSince ?? null);
  if (status === "almostDead" && almostDeadSince === null) {
    throw new FracasRuleError("badInput", "an Almost Dead Agent needs the round they became Almost Dead (0 = before the fight)", {});
  }
  return { status, wagersAgainst, almostDeadSince: status === "healthy" ? null : almostDeadSince };
}

export function requireOtherAgentHealth(v: unknown): OtherAgentHealth {
  const s = requireRecord("other agent health", v);
  return {
    status: requireChoice("status", s.status, OTHER_AGENT_STATUSES),
    wagersAgainst: requireInt("wagersAgainst", s.wagersAgainst, 0, MAX_ACCUMULATED),
  };
}

/** The fields of a stored strike result that applying it reads, checked (it may come from chat data). */
function requireStrikeFor(target: StrikeTarget, v: unknown): Pick<StrikeResult, "success" | "applied" | "rank" | "headShot" | "round"> {
  const r = requireRecord("strike result", v);
  const got = requireChoice("target", r.target, STRIKE_TARGETS);
  if (got !== target) {
    throw new FracasRuleError("wrongTarget", `this strike was rolled against ${got === "agent" ? "an Agent" : "an Other Agent"}`, { target: got });
  }
  if (typeof r.success !== "boolean" || typeof r.headShot !== "boolean") {
    throw new FracasRuleError("badInput", "strike result needs success and headShot flags", {});
  }
  return {
    success: r.success,
    headShot: r.headShot,
    applied: requireInt("applied", r.applied, 0, MAX_ACCUMULATED),
    rank: requireInt("rank", r.rank, 1, MAX_RANK),
    round: optionalRound("round", r.round ?? null),
  };
}

/**
 * Adds the strike's Wagers to the Agent's Rank. Seed: "once an Agent has Wagers equal or greater
 * than his Rank he is considered Almost Dead" — never Dead from Wagers alone (finishing takes
 * applyFinishToAgent, in a later round). A landed head shot is the exception: it kills outright,
 * Healthy or Almost Dead, and Setback cannot stop it (RULES.md §3). Wagers are added to the
 * stored count, so two strikes rolled against the same prior count both land.
 */
export function applyStrikeToAgent(state: AgentHealth, result: StrikeResult): HealthChange<AgentHealth> {
  const before = requireAgentHealth(state);
  const r = requireStrikeFor("agent", result);
  if (before.status === "dead") throw new FracasRuleError("alreadyDead", "this Agent is already dead", {});
  if (!r.success) return { state: before, events: [] };
  const wagersAgainst = Math.min(before.wagersAgainst + r.applied, MAX_ACCUMULATED);
  let after: AgentHealth = { ...before, wagersAgainst };
  if (r.headShot) {
    after = { status: "dead", wagersAgainst, almostDeadSince: before.almostDeadSince };
  } else if (before.status === "healthy" && wagersAgainst >= r.rank) {
    if (r.round === null) {
      throw new FracasRuleError("roundRequired", "this strike makes an Agent Almost Dead, so it needs the round number (finishing them must wait a round)", {});
    }
    after = { status: "almostDead", wagersAgainst, almostDeadSince: r.round };
  }
  return { state: after, events: statusDiff(statusesOf(before.status), statusesOf(after.status)) };
}

/** Adds the strike's Wagers; at Rank, or on a head shot, the Other Agent is dead. */
export function applyStrikeToOtherAgent(state: OtherAgentHealth, result: StrikeResult): HealthChange<OtherAgentHealth> {
  const before = requireOtherAgentHealth(state);
  const r = requireStrikeFor("otherAgent", result);
  if (before.status === "dead") throw new FracasRuleError("alreadyDead", "this Other Agent is already dead", {});
  if (!r.success) return { state: before, events: [] };
  const wagersAgainst = Math.min(before.wagersAgainst + r.applied, MAX_ACCUMULATED);
  const dead = r.headShot || wagersAgainst >= r.rank;
  const after: OtherAgentHealth = { status: dead ? "dead" : "healthy", wagersAgainst };
  return { state: after, events: dead ? [{ status: "dead", on: true }] : [] };
}

/**
 * Kills an Almost Dead Agent with a finishing result. Seed: "You can not make extra Wagers to kill
 * an Agent who is not Almost Dead" — refused here, as is a finish in the round they fell.
 */
export function applyFinishToAgent(state: AgentHealth, finish: FinishResult): HealthChange<AgentHealth> {
  const before = requireAgentHealth(state);
  const f = requireRecord("finish result", finish);
  if (typeof f.killed !== "boolean") throw new FracasRuleError("badInput", "finish result needs a killed flag", {});
  const round = requireInt("round", f.round, 1, MAX_ROUND);
  if (before.status === "dead") throw new FracasRuleError("alreadyDead", "this Agent is already dead", {});
  if (before.status !== "almostDead") {
    throw new FracasRuleError("notAlmostDead", "an Agent who is not Almost Dead cannot be finished: make them Almost Dead first", {});
  }
  const since = before.almostDeadSince ?? 0;
  if (round <= since) {
    throw new FracasRuleError("finishTooSoon", `this Agent became Almost Dead in round ${since}; the killing Wager must come later (round ${round})`, {
      round,
      almostDeadSince: since,
    });
  }
  if (!f.killed) return { state: before, events: [] };
  const after: AgentHealth = { ...before, status: "dead" };
  return { state: after, events: statusDiff(statusesOf(before.status), statusesOf(after.status)) };
}

/** Seed: "Operations spends a point of Setback and an Agent gets shot, making them Almost Dead." */
export function makeAlmostDead(state: AgentHealth, round: number): HealthChange<AgentHealth> {
  const before = requireAgentHealth(state);
  const r = requireInt("round", round, 0, MAX_ROUND);
  if (before.status === "dead") throw new FracasRuleError("alreadyDead", "this Agent is already dead", {});
  if (before.status === "almostDead") {
    throw new FracasRuleError("alreadyAlmostDead", "this Agent is already Almost Dead; Setback cannot kill an Agent", {});
  }
  const after: AgentHealth = { ...before, status: "almostDead", almostDeadSince: r };
  return { state: after, events: statusDiff([], statusesOf(after.status)) };
}
