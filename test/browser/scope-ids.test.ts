// Two sheets open at once must not share element ids: scopeIds (run after every Fracas render)
// prefixes ids and their references with each application's id. Tested in Chromium on two copies
// of the real Bond attack dialog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transform } from "esbuild";
import { readFileSync } from "node:fs";
import { closeBrowser, createHandlebars, discover, FIXTURES_ROOT, openBrowser, renderPage, TEMPLATES_ROOT } from "./harness.js";

let scopeIdsJs = "";
beforeAll(async () => {
  await openBrowser();
  const ts = readFileSync(new URL("../../src/foundry/dom/scope-ids.ts", import.meta.url), "utf8");
  scopeIdsJs = (await transform(ts, { loader: "ts", format: "iife", globalName: "FracasDom" })).code;
});
afterAll(async () => closeBrowser());

describe("scopeIds", () => {
  it("gives two rendered copies of a template distinct ids, labels still pointing into their own copy, and is idempotent", async () => {
    const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
    const c = found.cases.find((x) => x.template === "bond/dialogs/attack.hbs")!;
    expect(c, "a bond attack dialog fixture").toBeDefined();
    const html = createHandlebars().renderTemplate(c.template, c.fixture.context);
    const page = await renderPage(`<div id="app-a">${html}</div><div id="app-b">${html}</div>`, { width: 900, height: 1400 });
    await page.addScriptTag({ content: scopeIdsJs });
    const result = await page.evaluate(() => {
      const w = window as unknown as { FracasDom: { scopeIds(root: HTMLElement, id: string): void } };
      const a = document.getElementById("app-a")!;
      const b = document.getElementById("app-b")!;
      const idsBefore = [...document.querySelectorAll("[id]")].map((e) => e.id);
      w.FracasDom.scopeIds(a, "app-a");
      w.FracasDom.scopeIds(b, "app-b");
      w.FracasDom.scopeIds(a, "app-a");
      const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
      const labels = [...document.querySelectorAll<HTMLLabelElement>("label[for]")].map((l) => ({
        ok: !!l.control && (l.closest("#app-a") ? a.contains(l.control) : b.contains(l.control)),
        for: l.htmlFor,
      }));
      return { duplicatesBefore: idsBefore.length - new Set(idsBefore).size, duplicatesAfter: ids.length - new Set(ids).size, labels, sample: ids.slice(0, 4) };
    });
    expect(result.duplicatesBefore).toBeGreaterThan(0);
    expect(result.duplicatesAfter).toBe(0);
    expect(result.labels.length).toBeGreaterThan(0);
    expect(result.labels.filter((l) => !l.ok)).toEqual([]);
    expect(result.sample.some((id) => id.startsWith("app-a-app-a-"))).toBe(false);
    await page.close();
  });
});
