/**
 * ux-review-s7 #11: on the weapon sheet, the Concealed box floated mid-sheet, under neither its label
 * nor Thrown's box. Now each box sits before its own label, at its row's left edge, the hint under both.
 * (The card findings, #4, #7, #10, #16, #17.4–5, are in card-derivation.test.ts and review-s7-wave2.test.ts.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startFight } from "./fake-round.js";
import weapon from "../../../fixtures/templates/faserip/item-sheet/weapon.js";
import weaponReadonly from "../../../fixtures/templates/faserip/item-sheet/weapon-readonly.js";

describe("ux-review-s7 #11: the weapon sheet's checkboxes are check rows", () => {
  it("Thrown and Concealed: the box inside its label, before the words; the hint after; read-only too", async () => {
    const f = await startFight();
    for (const fixture of [weapon(), weaponReadonly()]) {
      const html = await f.world.templates.renderTemplate("systems/fracas/templates/faserip/item-sheet.hbs", fixture.context);
      expect(html).toMatch(/<div class="faserip-field faserip-field-check">\s*<label for="faserip-weapon-thrown"><input id="faserip-weapon-thrown" type="checkbox"[^>]*> Thrown<\/label>/);
      expect(html).toMatch(/<div class="faserip-field faserip-field-wide faserip-field-check">\s*<label for="faserip-weapon-concealed"><input id="faserip-weapon-concealed" type="checkbox"[^>]*> Concealed<\/label>\s*<span id="faserip-weapon-concealed-hint"/);
    }
  });

  it("the style lays a check row's box and words on one line, left-aligned", () => {
    const scss = readFileSync(new URL("../../../../styles/_faserip.scss", import.meta.url), "utf8");
    expect(scss).toMatch(/\.faserip-field-check label \{ display: flex; align-items: center;/);
  });
});
