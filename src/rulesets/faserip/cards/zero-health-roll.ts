/**
 * The Endurance FEAT of a character at 0 Health (White: they begin dying): from an attack card's
 * button, or rolled by the round start.
 */
import { isRuleError } from "../../../engine/errors.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { checkZeroHealthFeat, toRankKey, zeroHealthFeat } from "../rules/index.js";
import { isStabilised, stateOf } from "../data/state.js";
import { secondaryCardView } from "../sheets/secondary-card-view.js";
import { faseripTables } from "./tables.js";
import { withKarmaTaken, type KarmaTaken } from "./karma.js";
import { RULESET } from "./ruleset.js";
import { rollDie } from "./dice.js";
import { applyCardNow } from "../../../foundry/chat/apply-now.js";
import { mayControl, refusalOnAnyFace, refusalText, takeEnduranceFeatKarma, targetOf, type FeatRefusal } from "./endurance-feat.js";

/** The Endurance FEAT of a character at 0 Health, from an attack card's button (White: they begin dying). */
export function rollZeroHealth(result: JsonObject, once?: string): Promise<ChatMessage.Implementation | undefined> {
  return zeroHealthRoll(result, { once, roundStart: false });
}

/**
 * The round start's own 0-Health FEAT, rolled by the GM's client inside nextRound: no Karma is
 * offered (a prompt there would hold up the round on the GM's screen, and the hero's owner is not
 * asked); the card says so (DECISIONS.md).
 */
export async function rollZeroHealthAtRoundStart(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  const message = await zeroHealthRoll({ targetUuid: actor.uuid }, { roundStart: true });
  // Applied when posted, as the dying and stand-up cards: a White starts dying now; its Undo stays the GM's way back.
  await applyCardNow(message, actor);
  return message;
}

async function zeroHealthRoll(result: JsonObject, opts: { once?: string; roundStart: boolean }): Promise<ChatMessage.Implementation | undefined> {
  const target = await targetOf(result);
  if (!target) return undefined;
  if (!mayControl(target)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NotYourRoll"));
    return undefined;
  }
  // Stabilised after dying: safe at 0 Health, no more FEATs (the button may be on an older card).
  if (isStabilised(target.system)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.Stabilised"));
    return undefined;
  }
  // Not at 0 Health (healed since the card) or already dying: refused before any claim or die.
  let before;
  try {
    before = checkZeroHealthFeat(stateOf(target.system));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
    return undefined;
  }
  const universal = faseripTables().universal;
  // Read from the hero at each call: before the claim, and again after it and the Karma's round trips.
  const refused: FeatRefusal = (karma) =>
    isStabilised(target.system) ? t("FRACAS.Faserip.Refused.Stabilised") : refusalText(refusalOnAnyFace((roll) => zeroHealthFeat(stateOf(target.system), roll, karma, universal)));
  const taken: KarmaTaken | null = opts.roundStart
    ? { karma: undefined, entry: null }
    : await takeEnduranceFeatKarma(target, "zeroHealth", toRankKey("endurance", before.endurance), opts.once, refused);
  if (!taken) return undefined;
  return withKarmaTaken(taken, target, async (karma) => {
    const { roll, value } = await rollDie(100);
    let feat;
    try {
      // A card's FEAT was checked again after its claim, before the dice (takeEnduranceFeatKarma);
      // this read is the round start's check, and a last one: no card, the Karma is given back.
      feat = zeroHealthFeat(stateOf(target.system), value, karma, universal);
    } catch (e) {
      if (!isRuleError(e)) throw e;
      ui.notifications?.warn(ruleErrorMessage(e));
      return undefined;
    }
    const out = {
      kind: "zeroHealth",
      name: target.name,
      roll: value,
      karmaSpent: feat.karmaSpent,
      effectiveRoll: feat.effectiveRoll,
      roundStart: opts.roundStart,
      color: feat.color,
      startsDying: feat.startsDying,
      enduranceRank: toRankKey("endurance", stateOf(target.system).endurance),
      targetUuid: target.uuid,
    };
    return postCard({
      ruleset: RULESET,
      kind: "secondary",
      source: target,
      result: out as unknown as JsonObject,
      rolls: [roll],
      targets: [{ uuid: target.uuid, name: target.name }],
      context: { view: secondaryCardView({ ...out, kind: "zeroHealth" }) },
    });
  });
}
