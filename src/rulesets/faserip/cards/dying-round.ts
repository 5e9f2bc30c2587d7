/** A round of dying: its card drops one Endurance rank (the round start, or the sheet outside a fight). */
import { isRuleError } from "../../../engine/errors.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { ruleErrorMessage } from "../../../foundry/i18n.js";
import { dyingTick } from "../rules/index.js";
import { stateOf } from "../data/state.js";
import { dyingCardView } from "../sheets/dying-card-view.js";
import { RULESET } from "./ruleset.js";
import { applyCardNow } from "../../../foundry/chat/apply-now.js";

/**
 * A round of dying passes for `actor` (the round start, or the sheet outside a fight): its dying
 * card is posted and applied at once, so one Endurance rank is lost (DECISIONS.md). The card keeps
 * its Undo and, unless the rank lost kills, its Stabilise (GM).
 */
export async function passDyingRound(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  const message = await postDyingTick(actor);
  await applyCardNow(message, actor);
  return message;
}

/** A round of dying for `actor`: a card whose Apply drops one Endurance rank (passDyingRound applies it). */
export async function postDyingTick(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  let preview;
  try {
    preview = dyingTick(stateOf(actor.system));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
    return undefined;
  }
  const out = { name: actor.name, enduranceBefore: preview.enduranceBefore, enduranceAfter: preview.enduranceAfter, targetUuid: actor.uuid };
  return postCard({
    ruleset: RULESET,
    kind: "dyingTick",
    source: actor,
    result: out as unknown as JsonObject,
    targets: [{ uuid: actor.uuid, name: actor.name }],
    context: { view: dyingCardView(out) },
  });
}
