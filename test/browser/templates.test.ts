/**
 * Every Handlebars template under templates/ rendered by real Handlebars with its fixtures
 * (test/fixtures/templates/<template path without .hbs>/<case>.json), styled by the real
 * compiled stylesheet, in Debian's Chromium: screenshot, no horizontal overflow, no serious or
 * critical axe violations, every interactive element reachable by Tab, no missing i18n keys.
 * New templates are picked up automatically; a template without a fixture fails.
 */
import { readdirSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIXTURES_ROOT,
  TEMPLATES_ROOT,
  checkTemplate,
  closeBrowser,
  compileCss,
  createHandlebars,
  describeProblems,
  discover,
  foundryPath,
  openBrowser,
  type TemplateEnv,
} from "./harness.js";

const discovery = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);

describe("template discovery", () => {
  it("finds the templates folder and every .hbs in it", () => {
    expect(statSync(TEMPLATES_ROOT).isDirectory()).toBe(true);
    // Cross-check the harness's walk against Node's own recursive listing.
    const independent = (readdirSync(TEMPLATES_ROOT, { recursive: true }) as string[])
      .map((p) => p.split("\\").join("/"))
      .filter((p) => p.endsWith(".hbs") && statSync(`${TEMPLATES_ROOT}/${p}`).isFile())
      .sort();
    expect(discovery.templates).toEqual(independent);
    expect(createHandlebars().partialNames).toEqual(discovery.templates.map(foundryPath));
  });

  it("every template has at least one fixture", () => {
    expect(discovery.templatesWithoutFixture, describeProblems(`templates with no fixture under ${FIXTURES_ROOT}`, discovery.templatesWithoutFixture)).toEqual([]);
  });

  it("every fixture folder names an existing template", () => {
    expect(discovery.fixturesWithoutTemplate, describeProblems("fixture folders matching no template", discovery.fixturesWithoutTemplate)).toEqual([]);
  });

  it("every fixture file is well-formed", () => {
    expect(discovery.invalidFixtures, describeProblems("invalid fixtures", discovery.invalidFixtures)).toEqual([]);
  });

  it("every partial (_name.hbs, or a layout using @partial-block) is included by some template or has its own fixture", () => {
    expect(discovery.partialsNotCovered, describeProblems("partials nothing renders", discovery.partialsNotCovered)).toEqual([]);
  });

  it("the real language file and stylesheet load", () => {
    const env = createHandlebars();
    expect(env.i18n.strings.size).toBeGreaterThan(0);
    expect(env.i18n.invalidEntries, describeProblems("lang/en.json entries that are not strings", env.i18n.invalidEntries)).toEqual([]);
    expect(compileCss()).toMatch(/\.fracas\b/);
  });
});

if (discovery.cases.length > 0) {
  describe("templates in Chromium", () => {
    let env: TemplateEnv;
    beforeAll(async () => {
      env = createHandlebars();
      await openBrowser();
    });
    afterAll(async () => {
      await closeBrowser();
    });

    for (const c of discovery.cases) {
      for (const theme of c.fixture.themes ?? ["light"]) {
        it(`${c.template} › ${c.name} (${theme})`, async () => {
          const r = await checkTemplate(env, c, theme);
          expect(statSync(r.screenshot).size).toBeGreaterThan(0);
          // Soft: one run reports every kind of problem, not just the first.
          expect.soft(r.i18n, describeProblems("i18n", r.i18n)).toEqual([]);
          expect.soft(r.overflow, describeProblems("horizontal overflow", r.overflow)).toEqual([]);
          expect.soft(r.axe, describeProblems("serious/critical axe violations", r.axe)).toEqual([]);
          expect.soft(r.keyboard, describeProblems("not reachable by Tab", r.keyboard)).toEqual([]);
          expect.soft(r.requests, describeProblems("failed requests", r.requests)).toEqual([]);
        });
      }
    }
  });
}
