/** Killing (or taking alive) Everyone Else: one Aries roll against a fixed TN. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { intAt, type Grid } from "../../../engine/tables.js";
import { optionalCalledShot, requireCalledShotAffordable, type CalledShot } from "./called-shots.js";
import { MAX_TOTAL } from "./limits.js";
import { calledShotCosts } from "./tables/called-shot-costs.js";
import { everyoneElseTn } from "./tables/everyone-else-tn.js";
import { optionalBool, requireRecord } from "./validate.js";
import { requireWagers } from "./wagers.js";

/** Seed: "When you want to capture a target alive you need to make Two Wagers." */
export const CAPTURE_WAGERS = 2;
/** Seed: "if you miss… everyone lives, Operations gets a point of Setback". */
export const SETBACK_ON_MISS = 1;

export interface KillEveryoneElseInput {
  /** The roll's total (see rollTotal). */
  total: number;
  /** Wagers declared before the roll. */
  wagers: number;
  /** Take the first target alive (costs 2 Wagers); further Wagers still kill. */
  captureAlive?: boolean;
  calledShot?: CalledShot | null;
  /** The roller is Almost Dead (so may not Wager). */
  almostDead?: boolean;
}

export interface KillEveryoneElseResult {
  success: boolean;
  total: number;
  tn: number;
  wagers: number;
  /** Targets killed (Operations then judges who is in range: see applyKills). */
  kills: number;
  /** Targets taken alive: 0 or 1 — one roll per captive. */
  captured: number;
  setbackGained: number;
  calledShot: CalledShot | null;
  /** A head shot is fatal and Setback cannot save that target. */
  headShot: boolean;
  /** Targets Operations saved with Setback after the roll (see saveEveryoneElse). */
  saved: number;
}

/**
 * Seed: beat TN 5 and one target dies; every Wager kills one more in range. Capturing one alive
 * takes two Wagers, the rest kill as normal. A miss kills nobody and gives Operations 1 Setback.
 * D: a called shot's Wagers buy the shot on the first target and kill nobody extra; a non-head
 * location is narration (the goon still falls), a head shot only makes the kill unsavable. A
 * capture cannot also be a called shot: its two Wagers already say how the target goes down.
 */
export function killEveryoneElse(
  input: KillEveryoneElseInput,
  tnGrid: Grid = everyoneElseTn,
  calledShotGrid: Grid = calledShotCosts,
): KillEveryoneElseResult {
  const i = requireRecord("killEveryoneElse", input);
  const total = requireInt("total", i.total, 0, MAX_TOTAL);
  const wagers = requireWagers("wagers", i.wagers, optionalBool("almostDead", i.almostDead));
  const captureAlive = optionalBool("captureAlive", i.captureAlive);
  const calledShot = optionalCalledShot(i.calledShot);
  const tn = intAt(tnGrid, "everyoneElse", "tn");

  if (captureAlive && calledShot !== null) {
    throw new FracasRuleError("captureWithCalledShot", "taking a target alive cannot also be a called shot", { calledShot });
  }
  if (captureAlive && wagers < CAPTURE_WAGERS) {
    throw new FracasRuleError("captureNeedsTwoWagers", `taking a target alive needs ${CAPTURE_WAGERS} Wagers declared before the roll (got ${wagers})`, {
      wagers,
      needed: CAPTURE_WAGERS,
    });
  }
  const shotCost = calledShot === null ? 0 : requireCalledShotAffordable(calledShot, wagers, calledShotGrid);

  const success = total >= tn;
  const base = { total, tn, wagers, calledShot, saved: 0 };
  if (!success) return { ...base, success, kills: 0, captured: 0, setbackGained: SETBACK_ON_MISS, headShot: false };
  if (captureAlive) return { ...base, success, kills: wagers - CAPTURE_WAGERS, captured: 1, setbackGained: 0, headShot: false };
  return { ...base, success, kills: 1 + wagers - shotCost, captured: 0, setbackGained: 0, headShot: calledShot === "head" };
}
