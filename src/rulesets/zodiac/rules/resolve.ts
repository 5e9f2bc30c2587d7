/**
 * The chat-flow resolvers: dice values in, a JSON result out for the chat card. Each checks that
 * the dice rolled are exactly the pool (Area + gathered − Wagers) before totalling them.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { requireArea } from "./areas.js";
import type { CalledShot } from "./called-shots.js";
import { killEveryoneElse, SETBACK_ON_MISS, type KillEveryoneElseResult } from "./everyone-else.js";
import { MAX_TN } from "./limits.js";
import { poolSize } from "./pool.js";
import { strike, type StrikeResult, type StrikeTarget } from "./strike.js";
import { calledShotCosts } from "./tables/called-shot-costs.js";
import { everyoneElseTn } from "./tables/everyone-else-tn.js";
import { requireDice, requireMode, rollTotal, type TotalMode } from "./totals.js";
import { optionalBool, requireRecord } from "./validate.js";

export interface RollInput {
  /** Dice values as rolled. */
  dice: number[];
  /** Rating of the Area rolled. */
  area: number;
  gathered?: number;
  /** Every Wager declared for the roll. */
  wagers?: number;
  /** The roller is Almost Dead (so may not Wager). */
  almostDead?: boolean;
  mode?: TotalMode;
}

export interface RolledTotal {
  dice: number[];
  area: number;
  pool: number;
  mode: TotalMode;
  total: number;
}

export function resolveRoll(input: RollInput): RolledTotal {
  const i = requireRecord("roll", input);
  const pool = poolSize({
    area: i.area as number,
    gathered: (i.gathered ?? 0) as number,
    wagers: (i.wagers ?? 0) as number,
    almostDead: optionalBool("almostDead", i.almostDead),
  });
  const dice = requireDice(i.dice);
  if (dice.length !== pool) {
    throw new FracasRuleError("wrongDiceCount", `this roll is ${pool} dice (Area + gathered − Wagers), but ${dice.length} were given`, {
      pool,
      dice: dice.length,
    });
  }
  const area = requireArea("area", i.area);
  const mode = requireMode(i.mode);
  return { dice, area, pool, mode, total: rollTotal(dice, { area, mode }) };
}

export interface FightRollResult extends RolledTotal {
  tn: number;
  success: boolean;
  setbackGained: number;
}

/**
 * Any other roll made in a fight (Scorpio hiding, Virgo hacking, Gemini ducking): seed "you're in
 * the thick of it and you could cause Setback" — D: a miss gives Operations 1 Setback, as a missed
 * kill does (RULES.md §3: Setback is "gained on misses in a fight").
 */
export function resolveFightRoll(input: RollInput & { tn: number }): FightRollResult {
  const i = requireRecord("roll", input);
  const tn = requireInt("tn", i.tn, 0, MAX_TN);
  const roll = resolveRoll(input);
  const success = roll.total >= tn;
  return { ...roll, tn, success, setbackGained: success ? 0 : SETBACK_ON_MISS };
}

export interface KillRollInput extends RollInput {
  captureAlive?: boolean;
  calledShot?: CalledShot | null;
}

/** An Aries roll to kill Everyone Else: `area` is the Agent's Aries. */
export function resolveKillEveryoneElse(
  input: KillRollInput,
  tnGrid: Grid = everyoneElseTn,
  calledShotGrid: Grid = calledShotCosts,
): { roll: RolledTotal; result: KillEveryoneElseResult } {
  const i = requireRecord("roll", input);
  const roll = resolveRoll(input);
  const result = killEveryoneElse(
    {
      total: roll.total,
      wagers: (i.wagers ?? 0) as number,
      captureAlive: optionalBool("captureAlive", i.captureAlive),
      calledShot: (i.calledShot ?? null) as CalledShot | null,
      almostDead: optionalBool("almostDead", i.almostDead),
    },
    tnGrid,
    calledShotGrid,
  );
  return { roll, result };
}

export interface StrikeRollInput extends RollInput {
  tn: number;
  rank: number;
  accumulated?: number;
  cancelled?: number;
  calledShot?: CalledShot | null;
  target: StrikeTarget;
  round?: number;
}

/** A roll against an Other Agent (or an Agent): total the dice, then strike. */
export function resolveStrike(input: StrikeRollInput, calledShotGrid: Grid = calledShotCosts): { roll: RolledTotal; result: StrikeResult } {
  const i = requireRecord("roll", input);
  const roll = resolveRoll(input);
  const result = strike(
    {
      total: roll.total,
      tn: i.tn as number,
      wagers: (i.wagers ?? 0) as number,
      rank: i.rank as number,
      accumulated: (i.accumulated ?? 0) as number,
      cancelled: (i.cancelled ?? 0) as number,
      calledShot: (i.calledShot ?? null) as CalledShot | null,
      target: i.target as StrikeTarget,
      ...(i.round === undefined || i.round === null ? {} : { round: i.round as number }),
      almostDead: optionalBool("almostDead", i.almostDead),
    },
    calledShotGrid,
  );
  return { roll, result };
}
