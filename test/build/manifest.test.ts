// dist/ is a folder Foundry installs as-is, and the manifests agree with the code's type list.
import { describe, it, expect } from "vitest";
import { readFileSync, existsSync, readdirSync } from "node:fs";
import { ACTOR_TYPES, ITEM_TYPES, RULESET_IDS } from "../../src/rulesets/types.js";

const root = new URL("../../", import.meta.url);
const json = (p: string) => JSON.parse(readFileSync(new URL(p, root), "utf8"));
const pkg = json("package.json");

describe("dist/system.json", () => {
  const sys = json("dist/system.json");
  it("is stamped from package.json with the release addresses", () => {
    expect(sys.id).toBe("fracas");
    expect(sys.title).toBe("Fracas");
    expect(sys.version).toBe(pkg.version);
    expect(sys.compatibility).toEqual({ minimum: "13", verified: "13", maximum: "13" });
    const repo = pkg.fracas.repository;
    expect(sys.manifest).toBe(`https://github.com/${repo}/releases/latest/download/system.json`);
    expect(sys.download).toBe(`https://github.com/${repo}/releases/download/v${pkg.version}/fracas-${pkg.version}.zip`);
    expect(sys.bugs).toBe(`https://github.com/${repo}/issues`);
  });
  it("names files that exist in dist/", () => {
    for (const f of [...sys.esmodules, ...sys.styles, ...sys.languages.map((l: { path: string }) => l.path)]) {
      expect(existsSync(new URL("dist/" + f, root)), f).toBe(true);
    }
    for (const p of sys.packs ?? []) expect(existsSync(new URL("dist/" + p.path, root)), p.path).toBe(true);
  });
  it("groups the packs in one Compendium folder per ruleset; packs of no ruleset stay at the top", () => {
    const folders = sys.packFolders as { name: string; packs: string[] }[];
    const names = (sys.packs as { name: string }[]).map((p) => p.name);
    for (const id of RULESET_IDS) {
      const mine = names.filter((n) => n.startsWith(`${id}-`));
      if (mine.length > 0) expect(folders.find((f) => f.packs.includes(mine[0]!))?.packs.sort(), id).toEqual(mine.sort());
    }
    expect(folders.flatMap((f) => f.packs)).not.toContain("fracas-macros");
    expect(folders.map((f) => f.name)).toContain("James Bond 007");
  });
  it("ships the kernel once: fracas.mjs and engine.mjs both import the kernel chunk", () => {
    const fracas = readFileSync(new URL("dist/fracas.mjs", root), "utf8");
    const kernel = readFileSync(new URL("dist/kernel.mjs", root), "utf8");
    expect(kernel).toContain("class FracasRuleError");
    expect(fracas).not.toContain("class FracasRuleError");
    expect(fracas).toMatch(/from\s*['"]\.\/kernel\.mjs['"]/);
    expect(readFileSync(new URL("dist/engine.mjs", root), "utf8")).toMatch(/from\s*['"]\.\/kernel\.mjs['"]/);
  });
  it("loads the Quench flows only on demand: dist/flows.mjs, imported dynamically, never statically", () => {
    const fracas = readFileSync(new URL("dist/fracas.mjs", root), "utf8");
    const flows = readFileSync(new URL("dist/flows.mjs", root), "utf8");
    expect(fracas).toMatch(/import\(\s*['"]\.\/flows\.mjs['"]\s*\)/);
    expect(fracas).not.toMatch(/from\s*['"]\.\/flows\.mjs['"]/);
    // The flows' own text ships in the chunk and nowhere else.
    expect(flows).toContain("has an enabled ruleset with a sample to run");
    expect(fracas).not.toContain("has an enabled ruleset with a sample to run");
    expect(fracas).not.toMatch(/class Batch\b/);
  });
  it("ships minified JS in which every exported class keeps its name (Foundry keys sheets and hooks by it)", () => {
    const fracas = readFileSync(new URL("dist/fracas.mjs", root), "utf8");
    const unminified = readFileSync(new URL("dist/fracas.mjs.map", root), "utf8");
    expect(fracas.split("\n").length).toBeLessThan(20);
    expect(JSON.parse(unminified).sources.length).toBeGreaterThan(50);
    const names = new Set<string>();
    for (const file of readdirSync(new URL("src/", root), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
      for (const m of readFileSync(new URL("src/" + file, root), "utf8").matchAll(/^export class (\w+)/gm)) names.add(m[1]!);
    }
    expect(names.has("BondCharacterSheet")).toBe(true);
    const shipped = fracas + readFileSync(new URL("dist/kernel.mjs", root), "utf8") + readFileSync(new URL("dist/flows.mjs", root), "utf8");
    for (const name of names) expect(shipped, name).toMatch(new RegExp(`class ${name}\\b`));
  });
  it("ships the templates and CSS compiled by sass", () => {
    expect(existsSync(new URL("dist/templates", root))).toBe(true);
    const css = readFileSync(new URL("dist/fracas.css", root), "utf8");
    expect(css).toContain(".fracas");
    expect(css).not.toMatch(/@use|\$[a-z]/);
  });
});

describe("document types agree everywhere", () => {
  const sys = json("system.json");
  const tpl = json("template.json");
  const lang = json("lang/en.json");
  const actors = RULESET_IDS.flatMap((r) => [...ACTOR_TYPES[r]]);
  const items = RULESET_IDS.flatMap((r) => [...ITEM_TYPES[r]]);
  it("system.json documentTypes", () => {
    expect(Object.keys(sys.documentTypes.Actor).sort()).toEqual([...actors].sort());
    expect(Object.keys(sys.documentTypes.Item).sort()).toEqual([...items].sort());
  });
  it("template.json: the types, and the HTML fields at document level only", () => {
    expect([...tpl.Actor.types].sort()).toEqual([...actors].sort());
    expect([...tpl.Item.types].sort()).toEqual([...items].sort());
    // V13's server resets every type block template.json names and reads htmlFields only at document
    // level (a per-type block would also become a data template): keep per-type blocks out, and put
    // the fields the server sanitises at document level, the same as system.json's per-type ones.
    expect(Object.keys(tpl.Actor).sort()).toEqual(["htmlFields", "types"]);
    expect(Object.keys(tpl.Item).sort()).toEqual(["htmlFields", "types"]);
    for (const t of actors) expect(sys.documentTypes.Actor[t].htmlFields, t).toEqual(tpl.Actor.htmlFields);
    for (const t of items) expect(sys.documentTypes.Item[t].htmlFields, t).toEqual(tpl.Item.htmlFields);
  });
  it("lang/en.json TYPES labels", () => {
    for (const t of actors) expect(lang.TYPES?.Actor?.[t], t).toBeTypeOf("string");
    for (const t of items) expect(lang.TYPES?.Item?.[t], t).toBeTypeOf("string");
  });
});
