/**
 * The GM's keybinding for "Next step" (review-s10 G11): the tracker's Next step without reaching
 * for the sidebar or first dragging the macro to the hotbar. Registered at init (V13 refuses a
 * keybinding registered later), restricted to GMs, with no default key: V13 already binds most
 * single keys (movement, Pause, layers), so the GM picks one in Configure Controls, under Fracas.
 */
import { t } from "./i18n.js";

/**
 * game.fracas (api.ts, installed at init), read when pressed: this module is imported by settings.ts,
 * which pure code and template fixtures import, so it must not import the API's applications.
 */
function api(): { nextStep(): Promise<void> } {
  return (game as unknown as { fracas: { nextStep(): Promise<void> } }).fracas;
}

export const NEXT_STEP_ACTION = "nextStep";

/**
 * Moves the viewed combat's plan on one step, as the tracker's Next step does (game.fracas.nextStep:
 * a GM only, a begun combat only, each said when it is not so). A press again while the first step
 * is still being written moves on once: FracasCombat#advance gives it the step under way.
 */
export function pressNextStep(): Promise<void> {
  return api().nextStep();
}

export function registerKeybindings(namespace: string): void {
  game.keybindings.register(namespace, NEXT_STEP_ACTION, {
    name: "FRACAS.Tracker.Keybinding.NextStep",
    hint: "FRACAS.Tracker.Keybinding.NextStepHint",
    editable: [],
    restricted: true,
    onDown: () => {
      void pressNextStep().catch((err: unknown) => {
        console.error("Fracas |", err);
        ui.notifications?.error(t("FRACAS.Chat.Failed"));
      });
      return true;
    },
  });
}
