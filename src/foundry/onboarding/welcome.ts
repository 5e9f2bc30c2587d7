/**
 * The welcome whispered to the world's GMs once they have chosen its rulesets: which rulesets the
 * world uses, links to the Fracas: Guide's pages (getting started, running a fight, each chosen
 * ruleset's page; V13 turns each @UUID into a link when the message renders) and where to change
 * the choice later.
 */
import { t } from "../i18n.js";
import type { RulesetId } from "../../rulesets/types.js";
import { guideUuid, type GuidePage } from "./guide.js";

/** A content link: V13's enricher reads the label up to "}", so it must not hold brackets or braces. */
function link(page: GuidePage, label: string): string {
  return `@UUID[${guideUuid(page)}]{${foundry.utils.escapeHTML(label.replace(/[[\]{}]/g, ""))}}`;
}

/** The message's HTML (the content of the chat message). */
export function welcomeContent(chosen: readonly RulesetId[]): string {
  const escape = foundry.utils.escapeHTML;
  const names = chosen.map((id) => t(`FRACAS.Ruleset.${id}`));
  const list = new Intl.ListFormat(game.i18n.lang || "en", { type: "conjunction" }).format(names);
  const pages = [
    link("start", t("FRACAS.Welcome.Message.Start")),
    link("fight", t("FRACAS.Welcome.Message.Fight")),
    ...chosen.map((id) => link(id, t("FRACAS.Welcome.Message.RulesetPage", { name: t(`FRACAS.Ruleset.${id}`) }))),
  ];
  return [
    `<div class="fracas fracas-welcome">`,
    `<h3>${escape(t("FRACAS.Welcome.Message.Heading"))}</h3>`,
    `<p>${escape(t("FRACAS.Welcome.Message.Rulesets", { names: list }))}</p>`,
    `<p>${escape(t("FRACAS.Welcome.Message.Guide"))}</p>`,
    `<ul>${pages.map((p) => `<li>${p}</li>`).join("")}</ul>`,
    `<p>${escape(t("FRACAS.Welcome.Message.Change"))}</p>`,
    `</div>`,
  ].join("");
}

/** Whispers the welcome to every GM of the world. */
export async function postWelcome(chosen: readonly RulesetId[]): Promise<void> {
  const whisper = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  await ChatMessage.create({ content: welcomeContent(chosen), speaker: { alias: t("FRACAS.Title") }, whisper } as never);
}
