// Review-s11 A2: a Fracas part drawn again keeps the keyboard focus on the same control, though its
// ids are scoped to the application (V13's own restore looks for the scoped id in the fresh,
// unscoped part) and though many action buttons have neither id nor name. Real templates, real
// Chromium; the redraw is done as V13's HandlebarsApplication does it (record, replaceWith, restore,
// then Fracas scopes the new part's ids in _onRender).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transform } from "esbuild";
import { readFileSync } from "node:fs";
import { closeBrowser, createHandlebars, discover, FIXTURES_ROOT, openBrowser, renderPage, TEMPLATES_ROOT } from "./harness.js";

let js = "";
beforeAll(async () => {
  await openBrowser();
  const load = async (path: string, name: string) =>
    (await transform(readFileSync(new URL(path, import.meta.url), "utf8"), { loader: "ts", format: "iife", globalName: name })).code;
  js = (await load("../../src/foundry/dom/focus-state.ts", "FracasFocus")) + (await load("../../src/foundry/dom/scope-ids.ts", "FracasScope")) + (await load("../../src/foundry/dom/typing.ts", "FracasTyping")) + (await load("../../src/foundry/dom/role-buttons.ts", "FracasRoleButtons"));
});
afterAll(async () => closeBrowser());

async function redrawKeeps(template: string, caseName: string | null, focusSelector: string): Promise<{ before: string; after: string; v13Alone: boolean }> {
  const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
  const c = found.cases.find((x) => x.template === template && (caseName === null || x.name === caseName))!;
  expect(c, `${template} fixture`).toBeDefined();
  const html = createHandlebars().renderTemplate(c.template, c.fixture.context);
  const page = await renderPage(`<div id="part">${html}</div><template id="fresh">${html}</template>`, { width: 900, height: 1400 });
  try {
    await page.addScriptTag({ content: js });
    return await page.evaluate((selector) => {
      const w = window as unknown as {
        FracasFocus: { focusKeyOf(p: HTMLElement, id: string): unknown; restoreFocus(p: HTMLElement, k: unknown): void };
        FracasScope: { scopeIds(p: HTMLElement, id: string): void };
      };
      const describe = (el: Element | null) => (el ? `${el.tagName}#${el.id}[${el.getAttribute("data-action") ?? ""}${el.getAttribute("data-delta") ?? ""}]` : "none");
      const part = document.getElementById("part")!;
      w.FracasScope.scopeIds(part, "app1");
      const target = part.querySelector<HTMLElement>(selector)!;
      target.focus();
      const before = describe(document.activeElement);
      // V13: record the focus by id (else tag[name]), replace the part, look the record up in the new part.
      const v13 = target.id ? `#${CSS.escape(target.id)}` : target.getAttribute("name") ? `${target.tagName}[name="${target.getAttribute("name")}"]` : null;
      const key = w.FracasFocus.focusKeyOf(part, "app1");
      const fresh = document.createElement("div");
      fresh.id = "part";
      fresh.append((document.getElementById("fresh") as HTMLTemplateElement).content.cloneNode(true));
      part.replaceWith(fresh);
      const v13Found = v13 ? fresh.querySelector<HTMLElement>(v13) : null;
      v13Found?.focus();
      const v13Alone = document.activeElement !== document.body && fresh.contains(document.activeElement);
      w.FracasFocus.restoreFocus(fresh, key);
      w.FracasScope.scopeIds(fresh, "app1");
      return { before, after: describe(document.activeElement), v13Alone };
    }, focusSelector);
  } finally {
    await page.close();
  }
}

describe("typing in a sheet (review-s11 K3: a redraw would lose an uncommitted value)", () => {
  it("a focused text or number input is typing; a focused button, checkbox or select is not; focus elsewhere is not", async () => {
    const html = `<div id="sheet"><input id="t" type="number"><textarea id="n"></textarea><button id="b">B</button><input id="c" type="checkbox"><select id="s"><option>x</option></select></div><input id="out">`;
    const page = await renderPage(html, { width: 400, height: 300 });
    try {
      await page.addScriptTag({ content: js });
      const seen = await page.evaluate(() => {
        const w = window as unknown as { FracasTyping: { typingIn(root: Element | null): boolean } };
        const sheet = document.getElementById("sheet");
        return ["t", "n", "b", "c", "s", "out"].map((id) => {
          document.getElementById(id)!.focus();
          return `${id}:${w.FracasTyping.typingIn(sheet)}`;
        });
      });
      expect(seen).toEqual(["t:true", "n:true", "b:false", "c:false", "s:false", "out:false"]);
    } finally {
      await page.close();
    }
  });
});

describe("a role=button element is pressed by the keyboard (review-s11 A4)", () => {
  it("the Bond sheet's portrait: Enter and Space click it, once each; a real button is left to the browser", async () => {
    const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
    const c = found.cases.find((x) => x.template === "bond/sheets/character.hbs")!;
    const html = createHandlebars().renderTemplate(c.template, c.fixture.context);
    const page = await renderPage(`<div id="app">${html}</div>`, { width: 900, height: 1400 });
    try {
      await page.addScriptTag({ content: js });
      await page.evaluate(() => {
        const w = window as unknown as { FracasRoleButtons: { pressRoleButton(e: KeyboardEvent): void }; clicks: string[] };
        w.clicks = [];
        const app = document.getElementById("app")!;
        app.addEventListener("keydown", w.FracasRoleButtons.pressRoleButton);
        app.addEventListener("click", (e) => w.clicks.push((e.target as HTMLElement).getAttribute("data-action") ?? ""));
        document.querySelector<HTMLElement>('[role="button"][data-action="editImage"]')!.focus();
      });
      await page.keyboard.press("Enter");
      await page.keyboard.press("Space");
      await page.evaluate(() => document.querySelector<HTMLElement>('button[data-action="points"]')!.focus());
      await page.keyboard.press("Enter");
      const clicks = await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks);
      // The button's Enter is the browser's own click: one, not two.
      expect(clicks).toEqual(["editImage", "editImage", "points"]);
    } finally {
      await page.close();
    }
  });
});

describe("focus across a redraw", () => {
  it("a control with a scoped id (the FEAT dialog's Action): V13 alone loses it; Fracas puts it back", async () => {
    const r = await redrawKeeps("faserip/feat-dialog.hbs", null, "select[name=action]");
    expect(r.before).toBe("SELECT#app1-faserip-feat-action[]");
    expect(r.v13Alone).toBe(false);
    expect(r.after).toBe(r.before);
  });

  it("a button with neither id nor name (Bond's Hero Points +): put back by what it does", async () => {
    const r = await redrawKeeps("bond/sheets/character.hbs", null, 'button[data-action="points"][data-delta="1"]');
    expect(r.before).toBe("BUTTON#[points1]");
    expect(r.v13Alone).toBe(false);
    expect(r.after).toBe(r.before);
  });
});
