/** Speed (0–3): from Dexterity + Perception, and the attacks it allows each round. */
import { requireInt } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { speedChartTable } from "./tables/speed-chart.js";
import { requireSpeed } from "./vocabulary.js";
import type { Speed } from "./vocabulary.js";

/** Speed from the Speed chart, read on Dexterity + Perception. */
export function speedFromCharacteristics(dexterity: number, perception: number, table: Grid = speedChartTable): Speed {
  const sum = requireInt("dexterity", dexterity, 0, 50) + requireInt("perception", perception, 0, 50);
  let speed = 0;
  for (const row of table.rows) {
    if (sum >= intAt(table, row, "minimumDexterityPlusPerception")) speed = Number(row);
  }
  return requireSpeed("speed", speed);
}

/** Largest shots-per-round a weapon may list. */
export const MAX_SHOTS_PER_ROUND = 99;

/**
 * Attacks a character may attempt this round: one per point of Speed, no more than the firearm's
 * shots per round; Speed 0 attacks every other round — Fracas picks the even rounds (2, 4, …), so
 * the first round of a battle is the one a Speed 0 character sits out.
 */
export function attacksThisRound(speed: number, round: number, shotsPerRound?: number): number {
  const s = requireSpeed("speed", speed);
  const r = requireInt("round", round, 1, 1_000_000);
  const allowed = s === 0 ? (r % 2 === 0 ? 1 : 0) : s;
  if (shotsPerRound === undefined) return allowed;
  return Math.min(allowed, requireInt("shotsPerRound", shotsPerRound, 1, MAX_SHOTS_PER_ROUND));
}

/** An Action Round is about 3 to 5 seconds of game time (seed). */
export const ROUND_SECONDS = { min: 3, max: 5 } as const;
