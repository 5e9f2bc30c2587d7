// Every button the combat tracker renders (the round plan and each ruleset's panel) carries a stable
// name or id: V13 gives focus back after a render only to an element with one
// (HandlebarsApplicationMixin#_preSyncPartState), and the tracker re-renders on every press, so a
// keyboard user would otherwise be thrown back to the page after each one. Every fixture, real Handlebars.
import { describe, expect, it } from "vitest";
import { createHandlebars, discover, FIXTURES_ROOT, TEMPLATES_ROOT } from "./harness.js";

const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
const trackerCases = found.cases.filter((c) => c.template === "tracker/plan.hbs" || c.template.endsWith("/tracker-panel.hbs"));

describe("tracker buttons keep keyboard focus across a render", () => {
  it("there are tracker fixtures to check (the plan and the rulesets' panels)", () => {
    expect(trackerCases.some((c) => c.template === "tracker/plan.hbs")).toBe(true);
    expect(new Set(trackerCases.map((c) => c.template)).size).toBeGreaterThanOrEqual(3);
  });

  it.each(trackerCases.map((c) => [`${c.template} ${c.name}`, c] as const))("%s: every button has a name or an id", (_label, c) => {
    const html = createHandlebars().renderTemplate(c.template, c.fixture.context);
    const unnamed = [...html.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\s(name|id)="[^"]+"/.test(tag));
    expect(unnamed).toEqual([]);
  });
});
