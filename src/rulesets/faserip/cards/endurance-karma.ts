/**
 * Before a card's Endurance FEAT (Slam?, Stun?, or at 0 Health) its roller is asked how much Karma
 * to spend (kernel: "Karma may be spent on them"; RULES.md §4: spent before rolling, +1 a point).
 * A small DialogV2 shows the exact chance of each colour on the Endurance column and what it does;
 * the odds follow the Karma typed. Cancelling rolls nothing (and claims nothing: the card's claim
 * comes after this prompt, before the Karma is taken and the dice rolled).
 * Karma is read as typed (sheets/typed-numbers.ts, as the FEAT dialog): over the pool, below 0 or
 * not whole, a line under the field says what is used instead and Roll is disabled; a Roll that
 * still carries such a number (no input event yet) rolls nothing and says why (the card's button
 * still works). Before, 99 on a pool of 16 rolled with 16 and 2.5 with 2, quietly.
 */
import { t } from "../../../foundry/i18n.js";
import type { Color, RankKey } from "../rules/index.js";
import { clampKarma, enduranceKarmaView, enduranceOdds, type EnduranceKind } from "../sheets/endurance-view.js";
import { faseripTables } from "./tables.js";
import { readTyped, typedNote, type TypedAdjusted } from "../sheets/typed-numbers.js";

export const ENDURANCE_KARMA_TEMPLATE = "faserip/endurance-karma.hbs";

/** The part of the DOM the live odds need (an HTMLElement in Foundry; a stub in tests). */
export interface OddsRoot {
  querySelector(selector: string): KarmaInput | null;
  querySelectorAll(selector: string): Iterable<{ dataset: DOMStringMap; textContent: string | null }>;
}

/** The Karma input (an HTMLInputElement; a stub in tests may lack the attribute methods). */
interface KarmaInput {
  value: string;
  addEventListener(type: string, fn: () => void): void;
  setAttribute?(name: string, value: string): void;
  removeAttribute?(name: string): void;
}

/** The prompt's typed-Karma line and its Roll button (optional: an older stub has neither). */
interface TypedControls {
  querySelector(selector: string): { textContent: string | null; hidden: boolean; disabled: boolean } | null;
}

/** The line said under the Karma field for a number the roll cannot use as typed. */
export function typedKarmaText(a: TypedAdjusted): string {
  const note = typedNote(a);
  return t(note.key, { ...note.data, field: t(note.fieldKey) });
}

/**
 * Keeps the prompt's percentages in step with the Karma typed (the prompt's render callback): the
 * odds use the value in force; a number the roll cannot use as typed is said and disables Roll.
 */
export function bindKarmaOdds(root: OddsRoot, rank: RankKey, pool: number): void {
  const input = root.querySelector('input[name="karma"]');
  if (!input) return;
  const controls = root as unknown as TypedControls;
  input.addEventListener("input", () => {
    const typed = readTyped("karma", input.value, 0, pool);
    const percents = enduranceOdds(rank, clampKarma(typed.value, pool), faseripTables().universal);
    for (const el of root.querySelectorAll("[data-faserip-odds]")) {
      const color = el.dataset["faseripOdds"] as Color | undefined;
      if (color && color in percents) el.textContent = percents[color];
    }
    const line = controls.querySelector("[data-faserip-karma-typed]");
    if (line) {
      line.textContent = typed.adjusted ? typedKarmaText(typed.adjusted) : "";
      line.hidden = typed.adjusted === null;
    }
    // The field is marked invalid while its line (its aria-describedby) says so.
    if (typed.adjusted) input.setAttribute?.("aria-invalid", "true");
    else input.removeAttribute?.("aria-invalid");
    const roll = controls.querySelector('button[data-action="roll"]');
    if (roll) roll.disabled = typed.adjusted !== null;
  });
}

/** The Roll button's answer: the points, or the number typed that the roll cannot use. */
export type KarmaAnswer = number | { refused: TypedAdjusted };

/** Reads the prompt's field at the Roll (strictly: typed-numbers.ts). */
export function karmaAnswer(value: string, pool: number): KarmaAnswer {
  const typed = readTyped("karma", value, 0, pool);
  return typed.adjusted ? { refused: typed.adjusted } : typed.value;
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
        callback: (_event: Event, button: HTMLButtonElement) => karmaAnswer(karmaField(button.form), view.karmaPool),
      },
      { action: "cancel", label: t("FRACAS.Faserip.Prompt.Cancel") },
    ],
    render: (_event: Event, dialog: { element: HTMLElement }) => bindKarmaOdds(dialog.element as unknown as OddsRoot, ask.enduranceRank, view.karmaPool),
    rejectClose: false,
  };
  const answer: unknown = await foundry.applications.api.DialogV2.wait(config as never);
  // A number the roll cannot use as typed: nothing rolled, and said (the card's button still works).
  if (typeof answer === "object" && answer !== null && "refused" in answer) {
    const a = (answer as { refused: TypedAdjusted }).refused;
    ui.notifications?.warn(t("FRACAS.Faserip.Prompt.KarmaRefused", { typed: a.typed, min: a.min, max: a.max }));
    return null;
  }
  // The roll button's callback gives the points; Cancel gives its action name, closing gives null.
  return typeof answer === "number" ? clampKarma(answer, view.karmaPool) : null;
}
