/**
 * What the defender's Endurance FEAT cards (Slam?, Stun?, 0 Health) share: who may roll them, the
 * card's target, the kernel's refusal found before anything is written, and the Karma taken in an
 * order that spends nothing on a refused or lost click.
 */
import { isRuleError, type FracasRuleError } from "../../../engine/errors.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { lookupUuid } from "../../../foundry/typed.js";
import type { KarmaSpend, RankKey } from "../rules/index.js";
import type { EnduranceKind } from "../sheets/endurance-view.js";
import { alreadyRolled, claimOnce, releaseOnce } from "./once.js";
import { askEnduranceKarma } from "./endurance-karma.js";
import { karmaPoolOf, karmaRefusal, returnKarma, takeKarma, type KarmaTaken } from "./karma.js";

/** May this user roll for / move `actor`'s token? The GM or an owner. */
export function mayControl(actor: Actor.Implementation): boolean {
  return game.user.isGM || actor.isOwner;
}

export async function targetOf(result: JsonObject): Promise<Actor.Implementation | null> {
  const uuid = typeof result["targetUuid"] === "string" ? result["targetUuid"] : "";
  if (!uuid) return null;
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/**
 * The kernel's refusal of a roll about to be made, found before anything is written: `resolve` is
 * the kernel call, run on every face the d100 can show (so a refusal that only one colour would
 * meet is found too). The caller warns and rolls nothing (review 1 #12: a refused click spends no
 * claim and no Karma).
 */
export function refusalOnAnyFace(resolve: (roll: number) => unknown): FracasRuleError | null {
  for (let roll = 1; roll <= 100; roll++) {
    try {
      resolve(roll);
    } catch (e) {
      if (!isRuleError(e)) throw e;
      return e;
    }
  }
  return null;
}

/** The kernel's refusal found by a dry run (refusalOnAnyFace), worded for the user; null when none. */
export function refusalText(refusal: FracasRuleError | null): string | null {
  return refusal ? ruleErrorMessage(refusal) : null;
}

/**
 * Why a card's Endurance FEAT may not be rolled now with `karma` (the user's warning, worded), or
 * null: read from the hero as it is at the call, so it is asked before the claim and again after.
 */
export type FeatRefusal = (karma: KarmaSpend | undefined) => string | null;

/**
 * The Karma the roller spends on a card's Endurance FEAT, taken before the dice. In this order,
 * so that a click refused or cancelled anywhere spends nothing, and only one of two clicks at the
 * same instant (the GM and the owner, or a double click) writes the Karma pool:
 * 1. on this client: the fast "already rolled" check, the prompt, the pool as it is now, and
 *    `refused` (the kernel's dry run, with the Karma) — a refusal here claims nothing;
 * 2. the claim (cards/once.ts, through the GM): the click that loses it writes nothing at all;
 * 3. the spend (a Karma ledger entry), then `refused` again, on the hero and pool as they are
 *    after those round trips. A refusal in 3 (the pool spent meanwhile, the hero healed) gives
 *    the Karma back and the claim back (releaseOnce), so the card's button still rolls.
 * Null: no roll (the user has been told why).
 */
export async function takeEnduranceFeatKarma(
  target: Actor.Implementation,
  kind: EnduranceKind,
  enduranceRank: RankKey,
  once: string | undefined,
  refused: FeatRefusal,
): Promise<KarmaTaken | null> {
  if (once && alreadyRolled(target, once)) return null;
  const points = await askEnduranceKarma({ kind, name: target.name, enduranceRank, karmaPool: karmaPoolOf(target) });
  if (points === null) return null;
  // The pool may have changed while the prompt was open.
  const pool = karmaPoolOf(target);
  if (points > pool) {
    ui.notifications?.warn(t("FRACAS.Error.notEnoughKarma", { points, pool }));
    return null;
  }
  const before = refused(points > 0 ? { points, pool } : undefined);
  if (before) {
    ui.notifications?.warn(before);
    return null;
  }
  if (once && !(await claimOnce(target, once))) return null;
  const giveClaimBack = async () => {
    if (once) await releaseOnce(target, once);
  };
  let taken: KarmaTaken;
  try {
    taken = await takeKarma(target, points, t(`FRACAS.Faserip.Secondary.${kind}`));
  } catch (e) {
    await giveClaimBack();
    const said = karmaRefusal(e);
    if (said === null) throw e;
    ui.notifications?.warn(said);
    return null;
  }
  const after = refused(taken.karma);
  if (after) {
    await returnKarma(target, taken);
    await giveClaimBack();
    ui.notifications?.warn(after);
    return null;
  }
  return taken;
}
