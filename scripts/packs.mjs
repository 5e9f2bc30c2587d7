// Compendium packs: JSON sources under src/packs/<pack>/ → LevelDB at dist/packs/<pack>, with
// src/packs/packs.json naming each pack's label and document type (added to dist/system.json).
import { readdir, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

/** The declared packs; every folder under src/packs must be declared and every declared pack must exist. */
export async function packList(srcDir) {
  if (!existsSync(`${srcDir}/packs.json`)) return [];
  const { packs } = JSON.parse(await readFile(`${srcDir}/packs.json`, "utf8"));
  const folders = (await readdir(srcDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const declared = packs.map((p) => p.name).sort();
  const undeclared = folders.filter((f) => !declared.includes(f));
  const missing = declared.filter((d) => !folders.includes(d));
  if (undeclared.length || missing.length) throw new Error(`src/packs/packs.json: undeclared folders [${undeclared}] / missing folders [${missing}]`);
  return packs;
}

export async function compilePacks(srcDir, outDir) {
  const packs = await packList(srcDir);
  for (const p of packs) await compilePack(`${srcDir}/${p.name}`, `${outDir}/${p.name}`, { log: false });
  return packs.map((p) => ({ name: p.name, label: p.label, type: p.type, path: `packs/${p.name}`, system: p.type === "Macro" ? undefined : "fracas", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } }));
}
