/** Pure constants of the faserip documents (shared by the models, views and tests). */
export const ABILITY_KEYS = ["fighting", "agility", "strength", "endurance", "reason", "intuition", "psyche"] as const;
export type AbilityKey = (typeof ABILITY_KEYS)[number];
export const SIDES = ["auto", "heroes", "villains"] as const;
/** Rank numbers above Beyond's 5001 add nothing; this keeps inputs bounded. */
export const MAX_SHEET_RANK = 10_000;
