// V13 opens tooltips on pointer events only; inside Fracas's UI a keyboard user reaching an element
// with data-tooltip gets it through the same manager (src/foundry/dom/keyboard-tooltips.ts). Chromium,
// real focus: Tab (focus-visible) shows it, leaving hides it, a mouse click leaves it to V13's hover.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { transform } from "esbuild";
import { closeBrowser, openBrowser, renderPage } from "./harness.js";

beforeAll(async () => void (await openBrowser()));
afterAll(async () => closeBrowser());

async function page() {
  const ts = readFileSync(new URL("../../src/foundry/dom/keyboard-tooltips.ts", import.meta.url), "utf8");
  const js = (await transform(ts, { loader: "ts", format: "iife", globalName: "FracasTips" })).code;
  const html = `<input id="first" aria-label="start">
    <div class="fracas-inner"><button type="button" id="hint" data-tooltip="Groups roll once a round">Groups</button>
    <button type="button" id="icon" data-tooltip="" aria-label="Delete weapon"><i class="fa-solid fa-trash" inert></i></button>
    <button type="button" id="plain">Plain</button></div>`;
  // The harness puts every page inside a .fracas window, as Fracas's sheets are.
  const p = await renderPage(html, { width: 400, height: 200 });
  await p.addScriptTag({ content: js });
  await p.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { tipLog: string[] }).tipLog = log;
    const manager = { activate: (el: HTMLElement, o?: { text?: string }) => log.push(`on:${el.id}${o?.text ? `:${o.text}` : ""}`), deactivate: () => log.push("off") };
    (window as unknown as { FracasTips: { followFocusWithTooltips(r: Document, t: () => unknown): void } }).FracasTips.followFocusWithTooltips(document, () => manager);
  });
  return p;
}

describe("keyboard tooltips", () => {
  it("Tab onto a tooltipped element shows its tooltip (an empty one shows its aria-label); leaving hides it", async () => {
    const p = await page();
    await p.focus("#first");
    for (let i = 0; i < 3; i++) await p.keyboard.press("Tab");
    const log = await p.evaluate(() => (window as unknown as { tipLog: string[] }).tipLog);
    await p.close();
    expect(log).toEqual(["on:hint", "off", "on:icon:Delete weapon", "off"]);
  });

  it("a mouse click's focus is left to V13's hover, and leaving it closes nothing (the pointer's tooltip is V13's)", async () => {
    const p = await page();
    await p.click("#hint");
    await p.click("#plain");
    const log = await p.evaluate(() => (window as unknown as { tipLog: string[] }).tipLog);
    await p.close();
    expect(log).toEqual([]);
  });
});
