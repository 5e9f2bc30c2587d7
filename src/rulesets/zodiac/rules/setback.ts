/**
 * Setback, Operations' pool, as pure functions over numbers: gained on misses in a fight, spent at
 * any time. Every spend costs one point (seed) and none goes below zero.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import type { KillEveryoneElseResult } from "./everyone-else.js";
import { makeAlmostDead, type AgentHealth, type HealthChange } from "./health.js";
import { MAX_POINTS, MAX_WAGERS } from "./limits.js";
import { strike, type StrikeResult } from "./strike.js";
import { calledShotCosts } from "./tables/called-shot-costs.js";
import { requireRecord } from "./validate.js";

/** Seed: each Setback spend the text prices costs one point. */
export const SETBACK_PER_SPEND = 1;

export function gainSetback(setback: number, n = 1): number {
  const s = requireInt("setback", setback, 0, MAX_POINTS);
  const add = requireInt("gain", n, 0, MAX_POINTS);
  if (s + add > MAX_POINTS) throw new FracasRuleError("setbackFull", `Setback cannot exceed ${MAX_POINTS}`, { setback: s, gain: add, max: MAX_POINTS });
  return s + add;
}

export function spendSetback(setback: number, n = 1): number {
  const s = requireInt("setback", setback, 0, MAX_POINTS);
  const spend = requireInt("spend", n, 0, MAX_POINTS);
  if (spend > s) throw new FracasRuleError("notEnoughSetback", `Operations has ${s} Setback, not ${spend}`, { setback: s, spend });
  return s - spend;
}

/** Seed: "if you miss… Operations gets a point of Setback". Adds whatever a result says it gained. */
export function setbackAfter(setback: number, result: { setbackGained: number }): number {
  return gainSetback(setback, requireInt("setbackGained", requireRecord("result", result).setbackGained, 0, MAX_POINTS));
}

export interface ShootAgentInput {
  setback: number;
  state: AgentHealth;
  /** The round it happens in (0 = before the fight); finishing the Agent must wait for a later one. */
  round: number;
}

export interface ShootAgentResult extends HealthChange<AgentHealth> {
  setback: number;
}

/** Seed: "Operations spends a point of Setback and an Agent gets shot, making them Almost Dead." */
export function shootAgent(input: ShootAgentInput): ShootAgentResult {
  const i = requireRecord("shootAgent", input);
  const setback = spendSetback(i.setback as number, SETBACK_PER_SPEND);
  return { setback, ...makeAlmostDead(i.state as AgentHealth, i.round as number) };
}

export interface CancelWagersInput {
  setback: number;
  result: StrikeResult;
  /** Wagers to cancel, one Setback each. */
  n?: number;
}

/**
 * Seed: "Operations spends a point of Setback to cancel out one Wagers against an Agent's Rank";
 * a head shot cannot be stopped. Re-resolves the stored strike with more Wagers cancelled.
 */
export function cancelWagers(input: CancelWagersInput, calledShotGrid: Grid = calledShotCosts): { setback: number; result: StrikeResult } {
  const i = requireRecord("cancelWagers", input);
  const r = requireRecord("strike result", i.result) as unknown as StrikeResult;
  const n = requireInt("n", i.n ?? 1, 1, MAX_WAGERS);
  const setback = spendSetback(i.setback as number, n * SETBACK_PER_SPEND);
  const result = strike(
    {
      total: r.total,
      tn: r.tn,
      wagers: r.wagers,
      rank: r.rank,
      accumulated: r.prior,
      cancelled: requireInt("cancelled", r.cancelled, 0, MAX_WAGERS) + n,
      calledShot: r.calledShot,
      target: r.target,
      ...(r.round === null ? {} : { round: r.round }),
    },
    calledShotGrid,
  );
  return { setback, result };
}

export interface SaveEveryoneElseInput {
  setback: number;
  result: KillEveryoneElseResult;
  n?: number;
}

/**
 * Seed: "Unlike Everyone Else, Operations can't save Other Agents outright by spending Setback" —
 * so Operations can save Everyone Else outright; "A bullet in the head is fatal and Operations
 * can't spend Setback to save their life." D: one Setback saves one target (the seed prices every
 * other Setback spend at one point).
 */
export function saveEveryoneElse(input: SaveEveryoneElseInput): { setback: number; result: KillEveryoneElseResult } {
  const i = requireRecord("saveEveryoneElse", input);
  const r = requireRecord("kill result", i.result) as unknown as KillEveryoneElseResult;
  const n = requireInt("n", i.n ?? 1, 1, MAX_WAGERS + 1);
  const kills = requireInt("kills", r.kills, 0, MAX_WAGERS + 1);
  const savable = r.headShot === true ? Math.max(0, kills - 1) : kills;
  if (n > savable) {
    throw new FracasRuleError(
      r.headShot === true && n <= kills ? "headShotCannotBeSaved" : "nothingToSave",
      `only ${savable} of these ${kills} kills can be saved with Setback${r.headShot === true ? " (the head shot cannot)" : ""}`,
      { n, savable, kills },
    );
  }
  const setback = spendSetback(i.setback as number, n * SETBACK_PER_SPEND);
  return { setback, result: { ...r, kills: kills - n, saved: requireInt("saved", r.saved ?? 0, 0, MAX_WAGERS + 1) + n } };
}
