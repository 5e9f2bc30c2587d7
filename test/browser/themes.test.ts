// Review-s11 A1/A5: V13 draws every chat message on light parchment whatever the interface theme,
// so a Fracas card keeps the light palette in a dark interface; and Fracas's own colours follow the
// NEAREST themed ancestor, as V13's variables do (mixed interface and window themes). Real CSS, real
// Chromium; the harness puts cards in a chat message as V13 does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, createHandlebars, discover, FIXTURES_ROOT, openBrowser, renderPage, TEMPLATES_ROOT, isChatTemplate } from "./harness.js";

beforeAll(async () => void (await openBrowser()));
afterAll(async () => closeBrowser());

/** WCAG contrast ratio of two rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("themes", () => {
  it("a card in a dark interface: dark text on the chat message's parchment, ≥ 4.5:1 (ink and accent)", async () => {
    const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
    const c = found.cases.find((x) => x.template === "faserip/cards/attack.hbs")!;
    expect(isChatTemplate(c.template)).toBe(true);
    const html = createHandlebars().renderTemplate(c.template, c.fixture.context);
    const page = await renderPage(`<ol class="chat-log"><li class="chat-message">${html}</li></ol>`, { width: 400, height: 600, theme: "dark" });
    try {
      const seen = await page.evaluate(() => {
        const card = document.querySelector<HTMLElement>(".fracas-card")!;
        const message = document.querySelector<HTMLElement>(".chat-message")!;
        const s = getComputedStyle(card);
        return { ink: s.color, accent: s.getPropertyValue("--fracas-accent").trim(), ground: getComputedStyle(message).backgroundColor, window: getComputedStyle(document.getElementById("fracas-window")!).backgroundColor };
      });
      expect(contrast(seen.window, "rgb(255, 255, 255)")).toBeGreaterThan(10); // the interface around it is dark
      expect(contrast(seen.ink, seen.ground)).toBeGreaterThanOrEqual(4.5);
      expect(seen.accent).toBe("#8a1c1c");
    } finally {
      await page.close();
    }
  });

  it("Fracas's colours follow the nearest theme: light inside dark, dark inside light", async () => {
    const html = `<div class="themed theme-light"><div class="fracas" id="a">x</div></div>`;
    const page = await renderPage(html, { width: 300, height: 200, theme: "dark" });
    const inverse = await renderPage(`<div class="themed theme-dark"><div class="fracas" id="a">x</div></div>`, { width: 300, height: 200, theme: "light" });
    try {
      const accent = (p: typeof page) => p.evaluate(() => getComputedStyle(document.getElementById("a")!).getPropertyValue("--fracas-accent").trim());
      expect(await accent(page)).toBe("#8a1c1c");
      expect(await accent(inverse)).toBe("#ff8a80");
    } finally {
      await page.close();
      await inverse.close();
    }
  });
});
