// Compendium packs: JSON sources under src/packs/<pack>/ → LevelDB at dist/packs/<pack>.
import { readdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

export async function compilePacks(srcDir, outDir) {
  if (!existsSync(srcDir)) return [];
  const names = (await readdir(srcDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const name of names) await compilePack(`${srcDir}/${name}`, `${outDir}/${name}`, { log: false });
  return names;
}
