/** Exact odds of each Quality Rating for the roll dialog, by counting the hundred d100 faces. */
import type { Grid } from "../../../engine/tables.js";
import { qualityRating } from "./success.js";
import { qualityResultsTable } from "./tables/quality-results.js";

export interface QualityCounts {
  failure: number;
  qr1: number;
  qr2: number;
  qr3: number;
  qr4: number;
}

export interface QualityOdds extends QualityCounts {
  /** How many of the 100 faces give each result (exact integers summing to 100). */
  counts: QualityCounts;
  /** Chance of any success (QR1–QR4). */
  success: number;
}

const KEYS = ["failure", "qr1", "qr2", "qr3", "qr4"] as const;

/** Chance of failure and of QR1…QR4 for a d100 against this Success Chance. */
export function qualityOdds(successChanceValue: number, table: Grid = qualityResultsTable): QualityOdds {
  const counts: QualityCounts = { failure: 0, qr1: 0, qr2: 0, qr3: 0, qr4: 0 };
  for (let roll = 1; roll <= 100; roll++) {
    counts[KEYS[qualityRating(roll, successChanceValue, table)]]++;
  }
  return {
    failure: counts.failure / 100,
    qr1: counts.qr1 / 100,
    qr2: counts.qr2 / 100,
    qr3: counts.qr3 / 100,
    qr4: counts.qr4 / 100,
    success: (100 - counts.failure) / 100,
    counts,
  };
}
