/**
 * The described defence's token, once per defensive round (seed 001 Step 4: a described defensive
 * action earns 1 token; DECISIONS.md: a defensive participant has no steps, so it earns once per
 * round). The entry carries a ref naming the combat and round, so the ledger itself says whether
 * that round's token was earned (an undone entry does not count: the GM took it back).
 */
import type * as ledger from "../../../engine/ledger.js";

export function defenceRef(combatId: string, round: number): string {
  return `defence:${combatId}:${round}`;
}

export function defenceEarned(pool: ledger.Pool, ref: string): boolean {
  return pool.entries.some((e) => e.ref === ref && e.undone !== true && e.undoes === undefined);
}
