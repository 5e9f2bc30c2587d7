/**
 * Browser test harness (DESIGN.md §5, layer 4): real Handlebars + the real compiled stylesheet in
 * Debian's Chromium driven by playwright-core. Never downloads a browser.
 *
 * Pages are served from a fake origin (http://fracas.test/) through request interception, so the
 * relative paths templates use in Foundry (`systems/fracas/…`) resolve against this repository;
 * Foundry core assets (`icons/…`, `ui/…`) get a neutral placeholder image; anything else is
 * refused and recorded (see failedRequests).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import * as sass from "sass";
import { chromium, type BrowserContext, type Page, type Route } from "playwright-core";
import { I18n, registerFoundryHelpers } from "./foundry-helpers.js";
import { foundryPath, listTemplates, type FixtureCase, type Theme } from "./discovery.js";

export * from "./discovery.js";
export { I18n } from "./foundry-helpers.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(HERE, "../..");
export const TEMPLATES_ROOT = join(REPO_ROOT, "templates");
export const FIXTURES_ROOT = join(REPO_ROOT, "test/fixtures/templates");
/** The harness's own sample templates, fixtures and language file (used by harness.test.ts). */
export const SAMPLES_ROOT = join(HERE, "samples");
export const LANG_FILE = join(REPO_ROOT, "lang/en.json");
export const STYLES_ENTRY = join(REPO_ROOT, "styles/fracas.scss");
export const SCREENSHOT_DIR = join(REPO_ROOT, "test-results/screenshots");
const AXE_PATH = join(REPO_ROOT, "node_modules/axe-core/axe.min.js");
const PROBES = readFileSync(join(HERE, "page-probes.js"), "utf8");
const ORIGIN = "http://fracas.test";

// ---------------------------------------------------------------------------------------------
// Handlebars
// ---------------------------------------------------------------------------------------------

export interface TemplateEnv {
  /** The isolated Handlebars instance (built-ins + Foundry's helpers + every template as a partial). */
  readonly handlebars: typeof Handlebars;
  readonly templatesRoot: string;
  /** Translations and the i18n problems (missing keys, missing format data) seen so far. */
  readonly i18n: I18n;
  /** Partial names registered, i.e. systems/fracas/templates/<relative path>. */
  readonly partialNames: string[];
  /**
   * Renders <templatesRoot>/<relativePath> with context, as Foundry's renderTemplate would.
   * partialBlock: Handlebars source for a layout's {{> @partial-block}}, as a caller would write
   * {{#> "systems/fracas/templates/<relativePath>"}}…{{/"…"}}.
   */
  renderTemplate(relativePath: string, context: object, options?: { partialBlock?: string }): string;
}

export interface HandlebarsOptions {
  /** Folder holding the .hbs files; default /work/main/templates. */
  templatesRoot?: string;
  /** Language file for `localize`; default lang/en.json. */
  langFile?: string;
}

/**
 * A fresh Handlebars instance with Foundry V13's helpers and every .hbs under templatesRoot
 * registered as a partial under its Foundry path (loadTemplates registers partials by full path).
 */
