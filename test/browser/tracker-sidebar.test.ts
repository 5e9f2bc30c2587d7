// The round plan inside V13's combat sidebar: a flex column that clips (foundry2.css: #sidebar-content
// overflow hidden; .combat-sidebar a column whose header and footer are flex:none and whose core
// list, .combat-tracker, is flex:1 and scrolls). A tall plan must not push the core list and the
// footer out of view, and the GM's Back/Advance must stay reachable. Real template, real CSS, Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { transform } from "esbuild";
import { closeBrowser, createHandlebars, discover, FIXTURES_ROOT, openBrowser, renderPage, TEMPLATES_ROOT } from "./harness.js";

beforeAll(async () => void (await openBrowser()));
afterAll(async () => closeBrowser());

// V13's layout of the combat tab, restated as the few rules that decide heights (values from foundry2.css).
const SIDEBAR_CSS = `
  .v13-sidebar { display: flex; flex-direction: column; gap: 8px; width: 300px; height: 800px; overflow: hidden; }
  .v13-sidebar > .combat-tracker-header, .v13-sidebar > .combat-controls { flex: none; }
  .v13-sidebar > .combat-tracker { flex: 1; overflow: hidden auto; margin: 0; padding: 0; }
  .v13-sidebar > .combat-tracker > li { height: 48px; list-style: none; }
`;

async function sidebarPage(fixture: string) {
  const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
  const c = found.cases.find((x) => x.template === "tracker/plan.hbs" && x.name === fixture);
  if (!c) throw new Error(`no tracker/plan fixture ${fixture}`);
  const plan = createHandlebars().renderTemplate(c.template, c.fixture.context);
  const rows = Array.from({ length: 5 }, (_, i) => `<li class="combatant">Combatant ${i + 1}</li>`).join("");
  const html = `<style>${SIDEBAR_CSS}</style><section class="v13-sidebar">
    <header class="combat-tracker-header" style="height:90px">Encounter</header>
    ${plan}
    <ol class="combat-tracker">${rows}</ol>
    <nav class="combat-controls" style="height:50px"><button type="button">End Combat</button></nav>
  </section>`;
  return renderPage(html, { width: 320, height: 820 });
}

async function inSidebar(fixture: string) {
  const page = await sidebarPage(fixture);
  const box = await page.evaluate(() => {
    const r = (el: Element | null) => (el ? el.getBoundingClientRect() : null);
    const sidebar = r(document.querySelector(".v13-sidebar"))!;
    const list = r(document.querySelector(".combat-tracker"))!;
    const footer = r(document.querySelector(".combat-controls"))!;
    const advance = r(document.querySelector("[data-action=fracasAdvance]"));
    const body = document.querySelector<HTMLElement>(".fracas-plan-body")!;
    return { sidebarBottom: sidebar.bottom, listHeight: list.height, footerBottom: footer.bottom, advanceTop: advance?.top ?? null, advanceBottom: advance?.bottom ?? null, listTop: list.top, bodyScrolls: body.scrollHeight > body.clientHeight + 1 };
  });
  await page.close();
  return box;
}

describe("the plan in V13's combat sidebar", () => {
  it.each(["faserip-round", "bond-round", "radio-round", "zodiac-round"])("%s: the core list keeps two rows, the footer and Advance stay in view", async (fixture) => {
    const box = await inSidebar(fixture);
    expect(box.footerBottom).toBeLessThanOrEqual(box.sidebarBottom + 0.5);
    expect(box.listHeight).toBeGreaterThanOrEqual(96);
    expect(box.advanceTop).not.toBeNull();
    expect(box.advanceBottom!).toBeLessThanOrEqual(box.listTop);
  });

  it("the tallest plan (FASERIP's four combatants and side panel) scrolls inside its body", async () => {
    expect((await inSidebar("faserip-round")).bodyScrolls).toBe(true);
  });

  it("after Advance, the current step is scrolled into the plan's view (src/foundry/dom/current-step.ts)", async () => {
    const ts = readFileSync(new URL("../../src/foundry/dom/current-step.ts", import.meta.url), "utf8");
    const js = (await transform(ts, { loader: "ts", format: "iife", globalName: "FracasStep" })).code;
    const page = await sidebarPage("faserip-round");
    await page.addScriptTag({ content: js });
    const seen = await page.evaluate(() => {
      const body = document.querySelector<HTMLElement>(".fracas-plan-body")!;
      const steps = [...document.querySelectorAll<HTMLElement>(".fracas-plan-steps > li")];
      // The round moved on to its last step, as Advance does.
      for (const li of steps) li.removeAttribute("aria-current");
      const last = steps.at(-1)!;
      last.setAttribute("aria-current", "step");
      const shown = () => {
        const b = body.getBoundingClientRect();
        const r = last.getBoundingClientRect();
        return r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
      };
      const before = shown();
      (window as unknown as { FracasStep: { showCurrentStep(root: ParentNode): void } }).FracasStep.showCurrentStep(document);
      return { before, after: shown() };
    });
    await page.close();
    expect(seen).toEqual({ before: false, after: true });
  });

  it.each([
    ["faserip-round", ".faserip-panel", "before"],
    ["zodiac-round", ".zodiac-panel", "after"],
  ])("%s: the ruleset's panel sits %s the steps (its descriptor's trackerPanel.position)", async (fixture, panel, where) => {
    const page = await sidebarPage(fixture);
    const order = await page.evaluate((selector) => {
      const steps = document.querySelector(".fracas-plan-steps")!;
      const p = document.querySelector(selector)!;
      return steps.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING ? "after" : "before";
    }, panel);
    await page.close();
    expect(order).toBe(where);
  });
});
