/**
 * A world's first run (GM review s10, G1). On `ready`, on the active GM's client only, until the GM
 * has answered once: a dialog asks which rulesets the world uses (four checkboxes, ticked as the
 * `enabled.*` settings are now), writes them, whispers the GMs a welcome that links the Fracas:
 * Guide compendium, and only then marks the world onboarded (the hidden setting `onboarded`).
 *
 * Decisions:
 * - Closing the dialog without pressing its button is no answer: nothing is written, the GM is told
 *   that Fracas asks again next time the world loads, and it does. A GM who is happy with every
 *   ruleset on just presses the button.
 * - The button with nothing ticked is refused (a world of no ruleset offers nothing to create): the
 *   GM is told and asked again at once.
 * - A world made before this build has never answered either, so its GM is asked once too; the
 *   boxes show its current settings, so the button keeps them.
 * - Every client other than the active GM's (players, another GM, a second tab of the same GM)
 *   leaves it alone; the setting is the world's, so it is asked once per world, not per GM.
 */
import { isActiveGM } from "../active-gm.js";
import { gmTabElected } from "../gm-tab.js";
import { t } from "../i18n.js";
import { isOnboarded, isRulesetEnabled, markOnboarded, SYSTEM_ID } from "../settings.js";
import { RULESET_IDS, type RulesetId } from "../../rulesets/types.js";
import { CHOOSE_RULESETS_TEMPLATE, chosenRulesets, rulesetChoiceView, type ChoiceForm } from "./ruleset-choice.js";
import { postWelcome } from "./welcome.js";

/** What the first-run check did: nothing to do here, the GM closed the dialog, or all done. */
export type FirstRunOutcome = "notHere" | "done" | "closed";

/** Asks once: the rulesets ticked, [] when the button was pressed with none, null when closed. */
async function askRulesets(): Promise<RulesetId[] | null> {
  const view = rulesetChoiceView(isRulesetEnabled);
  const content = await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/${CHOOSE_RULESETS_TEMPLATE}`, { view });
  const config = {
    window: { title: t("FRACAS.Welcome.Choose.Title"), icon: "fa-solid fa-dice" },
    classes: ["fracas", "fracas-onboarding"],
    position: { width: 440 },
    content,
    buttons: [
      {
        action: "save",
        label: t("FRACAS.Welcome.Choose.Save"),
        icon: "fa-solid fa-check",
        default: true,
        callback: (_event: Event, button: { form: ChoiceForm | null }) => chosenRulesets(button.form),
      },
    ],
    rejectClose: false,
  };
  const answer: unknown = await foundry.applications.api.DialogV2.wait(config as never);
  if (!Array.isArray(answer)) return null;
  return RULESET_IDS.filter((id) => answer.includes(id));
}

/** The first-run question, if this is the client to ask it and the world has not answered yet. */
export async function runFirstRun(): Promise<FirstRunOutcome> {
  // A second tab of the same GM learns here that the first one does the GM's work.
  await gmTabElected();
  if (!isActiveGM() || isOnboarded()) return "notHere";
  let chosen = await askRulesets();
  while (chosen !== null && chosen.length === 0) {
    ui.notifications?.warn(t("FRACAS.Welcome.Choose.NoneChosen"));
    chosen = await askRulesets();
  }
  if (chosen === null) {
    ui.notifications?.info(t("FRACAS.Welcome.Choose.AskAgain"));
    return "closed";
  }
  for (const id of RULESET_IDS) {
    const on = chosen.includes(id);
    if (isRulesetEnabled(id) !== on) await game.settings.set(SYSTEM_ID, `enabled.${id}`, on);
  }
  await postWelcome(chosen);
  await markOnboarded();
  return "done";
}
