/**
 * V13's own tracker controls that a Fracas round makes pointless or harmful (review-s10 G4), left
 * out while Fracas drives the viewed combat (its ruleset has a combat mapping):
 * - Roll All, Roll NPCs (header) and the combatant menu's Reroll Initiative only said "Fracas rolls
 *   initiative for you" (FracasCombat#rollInitiative);
 * - Clear Initiative (combatant menu) and Reset Initiative (encounter menu, Combat#resetAll) wiped
 *   the numbers the round start wrote and, with V13 keeping the turn's index, moved the core list's
 *   current row off the plan's step;
 * - Previous Round (footer) is refused (FracasCombat#previousRound): a round cannot be taken back.
 * Names and actions as V13 13.350 spells them (client/applications/sidebar/tabs/combat-tracker.mjs,
 * templates/sidebar/tabs/combat/header.hbs and footer.hbs).
 */

/** The combatant context menu's entries left out (V13 _getEntryContextOptions names). */
export const HIDDEN_ENTRY_OPTIONS: readonly string[] = ["COMBAT.CombatantClear", "COMBAT.CombatantReroll"];
/** The encounter context menu's entries left out (V13 _getCombatContextOptions names). */
export const HIDDEN_COMBAT_OPTIONS: readonly string[] = ["COMBAT.InitiativeReset"];
/** The header and footer buttons removed (their data-action). */
export const HIDDEN_ACTIONS: readonly string[] = ["rollAll", "rollNPC", "previousRound"];
/** Header buttons that keep their place as a spacer, so the round title stays centred (as V13 does for players). */
const SPACED_ACTIONS: readonly string[] = ["rollAll", "rollNPC"];

interface MenuEntry {
  name: string;
  condition?: boolean | ((li: never) => boolean);
}

/**
 * The entries with the named ones hidden while `driven()` holds. V13 builds a tracker's context
 * menus once, at its first render, and asks each entry's condition whenever the menu opens: so the
 * test goes into the condition, and the same tracker offers them again for a combat Fracas does not run.
 */
export function hideWhileDriven<T extends MenuEntry>(entries: T[], names: readonly string[], driven: () => boolean): T[] {
  return entries.map((entry) => {
    if (!names.includes(entry.name)) return entry;
    const shown = entry.condition;
    const condition = (li: never): boolean => !driven() && (shown === undefined || (typeof shown === "function" ? shown(li) : shown));
    return { ...entry, condition };
  });
}

/** Removes V13's header and footer buttons named in HIDDEN_ACTIONS from a rendered tracker. */
export function removeCoreRoundControls(root: ParentNode): void {
  for (const action of HIDDEN_ACTIONS) {
    for (const button of root.querySelectorAll(`[data-action="${action}"]`)) {
      if (SPACED_ACTIONS.includes(action)) {
        const spacer = button.ownerDocument.createElement("div");
        spacer.className = "spacer";
        button.replaceWith(spacer);
      } else button.remove();
    }
  }
}