export function createHandlebars(options: HandlebarsOptions = {}): TemplateEnv {
  const templatesRoot = options.templatesRoot ?? TEMPLATES_ROOT;
  const i18n = new I18n(JSON.parse(readFileSync(options.langFile ?? LANG_FILE, "utf8")));
  const hb = Handlebars.create();
  registerFoundryHelpers(hb, i18n);
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const compile = (rel: string) => {
    let fn = compiled.get(rel);
    if (!fn) {
      const file = join(templatesRoot, rel);
      fn = hb.compile(readFileSync(file, "utf8"));
      compiled.set(rel, fn);
    }
    return fn;
  };
  const partialNames: string[] = [];
  for (const rel of listTemplates(templatesRoot)) {
    const name = foundryPath(rel);
    hb.registerPartial(name, compile(rel));
    partialNames.push(name);
  }
  return {
    handlebars: hb,
    templatesRoot,
    i18n,
    partialNames,
    renderTemplate(relativePath, context, options = {}) {
      const rel = relativePath.replace(/^systems\/fracas\/templates\//, "");
      if (!existsSync(join(templatesRoot, rel))) throw new Error(`no template ${rel} under ${templatesRoot}`);
      const fn =
        options.partialBlock === undefined
          ? compile(rel)
          : hb.compile(`{{#> "${foundryPath(rel)}"}}${options.partialBlock}{{/"${foundryPath(rel)}"}}`);
      // Foundry renders with prototype access allowed (contexts hold document instances).
      return fn(context, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
    },
  };
}

let defaultEnv: TemplateEnv | undefined;
/** Renders a template from /work/main/templates with a shared default environment. */
export function renderTemplate(relativePath: string, context: object, env?: TemplateEnv): string {
  env ??= defaultEnv ??= createHandlebars();
  return env.renderTemplate(relativePath, context);
}

// ---------------------------------------------------------------------------------------------
// CSS
// ---------------------------------------------------------------------------------------------

const cssCache = new Map<string, string>();
/** Compiles the system stylesheet with sass (so tests never depend on a stale dist/). */
export function compileCss(entry: string = STYLES_ENTRY): string {
  let css = cssCache.get(entry);
  if (css === undefined) {
    css = sass.compile(entry, { style: "expanded", loadPaths: [dirname(entry)] }).css;
    cssCache.set(entry, css);
  }
  return css;
}

/**
 * A tiny stand-in for the parts of Foundry's core CSS our stylesheet leans on: the theme
 * variables and a window background. Approximations, chosen only to be plausible and readable;
 * the real values live in Foundry.
 */
const FOUNDRY_SHIM = `
html { font-size: 16px; }
body { margin: 0; padding: 16px; background: #777; font-family: "Signika", system-ui, sans-serif; font-size: 14px; }
.theme-light { --color-text-primary: #191813; --color-text-secondary: #4b4a44; --color-bg: #ede9df;
  --color-border: #7a7971; color-scheme: light; }
.theme-dark { --color-text-primary: #e8e6e1; --color-text-secondary: #b8b5ae; --color-bg: #1d1c24;
  --color-border: #5d5b66; color-scheme: dark; }
#fracas-window { box-sizing: border-box; background: var(--color-bg); color: var(--color-text-primary);
  border: 1px solid var(--color-border); }
#fracas-window > .window-content { padding: 8px; }
ol.chat-log { margin: 0; padding: 0; list-style: none; }
/* V13 draws every chat message on parchment (ui/parchment.jpg, mean #dad8cd) with dark text, whatever the theme. */
.chat-message { background: #dad8cd; color: #191813; padding: 4px 6px; }
`;

/** A chat card's template (a ruleset's cards/, or chat/): shown in a chat message, as V13 shows it. */
export const isChatTemplate = (template: string): boolean => /(^|\/)cards\//.test(template) || template.startsWith("chat/");

/** The markup V13 puts around a message's content in the chat log. */
const inChatMessage = (html: string): string => `<ol class="chat-log"><li class="chat-message message"><div class="message-content">${html}</div></li></ol>`;

// ---------------------------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------------------------

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

let context: BrowserContext | undefined;
let profileDir: string | undefined;
const pageHtml = new Map<string, string>();
const failures = new WeakMap<Page, string[]>();
let pageCounter = 0;

const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#888"/></svg>';
const MIME: Record<string, string> = {
  ".svg": "image/svg+xml", ".png": "image/png", ".webp": "image/webp", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
  ".css": "text/css", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json",
  ".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".otf": "font/otf",
};

async function serve(route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const record = (what: string) => {
    const page = request.frame().page();
    failures.get(page)?.push(what);
  };
  if (url.origin !== ORIGIN) {
    if (!url.protocol.startsWith("data") && !url.protocol.startsWith("blob")) record(`blocked: ${request.url()}`);
    return route.abort("blockedbyclient");
  }
  const path = decodeURIComponent(url.pathname);
  const html = pageHtml.get(path);
  if (html !== undefined) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
  if (path.startsWith("/systems/fracas/")) {
    const file = normalize(join(REPO_ROOT, path.slice("/systems/fracas/".length)));
    if (file.startsWith(REPO_ROOT + sep) && existsSync(file) && statSync(file).isFile()) {
      const ext = file.slice(file.lastIndexOf(".")).toLowerCase();
      return route.fulfill({ status: 200, contentType: MIME[ext] ?? "application/octet-stream", body: readFileSync(file) });
    }
    record(`missing system file: ${path}`);
    return route.fulfill({ status: 404, body: "" });
  }
  if (/^\/(icons|ui)\//.test(path)) {
    // Foundry core assets: not part of this repository; a neutral stand-in keeps layout honest.
    return route.fulfill({ status: 200, contentType: "image/svg+xml", body: PLACEHOLDER_SVG });
  }
  record(`unknown path: ${path}`);
  return route.fulfill({ status: 404, body: "" });
}

/** Starts Debian's Chromium (or $FRACAS_CHROMIUM) with a fresh profile; one per test file. */
export async function openBrowser(): Promise<BrowserContext> {
  if (context) return context;
  profileDir = mkdtempSync(join(tmpdir(), "fracas-chromium-"));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.FRACAS_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
  await context.route("**/*", serve);
  return context;
}

export async function closeBrowser(): Promise<void> {
  const c = context;
  context = undefined;
  pageHtml.clear();
  if (c) await c.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  profileDir = undefined;
}

export interface PageOptions {
  /** Window frame size in CSS pixels. */
  width: number;
  height: number;
  theme?: Theme;
  /** Extra classes on the window frame beside "fracas" (e.g. "sheet actor bond"). */
  classes?: string;
  /** Stylesheet to use instead of the compiled styles/fracas.scss. */
  css?: string;
  title?: string;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The full document: Foundry shim + compiled CSS, and the template inside a fixed-size window frame. */
export function pageDocument(html: string, options: PageOptions): string {
  const theme = options.theme ?? "light";
  const css = options.css ?? compileCss();
  const classes = ["app", "window-app", "application", "fracas", ...(options.classes ?? "").split(/\s+/).filter(Boolean), "themed", `theme-${theme}`];
  // The frame is the scroller here (Foundry's is .window-content), and a focus stop as Fracas makes a
  // read-only sheet's window content (src/foundry/typed.ts), so it scrolls by keyboard when taller.
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><base href="${ORIGIN}/">
<title>${escapeAttr(options.title ?? "Fracas template test")}</title>
<style id="foundry-shim">${FOUNDRY_SHIM}</style>
<style id="fracas-css">${css}</style>
<script>${PROBES}</script>
</head><body class="theme-${theme}">
<div id="fracas-window" class="${escapeAttr(classes.join(" "))}" tabindex="0" style="width:${options.width}px;height:${options.height}px;overflow:auto">
<section class="window-content">
${html}
</section></div></body></html>`;
}

/** Opens a new page showing html in the window frame. Close it with page.close() when done. */
export async function renderPage(html: string, options: PageOptions): Promise<Page> {
  const ctx = context ?? (await openBrowser());
  const page = await ctx.newPage();
  failures.set(page, []);
  await page.setViewportSize({ width: options.width + 64, height: options.height + 64 });
  const path = `/__page/${++pageCounter}.html`;
  pageHtml.set(path, pageDocument(html, options));
  page.once("close", () => pageHtml.delete(path));
  await page.goto(ORIGIN + path, { waitUntil: "load" });
  await page.evaluate("document.fonts.ready");
  return page;
}

/** Requests the page made that failed: missing systems/fracas/… files, blocked outside URLs. */
export function failedRequests(page: Page): string[] {
  return [...(failures.get(page) ?? [])];
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

export interface Overflow {
  /** frame: the window scrolls sideways; content: a box's content is wider than the box;
   *  outside: a box sticks out past the window's edge. */
  kind: "frame" | "content" | "outside";
  selector: string;
  scrollWidth: number;
  clientWidth: number;
  detail: string;
}

/**
 * Horizontal overflow: the window frame scrolling sideways, boxes (overflow visible/hidden/clip)
 * whose content is wider than they are — innermost only — and boxes sticking out of the frame —
 * outermost only. Skipped on purpose: inputs/selects/textareas (they scroll their text),
 * text-overflow: ellipsis (truncation by design), visually-hidden boxes, and anything inside a
 * horizontal scroll container (scrolls by design).
 */
export async function overflowingElements(page: Page): Promise<Overflow[]> {
  return (await page.evaluate("window.fracasHarness.overflow()")) as Overflow[];
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Runs axe-core over the page; returns violations whose impact is in `impacts` (default serious, critical). */
export async function axeViolations(page: Page, impacts: string[] = ["serious", "critical"]): Promise<AxeViolation[]> {
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.addScriptTag({ path: AXE_PATH });
  const script = `(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? "unknown", help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 200), summary: (n.failureSummary ?? "").slice(0, 400) })) }));
  })()`;
  const all = (await page.evaluate(script)) as AxeViolation[];
  return all.filter((v) => impacts.includes(v.impact));
}

export interface Unreached {
  selector: string;
  tag: string;
  label: string;
  reason: string;
}

/**
 * Presses Tab through the page and returns the visible, enabled button / [data-action] / a[href] /
 * input / select / textarea elements focus never reached (one radio per group counts for it).
 * Moves focus: run it after screenshots.
 */
export async function keyboardReachable(page: Page): Promise<Unreached[]> {
  await page.bringToFront();
  const tabbable = (await page.evaluate("window.fracasHarness.prepareKeyboard()")) as number;
  for (let i = 0; i < tabbable + 2; i++) await page.keyboard.press("Tab");
  const result = (await page.evaluate("window.fracasHarness.keyboardResult()")) as { unreached: Unreached[] };
  return result.unreached;
}

/** Saves a PNG of the window frame to test-results/screenshots/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  await page.locator("#fracas-window").screenshot({ path: file, animations: "disabled" });
  return file;
}

/** One finding as one readable line (overflow, axe violation, unreached element, or plain text). */
export function formatFinding(item: unknown): string {
  if (typeof item === "string") return item;
  const o = item as Partial<Overflow & AxeViolation & Unreached>;
  if (o.kind && o.selector) return `[${o.kind}] ${o.selector}: ${o.detail ?? ""}`;
  if (o.id && o.nodes) {
    const targets = o.nodes.slice(0, 5).map((n) => n.target).join(", ") + (o.nodes.length > 5 ? ` and ${o.nodes.length - 5} more` : "");
    return `${o.id} (${o.impact}): ${o.help} — ${targets}\n      first: ${o.nodes[0]?.summary.replace(/\s*\n\s*/g, " ") ?? ""}`;
  }
  if (o.selector && o.reason) return `<${o.tag}> ${o.selector} "${o.label ?? ""}": ${o.reason}`;
  return JSON.stringify(item);
}

/** Readable multi-line text for assertion messages. */
export function describeProblems(title: string, items: readonly unknown[]): string {
  return items.length === 0 ? `${title}: none` : `${title}:\n${items.map((i) => `  - ${formatFinding(i)}`).join("\n")}`;
}

// ---------------------------------------------------------------------------------------------
// One fixture, all checks
// ---------------------------------------------------------------------------------------------

export interface TemplateReport {
  screenshot: string;
  i18n: string[];
  overflow: Overflow[];
  axe: AxeViolation[];
  keyboard: Unreached[];
  requests: string[];
}

/** Screenshot name for a case: chat/attack.hbs + "hit" + dark → chat__attack--hit--dark. */
export const caseName = (c: FixtureCase, theme: Theme): string =>
  `${c.template.replace(/\.hbs$/, "").replace(/\//g, "__")}--${c.name}--${theme}`;

/**
 * Renders one fixture case in one theme and runs every check (screenshot first: the keyboard
 * check moves focus). The browser must be open. Returns the findings; empty lists mean clean.
 */
export async function checkTemplate(env: TemplateEnv, c: FixtureCase, theme: Theme, screenshotPrefix = ""): Promise<TemplateReport> {
  env.i18n.clearProblems();
  const rendered = env.renderTemplate(c.template, c.fixture.context, { partialBlock: c.fixture.partialBlock });
  const html = isChatTemplate(c.template) ? inChatMessage(rendered) : rendered;
  const i18n = env.i18n.problems();
  const page = await renderPage(html, {
    width: c.fixture.width,
    height: c.fixture.height,
    theme,
    classes: c.fixture.classes,
    title: `${c.template} — ${c.name}`,
  });
  try {
    const shot = await screenshot(page, screenshotPrefix + caseName(c, theme));
    const overflow = await overflowingElements(page);
    const axe = await axeViolations(page);
    const keyboard = await keyboardReachable(page);
    return { screenshot: shot, i18n, overflow, axe, keyboard, requests: failedRequests(page) };
  } finally {
    await page.close();
  }
}
