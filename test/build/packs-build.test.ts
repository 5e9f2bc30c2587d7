// What the build makes of the packs and the manifest (GM review s10 G7, G9, G13), from the build
// scripts themselves: the packs are compiled into a temporary folder (never dist/) and read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ClassicLevel } from "classic-level";
// @ts-expect-error plain ESM script without types
import { compilePacks, ownershipOf, CORE_VERSION } from "../../scripts/packs.mjs";
// @ts-expect-error plain ESM script without types
import { packFoldersFor } from "../../scripts/pack-folders.mjs";
// @ts-expect-error plain ESM script without types
import { manifestFor } from "../../scripts/manifest.mjs";

interface PackMeta {
  name: string;
  label: string;
  type: string;
  path: string;
  system?: string;
  ownership: Record<string, string>;
}
type Folder = { name: string; color?: string; packs: string[] };

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { version: string; fracas: { repository: string } };
const source = JSON.parse(readFileSync(new URL("system.json", root), "utf8")) as Record<string, unknown>;
const rulesetNames = (JSON.parse(readFileSync(new URL("lang/en.json", root), "utf8")) as { FRACAS: { Ruleset: Record<string, string> } }).FRACAS.Ruleset;

let out: string;
let packs: PackMeta[];
/** Every record of every compiled pack: its LevelDB key and value. */
const records: { pack: string; key: string; value: Record<string, unknown> }[] = [];

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "fracas-packs-"));
  packs = (await (compilePacks as (src: string, dest: string) => Promise<PackMeta[]>)(fileURLToPath(new URL("src/packs", root)), out));
  for (const p of packs) {
    const db = new ClassicLevel<string, Record<string, unknown>>(join(out, p.name), { keyEncoding: "utf8", valueEncoding: "json" });
    for await (const [key, value] of db.iterator()) records.push({ pack: p.name, key, value });
    await db.close();
  }
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("compiled packs (G13)", () => {
  it("stamp _stats on every document, embedded ones too (items, journal pages): core build, system id and version", () => {
    expect(records.length).toBeGreaterThan(20);
    expect(records.some((r) => r.key.startsWith("!actors.items!"))).toBe(true);
    expect(records.some((r) => r.key.startsWith("!journal.pages!"))).toBe(true);
    const wrong = records.filter((r) => {
      const s = r.value._stats as Record<string, unknown> | undefined;
      return s?.coreVersion !== CORE_VERSION || s?.systemId !== "fracas" || s?.systemVersion !== pkg.version;
    });
    expect(wrong.map((r) => `${r.pack} ${r.key}`)).toEqual([]);
    // V13's documents' schemaVersion: a record stamped older than it would be migrated on every load.
    expect(CORE_VERSION).toBe("13.341");
  });

  it("leave the sources unstamped (the stamp is the build's)", () => {
    const guide = JSON.parse(readFileSync(new URL("src/packs/fracas-guide/fracas-guide.json", root), "utf8")) as { _stats?: unknown };
    expect(guide._stats).toBeUndefined();
  });

  it("compile the guide as one JournalEntry with its pages", () => {
    const entries = records.filter((r) => r.pack === "fracas-guide" && r.key.startsWith("!journal!"));
    expect(entries).toHaveLength(1);
    const pages = records.filter((r) => r.pack === "fracas-guide" && r.key.startsWith("!journal.pages!"));
    expect(pages.length).toBe(6);
    // The CLI stores an entry's pages as their ids, each page under its own key.
    expect([...(entries[0]!.value.pages as string[])].sort()).toEqual(pages.map((p) => p.value._id as string).sort());
  });
});

describe("pack metadata for system.json (G9)", () => {
  it("the macros pack is the GM's: players have no access (its commands are GM-only)", () => {
    const macros = packs.find((p) => p.name === "fracas-macros")!;
    expect(macros.ownership).toEqual({ PLAYER: "NONE", ASSISTANT: "OWNER" });
  });

  it("other packs keep V13's default ownership; only Actor and Item packs name the system", () => {
    const guide = packs.find((p) => p.name === "fracas-guide")!;
    expect(guide).toMatchObject({ type: "JournalEntry", label: "Fracas: Guide", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } });
    expect(guide.system).toBeUndefined();
    for (const p of packs) expect(p.system, p.name).toBe(["Actor", "Item"].includes(p.type) ? "fracas" : undefined);
  });

  it("a packs.json ownership must use V13's roles and levels", () => {
    const own = ownershipOf as (p: object) => Record<string, string>;
    expect(own({ name: "x" })).toEqual({ PLAYER: "OBSERVER", ASSISTANT: "OWNER" });
    expect(own({ name: "x", ownership: { PLAYER: "LIMITED" } })).toEqual({ PLAYER: "LIMITED" });
    expect(() => own({ name: "x", ownership: { PLAYERS: "NONE" } })).toThrow(/ownership/);
    expect(() => own({ name: "x", ownership: { PLAYER: "HIDDEN" } })).toThrow(/ownership/);
    expect(() => own({ name: "x", ownership: {} })).toThrow(/ownership/);
  });

  it("each ruleset's Compendium folder has its own colour, dark enough for V13's light folder-name text", () => {
    const folders = (packFoldersFor as (p: PackMeta[], n: Record<string, string>) => Folder[])(packs, rulesetNames);
    expect(folders).toHaveLength(4);
    const colours = folders.map((f) => f.color);
    expect(new Set(colours).size).toBe(4);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const c of colours) {
      expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(1.05 / (luminance(c!) + 0.05), c).toBeGreaterThanOrEqual(7);
    }
    expect(folders.flatMap((f) => f.packs)).not.toContain("fracas-guide");
  });
});

describe("dist/system.json's support fields (G7)", () => {
  const built = (manifestFor as (s: object, p: object) => Record<string, unknown>)(source, pkg);
  const repo = pkg.fracas.repository;

  it("has the issue tracker as bugs and a url for each author", () => {
    expect(built.bugs).toBe(`https://github.com/${repo}/issues`);
    const authors = built.authors as { name: string; url?: string }[];
    expect(authors.length).toBeGreaterThan(0);
    for (const a of authors) expect(a.url, a.name).toBe(`https://github.com/${repo.split("/")[0]}`);
  });

  it("keeps an author's own url, the compatibility range and adds no art", () => {
    const own = (manifestFor as (s: object, p: object) => { authors: { url: string }[] })({ ...source, authors: [{ name: "A", url: "https://example.org" }] }, pkg);
    expect(own.authors[0]!.url).toBe("https://example.org");
    expect(built.compatibility).toEqual({ minimum: "13", verified: "13", maximum: "13" });
    expect(built).not.toHaveProperty("background");
    expect(built).not.toHaveProperty("media");
  });
});
