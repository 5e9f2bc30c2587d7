/**
 * The Compendium sidebar shows only the rulesets the world uses (GM review s10, G9). V13's
 * CompendiumDirectory lists every pack of the system, each in its ruleset's folder (system.json
 * packFolders); on each render (hook renderCompendiumDirectory) Fracas hides the packs of a
 * ruleset that is off (a Fracas pack belongs to the ruleset its name starts with: "bond-npcs") and
 * then every folder left with no pack showing. V13 keeps `[hidden]` hidden (display: none
 * !important) and its search passes over hidden rows, so a search does not bring them back. The
 * packs stay in game.packs: content links and imports still work. A module's packs, and packs of
 * no ruleset (the macros, the guide), are left alone. Turning a ruleset on or off redraws the
 * sidebar (the `enabled.*` settings' onChange).
 */
import { RULESET_IDS, type RulesetId } from "../../rulesets/types.js";
import { SYSTEM_ID } from "../settings.js";

/** The part of a rendered element used here (V13's markup: templates/sidebar/partials/*.hbs). */
export interface DirectoryNode {
  hidden: boolean;
  dataset: Record<string, string | undefined>;
  querySelectorAll(selectors: string): Iterable<DirectoryNode>;
}

/** The ruleset a pack row belongs to ("fracas.bond-npcs" → "bond"), or null. */
export function rulesetOfPack(collection: string | undefined): RulesetId | null {
  const prefix = `${SYSTEM_ID}.`;
  if (!collection?.startsWith(prefix)) return null;
  const name = collection.slice(prefix.length);
  return RULESET_IDS.find((id) => name.startsWith(`${id}-`)) ?? null;
}

const PACK_ROWS = ".directory-item[data-pack]";
const FOLDER_ROWS = ".directory-item.folder";

/** Hides the pack rows of rulesets that are off, then the folders that show no pack any more. */
export function hideDisabledRulesets(root: DirectoryNode, enabled: (id: RulesetId) => boolean): void {
  const hiddenHere = new Set<DirectoryNode>();
  for (const row of root.querySelectorAll(PACK_ROWS)) {
    const ruleset = rulesetOfPack(row.dataset.pack);
    if (ruleset === null || enabled(ruleset)) continue;
    row.hidden = true;
    hiddenHere.add(row);
  }
  if (hiddenHere.size === 0) return;
  for (const folder of root.querySelectorAll(FOLDER_ROWS)) {
    const rows = [...folder.querySelectorAll(PACK_ROWS)];
    // Only a folder that held a pack hidden here, and shows none now (a GM's own empty folder stays).
    if (rows.some((r) => hiddenHere.has(r)) && rows.every((r) => r.hidden)) folder.hidden = true;
  }
}
