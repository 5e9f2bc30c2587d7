/** The GM stabilises a dying hero (from the dying card's Stabilise (GM)). */
import { isRuleError } from "../../../engine/errors.js";
import { statusEffectId } from "../../../engine/events.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { stabilise } from "../rules/index.js";
import { heroView, stateOf } from "../data/state.js";
import { writeState } from "./write-state.js";

/**
 * GM: the dying character is stabilised (no longer dying; still unconscious). It is marked
 * stabilised, so the round start rolls no 0-Health Endurance FEAT for it (DECISIONS.md).
 * A dead character is never stabilised, nor one whose dying card says this round kills
 * (`cardKills`): the death stands; an applied one is reverted with the card's Undo.
 */
export async function stabiliseActor(actor: Actor.Implementation, cardKills = false): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.GMOnly"));
    return;
  }
  // The system flag or the DEFEATED icon the GM may have set by hand (both count as dead, as in down.ts).
  if (cardKills || heroView(actor.system).status.dead || (actor.statuses?.has(statusEffectId("dead")) ?? false)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.DeadNoStabilise", { name: actor.name }));
    return;
  }
  try {
    await writeState(actor, stabilise(stateOf(actor.system)), { "system.status.stabilised": true });
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
  }
}
