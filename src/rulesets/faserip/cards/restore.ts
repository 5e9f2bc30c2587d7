/** The sheet's Restore: Health, Endurance and the 0-Health conditions back to their start. */
import { isRuleError } from "../../../engine/errors.js";
import { statusEffectId } from "../../../engine/events.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { restoreHealth } from "../rules/index.js";
import { heroView, stateOf } from "../data/state.js";
import { writeState } from "./write-state.js";

/**
 * The sheet's Restore (its owner or the GM): Health to its maximum, Endurance to its base rank,
 * and the unconsciousness and dying of 0 Health ended, status icons included (rules/condition.ts
 * restoreHealth). Otherwise a restored hero would still be down, and the round start would go on
 * taking Endurance ranks from a dying flag nobody cleared. A dead hero (system status or the
 * DEFEATED icon, as in down.ts) is refused: the GM clears Dead first.
 */
export async function restoreActor(actor: Actor.Implementation): Promise<void> {
  const hero = heroView(actor.system);
  if (hero.status.dead || (actor.statuses?.has(statusEffectId("dead")) ?? false)) {
    ui.notifications?.warn(t("FRACAS.Error.restoreDead"));
    return;
  }
  try {
    // Endurance back to the base rank: the stored override is cleared, not set to the same rank.
    await writeState(actor, restoreHealth(stateOf(actor.system), hero.abilities.endurance), { "system.status.endurance": "" });
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
  }
}
