/** Action tokens: earned by describing an action, cashed in five at a time to double damage. */
import { FracasRuleError } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { tokensTable } from "./tables/tokens.js";
import { flag, requireAction, requireKind, wholeNumber } from "./vocabulary.js";
import type { Action, CombatantKind } from "./vocabulary.js";

/** Tokens it takes to double an attack's damage. */
export const TOKENS_TO_DOUBLE = 5;

/** Tokens earned for an action described in more detail than "I shoot him"; none if not. */
export function tokensEarned(action: Action, described: boolean, table: Grid = tokensTable): number {
  requireAction(action);
  return flag("described", described) ? intAt(table, action, "described") : 0;
}

/**
 * Checks a declared spend: nothing, or exactly five tokens (one doubling per attack — spending
 * more buys nothing more), never more than the spender holds when the balance is known.
 */
export function requireTokenSpend(spent: unknown, balance?: number): number {
  const n = spent === undefined ? 0 : wholeNumber("tokensSpent", spent, 0, TOKENS_TO_DOUBLE);
  if (n !== 0 && n !== TOKENS_TO_DOUBLE) {
    throw new FracasRuleError("badTokenSpend", `spend 0 or ${TOKENS_TO_DOUBLE} action tokens (got ${n})`, { spent: n });
  }
  if (balance !== undefined && n > wholeNumber("tokens", balance, 0, Number.MAX_SAFE_INTEGER)) {
    throw new FracasRuleError("notEnoughTokens", `only ${balance} action tokens to spend`, { spent: n, balance });
  }
  return n;
}

/** The balance after cashing in `spent` tokens (validated as above). */
export function spendTokens(balance: number, spent: number): { balance: number; doubled: boolean } {
  const n = requireTokenSpend(spent, balance);
  return { balance: balance - n, doubled: n === TOKENS_TO_DOUBLE };
}

/** Henchmen neither earn nor spend tokens; PCs, minions and bosses do. */
export function earnsTokens(kind: CombatantKind): boolean {
  return requireKind(kind) !== "henchmen";
}

/** `tokensEarned` for a kind of combatant. */
export function tokensEarnedBy(kind: CombatantKind, action: Action, described: boolean, table: Grid = tokensTable): number {
  const earned = tokensEarned(action, described, table);
  return earnsTokens(kind) ? earned : 0;
}
