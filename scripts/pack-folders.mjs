// The Compendium sidebar's folders (system.json packFolders): one per ruleset, named as the Settings
// name it, holding the packs whose names start with its id ("bond-npcs"); packs of no ruleset
// (fracas-macros) stay at the top. Without them V13 lists every pack of the four rulesets flat.
export function packFoldersFor(packs, rulesetNames) {
  return Object.entries(rulesetNames)
    .map(([id, name]) => ({ name, sorting: "a", packs: packs.filter((p) => p.name.startsWith(`${id}-`)).map((p) => p.name) }))
    .filter((folder) => folder.packs.length > 0);
}
