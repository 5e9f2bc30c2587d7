/**
 * Session 3 UX decisions for faserip, through the real templates in the typed fake: the header
 * name (title on the input, a wrapping heading when read-only), One/Other plural keys instead of
 * "(s)", every icon-only button's tooltip, and "(GM)" on the GM-only button.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "../../../foundry/fake/index.js";
import { resolveSecondary } from "../../../../src/rulesets/faserip/rules/index.js";
import { secondaryEffect } from "../../../../src/rulesets/faserip/cards/effects.js";
import { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import { itemSheetView } from "../../../../src/rulesets/faserip/sheets/item-sheet-view.js";
import { secondaryCardView } from "../../../../src/rulesets/faserip/sheets/secondary-card-view.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { heroSystem } from "./fixture-samples.js";
import { listFiles } from "../../../browser/discovery.js";

let world: FakeWorld;
beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

const T = "systems/fracas/templates/faserip/";
const render = (path: string, data: object) => world.templates.renderTemplate(`${T}${path}`, data);
const LONG = "Doctor Malevolent, Master of the Seventh Dimension";
const stunned = (rounds: number) => heroSystem(undefined, { status: { endurance: "", stunnedRounds: rounds, unconscious: false, dying: false, dead: false, prone: false, restrained: false, stabilised: false } });
const heroSheet = (editable: boolean, system = heroSystem()) =>
  render("hero-sheet.hbs", { view: heroSheetView({ name: LONG, img: "", system, karma: { value: 1, start: 1, history: [] }, items: [], editable, isGM: false, notesHTML: "" }), notesRaw: "" });
const itemSheet = (editable: boolean) =>
  render("item-sheet.hbs", { view: itemSheetView({ name: LONG, img: "", type: "faseripPower", system: { rank: 40, effect: "" }, editable, descriptionHTML: "" }), descriptionRaw: "" });

describe("UX #12: the header name", () => {
  it("editable: the name input carries the full name as its title", async () => {
    for (const html of [await heroSheet(true), await itemSheet(true)]) {
      const input = /<input [^>]*name="name"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input).toContain(`title="${LONG}"`);
      expect(html).not.toContain("faserip-name-heading");
    }
  });

  it("read-only: a wrapping heading with the name, no disabled input", async () => {
    for (const html of [await heroSheet(false), await itemSheet(false)]) {
      expect(html).toContain(`<h2 class="faserip-name faserip-name-heading">${LONG}</h2>`);
      expect(html).not.toMatch(/<input [^>]*name="name"/);
    }
  });

  it("the stylesheet never clips a name (no nowrap or ellipsis)", () => {
    const scss = readFileSync(join(process.cwd(), "styles/_faserip.scss"), "utf8");
    expect(scss).not.toMatch(/nowrap|ellipsis/);
  });
});

describe("plurals: One/Other keys chosen by the count, never (s)", () => {
  it("no faserip string writes a plural as (s)", () => {
    expect(readFileSync(join(process.cwd(), "lang/src/faserip.json"), "utf8")).not.toContain("(s)");
  });

  it("the sheet's stun line: 1 more round / 3 more rounds", async () => {
    expect(await heroSheet(true, stunned(1))).toContain("Stunned for 1 more round.");
    expect(await heroSheet(true, stunned(3))).toContain("Stunned for 3 more rounds.");
  });

  it("the Stun? card: a d10 of 1 reads 1 round; the Slam? card's move: 1 area / 2 areas", async () => {
    const one = resolveSecondary({ kind: "stun", enduranceRank: 10, roll: 5, d10: 1 });
    const oneView = secondaryCardView({ kind: "stun", check: one, roll: 5, color: one.color, enduranceRank: one.enduranceRank });
    expect(await render("cards/secondary.hbs", { view: oneView })).toContain(world.localize("FRACAS.Faserip.Outcome.stunnedOne"));

    const green = resolveSecondary({ kind: "slam", enduranceRank: 20, roll: 50 });
    const greenHtml = await render("cards/secondary.hbs", { view: secondaryCardView({ kind: "slam", check: green, roll: 50, color: green.color, enduranceRank: green.enduranceRank, canKnockback: true }) });
    expect(greenHtml).toContain("Move the token 1 area back");
    const white = resolveSecondary({ kind: "slam", enduranceRank: 20, roll: 10, knockbackAreas: 2 });
    const whiteHtml = await render("cards/secondary.hbs", { view: secondaryCardView({ kind: "slam", check: white, roll: 10, color: white.color, enduranceRank: white.enduranceRank, canKnockback: true }) });
    // A White Slam?'s Move moves by the GM's areas field, so it names no number (UX s6 #6).
    expect(whiteHtml).toContain("Move the token back that many areas");
  });

  it("Apply's summary: KnockedBackOne / StunnedOther, and the keys kept for older cards still read", () => {
    const sys = stunned(0) as unknown as JsonObject;
    const target = { type: "faseripHero", name: "T", system: sys };
    const green = resolveSecondary({ kind: "slam", enduranceRank: 20, roll: 50 });
    expect(secondaryEffect({ result: { kind: "slam", check: green } as unknown as JsonObject, target })).toMatchObject({ summary: { key: "FRACAS.Faserip.Summary.KnockedBackOne" } });
    const seven = resolveSecondary({ kind: "stun", enduranceRank: 10, roll: 5, d10: 7 });
    expect(secondaryEffect({ result: { kind: "stun", check: seven } as unknown as JsonObject, target })).toMatchObject({ summary: { key: "FRACAS.Faserip.Summary.StunnedOther", data: { rounds: 7 } } });
    expect(world.i18n.format("FRACAS.Faserip.Summary.KnockedBackOne", { areas: 1 })).toBe("Knocked back 1 area, prone");
    expect(world.i18n.format("FRACAS.Faserip.Summary.StunnedOther", { rounds: 7 })).toBe("Stunned 7 rounds");
    // An Apply row stored on a card from before keeps its key: it must still have a text.
    expect(world.i18n.has("FRACAS.Faserip.Summary.KnockedBack")).toBe(true);
    expect(world.i18n.has("FRACAS.Faserip.Summary.Stunned")).toBe(true);
  });
});

describe("UX #17: buttons", () => {
  const templates = listFiles(join(process.cwd(), "templates/faserip"), ".hbs");

  it("every button with an aria-label in any faserip template carries data-tooltip too", () => {
    expect(templates.length).toBeGreaterThan(5);
    for (const rel of templates) {
      const src = readFileSync(join(process.cwd(), "templates/faserip", rel), "utf8");
      for (const [tag] of src.matchAll(/<button [^>]*aria-label=[^>]*>/g)) expect(tag, `${rel}: ${tag}`).toContain("data-tooltip=");
    }
  });

  it("the GM-only button (Stabilise) says (GM)", () => {
    expect(world.localize("FRACAS.Faserip.Card.Stabilise")).toMatch(/\(GM\)$/);
  });
});
