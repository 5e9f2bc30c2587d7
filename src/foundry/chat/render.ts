/**
 * renderChatMessageHTML: on a Fracas card, draw each target's Apply / Undo state from the stored
 * applications and wire the buttons (HTMLElement, no jQuery). Writes go through queries.ts.
 */
import { descriptor } from "../rulesets.js";
import { requestApply, requestFollowUp, requestUndo, warnRefused } from "../queries.js";
import { lookupUuidSync } from "../typed.js";
import { t } from "../i18n.js";
import type { Application } from "../data/card-data.js";
import { applicationsView } from "./applications-view.js";
import { lockAuthorOnlyControls, lockGmOnlyControls } from "./gm-only-controls.js";
import { cardActor } from "./apply.js";
import type { JsonObject } from "../registry.js";
import { appliesHere, isActiveGM } from "../active-gm.js";

interface CardView {
  ruleset: string;
  kind: string;
  result: JsonObject;
  sourceUuid?: string;
  targets: { uuid: string; name: string }[];
  applications: Application[];
}

const APPLICATIONS_TEMPLATE = "systems/fracas/templates/chat/applications.hbs";

/**
 * May this client write the target and the card itself, without the GM? See appliesHere: the active
 * GM; a player only with no GM connected, who wrote the card and owns the target, and only when the
 * Apply touches no GM pool.
 */
export function mayWriteHere(message: ChatMessage.Implementation, card: CardView, targetUuid: string): boolean {
  if (game.user.isGM) return isActiveGM();
  const target = lookupUuidSync(targetUuid);
  if (!(target instanceof Actor) || !appliesHere(target) || !message.isAuthor) return false;
  const kind = descriptor(card.ruleset)?.cards?.[card.kind];
  const source = card.sourceUuid ? lookupUuidSync(card.sourceUuid) : null;
  const effect = kind?.effect({ result: card.result, target: cardActor(target as Actor.Implementation), ...(source instanceof Actor ? { source: cardActor(source as Actor.Implementation) } : {}) });
  return !!effect && !("refused" in effect) && !(effect.pools?.length);
}

/**
 * The Apply/Undo rows as HTML, from the preloaded template (Foundry registers preloaded templates
 * as Handlebars partials, so this stays synchronous inside the render hook).
 */
export function renderApplications(card: CardView): string {
  const partial = (Handlebars.partials as Record<string, unknown>)[APPLICATIONS_TEMPLATE];
  const template = typeof partial === "function" ? (partial as (ctx: object) => string) : typeof partial === "string" ? Handlebars.compile(partial) : null;
  if (!template) return "";
  return template(applicationsView(card, t, game.user.isGM, descriptor(card.ruleset)?.cards?.[card.kind]?.summaryText));
}

async function onClick(message: ChatMessage.Implementation, card: CardView, el: HTMLElement): Promise<void> {
  const action = el.dataset.fracasAction;
  let outcome: { ok: boolean; reason?: string; data?: Record<string, string | number> } | undefined;
  if (action === "apply" && el.dataset.targetUuid) {
    outcome = await requestApply(message.id ?? "", el.dataset.targetUuid, mayWriteHere(message, card, el.dataset.targetUuid));
  } else if (action === "undo" && el.dataset.applicationId) {
    const app = card.applications.find((a) => a.id === el.dataset.applicationId);
    const local = isActiveGM() || (!!app && message.isAuthor && app.poolEntries.length === 0 && appliesHere(lookupUuidSync(app.targetUuid) as Actor | null));
    outcome = await requestUndo(message.id ?? "", el.dataset.applicationId, local);
  } else if (action === "gmFollowUp" && el.dataset.fracasFollowUp) {
    let args: JsonObject = {};
    try {
      args = el.dataset.args ? (JSON.parse(el.dataset.args) as JsonObject) : {};
    } catch {
      args = {};
    }
    outcome = await requestFollowUp(message.id ?? "", el.dataset.fracasFollowUp, args);
  } else if (action === "followUp" && el.dataset.fracasFollowUp) {
    const follow = descriptor(card.ruleset)?.cards?.[card.kind]?.followUps?.[el.dataset.fracasFollowUp];
    // A card posted by an older version may carry a button this version no longer has.
    if (follow) await follow({ message, result: card.result, button: el });
    else ui.notifications?.warn(t("FRACAS.Chat.Refused.StaleButton"));
    return;
  }
  if (outcome) warnRefused(outcome);
}

export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (message.type !== "card") return;
  const card = message.system as unknown as CardView;
  lockGmOnlyControls(html, game.user.isGM);
  lockAuthorOnlyControls(html, { isGM: game.user.isGM, isAuthor: message.isAuthor });
  const slot = html.querySelector(".fracas-card-applications");
  const applicable = descriptor(card.ruleset)?.cards?.[card.kind]?.applicable !== false;
  if (slot && applicable) {
    const html = renderApplications(card);
    if (html) slot.innerHTML = html;
    // Templates load asynchronously at init; a card rendered before that fills in once it has.
    else void foundry.applications.handlebars.getTemplate(APPLICATIONS_TEMPLATE).then(() => (slot.innerHTML = renderApplications(card)));
  } else slot?.remove();
  html.addEventListener("click", (event) => {
    const el = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-fracas-action]");
    if (!el) return;
    event.preventDefault();
    el.setAttribute("disabled", "");
    onClick(message, card, el)
      .catch((err: unknown) => {
        console.error("Fracas |", err);
        ui.notifications?.error(t("FRACAS.Chat.Failed"));
      })
      .finally(() => el.removeAttribute("disabled"));
  });
}
