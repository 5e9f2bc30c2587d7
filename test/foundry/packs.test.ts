// Every compendium source document is valid: well-formed ids and keys, a type Fracas registers,
// and system data that its registered DataModel accepts unchanged (nothing dropped or clamped).
import { beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { installFoundry, loadAdapter, type Adapter, type FakeWorld } from "./fake/index.js";

const packsDir = new URL("../../src/packs/", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("packs.json", packsDir), "utf8")) as { packs: { name: string; label: string; type: string }[] };
const KEY_PREFIX: Record<string, string> = { Actor: "actors", Item: "items", Macro: "macros", JournalEntry: "journal" };

interface SourceDoc {
  _id: string;
  _key: string;
  name: string;
  type: string;
  system?: Record<string, unknown>;
  command?: string;
  items?: { _id: string; _key?: string; name: string; type: string; system?: Record<string, unknown> }[];
  pages?: { _id: string; _key?: string; name: string; type: string; text?: { format: number; content: string } }[];
  _stats?: unknown;
}

function docsOf(pack: string): { file: string; doc: SourceDoc }[] {
  const dir = new URL(`${pack}/`, packsDir);
  return readdirSync(dir).filter((f) => f.endsWith(".json")).map((file) => ({ file, doc: JSON.parse(readFileSync(new URL(file, dir), "utf8")) as SourceDoc }));
}

/** The leaves of `source` that the model changed or dropped when it cleaned the data. */
function changedLeaves(source: unknown, cleaned: unknown, path = ""): string[] {
  if (source && typeof source === "object" && !Array.isArray(source)) {
    return Object.entries(source as Record<string, unknown>).flatMap(([k, v]) =>
      changedLeaves(v, cleaned && typeof cleaned === "object" ? (cleaned as Record<string, unknown>)[k] : undefined, `${path}.${k}`),
    );
  }
  return JSON.stringify(source) === JSON.stringify(cleaned) ? [] : [`${path}: ${JSON.stringify(source)} → ${JSON.stringify(cleaned)}`];
}

let world: FakeWorld;
let adapter: Adapter;
beforeAll(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
});

