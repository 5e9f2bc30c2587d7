/** A Slam?'s knock-back on the map: the defender's token moved away from the attacker's. */
import type { JsonObject } from "../../../foundry/registry.js";
import { t } from "../../../foundry/i18n.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { knockBackPosition } from "./knockback.js";

/** Where a knock-back puts the defender's token: the token and its new place. */
export interface KnockBackPlan {
  token: TokenDocument.Implementation;
  dest: { x: number; y: number };
  areas: number;
}

/**
 * Slam knock-back on the map: where the defender's token goes, `areas` grid spaces straight away
 * from the attacker's token. Only the GM or the defender's owner, and only when both tokens are on
 * the viewed scene; otherwise warned, and null. Nothing is moved here (knockback-move.ts moves it
 * once the card has recorded the move).
 */
export function planKnockBack(result: JsonObject): KnockBackPlan | null {
  const check = result["check"] as { areas?: number } | undefined;
  const areas = typeof check?.areas === "number" ? check.areas : 0;
  const from = lookupUuidSync(String(result["attackerTokenUuid"] ?? "")) as TokenDocument.Implementation | null;
  const to = lookupUuidSync(String(result["defenderTokenUuid"] ?? "")) as TokenDocument.Implementation | null;
  const board = typeof canvas === "undefined" ? null : canvas;
  if (areas <= 0 || !from || !to || !board?.scene || from.parent !== board.scene || to.parent !== board.scene) {
    ui.notifications?.warn(t("FRACAS.Faserip.Knockback.NotOnMap"));
    return null;
  }
  if (!game.user.isGM && !to.isOwner) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NotYourRoll"));
    return null;
  }
  const size = board.grid?.size ?? 100;
  const rect = (board as unknown as { dimensions?: { sceneRect?: { x: number; y: number; width: number; height: number } } }).dimensions?.sceneRect;
  const bounds = rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height, tokenWidth: (to.width ?? 1) * size, tokenHeight: (to.height ?? 1) * size } : undefined;
  const dest = knockBackPosition({ x: from.x ?? 0, y: from.y ?? 0 }, { x: to.x ?? 0, y: to.y ?? 0 }, areas, size, bounds);
  return { token: to, dest, areas };
}
