/**
 * foundry.applications.handlebars.{renderTemplate, loadTemplates} over the REAL templates, with
 * the real handlebars package and the browser harness's Foundry helper stand-ins.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { I18n, registerFoundryHelpers } from "../../browser/foundry-helpers.js";
import { foundryPath, listTemplates } from "../../browser/discovery.js";

const PREFIX = "systems/fracas/templates/";

export class FakeTemplates {
  readonly handlebars: typeof Handlebars;
  readonly loaded: string[] = [];
  readonly rendered: { path: string; data: object }[] = [];
  readonly #compiled = new Map<string, Handlebars.TemplateDelegate>();

  constructor(
    readonly root: string,
    i18n: I18n,
  ) {
    this.handlebars = Handlebars.create();
    registerFoundryHelpers(this.handlebars, i18n);
    for (const rel of listTemplates(root)) this.handlebars.registerPartial(foundryPath(rel), this.#compile(rel));
  }

  #file(path: string): string {
    if (!path.startsWith(PREFIX)) throw new Error(`renderTemplate: "${path}" is not under ${PREFIX}`);
    const rel = path.slice(PREFIX.length);
    if (!existsSync(join(this.root, rel))) throw new Error(`renderTemplate: no template at ${path} (404)`);
    return rel;
  }

  #compile(rel: string): Handlebars.TemplateDelegate {
    let fn = this.#compiled.get(rel);
    if (!fn) {
      fn = this.handlebars.compile(readFileSync(join(this.root, rel), "utf8"));
      this.#compiled.set(rel, fn);
    }
    return fn;
  }

  /** A test-only template (e.g. a card body around the real frame), registered as a partial too. */
  define(path: string, source: string): void {
    const fn = this.handlebars.compile(source);
    this.#inline.set(path, fn);
    this.handlebars.registerPartial(path, fn);
  }
  readonly #inline = new Map<string, Handlebars.TemplateDelegate>();

  async renderTemplate(path: string, data: object = {}): Promise<string> {
    this.rendered.push({ path, data });
    const fn = this.#inline.get(path) ?? this.#compile(this.#file(path));
    return fn(data, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
  }

  /** Rejects when any path is missing (Foundry's fetch would 404). */
  async loadTemplates(paths: string[] | Record<string, string>): Promise<void> {
    const list = Array.isArray(paths) ? paths : Object.values(paths);
    const missing = list.filter((p) => {
      try {
        if (!this.#inline.has(p)) this.#file(p);
        return false;
      } catch {
        return true;
      }
    });
    this.loaded.push(...list);
    if (missing.length > 0) throw new Error(`loadTemplates: not found: ${missing.join(", ")}`);
  }
}
