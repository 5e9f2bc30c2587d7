/** The eighteen rank keys, lowest first: the rows of every per-rank table. */
export const RANK_KEYS = [
  "shift0",
  "feeble",
  "poor",
  "typical",
  "good",
  "excellent",
  "remarkable",
  "incredible",
  "amazing",
  "monstrous",
  "unearthly",
  "shiftX",
  "shiftY",
  "shiftZ",
  "class1000",
  "class3000",
  "class5000",
  "beyond",
] as const;
export type RankKey = (typeof RANK_KEYS)[number];

/** Column shifts move along Shift 0 … Shift Z only; the Class columns and Beyond never shift. */
export const SHIFTABLE_RANKS: readonly RankKey[] = RANK_KEYS.slice(0, RANK_KEYS.indexOf("shiftZ") + 1);
