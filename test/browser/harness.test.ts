/**
 * Self-test of the browser harness: each check must pass clean markup AND catch the fault it is
 * for. Uses the sample templates in test/browser/samples (with their own language file), never
 * the real templates, so it does not move when other people's templates change.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  I18n,
  SAMPLES_ROOT,
  axeViolations,
  checkTemplate,
  closeBrowser,
  compileCss,
  createHandlebars,
  describeProblems,
  discover,
  failedRequests,
  keyboardReachable,
  openBrowser,
  overflowingElements,
  renderPage,
  screenshot,
  type TemplateEnv,
} from "./harness.js";

const SAMPLE_TEMPLATES = join(SAMPLES_ROOT, "templates");
const SAMPLE_FIXTURES = join(SAMPLES_ROOT, "fixtures");
const sampleEnv = (): TemplateEnv =>
  createHandlebars({ templatesRoot: SAMPLE_TEMPLATES, langFile: join(SAMPLES_ROOT, "lang.json") });

const sampleCase = async (name: string) => {
  const c = (await discover(SAMPLE_TEMPLATES, SAMPLE_FIXTURES)).cases.find((x) => x.name === name);
  if (!c) throw new Error(`no sample case ${name}`);
  return c;
};

describe("Handlebars with Foundry's helpers", () => {
  const render = (env: TemplateEnv, source: string, context: object = {}) => env.handlebars.compile(source)(context);

  it("localizes nested keys and formats {placeholders}", () => {
    const env = sampleEnv();
    expect(render(env, '{{localize "SAMPLE.Ranks.double"}}')).toBe("Double-O");
    expect(render(env, '{{localize "SAMPLE.Roll" skill=s}}', { s: "Driving" })).toBe("Roll Driving");
    expect(env.i18n.problems()).toEqual([]);
  });

  it("reports a missing key, missing format data and localize of undefined", () => {
    const env = sampleEnv();
    expect(render(env, '{{localize "SAMPLE.Nope"}}')).toBe("SAMPLE.Nope");
    render(env, '{{localize "SAMPLE.Roll"}}{{localize "SAMPLE.Delete" nome="typo"}}{{localize missingLabel}}');
    expect([...env.i18n.missingKeys]).toEqual(["SAMPLE.Nope", "(localize called with undefined)"]);
    expect([...env.i18n.missingFormatData]).toEqual(["SAMPLE.Delete: no value for {name}"]);
    expect(env.i18n.problems()).toHaveLength(3);
    env.i18n.clearProblems();
    expect(env.i18n.problems()).toEqual([]);
  });

  it("flattens nested and dotted keys and names entries that are not strings", () => {
    const i18n = new I18n({ "A.Flat": "flat", A: { Nested: "nested", Count: 3, List: ["x"] } });
    expect([i18n.localize("A.Flat"), i18n.localize("A.Nested")]).toEqual(["flat", "nested"]);
    expect(i18n.invalidEntries).toEqual(["A.Count: 3", 'A.List: ["x"]']);
    expect(() => new I18n(["not", "an", "object"])).toThrow(/JSON object/);
  });

  it("reports keys that selectOptions localizes", () => {
    const env = sampleEnv();
    render(env, "{{selectOptions c localize=true}}", { c: { a: "SAMPLE.Ranks.rookie", b: "SAMPLE.Missing" } });
    expect([...env.i18n.missingKeys]).toEqual(["SAMPLE.Missing"]);
  });

  it("selectOptions: objects, arrays, selected, localize, blank, inverted, attrs, groups, sort", () => {
    const env = sampleEnv();
    const ranks = { rookie: "SAMPLE.Ranks.rookie", agent: "SAMPLE.Ranks.agent" };
    expect(render(env, "{{selectOptions ranks selected=r localize=true}}", { ranks, r: "agent" })).toBe(
      '<option value="rookie">Rookie</option><option value="agent" selected>Agent</option>',
    );
    expect(render(env, '{{selectOptions c blank="" selected=2}}', { c: { 1: "One", 2: "Two" } })).toBe(
      '<option value=""></option><option value="1">One</option><option value="2" selected>Two</option>',
    );
    expect(render(env, '{{selectOptions c blank="SAMPLE.Rank" localize=true}}', { c: {} })).toBe('<option value="">Rank</option>');
    expect(render(env, "{{selectOptions c inverted=true selected=\"b\"}}", { c: { Bee: "b" } })).toBe('<option value="b" selected>Bee</option>');
    expect(render(env, '{{selectOptions c valueAttr="key" labelAttr="name"}}', { c: [{ key: "x", name: "<X>" }] })).toBe(
      '<option value="x">&lt;X&gt;</option>',
    );
    expect(render(env, "{{selectOptions c selected=s}}", { c: ["a", "b", "c"], s: ["a", "c"] })).toBe(
      '<option value="a" selected>a</option><option value="b">b</option><option value="c" selected>c</option>',
    );
    expect(render(env, "{{selectOptions c sort=true}}", { c: [{ value: 1, label: "Zed", group: "G" }, { value: 2, label: "Amy", group: "G" }, { value: 3, label: "Solo", disabled: true }] })).toBe(
      '<option value="3" disabled>Solo</option><optgroup label="G"><option value="2">Amy</option><option value="1">Zed</option></optgroup>',
    );
    expect(() => render(env, "{{selectOptions nothing}}")).toThrow(/choices is undefined/);
  });

  it("checked, disabled, comparisons, logic, concat, json, ifThen", () => {
    const env = sampleEnv();
    expect(render(env, "{{checked a}}|{{checked b}}|{{disabled a}}|{{disabled b}}", { a: true, b: 0 })).toBe("checked||disabled|");
    expect(render(env, "{{eq 1 1}} {{eq 1 '1'}} {{ne 1 2}} {{lt 1 2}} {{gt 1 2}} {{lte 2 2}} {{gte 1 2}}")).toBe("true false true true false true false");
    expect(render(env, "{{and 1 2 3}} {{and 1 0}} {{or 0 0}} {{or 0 'x'}} {{not 0}} {{not 1}}")).toBe("true false false true true false");
    expect(render(env, '{{concat "FRACAS." k ".Label"}}|{{concat a b join="-"}}', { k: "Bond", a: "x", b: 2 })).toBe("FRACAS.Bond.Label|x-2");
    expect(render(env, "<i data-x='{{json o}}'></i>", { o: { a: "<b>" } })).toBe("<i data-x='{&quot;a&quot;:&quot;&lt;b&gt;&quot;}'></i>");
    expect(render(env, "{{ifThen f 'yes' 'no'}}/{{ifThen t 'yes' 'no'}}", { f: false, t: 1 })).toBe("no/yes");
  });

  it("numberFormat follows Foundry's documented examples", () => {
    const env = sampleEnv();
    expect(render(env, "{{numberFormat 5.5}}")).toBe("5.5");
    expect(render(env, "{{numberFormat 5.5 decimals=2}}")).toBe("5.50");
    expect(render(env, "{{numberFormat 5.5 decimals=2 sign=true}}")).toBe("+5.50");
    expect(render(env, "{{numberFormat -3 sign=true}}|{{numberFormat 0 sign=true}}|{{numberFormat '7.25' decimals=1}}")).toBe("-3|+0|7.3");
    expect(render(env, "{{numberFormat nothing decimals=0 sign=true}}")).toBe("NaN");
  });

  it("registers every template as a partial under its Foundry path", async () => {
    const env = sampleEnv();
    expect(env.partialNames.sort()).toEqual([
      "systems/fracas/templates/chat/frame.hbs",
      "systems/fracas/templates/chat/roll.hbs",
      "systems/fracas/templates/sheets/_skill-row.hbs",
      "systems/fracas/templates/sheets/agent.hbs",
    ]);
    const html = env.renderTemplate("sheets/agent.hbs", (await sampleCase("default")).fixture.context);
    expect(html).toContain('data-skill="s2"');
    expect(html).toContain("Roll Fire Combat");
    expect(html).toContain('<option value="agent" selected>Agent</option>');
    expect(html).toMatch(/value="careful" checked/);
    expect(env.i18n.problems()).toEqual([]);
  });

  it("renders a layout partial through its caller, or on its own with a partialBlock", () => {
    const env = sampleEnv();
    const viaCaller = env.renderTemplate("chat/roll.hbs", { title: "T", skill: "Driving", chance: 12 });
    expect(viaCaller).toMatch(/<h3>T<\/h3>\s*<div class="sample-card-body">\s*<p>Chance: 12.0%<\/p>/);
    expect(env.renderTemplate("chat/frame.hbs", { title: "F" }, { partialBlock: "<i>{{title}}</i>" })).toContain('<div class="sample-card-body"><i>F</i></div>');
    expect(() => env.renderTemplate("chat/frame.hbs", { title: "F" })).toThrow(/@partial-block/);
    expect(env.i18n.problems()).toEqual([]);
  });

  it("fails loudly on a helper Foundry does not provide", () => {
    expect(() => render(sampleEnv(), "{{frobnicate 1}}")).toThrow(/Missing helper: "?frobnicate/);
  });
});

describe("fixture discovery", () => {
  it("names templates without fixtures, stray fixtures, uncovered partials and bad fixtures", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fracas-discovery-"));
    try {
      const t = join(dir, "templates");
      const f = join(dir, "fixtures");
      mkdirSync(join(t, "chat"), { recursive: true });
      writeFileSync(join(t, "chat/card.hbs"), '{{> "systems/fracas/templates/chat/_used.hbs"}}');
      writeFileSync(join(t, "chat/_used.hbs"), "used");
      writeFileSync(join(t, "chat/_orphan.hbs"), "never included");
      writeFileSync(join(t, "lonely.hbs"), "no fixture");
      writeFileSync(join(t, "chat/layout.hbs"), "<div>{{> @partial-block }}</div>");
      mkdirSync(join(f, "chat/card"), { recursive: true });
      mkdirSync(join(f, "gone"), { recursive: true });
      writeFileSync(join(f, "chat/card/hit.json"), JSON.stringify({ width: 300, height: 200, context: {} }));
      writeFileSync(join(f, "chat/card/typo.json"), JSON.stringify({ width: 300, height: 200, contxt: {} }));
      writeFileSync(join(f, "gone/old.json"), JSON.stringify({ width: 300, height: 200, context: {} }));
      writeFileSync(join(f, "stray.json"), JSON.stringify({ width: 300, height: 200, context: {} }));
      const d = await discover(t, f);
      expect(d.templates).toEqual(["chat/_orphan.hbs", "chat/_used.hbs", "chat/card.hbs", "chat/layout.hbs", "lonely.hbs"]);
      expect(d.partials).toEqual(["chat/_orphan.hbs", "chat/_used.hbs", "chat/layout.hbs"]);
      expect(d.cases.map((c) => `${c.template}:${c.name}`)).toEqual(["chat/card.hbs:hit"]);
      expect(d.templatesWithoutFixture).toEqual(["lonely.hbs"]);
      expect(d.fixturesWithoutTemplate).toEqual(["gone/", "stray.json"]);
      expect(d.partialsNotCovered).toEqual(["chat/_orphan.hbs", "chat/layout.hbs"]);
      expect(d.invalidFixtures).toHaveLength(1);
      expect(d.invalidFixtures[0]).toMatch(/typo\.json: unknown keys contxt/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("browser checks", () => {
  const pages: Page[] = [];
  beforeAll(async () => {
    await openBrowser();
  });
  afterAll(async () => {
    for (const p of pages) if (!p.isClosed()) await p.close();
    await closeBrowser();
  });
  const open = async (html: string, width = 400, height = 300, theme: "light" | "dark" = "light") => {
    const page = await renderPage(html, { width, height, theme });
    pages.push(page);
    return page;
  };

  it("loads the real compiled stylesheet", async () => {
    const css = compileCss();
    expect(css).toMatch(/\.fracas\b/);
    const page = await open('<p class="probe">x</p>');
    const rules = (await page.evaluate(
      "[...document.getElementById('fracas-css').sheet.cssRules].filter((r) => (r.selectorText ?? '').includes('.fracas')).length",
    )) as number;
    expect(rules).toBeGreaterThan(0);
    await page.close();
  });

  it("discovers the sample fixtures, .json and .ts", async () => {
    const d = await discover(SAMPLE_TEMPLATES, SAMPLE_FIXTURES);
    expect(d.cases.map((c) => `${c.template}:${c.name}`).sort()).toEqual([
      "chat/frame.hbs:with-block",
      "chat/roll.hbs:computed",
      "sheets/agent.hbs:cramped",
      "sheets/agent.hbs:default",
    ]);
    expect(d.partials).toEqual(["chat/frame.hbs", "sheets/_skill-row.hbs"]);
    expect(d.cases.find((c) => c.name === "computed")?.fixture.context.chance).toBeCloseTo(33.25);
    expect([d.templatesWithoutFixture, d.fixturesWithoutTemplate, d.partialsNotCovered, d.invalidFixtures]).toEqual([[], [], [], []]);
  });

  it("passes every clean sample case (sheet, chat card, layout) in every check and theme", async () => {
    const env = sampleEnv();
    const clean = (await discover(SAMPLE_TEMPLATES, SAMPLE_FIXTURES)).cases.filter((c) => c.name !== "cramped");
    let runs = 0;
    for (const c of clean) {
      for (const theme of c.fixture.themes ?? ["light"]) {
        const r = await checkTemplate(env, c, theme, "harness--");
        expect(statSync(r.screenshot).size).toBeGreaterThan(1000);
        expect({ ...r, screenshot: undefined }, `${c.template} › ${c.name} (${theme})`).toEqual({
          screenshot: undefined, i18n: [], overflow: [], axe: [], keyboard: [], requests: [],
        });
        runs++;
      }
    }
    expect(runs).toBe(4);
  });

  it("catches a cramped sheet and a missing stance label through the same pipeline", async () => {
    const r = await checkTemplate(sampleEnv(), await sampleCase("cramped"), "light", "harness--");
    expect(r.i18n).toEqual(["missing i18n key: SAMPLE.Stances.reckless"]);
    expect(r.overflow.length, describeProblems("overflow", r.overflow)).toBeGreaterThan(0);
    expect(r.keyboard).toEqual([]);
  });

  it("catches content wider than its box, and a box wider than the window", async () => {
    const page = await open(`
      <div class="clipped" style="width:120px;overflow:hidden;white-space:nowrap">A label much too long to fit its box</div>
      <button class="squeezed" style="width:60px;white-space:nowrap">Roll to hit now</button>
      <div class="wide" style="width:900px"><span>wide</span></div>
      <div class="fine" style="width:120px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Truncated with an ellipsis on purpose</div>
      <input aria-label="long value" style="width:80px" value="a value far longer than the input is wide">
      <div style="overflow-x:auto;width:200px"><div class="scrolls" style="width:500px">scrolls by design</div></div>
      <span class="fracas-visually-hidden">Hidden text that is far wider than one pixel</span>`);
    const found = await overflowingElements(page);
    const summary = found.map((o) => `${o.kind} ${o.selector}`);
    const has = (re: RegExp) => summary.some((s) => re.test(s));
    expect(has(/^frame #fracas-window$/), summary.join("\n")).toBe(true);
    expect(has(/^content section\.window-content > div\.clipped\b/), summary.join("\n")).toBe(true);
    expect(has(/^content section\.window-content > button\.squeezed\b/), summary.join("\n")).toBe(true);
    expect(has(/^outside section\.window-content > div\.wide\b/), summary.join("\n")).toBe(true);
    expect(found.some((o) => /fine|scrolls|visually-hidden|input/.test(o.selector))).toBe(false);
    expect(found).toHaveLength(4);
  });

  it("axe catches an image without alt and a button without a name", async () => {
    const page = await open('<img src="icons/svg/mystery-man.svg" width="32" height="32"><button type="button" data-action="x"></button>');
    const ids = (await axeViolations(page)).map((v) => v.id).sort();
    expect(ids).toEqual(["button-name", "image-alt"]);
    expect(failedRequests(page)).toEqual([]); // Foundry core icon served by the stand-in
  });

  it("axe checks colour contrast against the theme's background", async () => {
    const html = '<p style="color:#3a3a3a">Dark grey text</p>';
    expect(await axeViolations(await open(html, 300, 200, "light"))).toEqual([]);
    const dark = await axeViolations(await open(html, 300, 200, "dark"));
    expect(dark.map((v) => v.id)).toEqual(["color-contrast"]);
  });

  it("reports interactive elements Tab cannot reach", async () => {
    const page = await open(`
      <button type="button" class="ok">OK</button>
      <button type="button" class="skipped" tabindex="-1">Skipped</button>
      <div class="div-action" data-action="roll">Roll</div>
      <a class="no-href" data-action="edit">Edit</a>
      <label>A <input type="radio" name="g" value="a"></label><label>B <input type="radio" name="g" value="b"></label>
      <button type="button" disabled>Disabled is exempt</button>
      <button type="button" style="display:none">Hidden is exempt</button>`);
    const unreached = await keyboardReachable(page);
    expect(unreached.map((u) => u.selector)).toEqual([
      "section.window-content > button.skipped:nth-of-type(2)",
      'section.window-content > div.div-action[data-action="roll"]',
      'section.window-content > a.no-href[data-action="edit"]',
    ]);
    expect(unreached[0]?.reason).toBe('tabindex="-1"');
    expect(unreached[1]?.reason).toMatch(/not focusable/);
  });

  it("records system files the page could not load", async () => {
    const page = await open('<img src="systems/fracas/assets/nope.webp" alt="Nope" width="10" height="10"><img src="https://example.com/x.png" alt="x">');
    await page.waitForLoadState("load");
    expect(failedRequests(page).sort()).toEqual(["blocked: https://example.com/x.png", "missing system file: /systems/fracas/assets/nope.webp"]);
  });
});
