/**
 * Agent vs Agent. Seed: "Treat each as if they were Other Agents with an Agent Rank equal to their
 * highest Area Rank and an Agent TN equal to their lowest Area times five. Then both Agents then set
 * aside Wagers in secret and make a roll." Both sides resolve together from the states at the
 * start of the exchange, so an Agent killed this round still lands their own strike.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { statusDiff } from "../../../engine/events.js";
import type { Grid } from "../../../engine/tables.js";
import { agentProfile, areaRating, KILLING_AREA, type AgentProfile } from "./areas.js";
import type { CalledShot } from "./called-shots.js";
import { finishAlmostDead, type FinishResult } from "./finish.js";
import {
  applyFinishToAgent,
  applyStrikeToAgent,
  healthyAgent,
  requireAgentHealth,
  statusesOf,
  type AgentHealth,
  type HealthChange,
} from "./health.js";
import { MAX_RANK, MAX_ROUND, MAX_TN } from "./limits.js";
import { resolveRoll, type RolledTotal } from "./resolve.js";
import { strike, type StrikeResult } from "./strike.js";
import { calledShotCosts } from "./tables/called-shot-costs.js";
import type { TotalMode } from "./totals.js";
import { requireRecord } from "./validate.js";

export interface DuelSideInput {
  /** The Agent's Areas (Rank and TN are derived), or… */
  areas?: Record<string, number>;
  /** …their Rank and TN directly (then `area` is required). */
  profile?: AgentProfile;
  /** Rating of the Area rolled; defaults to the Agent's Aries (the seed's example keeps Aries dice). */
  area?: number;
  /** Which Area is rolled when `area` is not given; default Aries. */
  rollArea?: string;
  gathered?: number;
  /** Wagers set aside in secret (see sealWagers/reveal). */
  wagers: number;
  dice: number[];
  calledShot?: CalledShot | null;
  /** This Agent's own health at the start of the exchange; default Healthy. */
  health?: AgentHealth;
  /** How many of this Agent's Wagers Operations cancelled with Setback. */
  cancelled?: number;
  /** Spend 1 Wager + 1 Agent Point to kill an opponent who was already Almost Dead. */
  finish?: { agentPoints: number } | null;
}

export interface DuelInput {
  a: DuelSideInput;
  b: DuelSideInput;
  round: number;
  mode?: TotalMode;
}

export interface DuelSideResult {
  profile: AgentProfile;
  roll: RolledTotal;
  /** This side's strike against the other side. */
  strike: StrikeResult;
  finish: FinishResult | null;
}

export interface DuelResult {
  round: number;
  a: DuelSideResult;
  b: DuelSideResult;
}

interface Side {
  input: Record<string, unknown>;
  profile: AgentProfile;
  area: number;
  health: AgentHealth;
}

function prepareSide(name: string, v: unknown): Side {
  const input = requireRecord(name, v);
  const hasAreas = input.areas !== undefined;
  const hasProfile = input.profile !== undefined;
  if (hasAreas === hasProfile) {
    throw new FracasRuleError("areasOrProfile", `${name}: give the Agent's areas or a profile {rank, tn}, one of the two`, { side: name });
  }
  let profile: AgentProfile;
  if (hasProfile) {
    const p = requireRecord(`${name}.profile`, input.profile);
    profile = { rank: requireInt(`${name}.profile.rank`, p.rank, 1, MAX_RANK), tn: requireInt(`${name}.profile.tn`, p.tn, 0, MAX_TN) };
  } else {
    profile = agentProfile(input.areas as Record<string, number>);
  }
  let area: number;
  if (input.area !== undefined) area = input.area as number;
  else if (hasAreas) area = areaRating(input.areas as Record<string, number>, typeof input.rollArea === "string" ? input.rollArea : KILLING_AREA);
  else throw new FracasRuleError("areaRequired", `${name}: with a profile, give the rating of the Area rolled`, { side: name });
  const health = input.health === undefined ? healthyAgent() : requireAgentHealth(input.health);
  if (health.status === "dead") throw new FracasRuleError("alreadyDead", `${name}: a dead Agent does not roll`, { side: name });
  return { input, profile, area, health };
}

function resolveSide(me: Side, them: Side, round: number, mode: TotalMode | undefined, grid: Grid): DuelSideResult {
  const almostDead = me.health.status === "almostDead";
  const i = me.input;
  const roll = resolveRoll({
    dice: i.dice as number[],
    area: me.area,
    gathered: (i.gathered ?? 0) as number,
    wagers: i.wagers as number,
    almostDead,
    ...(mode === undefined ? {} : { mode }),
  });
  const hit = strike(
    {
      total: roll.total,
      tn: them.profile.tn,
      wagers: i.wagers as number,
      rank: them.profile.rank,
      accumulated: them.health.wagersAgainst,
      cancelled: (i.cancelled ?? 0) as number,
      calledShot: (i.calledShot ?? null) as CalledShot | null,
      target: "agent",
      round,
      almostDead,
    },
    grid,
  );
  let finish: FinishResult | null = null;
  if (i.finish !== undefined && i.finish !== null) {
    if (them.health.status !== "almostDead") {
      throw new FracasRuleError("notAlmostDead", "you cannot make extra Wagers to kill an Agent who is not Almost Dead: make them Almost Dead first", {});
    }
    finish = finishAlmostDead({
      round,
      almostDeadSince: them.health.almostDeadSince ?? 0,
      wagers: hit.rankWagers,
      agentPoints: requireRecord("finish", i.finish).agentPoints as number,
      total: roll.total,
      tn: them.profile.tn,
      almostDead,
    });
  }
  return { profile: me.profile, roll, strike: hit, finish };
}

/** Resolves both sides' rolls together; nothing is applied until applyAgentVsAgent. */
export function agentVsAgent(input: DuelInput, calledShotGrid: Grid = calledShotCosts): DuelResult {
  const d = requireRecord("agentVsAgent", input);
  const round = requireInt("round", d.round, 1, MAX_ROUND);
  const mode = d.mode as TotalMode | undefined;
  const a = prepareSide("a", d.a);
  const b = prepareSide("b", d.b);
  return { round, a: resolveSide(a, b, round, mode, calledShotGrid), b: resolveSide(b, a, round, mode, calledShotGrid) };
}

function applyAgainst(state: AgentHealth, by: DuelSideResult): HealthChange<AgentHealth> {
  const before = requireAgentHealth(state);
  let after = applyStrikeToAgent(before, by.strike).state;
  // A head shot already killed them outright; the finishing Wager has nothing left to do.
  if (by.finish !== null && by.finish !== undefined && after.status !== "dead") after = applyFinishToAgent(after, by.finish).state;
  return { state: after, events: statusDiff(statusesOf(before.status), statusesOf(after.status)) };
}

/** Applies each side's strike (and finish) to the other side's health at the start of the exchange. */
export function applyAgentVsAgent(
  states: { a: AgentHealth; b: AgentHealth },
  result: DuelResult,
): { a: HealthChange<AgentHealth>; b: HealthChange<AgentHealth> } {
  const s = requireRecord("states", states);
  const r = requireRecord("duel result", result);
  const byA = requireRecord("a", r.a) as unknown as DuelSideResult;
  const byB = requireRecord("b", r.b) as unknown as DuelSideResult;
  return { a: applyAgainst(s.a as AgentHealth, byB), b: applyAgainst(s.b as AgentHealth, byA) };
}
