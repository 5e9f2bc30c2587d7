/** The defender's Slam? or Stun? Endurance FEAT, from an attack card's button. */
import { isRuleError } from "../../../engine/errors.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { t } from "../../../foundry/i18n.js";
import { resolveSecondary, toRankKey } from "../rules/index.js";
import type { SecondaryCheck } from "../rules/index.js";
import { currentEndurance, heroView } from "../data/state.js";
import { secondaryCardView, tokensKnown } from "../sheets/secondary-card-view.js";
import { faseripTables } from "./tables.js";
import { withKarmaTaken } from "./karma.js";
import { RULESET } from "./ruleset.js";
import { rollDie } from "./dice.js";
import { mayControl, refusalOnAnyFace, refusalText, takeEnduranceFeatKarma, targetOf, type FeatRefusal } from "./endurance-feat.js";

/**
 * The defender's Endurance FEAT on the Slam? or Stun? column, posted as a secondary card (once per
 * attack card). Its roller (the GM or the defender's owner) may spend Karma on it first; the Karma
 * is taken before the roll and given back when the card is not posted (cards/karma.ts).
 */
export async function rollSecondary(result: JsonObject, once?: string): Promise<ChatMessage.Implementation | undefined> {
  const target = await targetOf(result);
  const attack = result["attack"] as { secondary?: { kind?: string; applies?: boolean } } | undefined;
  const kind = attack?.secondary?.kind;
  if (!target || (kind !== "slam" && kind !== "stun") || attack?.secondary?.applies !== true) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NothingToApply"));
    return undefined;
  }
  if (!mayControl(target)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NotYourRoll"));
    return undefined;
  }
  const tables = faseripTables();
  const endurance = toRankKey("endurance", currentEndurance(heroView(target.system)), tables.ranks);
  // The dry run gives a d10, so a White Stun? (which needs one) is not taken for a refusal.
  const refused: FeatRefusal = (karma) => refusalText(refusalOnAnyFace((roll) => resolveSecondary({ kind, enduranceRank: endurance, roll, karma, d10: 1 }, tables)));
  const taken = await takeEnduranceFeatKarma(target, kind, endurance, once, refused);
  if (!taken) return undefined;
  return withKarmaTaken(taken, target, async (karma) => {
    const { roll, value } = await rollDie(100);
    const rolls = [roll];
    let check: SecondaryCheck;
    try {
      check = resolveSecondary({ kind, enduranceRank: endurance, roll: value, karma }, tables);
    } catch (e) {
      if (!isRuleError(e) || e.code !== "needDie") throw e;
      const d10 = await rollDie(10);
      rolls.push(d10.roll);
      check = resolveSecondary({ kind, enduranceRank: endurance, roll: value, karma, d10: d10.value }, tables);
    }
    const out = {
      kind: kind as "slam" | "stun",
      name: target.name,
      check,
      roll: value,
      karmaSpent: check.karmaSpent,
      effectiveRoll: check.effectiveRoll,
      color: check.color,
      enduranceRank: check.enduranceRank,
      targetUuid: target.uuid,
      attackerTokenUuid: typeof result["sourceTokenUuid"] === "string" ? result["sourceTokenUuid"] : "",
      defenderTokenUuid: typeof result["targetTokenUuid"] === "string" ? result["targetTokenUuid"] : "",
    };
    const canKnockback = tokensKnown(out);
    return postCard({
      ruleset: RULESET,
      kind: "secondary",
      source: target,
      result: out as unknown as JsonObject,
      rolls,
      targets: [{ uuid: target.uuid, name: target.name }],
      context: { view: secondaryCardView({ ...out, canKnockback }) },
    });
  });
}
