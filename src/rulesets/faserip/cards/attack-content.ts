/**
 * The attack card's body rendered again from a changed result: the core renders a card once, when
 * it is posted, so a card whose content follows what happened later (an object snatched, the
 * 0-Health FEAT owed once its blow is applied) is re-rendered here and written with that change.
 */
import type { JsonObject } from "../../../foundry/registry.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { attackCardView } from "../sheets/attack-card-view.js";

export const ATTACK_TEMPLATE = "faserip/cards/attack.hbs";

/** What an attack card stores (ChatMessage system data) that its body is rendered from. */
export interface StoredAttackCard {
  sourceUuid?: string;
  targets?: { uuid: string; name: string }[];
  result: JsonObject;
}

/** The actor at `uuid`, or null (none, gone, or not an actor). */
export const actorAt = (uuid: unknown): Actor.Implementation | null => {
  const doc = typeof uuid === "string" && uuid !== "" ? lookupUuidSync(uuid) : null;
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
};

/** The attack card's body for `result` (the card's own, changed). */
export async function renderAttack(card: StoredAttackCard, result: JsonObject): Promise<string> {
  const found = actorAt(card.sourceUuid);
  const source = found ? { name: found.name, img: found.img, uuid: found.uuid } : null;
  const view = attackCardView(result as unknown as Parameters<typeof attackCardView>[0]);
  const hasTarget = typeof result["targetUuid"] === "string" && result["targetUuid"] !== "";
  return foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/${ATTACK_TEMPLATE}`, { result, source, targets: card.targets ?? [], view, hasTarget });
}
