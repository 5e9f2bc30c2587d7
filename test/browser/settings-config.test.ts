// Configure Settings in V13 lists every registered option: a disabled ruleset's options are hidden
// and follow its "Ruleset: …" box live (src/foundry/dom/ruleset-option-rows.ts), in Chromium, on
// V13's markup for a setting (formGroup: a .form-group holding a label, the named input, a hint).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { transform } from "esbuild";
import { closeBrowser, openBrowser, renderPage } from "./harness.js";

beforeAll(async () => void (await openBrowser()));
afterAll(async () => closeBrowser());

const group = (name: string, input: string) =>
  `<div class="form-group"><label for="s-${name}">${name}</label><div class="form-fields">${input}</div><p class="hint">hint</p></div>`;
const box = (name: string, on: boolean) => group(name, `<input type="checkbox" id="s-${name}" name="${name}" ${on ? "checked" : ""}>`);
const select = (name: string) => group(name, `<select id="s-${name}" name="${name}"><option>a</option></select>`);

async function settingsPage() {
  const ts = readFileSync(new URL("../../src/foundry/dom/ruleset-option-rows.ts", import.meta.url), "utf8");
  const js = (await transform(ts, { loader: "ts", format: "iife", globalName: "FracasRows" })).code;
  const html = `<form class="categories">
    ${box("fracas.enabled.bond", true)}${box("fracas.enabled.radio", false)}
    ${select("fracas.bond.initiative")}${box("fracas.bond.draws", true)}${select("fracas.radio.mode")}
    ${select("core.fontSize")}
  </form>`;
  const page = await renderPage(html, { width: 600, height: 400 });
  await page.addScriptTag({ content: js });
  await page.evaluate(() =>
    (window as unknown as { FracasRows: { followRulesetToggles(r: ParentNode, ids: string[], ns: string): void } }).FracasRows.followRulesetToggles(document, ["bond", "radio", "zodiac"], "fracas"),
  );
  return page;
}

const shown = (names: string[]) => () =>
  names.map((n) => {
    const row = document.querySelector(`[name="${n}"]`)!.closest(".form-group")!;
    return row.getBoundingClientRect().height > 0;
  });

describe("Configure Settings: a ruleset's options follow its box", () => {
  it("a disabled ruleset's options are hidden; the enabled one's, the boxes and others' settings are shown", async () => {
    const page = await settingsPage();
    const names = ["fracas.bond.initiative", "fracas.bond.draws", "fracas.radio.mode", "fracas.enabled.radio", "core.fontSize"];
    const seen = await page.evaluate(`(${shown.toString()})(${JSON.stringify(names)})()`);
    await page.close();
    expect(seen).toEqual([true, true, false, true, true]);
  });

  it("ticking a box shows its options at once and unticking hides them, before anything is saved", async () => {
    const page = await settingsPage();
    const names = ["fracas.bond.initiative", "fracas.radio.mode"];
    await page.click('[name="fracas.enabled.radio"]');
    await page.click('[name="fracas.enabled.bond"]');
    const seen = await page.evaluate(`(${shown.toString()})(${JSON.stringify(names)})()`);
    await page.close();
    expect(seen).toEqual([false, true]);
  });

  it("V13's settings search, which sets every row's hidden as the GM types, does not bring them back", async () => {
    const page = await settingsPage();
    // CategoryBrowser#_onSearchFilter with an empty query: entry.hidden = false on every .form-group.
    await page.evaluate(() => document.querySelectorAll<HTMLElement>(".form-group").forEach((row) => (row.hidden = false)));
    const seen = await page.evaluate(`(${shown.toString()})(${JSON.stringify(["fracas.radio.mode", "fracas.bond.initiative"])})()`);
    await page.close();
    expect(seen).toEqual([false, true]);
  });
});
