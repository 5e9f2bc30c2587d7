/** A prone hero gets up at a new round: its card is posted and applied at once. */
import { isRuleError } from "../../../engine/errors.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { standUp } from "../rules/index.js";
import { stateOf } from "../data/state.js";
import { RULESET } from "./ruleset.js";
import { applyCardNow } from "../../../foundry/chat/apply-now.js";

/**
 * A new round: the prone `actor`, able to act, gets up (DECISIONS.md). GM's client (round start):
 * the card is posted and applied at once (applyCardNow), so the sheet and the token lose Prone
 * and the card keeps the Undo (a GM who rules the hero still down presses it). Nothing is posted
 * when the kernel refuses (not prone, or something keeps them down).
 */
export async function postStandUp(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  try {
    standUp(stateOf(actor.system));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    return undefined;
  }
  const out = { name: actor.name, targetUuid: actor.uuid };
  const message = await postCard({
    ruleset: RULESET,
    kind: "standUp",
    source: actor,
    result: out as unknown as JsonObject,
    targets: [{ uuid: actor.uuid, name: actor.name }],
    context: { view: { name: actor.name } },
  });
  await applyCardNow(message, actor);
  return message;
}
