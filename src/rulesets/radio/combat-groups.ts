/**
 * The GM's split of NPCs into initiative groups (RULES.md §2: one 1d6 per NPC group; a GM may split
 * distinct groups). A tracker panel lists the GM side's combatants that are not henchmen groups;
 * "Change group" cycles a combatant through the GM's group and groups A–D. Before the fight starts
 * the change counts at once; during it, it waits for the next round's initiative roll (combatant
 * memory `nextRoundGroup`, initiative-group.ts), because the seed rolls a group's initiative per
 * round and the round under way was rolled and declared with the old groups. Each row says which
 * group is in force and, when a change is pending, from which round the new one counts.
 * Only the GM sees the panel. A group also declares as one (group-declaration.ts). The button's
 * action is group-change.ts's (it sends the change to the active GM, answered by groupChangePatch
 * here); the rules hint's shown/hidden state is groups-hint.ts's.
 */
import type { CombatantInfo, JsonObject } from "../../foundry/registry.js";
import { groupsHintId, groupsHintShown } from "./groups-hint.js";
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
 * The panel is a GM tool, shown to the GM only: players would otherwise see every NPC by name,
 * hidden combatants (ambushers Foundry's own tracker hides from them) included, and the GM's hint.
 */
export function groupsPanelContext(combat: Combat.Implementation): Record<string, unknown> {
  if (!game.user.isGM) return { rows: [], isGM: false };
  const infos = (combat as unknown as { combatantInfos?: () => CombatantInfo[] }).combatantInfos?.() ?? [];
  return { rows: groupRows(infos, (combat.round ?? 0) + 1), isGM: true, hintShown: groupsHintShown(), hintId: groupsHintId() };
}

/**
 * The request a "Change group" press sends: move the combatant one group on. It is an intent, not
 * the group, because the active GM computes the group from the memory as it is when the request's
 * turn comes (groupChangePatch), so two presses (two GMs', or one queued behind a round start) each
 * move the NPC one group on from where the other left it.
 */
export const CHANGE_GROUP = "changeGroup";

/**
 * The active GM's answer to a change-group request (under the combat's lock, so `combatant.memory`
 * is current). Once the round's initiative was rolled (a round number, or the combatant's
 * initiative: the first round start writes it before the round number), the move waits for the
 * next round's roll (the round under way keeps its order and groups); before, it counts at once.
 * Only an NPC the panel lists may move: a player may send memory requests for a combatant they
 * own, but any such combatant is a PC (player-owned), which rolls alone.
 */
export function groupChangePatch(combatant: CombatantInfo, patch: JsonObject, round: number): JsonObject | { refused: string } {
  const keys = Object.keys(patch);
  if (keys.length !== 1 || patch[CHANGE_GROUP] !== "next") return { refused: "FRACAS.Tracker.Refused.BadChoice" };
  if (groupRows([combatant]).length === 0) return { refused: "FRACAS.Radio.Groups.NotListed" };
  const chosen = nextGroup(chosenGroup(combatant.memory));
  const started = round > 0 || combatant.initiative !== null;
  return started ? { [NEXT_GROUP]: chosen } : { group: chosen, [NEXT_GROUP]: chosen };
}
