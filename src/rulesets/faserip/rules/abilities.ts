/** Secondary abilities: Health and Karma are sums of rank numbers. */
import type { Grid } from "../../../engine/tables.js";
import { requireObject } from "./input.js";
import type { RankValue } from "./ranks.js";
import { toRankNumber } from "./ranks.js";
import { rankNumbersTable } from "./tables/rank-numbers.js";

export interface PhysicalAbilities {
  fighting: RankValue;
  agility: RankValue;
  strength: RankValue;
  endurance: RankValue;
}

export interface MentalAbilities {
  reason: RankValue;
  intuition: RankValue;
  psyche: RankValue;
}

/** Health = Fighting + Agility + Strength + Endurance rank numbers. */
export function health(abilities: PhysicalAbilities, table: Grid = rankNumbersTable): number {
  const a = requireObject("abilities", abilities);
  return (["fighting", "agility", "strength", "endurance"] as const).reduce((sum, k) => sum + toRankNumber(k, a[k], table), 0);
}

/** Karma = Reason + Intuition + Psyche rank numbers (beyond the seed; D: included). */
export function karma(abilities: MentalAbilities, table: Grid = rankNumbersTable): number {
  const a = requireObject("abilities", abilities);
  return (["reason", "intuition", "psyche"] as const).reduce((sum, k) => sum + toRankNumber(k, a[k], table), 0);
}
