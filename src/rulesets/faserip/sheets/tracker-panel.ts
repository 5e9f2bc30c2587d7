/** The faserip tracker panel: the round's side initiative (read from the combat's ruleset memory). */
import type { FracasCombat } from "../../../foundry/documents/combat.js";
import { sidesPanelView } from "./sides-panel-view.js";

export const PANEL_TEMPLATE = "systems/fracas/templates/faserip/tracker-panel.hbs";

export function panelContext(combat: Combat.Implementation): Record<string, unknown> {
  const c = combat as unknown as FracasCombat;
  return sidesPanelView({ combatMemory: c.fracas.memory, combatants: c.combatantInfos(), isGM: game.user.isGM });
}
