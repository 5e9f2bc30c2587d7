/** Column shifts on the Universal Table. */
import { requireInt } from "../../../engine/errors.js";
import { RANK_KEYS, SHIFTABLE_RANKS } from "./rank-keys.js";
import type { RankKey } from "./rank-keys.js";
import { requireRankKey } from "./ranks.js";

/** Any sum of shifts in play stays far inside this; larger values are input mistakes. */
export const MAX_SHIFT = 100;

/**
 * The column `shift` steps right (+) or left (−) of `rank`, clamped at Shift 0 and Shift Z.
 * Class 1000, 3000, 5000 and Beyond never shift (seed/RULES.md §4).
 */
export function shiftRank(rank: RankKey, shift: number): RankKey {
  requireRankKey("rank", rank);
  requireInt("shift", shift, -MAX_SHIFT, MAX_SHIFT);
  const i = SHIFTABLE_RANKS.indexOf(rank);
  if (i < 0) return rank;
  const j = Math.min(SHIFTABLE_RANKS.length - 1, Math.max(0, i + shift));
  return SHIFTABLE_RANKS[j]!;
}

/**
 * One rank lower on the whole ladder (Class 1000 → Shift Z), or null below Shift 0. Used for
 * Endurance loss while dying, which is a loss of rank, not a column shift, so it does not clamp.
 */
export function rankBelow(rank: RankKey): RankKey | null {
  const i = RANK_KEYS.indexOf(requireRankKey("rank", rank));
  return i > 0 ? RANK_KEYS[i - 1]! : null;
}
