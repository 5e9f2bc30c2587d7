// Builds the installable folder dist/: bundles (rollup), one CSS file (sass), templates, lang,
// compendium packs and dist/system.json stamped from package.json. Run with `npm run build`.
import { rm, mkdir, cp, writeFile, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { rollup } from "rollup";
import * as sass from "sass";
import configs from "../rollup.config.mjs";
import { manifestFor } from "./manifest.mjs";
import { compilePacks } from "./packs.mjs";
import { packFoldersFor } from "./pack-folders.mjs";

const root = new URL("..", import.meta.url).pathname;
const dist = root + "dist/";

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

for (const config of configs) {
  const bundle = await rollup({ ...config, onwarn: (w) => { throw new Error(`rollup: ${w.message}`); } });
  await bundle.write(config.output);
  await bundle.close();
}

const css = sass.compile(root + "styles/fracas.scss", { style: "expanded" });
await writeFile(dist + "fracas.css", css.css);

for (const folder of ["templates", "lang", "assets"]) {
  if (existsSync(root + folder)) await cp(root + folder, dist + folder, { recursive: true });
}
await cp(root + "template.json", dist + "template.json");
for (const f of ["README.md", "CHANGELOG.md", "LICENSE"]) if (existsSync(root + f)) await cp(root + f, dist + f);

const packs = await compilePacks(root + "src/packs", dist + "packs");

const pkg = JSON.parse(await readFile(root + "package.json", "utf8"));
const source = JSON.parse(await readFile(root + "system.json", "utf8"));
const rulesetNames = JSON.parse(await readFile(root + "lang/en.json", "utf8")).FRACAS.Ruleset;
const packFolders = packFoldersFor(packs, rulesetNames);
await writeFile(dist + "system.json", JSON.stringify({ ...manifestFor(source, pkg), packs, packFolders }, null, 2) + "\n");
console.log("built dist/ for fracas", pkg.version);
