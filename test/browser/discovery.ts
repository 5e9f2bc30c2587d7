/**
 * Finds templates and their fixtures. A fixture lives at
 *   <fixturesRoot>/<template path without .hbs>/<case>.json   (plain data), or
 *   <fixturesRoot>/<template path without .hbs>/<case>.ts     (default export: a fixture, or a
 *                                                              function returning one — lets a
 *                                                              case build its context with the
 *                                                              real pure view code in src/)
 * and holds { width, height, context, classes?, themes?, partialBlock?, description? }.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

export type Theme = "light" | "dark";

export interface Fixture {
  /** Window frame size in CSS pixels. */
  width: number;
  height: number;
  /** The Handlebars context, as the sheet's _prepareContext (or the chat/tracker code) would build it. */
  context: Record<string, unknown>;
  /** Extra classes on the window frame beside "fracas", e.g. "sheet actor bond" (Foundry puts DEFAULT_OPTIONS.classes there). */
  classes?: string;
  /** Themes to render in; default ["light"]. */
  themes?: Theme[];
  /** For a layout partial (one that calls {{> @partial-block}}): Handlebars source for the block. */
  partialBlock?: string;
  description?: string;
}

export interface FixtureCase {
  /** Template path relative to the templates root, posix separators, e.g. "chat/attack.hbs". */
  template: string;
  /** Case name (the fixture file's name without .json / .ts). */
  name: string;
  file: string;
  fixture: Fixture;
}

export interface Discovery {
  templates: string[];
  /** Templates that need no fixture of their own: file name starting with "_", or a layout
   *  calling {{> @partial-block}}. Covered through the templates that include them. */
  partials: string[];
  cases: FixtureCase[];
  /** Non-partial templates that have no fixture at all. */
  templatesWithoutFixture: string[];
  /** Fixture folders (or stray files) that match no template (renamed or deleted template). */
  fixturesWithoutTemplate: string[];
  /** Partials no template includes (by their systems/fracas/templates/… path) and no fixture renders. */
  partialsNotCovered: string[];
  /** Fixture files that could not be loaded or are malformed, with the reason. */
  invalidFixtures: string[];
}

const toPosix = (p: string) => p.split(sep).join("/");

/** Every file under root whose name ends with one of exts, relative to root (posix), sorted. */
export function listFiles(root: string, ...exts: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && exts.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith(".d.ts")) {
        out.push(toPosix(relative(root, full)));
      }
    }
  };
  if (existsSync(root) && statSync(root).isDirectory()) walk(root);
  return out.sort();
}

export const listTemplates = (templatesRoot: string): string[] => listFiles(templatesRoot, ".hbs");
/** A layout partial renders a caller-supplied block; it cannot be rendered on its own. */
export const isLayout = (source: string): boolean => /{{~?\s*#?>\s*@partial-block/.test(source);
export const isUnderscorePartial = (template: string): boolean => basename(template).startsWith("_");
/** The name Foundry's loadTemplates registers a template (and so a partial) under. */
export const foundryPath = (template: string): string => `systems/fracas/templates/${template}`;

const FIXTURE_KEYS = new Set(["width", "height", "context", "classes", "themes", "partialBlock", "description"]);

/** Checks a fixture's shape; throws with the first problem found. */
export function validateFixture(raw: unknown): Fixture {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new Error("a fixture must be an object");
  const f = raw as Record<string, unknown>;
  const unknown = Object.keys(f).filter((k) => !FIXTURE_KEYS.has(k));
  if (unknown.length) throw new Error(`unknown keys ${unknown.join(", ")} (allowed: ${[...FIXTURE_KEYS].join(", ")})`);
  for (const k of ["width", "height"] as const) {
    if (!Number.isInteger(f[k]) || (f[k] as number) < 100 || (f[k] as number) > 4000) throw new Error(`${k} must be an integer 100..4000`);
  }
  if (f.context === null || typeof f.context !== "object" || Array.isArray(f.context)) throw new Error("context must be an object");
  for (const k of ["classes", "partialBlock", "description"] as const) {
    if (f[k] !== undefined && typeof f[k] !== "string") throw new Error(`${k} must be a string`);
  }
  if (f.themes !== undefined && (!Array.isArray(f.themes) || f.themes.length === 0 || f.themes.some((t) => t !== "light" && t !== "dark"))) {
    throw new Error('themes must be a non-empty array of "light" | "dark"');
  }
  return f as unknown as Fixture;
}

/** Reads a .json fixture, or imports a .ts one (default export: fixture or (a)sync function). */
export async function loadFixture(file: string): Promise<Fixture> {
  if (file.endsWith(".json")) return validateFixture(JSON.parse(readFileSync(file, "utf8")));
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default?: unknown };
  const value = typeof mod.default === "function" ? await (mod.default as () => unknown)() : mod.default;
  if (value === undefined) throw new Error("a .ts fixture must have a default export");
  return validateFixture(value);
}

const stripExt = (file: string) => file.replace(/\.(json|ts)$/, "");

export async function discover(templatesRoot: string, fixturesRoot: string): Promise<Discovery> {
  const templates = listTemplates(templatesRoot);
  const sources = new Map(templates.map((t) => [t, readFileSync(join(templatesRoot, t), "utf8")]));
  const partials = templates.filter((t) => isUnderscorePartial(t) || isLayout(sources.get(t) ?? ""));
  const byTemplate = new Map<string, string[]>();
  for (const file of listFiles(fixturesRoot, ".json", ".ts")) {
    const slash = file.lastIndexOf("/");
    const dir = slash < 0 ? "" : file.slice(0, slash);
    byTemplate.set(dir, [...(byTemplate.get(dir) ?? []), file]);
  }
  const fixturesWithoutTemplate = [...byTemplate.entries()]
    .filter(([dir]) => !sources.has(`${dir}.hbs`))
    .flatMap(([dir, files]) => (dir === "" ? files : [`${dir}/`]));

  const cases: FixtureCase[] = [];
  const invalidFixtures: string[] = [];
  for (const template of templates) {
    const files = byTemplate.get(template.slice(0, -".hbs".length)) ?? [];
    const names = files.map((f) => basename(stripExt(f)));
    for (const file of files) {
      const name = basename(stripExt(file));
      if (names.filter((n) => n === name).length > 1) {
        invalidFixtures.push(`${file}: two fixtures named "${name}" (.json and .ts)`);
        continue;
      }
      try {
        cases.push({ template, name, file: join(fixturesRoot, file), fixture: await loadFixture(join(fixturesRoot, file)) });
      } catch (e) {
        invalidFixtures.push(`${file}: ${(e as Error).message}`);
      }
    }
  }
  const hasFixture = (t: string) => byTemplate.has(t.slice(0, -".hbs".length));
  const templatesWithoutFixture = templates.filter((t) => !partials.includes(t) && !hasFixture(t));
  const partialsNotCovered = partials.filter(
    (p) => !hasFixture(p) && ![...sources].some(([t, src]) => t !== p && src.includes(foundryPath(p))),
  );
  return { templates, partials, cases, templatesWithoutFixture, fixturesWithoutTemplate, partialsNotCovered, invalidFixtures };
}
