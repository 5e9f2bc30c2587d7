/**
 * A character's Hero (or Survival) Points pool (system.heroPoints: the engine's ledger Pool), written
 * on ONE client, as Radio's tokens and FASERIP's Karma are (core actor-ledger.ts). Before (quality
 * audit s15), the sheet's ± wrote the pool on the owner's client while a card's spend wrote it on the
 * active GM's: each read the pool on its own client, so at the same instant one write replaced the
 * other and a spent point came back. Now the sheet's ± is a core ledger write (the active GM's
 * client, under this pool's lock), and the card spends read and write the pool under the same lock
 * there (withHeroPoints).
 */
import { LedgerRefused, registerActorLedger, withActorLedger, writeActorLedger } from "../../../foundry/actor-ledger.js";
import { isRuleError } from "../../../engine/errors.js";
import { t } from "../../../foundry/i18n.js";
import { ruleErrorText } from "../rule-error.js";

/** The ledger's name, also its lock's key with the character's UUID. */
export const HERO_POINTS = "bond.heroPoints";

/** The sheet changes the pool one point at a time. */
const SHEET_STEP = 1;

/** Bond's Hero Points pool, at init. */
export function registerHeroPointLedger(): void {
  registerActorLedger(HERO_POINTS, { path: "system.heroPoints", maxDelta: SHEET_STEP, unconfirmed: "FRACAS.Bond.HeroPointsUnconfirmed" });
}

/** Runs a card spend's read-change-write of `actor`'s pool after the others under way on this client. */
export function withHeroPoints<T>(actor: { uuid: string }, run: () => Promise<T>): Promise<T> {
  return withActorLedger(HERO_POINTS, actor, run);
}

/** The sheet's +1 / −1: one ledger entry; a refusal (no points to spend, the GM's client silent) is warned. */
export async function stepHeroPoints(actor: Actor.Implementation, delta: 1 | -1): Promise<void> {
  try {
    await writeActorLedger(actor, HERO_POINTS, { kind: "change", changes: [{ id: foundry.utils.randomID(), delta: delta * SHEET_STEP, reason: "sheet" }] });
  } catch (e) {
    if (isRuleError(e)) ui.notifications?.warn(ruleErrorText(e));
    else if (e instanceof LedgerRefused) ui.notifications?.warn(t(e.reason));
    else throw e;
  }
}
