/**
 * Before a card's Endurance FEAT (Slam?, Stun?, or at 0 Health) its roller is asked how much Karma
 * to spend (kernel: "Karma may be spent on them"; RULES.md §4: spent before rolling, +1 a point).
 * A small DialogV2 shows the exact chance of each colour on the Endurance column and what it does;
 * the odds follow the Karma typed. Cancelling rolls nothing (and claims nothing: the card's claim
 * comes after this prompt, before the Karma is taken and the dice rolled).
 */
import { t } from "../../../foundry/i18n.js";
import type { Color, RankKey } from "../rules/index.js";
import { clampKarma, enduranceKarmaView, enduranceOdds, type EnduranceKind } from "../sheets/endurance-view.js";
import { faseripTables } from "./tables.js";

export const ENDURANCE_KARMA_TEMPLATE = "faserip/endurance-karma.hbs";

/** The part of the DOM the live odds need (an HTMLElement in Foundry; a stub in tests). */
export interface OddsRoot {
  querySelector(selector: string): { value: string; addEventListener(type: string, fn: () => void): void } | null;
  querySelectorAll(selector: string): Iterable<{ dataset: DOMStringMap; textContent: string | null }>;
}

/** Keeps the prompt's percentages in step with the Karma typed (the prompt's render callback). */
export function bindKarmaOdds(root: OddsRoot, rank: RankKey, pool: number): void {
  const input = root.querySelector('input[name="karma"]');
  if (!input) return;
  input.addEventListener("input", () => {
    const percents = enduranceOdds(rank, clampKarma(input.value, pool), faseripTables().universal);
    for (const el of root.querySelectorAll("[data-faserip-odds]")) {
      const color = el.dataset["faseripOdds"] as Color | undefined;
      if (color && color in percents) el.textContent = percents[color];
    }
  });
}

function karmaField(form: HTMLFormElement | null | undefined): string {
  const field = form?.elements.namedItem("karma") as HTMLInputElement | null | undefined;
  return field?.value ?? "0";
}

export interface EnduranceKarmaAsk {
  kind: EnduranceKind;
  name: string;
  enduranceRank: RankKey;
  karmaPool: number;
}

/** Asks for the Karma to spend: the points (0..pool), or null when the roller cancelled. */
export async function askEnduranceKarma(ask: EnduranceKarmaAsk): Promise<number | null> {
  const tables = faseripTables();
  const view = enduranceKarmaView({ ...ask, karma: 0, tables: { universal: tables.universal, slamStun: tables.slamStun } });
  const content = await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/${ENDURANCE_KARMA_TEMPLATE}`, { view });
  const config = {
    window: { title: t("FRACAS.Faserip.Prompt.Title", { kind: t(view.titleKind) }) },
    classes: ["fracas", "faserip", "faserip-endurance-prompt"],
    position: { width: 380 },
    content,
    buttons: [
      {
        action: "roll",
        label: t("FRACAS.Faserip.Dialog.Roll"),
        icon: "fa-solid fa-dice-d20",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => clampKarma(karmaField(button.form), view.karmaPool),
      },
      { action: "cancel", label: t("FRACAS.Faserip.Prompt.Cancel") },
    ],
    render: (_event: Event, dialog: { element: HTMLElement }) => bindKarmaOdds(dialog.element as unknown as OddsRoot, ask.enduranceRank, view.karmaPool),
    rejectClose: false,
  };
  const answer: unknown = await foundry.applications.api.DialogV2.wait(config as never);
  // The roll button's callback gives the points; Cancel gives its action name, closing gives null.
  return typeof answer === "number" ? clampKarma(answer, view.karmaPool) : null;
}
