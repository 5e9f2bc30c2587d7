// The Compendium sidebar's folders (system.json packFolders): one per ruleset, named as the Settings
// name it, holding the packs whose names start with its id ("bond-npcs"); packs of no ruleset
// (fracas-macros, fracas-guide) stay at the top. Without them V13 lists every pack of the four
// rulesets flat. Each folder has its ruleset's colour: V13 paints the folder's header with it under
// the folder's name in light text, so each is dark enough for that text (contrast ≥ 7:1 with white).
export const FOLDER_COLORS = Object.freeze({ bond: "#1f3b5c", radio: "#5c3a1f", zodiac: "#3d2a5c", faserip: "#6b1f1f" });

export function packFoldersFor(packs, rulesetNames) {
  return Object.entries(rulesetNames)
    .map(([id, name]) => ({ name, sorting: "a", ...(FOLDER_COLORS[id] ? { color: FOLDER_COLORS[id] } : {}), packs: packs.filter((p) => p.name.startsWith(`${id}-`)).map((p) => p.name) }))
    .filter((folder) => folder.packs.length > 0);
}