describe("compendium packs", () => {
  it("packs.json declares at least one pack per ruleset plus the macros", () => {
    const names = manifest.packs.map((p) => p.name);
    expect(names).toContain("fracas-macros");
    expect(names).toContain("fracas-guide");
    for (const ruleset of ["bond", "radio", "zodiac", "faserip"]) expect(names.some((n) => n.startsWith(`${ruleset}-`)), ruleset).toBe(true);
    for (const p of manifest.packs) expect(existsSync(new URL(`${p.name}/`, packsDir)), p.name).toBe(true);
  });

  it("a ruleset's sample player characters (linked tokens) each have their own picture, on the actor and its token, so they tell apart on the map (review-s10-content P12)", () => {
    type Pc = { name: string; img?: string; prototypeToken?: { actorLink?: boolean; texture?: { src?: string } } };
    for (const ruleset of ["bond", "radio", "zodiac", "faserip"]) {
      const pcs = manifest.packs
        .filter((p) => p.type === "Actor" && p.name.startsWith(`${ruleset}-`))
        .flatMap((p) => docsOf(p.name).map(({ doc }) => doc as unknown as Pc))
        .filter((d) => d.prototypeToken?.actorLink === true);
      const imgs = pcs.map((d) => d.img);
      expect(new Set(imgs).size, `${ruleset}: ${pcs.map((d) => `${d.name} ${d.img}`).join(", ")}`).toBe(pcs.length);
      for (const d of pcs) expect(d.prototypeToken?.texture?.src ?? d.img, d.name).toBe(d.img);
    }
  });

  for (const pack of manifest.packs) {
    describe(pack.name, () => {
      const docs = docsOf(pack.name);
      it("has documents with unique 16-character ids and matching keys", () => {
        expect(docs.length).toBeGreaterThan(0);
        const ids = new Set<string>();
        for (const { file, doc } of docs) {
          expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
          expect(doc._key, file).toBe(`!${KEY_PREFIX[pack.type]}!${doc._id}`);
          expect(ids.has(doc._id), `${file} repeats ${doc._id}`).toBe(false);
          ids.add(doc._id);
          expect(doc.name, file).toBeTruthy();
          // The build stamps _stats (scripts/packs.mjs, test/build/packs-build.test.ts); a source's own would go stale.
          expect(doc._stats, `${file}: _stats belongs to the build`).toBeUndefined();
        }
      });

      if (pack.type === "Macro") {
        it("macros call only what game.fracas offers", () => {
          const api = (globalThis as unknown as { game: { fracas: Record<string, unknown> } }).game.fracas;
          for (const { file, doc } of docs) {
            const calls = [...(doc.command ?? "").matchAll(/game\.fracas\.(\w+)/g)].map((m) => m[1]!);
            expect(calls.length, file).toBeGreaterThan(0);
            for (const c of calls) expect(typeof api[c], `${file}: game.fracas.${c}`).toBe("function");
          }
        });
        it("a macro's Setback reason is an i18n key (the Setback panel reads it in each reader's language), not English", () => {
          const reasons = docs.flatMap(({ doc }) => [...(doc.command ?? "").matchAll(/changeSetback\([^,]+,\s*"([^"]*)"\)/g)].map((m) => m[1]!));
          expect(reasons.length).toBe(2);
          for (const reason of reasons) {
            expect(reason).toMatch(/^FRACAS\.Macros\./);
            expect(world.i18n.has(reason), reason).toBe(true);
          }
        });
        it("the Setback macros record their key as the reason", async () => {
          const run = async (file: string) => {
            const command = docs.find((d) => d.file === file)!.doc.command!;
            const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => () => Promise<void>;
            await new AsyncFunction(command)();
          };
          await run("setback-gain-1.json");
          await run("setback-spend-1.json");
          const reasons = adapter.pools.readPool("setback").entries.map((e) => e.reason);
          expect(reasons).toEqual(["FRACAS.Macros.SetbackGained", "FRACAS.Macros.SetbackSpent"]);
        });
      } else if (pack.type === "JournalEntry") {
        it("every page is an HTML text page with its own id and key under its entry", () => {
          for (const { file, doc } of docs) {
            expect(doc.pages?.length, file).toBeGreaterThan(0);
            const ids = new Set<string>();
            for (const page of doc.pages ?? []) {
              expect(page._id, `${file}: ${page.name}`).toMatch(/^[A-Za-z0-9]{16}$/);
              expect(page._key, `${file}: ${page.name}`).toBe(`!journal.pages!${doc._id}.${page._id}`);
              expect(ids.has(page._id), `${file} repeats page ${page._id}`).toBe(false);
              ids.add(page._id);
              expect(page.name, file).toBeTruthy();
              expect(page.type, `${file}: ${page.name}`).toBe("text");
              // CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML
              expect(page.text?.format, `${file}: ${page.name}`).toBe(1);
              expect(page.text?.content, `${file}: ${page.name}`).toMatch(/^<(p|h2|ul|ol)>/);
            }
          }
        });
      } else {
        it("every document's system data is accepted unchanged by its DataModel", () => {
          for (const { file, doc } of docs) {
            const models = pack.type === "Actor" ? world.config.Actor.dataModels : world.config.Item.dataModels;
            expect(models[doc.type], `${file}: type ${doc.type} has no registered model`).toBeDefined();
            const made =
              pack.type === "Actor"
                ? world.createActor({ name: doc.name, type: doc.type, system: doc.system ?? {}, items: (doc.items ?? []).map((i) => ({ name: i.name, type: i.type, system: i.system ?? {} })) } as never)
                : world.createItem({ name: doc.name, type: doc.type, system: doc.system ?? {} });
            const cleaned = (made as unknown as { toObject(): { system: unknown } }).toObject().system;
            expect(changedLeaves(doc.system ?? {}, cleaned), file).toEqual([]);
          }
        });
      }
    });
  }
});
