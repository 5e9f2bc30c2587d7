/** One roll against an Other Agent, or against an Agent treated as one. */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { optionalCalledShot, requireCalledShotAffordable, type CalledShot } from "./called-shots.js";
import { SETBACK_ON_MISS } from "./everyone-else.js";
import { MAX_ACCUMULATED, MAX_RANK, MAX_ROUND, MAX_TN, MAX_TOTAL, MAX_WAGERS } from "./limits.js";
import { calledShotCosts } from "./tables/called-shot-costs.js";
import { optionalBool, requireRecord } from "./validate.js";
import { requireWagers } from "./wagers.js";

export const STRIKE_TARGETS = ["otherAgent", "agent"] as const;
export type StrikeTarget = (typeof STRIKE_TARGETS)[number];
export type StrikeOutcome = "none" | "almostDead" | "dead";

/** Seed: "By surpassing that TN you gain one free Wager against that Agent's Rank." */
export const FREE_WAGER = 1;

export interface StrikeInput {
  total: number;
  /** The target's Agent TN (Operations' choice, or lowest Area × 5 for an Agent). */
  tn: number;
  /** Every Wager declared before the roll, called-shot Wagers included. */
  wagers: number;
  /** The target's Agent Rank: Wagers needed against them. */
  rank: number;
  /** Wagers already against the target's Rank from earlier strikes. */
  accumulated?: number;
  /** Wagers Operations cancelled with Setback (1 Setback each). */
  cancelled?: number;
  calledShot?: CalledShot | null;
  target: StrikeTarget;
  /** Combat round, recorded so an Agent made Almost Dead knows when (finishing must wait a round). */
  round?: number;
  /** The roller is Almost Dead (so may not Wager). */
  almostDead?: boolean;
}

export interface StrikeResult {
  target: StrikeTarget;
  success: boolean;
  total: number;
  tn: number;
  rank: number;
  wagers: number;
  calledShot: CalledShot | null;
  /** Wagers consumed by the called shot; they do not count against Rank. */
  calledShotWagers: number;
  /** Wagers declared against Rank (the rest after the called shot). */
  rankWagers: number;
  /** A called head shot that landed. */
  headShot: boolean;
  freeWager: number;
  cancelled: number;
  /** Wagers this strike adds to the target's Rank. */
  applied: number;
  /** Wagers against Rank before and after this strike. */
  prior: number;
  accumulated: number;
  /** The target's state by the Rank accounting after this strike. */
  outcome: StrikeOutcome;
  setbackGained: number;
  round: number | null;
}

/**
 * Seed: meeting the TN applies the Wagers plus one free Wager against Rank; Operations may cancel
 * spent Wagers one Setback each. An Other Agent dies when Rank is reached; an Agent instead becomes
 * Almost Dead. A head shot (5 Wagers, before the roll) is fatal to an Other Agent and Setback
 * cannot stop it — for every target, an Agent included (RULES.md §3: "A head shot kills and
 * Setback cannot prevent it"). D: called-shot Wagers buy the shot and do not also count against
 * Rank ("Mike opts to use all Four Wagers against Jeremy's Rank"); Setback cancels only spent
 * Wagers, never the free one ("reduce the Wagers you spend"); a miss gives Operations 1 Setback,
 * as every miss in a fight does (RULES.md §3, Setback).
 */
export function strike(input: StrikeInput, calledShotGrid: Grid = calledShotCosts): StrikeResult {
  const i = requireRecord("strike", input);
  const target = requireChoice("target", i.target, STRIKE_TARGETS);
  const total = requireInt("total", i.total, 0, MAX_TOTAL);
  const tn = requireInt("tn", i.tn, 0, MAX_TN);
  const wagers = requireWagers("wagers", i.wagers, optionalBool("almostDead", i.almostDead));
  const rank = requireInt("rank", i.rank, 1, MAX_RANK);
  const prior = requireInt("accumulated", i.accumulated ?? 0, 0, MAX_ACCUMULATED);
  const cancelled = requireInt("cancelled", i.cancelled ?? 0, 0, MAX_WAGERS);
  const calledShot = optionalCalledShot(i.calledShot);
  const round = i.round === undefined || i.round === null ? null : requireInt("round", i.round, 0, MAX_ROUND);

  if (target === "otherAgent" && prior >= rank) {
    throw new FracasRuleError("alreadyDead", `this Other Agent already has ${prior} Wagers against Rank ${rank} and is dead`, { prior, rank });
  }
  const calledShotWagers = calledShot === null ? 0 : requireCalledShotAffordable(calledShot, wagers, calledShotGrid);
  const rankWagers = wagers - calledShotWagers;
  const success = total >= tn;

  if (cancelled > 0) {
    if (calledShot === "head") {
      throw new FracasRuleError("headShotCannotBeCancelled", "Setback cannot save the target of a head shot", { cancelled });
    }
    if (!success) throw new FracasRuleError("nothingToCancel", "a missed roll applies no Wagers for Setback to cancel", { cancelled });
    if (cancelled > rankWagers) {
      throw new FracasRuleError("cancelTooMany", `Setback cancels spent Wagers only: ${rankWagers} went against Rank, ${cancelled} cancelled`, {
        cancelled,
        rankWagers,
      });
    }
  }

  const freeWager = success ? FREE_WAGER : 0;
  const applied = success ? rankWagers - cancelled + freeWager : 0;
  const accumulated = Math.min(prior + applied, MAX_ACCUMULATED);
  const headShot = success && calledShot === "head";
  // A landed head shot kills outright whoever the target is; otherwise Rank decides.
  const outcome: StrikeOutcome = headShot ? "dead" : accumulated < rank ? "none" : target === "otherAgent" ? "dead" : "almostDead";
  return {
    target,
    success,
    total,
    tn,
    rank,
    wagers,
    calledShot,
    calledShotWagers,
    rankWagers,
    headShot,
    freeWager,
    cancelled,
    applied,
    prior,
    accumulated,
    outcome,
    setbackGained: success ? 0 : SETBACK_ON_MISS,
    round,
  };
}
