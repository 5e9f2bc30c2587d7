/**
 * Upper bounds for the numbers the zodiac kernel accepts. The seed sets none; these are far above
 * any table's needs and exist so that every input is checked against a finite range (a typo such
 * as 1e9 dice is refused, not looped over).
 */
export const MAX_DICE = 60;
export const MAX_WAGERS = 99;
export const MAX_TOTAL = 6 * MAX_DICE;
export const MAX_TN = 999;
export const MAX_RANK = 99;
export const MAX_ACCUMULATED = 999;
export const MAX_ROUND = 9999;
/** Setback and Agent Points pools. */
export const MAX_POINTS = 999;
export const MAX_CROWD = 9999;
