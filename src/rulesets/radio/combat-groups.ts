/**
 * The GM's split of NPCs into initiative groups (RULES.md §2: one 1d6 per NPC group; a GM may split
 * distinct groups). A tracker panel lists the GM side's combatants that are not henchmen groups;
 * "Change group" cycles a combatant through the GM's group and groups A–D. Before the fight starts
 * the change counts at once; during it, it waits for the next round's initiative roll (combatant
 * memory `nextRoundGroup`, initiative-group.ts), because the seed rolls a group's initiative per
 * round and the round under way was rolled and declared with the old groups. Each row says which
 * group is in force and, when a change is pending, from which round the new one counts.
 * Only the GM sees the panel. A group also declares as one (group-declaration.ts).
 */
import type { CombatantInfo, JsonObject } from "../../foundry/registry.js";
import { combatantStateOf } from "../../foundry/combatant-state.js";
import type { FracasCombat } from "../../foundry/documents/combat.js";
import { chosenGroup, currentGroup, NEXT_GROUP } from "./initiative-group.js";

export const GROUPS = ["", "A", "B", "C", "D"] as const;

/** A group as the panel words it: its i18n key and the letter for `{group}`. */
interface GroupLabel {
  group: string;
  label: string;
}

export interface GroupRow extends GroupLabel {
  id: string;
  name: string;
  /** The change waiting for the next round's roll, or null. */
  next: (GroupLabel & { round: number }) | null;
}

const labelOf = (group: string): GroupLabel => ({ group, label: group ? "FRACAS.Radio.Groups.Named" : "FRACAS.Radio.Groups.GM" });

/**
 * The rows the panel shows: NPCs that roll with a GM group (PCs and henchmen groups roll alone).
 * `nextRound`: the round a pending change counts from.
 */
export function groupRows(combatants: readonly CombatantInfo[], nextRound = 1): GroupRow[] {
  return combatants
    .filter((c) => !c.isPC && c.actorType !== "radioHenchmen")
    .map((c) => {
      const now = currentGroup(c.memory);
      const chosen = chosenGroup(c.memory);
      const next = chosen === now ? null : { ...labelOf(chosen), label: chosen ? "FRACAS.Radio.Groups.NextNamed" : "FRACAS.Radio.Groups.NextGM", round: nextRound };
      return { id: c.id, name: c.name, ...labelOf(now), next };
    });
}

/** The next group in the cycle GM → A → B → C → D → GM. */
export function nextGroup(current: unknown): string {
  const i = GROUPS.indexOf((typeof current === "string" ? current : "") as (typeof GROUPS)[number]);
  return GROUPS[(i + 1) % GROUPS.length]!;
}

export const GROUPS_PANEL_TEMPLATE = "radio/tracker-panel.hbs";

/**
 * Whether this client shows the panel's rules hint as text (the heading's disclosure button). Kept
 * per client and across the tracker's redraws, which happen on every combat update.
 */
let hintShown = false;

/**
 * The panel is a GM tool, shown to the GM only: players would otherwise see every NPC by name,
 * hidden combatants (ambushers Foundry's own tracker hides from them) included, and the GM's hint.
 */
export function groupsPanelContext(combat: Combat.Implementation): Record<string, unknown> {
  if (!game.user.isGM) return { rows: [], isGM: false };
  const infos = (combat as unknown as { combatantInfos?: () => CombatantInfo[] }).combatantInfos?.() ?? [];
  return { rows: groupRows(infos, (combat.round ?? 0) + 1), isGM: true, hintShown };
}

/**
 * GM only: move a combatant to the next group. In a started fight the move waits for the next
 * round's roll (the round under way keeps its order and groups); before it, it counts at once.
 */
export async function changeGroup(combat: Combat.Implementation, button: HTMLElement): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(game.i18n.localize("FRACAS.Chat.Refused.NotGM"));
    return;
  }
  const combatant = combat.combatants.get(button.dataset.combatantId ?? "");
  if (!combatant) return;
  const chosen = nextGroup(chosenGroup(combatantStateOf(combatant).memory));
  const patch: JsonObject = combat.started ? { [NEXT_GROUP]: chosen } : { group: chosen, [NEXT_GROUP]: chosen };
  await (combat as unknown as FracasCombat).patchCombatantMemory(combatant.id ?? "", patch);
}

/**
 * The heading's disclosure button: shows or hides the rules hint as text. Foundry's tooltips open
 * on the pointer only, so this is how a keyboard user reads the hint (session 6). The core tracker
 * redraws after a panel action.
 */
export function toggleGroupsHint(_combat: Combat.Implementation, _button: HTMLElement): Promise<void> {
  hintShown = !hintShown;
  return Promise.resolve();
}
