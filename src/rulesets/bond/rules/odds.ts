/** Exact odds of each Quality Rating for the roll dialog: the shared engine counts the d100 faces in each band. */
import { d100BandCounts } from "../../../engine/odds.js";
import type { Grid } from "../../../engine/tables.js";
import { qualityCeilings } from "./success.js";
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

/** Chance of failure and of QR1…QR4 for a d100 against this Success Chance. */
export function qualityOdds(successChanceValue: number, table: Grid = qualityResultsTable): QualityOdds {
  // qualityRating grades a roll by the first band whose ceiling it does not exceed, and a 100 always
  // fails: so QR i holds the rolls above every earlier ceiling up to its own, all capped at 99 (a
  // band whose ceiling is not above an earlier one's is empty), and failure holds the rest.
  let top = 0;
  const bounds = qualityCeilings(successChanceValue, table).map((c) => (top = c > top ? Math.min(99, c) : top));
  const [qr1, qr2, qr3, qr4, failure] = d100BandCounts(bounds) as [number, number, number, number, number];
  const counts: QualityCounts = { failure, qr1, qr2, qr3, qr4 };
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
