/**
 * The described defence's token, once per defensive round (seed 001 Step 4: a described defensive
 * action earns 1 token; DECISIONS.md: a defensive participant has no steps, so it earns once per
 * round). The entry carries a ref naming the combat and round, so the ledger itself says whether
 * that round's token was earned (an undone entry does not count: the GM took it back).
 */
import { refEarned } from "../../../foundry/actor-ledger.js";

export function defenceRef(combatId: string, round: number): string {
  return `defence:${combatId}:${round}`;
}

/** Whether that round's token was earned (a live entry carries its ref; core's actor ledger checks the same before writing). */
export const defenceEarned = refEarned;
