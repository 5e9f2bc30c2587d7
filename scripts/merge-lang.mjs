// lang/en.json is generated: lang/src/core.json plus one fragment per ruleset (lang/src/<ruleset>.json),
// deep-merged, so each ruleset owns its strings. A test keeps the committed file in sync.
// Run `node scripts/merge-lang.mjs` after editing a fragment.
import { readFileSync, writeFileSync, readdirSync } from "node:fs";

const root = new URL("../lang/", import.meta.url);

function merge(into, from, path) {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      if (into[k] !== undefined && (typeof into[k] !== "object" || Array.isArray(into[k]))) throw new Error(`lang: ${path}${k} is both a string and a group`);
      merge((into[k] ??= {}), v, `${path}${k}.`);
    } else {
      if (into[k] !== undefined && into[k] !== v) throw new Error(`lang: ${path}${k} is defined twice with different text`);
      into[k] = v;
    }
  }
  return into;
}

export function mergedLang() {
  const files = ["core.json", ...readdirSync(new URL("src/", root)).filter((f) => f.endsWith(".json") && f !== "core.json").sort()];
  const out = {};
  for (const f of files) merge(out, JSON.parse(readFileSync(new URL(`src/${f}`, root), "utf8")), "");
  return JSON.stringify(out, null, 2) + "\n";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL("en.json", root), mergedLang());
  console.log("lang/en.json merged");
}
