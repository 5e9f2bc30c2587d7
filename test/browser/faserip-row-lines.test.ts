// UX audit s15 #11: `.faserip-item-controls { display: inline-flex }` sat on the weapon row's last td,
// which then left the table's layout: its bottom border ran about 20 px above the row's line. The
// controls are now a span inside a plain cell. Measured in Chromium on the sheet's own fixture: every
// cell of a weapon row ends where the row ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, createHandlebars, openBrowser, renderPage } from "./harness.js";
import full from "../fixtures/templates/faserip/hero-sheet/full.js";

beforeAll(async () => void (await openBrowser()));
afterAll(async () => closeBrowser());

describe("FASERIP weapon rows", () => {
  it("each cell's bottom edge is the row's (the controls cell stays a table cell)", async () => {
    const fixture = full();
    const html = createHandlebars().renderTemplate("faserip/hero-sheet.hbs", fixture.context);
    const page = await renderPage(html, { width: fixture.width, height: fixture.height, classes: fixture.classes });
    try {
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLTableRowElement>(".faserip-weapons tbody tr")].map((tr) => ({
          row: Math.round(tr.getBoundingClientRect().bottom),
          cells: [...tr.cells].map((td) => ({ display: getComputedStyle(td).display, bottom: Math.round(td.getBoundingClientRect().bottom) })),
        })),
      );
      expect(rows).toHaveLength(2);
      for (const { row, cells } of rows) {
        expect(cells).toHaveLength(4);
        for (const cell of cells) expect(cell).toEqual({ display: "table-cell", bottom: row });
      }
    } finally {
      await page.close();
    }
  });
});
