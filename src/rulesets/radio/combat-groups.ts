/**
 * The GM's split of NPCs into initiative groups (RULES.md §2: one 1d6 per NPC group; a GM may split
 * distinct groups). A tracker panel lists the GM side's combatants that are not henchmen groups;
 * "Change group" cycles a combatant through the GM's group and groups A–D (combatant memory
 * `group`). The split takes effect at the next round's initiative. Only the GM sees the panel.
 * A group also declares as one (group-declaration.ts).
 */
import type { CombatantInfo } from "../../foundry/registry.js";
import { combatantStateOf } from "../../foundry/combatant-state.js";
import type { FracasCombat } from "../../foundry/documents/combat.js";

export const GROUPS = ["", "A", "B", "C", "D"] as const;

export interface GroupRow {
  id: string;
  name: string;
  group: string;
  label: string;
}

/** The rows the panel shows: NPCs that roll with a GM group (PCs and henchmen groups roll alone). */
export function groupRows(combatants: readonly CombatantInfo[]): GroupRow[] {
  return combatants
    .filter((c) => !c.isPC && c.actorType !== "radioHenchmen")
    .map((c) => {
      const g = typeof c.memory.group === "string" ? c.memory.group : "";
      return { id: c.id, name: c.name, group: g, label: g ? "FRACAS.Radio.Groups.Named" : "FRACAS.Radio.Groups.GM" };
    });
}

/** The next group in the cycle GM → A → B → C → D → GM. */
export function nextGroup(current: unknown): string {
  const i = GROUPS.indexOf((typeof current === "string" ? current : "") as (typeof GROUPS)[number]);
  return GROUPS[(i + 1) % GROUPS.length]!;
}

export const GROUPS_PANEL_TEMPLATE = "radio/tracker-panel.hbs";

/**
 * The panel is a GM tool, shown to the GM only: players would otherwise see every NPC by name,
 * hidden combatants (ambushers Foundry's own tracker hides from them) included, and the GM's hint.
 */
export function groupsPanelContext(combat: Combat.Implementation): Record<string, unknown> {
  if (!game.user.isGM) return { rows: [], isGM: false };
  const infos = (combat as unknown as { combatantInfos?: () => CombatantInfo[] }).combatantInfos?.() ?? [];
  return { rows: groupRows(infos), isGM: true };
}

/** GM only: move a combatant to the next group; it rolls with that group from the next round. */
export async function changeGroup(combat: Combat.Implementation, button: HTMLElement): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(game.i18n.localize("FRACAS.Chat.Refused.NotGM"));
    return;
  }
  const combatant = combat.combatants.get(button.dataset.combatantId ?? "");
  if (!combatant) return;
  const memory = combatantStateOf(combatant).memory;
  await (combat as unknown as FracasCombat).patchCombatantMemory(combatant.id ?? "", { group: nextGroup(memory.group) });
}
