// V13's header and footer buttons a Fracas round replaces (src/foundry/tracker/core-controls.ts,
// review-s10 G4), removed from a real DOM in Chromium. The markup is V13's buttons restated by their
// data-action (templates/sidebar/tabs/combat/header.hbs and footer.hbs, build 350): the rest of
// the header and footer must stay as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { transform } from "esbuild";
import { closeBrowser, openBrowser, renderPage } from "./harness.js";

beforeAll(async () => void (await openBrowser()));
afterAll(async () => closeBrowser());

const V13_TRACKER = `
  <header class="combat-tracker-header">
    <div class="encounter-controls combat">
      <div class="control-buttons left flexrow">
        <button type="button" class="inline-control combat-control icon fa-solid fa-users" data-action="rollAll" aria-label="Roll All"></button>
        <button type="button" class="inline-control combat-control icon fa-solid fa-users-cog" data-action="rollNPC" aria-label="Roll NPCs"></button>
      </div>
      <strong class="encounter-title">Round 2</strong>
      <div class="control-buttons right flexrow"><div class="spacer"></div><button type="button" class="encounter-context-menu" aria-label="Menu"></button></div>
    </div>
  </header>
  <nav class="combat-controls">
    <button type="button" data-action="previousRound" aria-label="Previous Round"></button>
    <button type="button" data-action="previousTurn" aria-label="Previous Turn"></button>
    <button type="button" data-action="endCombat">End Combat</button>
    <button type="button" data-action="nextTurn" aria-label="Next Turn"></button>
    <button type="button" data-action="nextRound" aria-label="Next Round"></button>
  </nav>`;

describe("core round controls in a Fracas combat (core-controls.ts)", () => {
  it("Roll All and Roll NPCs give way to spacers (the title stays centred), Previous Round goes; every other control stays", async () => {
    const ts = readFileSync(new URL("../../src/foundry/tracker/core-controls.ts", import.meta.url), "utf8");
    const js = (await transform(ts, { loader: "ts", format: "iife", globalName: "FracasControls" })).code;
    const page = await renderPage(V13_TRACKER, { width: 300, height: 200 });
    await page.addScriptTag({ content: js });
    const after = await page.evaluate(() => {
      const root = document.querySelector("#fracas-window")!;
      (window as unknown as { FracasControls: { removeCoreRoundControls(r: ParentNode): void } }).FracasControls.removeCoreRoundControls(root);
      return {
        actions: [...root.querySelectorAll<HTMLElement>("[data-action]")].map((b) => b.dataset.action),
        left: [...root.querySelectorAll(".control-buttons.left > *")].map((e) => e.outerHTML),
      };
    });
    await page.close();
    expect(after.actions).toEqual(["previousTurn", "endCombat", "nextTurn", "nextRound"]);
    expect(after.left).toEqual(['<div class="spacer"></div>', '<div class="spacer"></div>']);
  });
});
