// Session 3 decisions (notes/helper-brief-s3.md), on the real templates with real Handlebars over
// the real fixtures: "(GM)" on GM-only buttons, data-tooltip on icon-only buttons, sheet-header
// names (title when editable, a wrapping heading when not), plurals with One/Other keys; and every
// zodiac fixture renders with no missing language key. Also (audit) the actors' Notes are rich
// text, as every other HTMLField in Fracas.
import { describe, expect, it } from "vitest";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";
import { compileCss, createHandlebars, discover, FIXTURES_ROOT, TEMPLATES_ROOT, type Fixture } from "../../../browser/harness.js";
import { killResult, strikeResult, fightResult } from "../../../../src/rulesets/zodiac/cards/results.js";
import { fightView, killView, strikeView } from "../../../../src/rulesets/zodiac/cards/views.js";
import { rollDialogView } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { calledShotCosts, everyoneElseTn } from "../../../../src/rulesets/zodiac/rules/index.js";
import type { Grid } from "../../../../src/engine/tables.js";
import { mikeAreas } from "./mike-jeremy-data.js";
import killMiss from "../../../fixtures/templates/zodiac/cards/kill/miss.js";
import killTaken from "../../../fixtures/templates/zodiac/cards/kill/setback-taken.js";
import killApplied from "../../../fixtures/templates/zodiac/cards/kill/setback-applied.js";
import panelGm from "../../../fixtures/templates/zodiac/tracker-panel/gm.js";
import panelCancelAgent from "../../../fixtures/templates/zodiac/tracker-panel/gm-cancel-agent.js";
import agentMike from "../../../fixtures/templates/zodiac/agent-sheet/mike.js";
import agentAlmostDead from "../../../fixtures/templates/zodiac/agent-sheet/almost-dead.js";
import agentBefore from "../../../fixtures/templates/zodiac/agent-sheet/almost-dead-before-fight.js";
import otherDefault from "../../../fixtures/templates/zodiac/other-agent-sheet/default.js";
import otherReadOnly from "../../../fixtures/templates/zodiac/other-agent-sheet/read-only.js";
import crowdDefault from "../../../fixtures/templates/zodiac/crowd-sheet/default.js";
import crowdReadOnly from "../../../fixtures/templates/zodiac/crowd-sheet/read-only.js";
import weaponDefault from "../../../fixtures/templates/zodiac/weapon-sheet/default.js";
import weaponReadOnly from "../../../fixtures/templates/zodiac/weapon-sheet/read-only.js";

const env = createHandlebars();
const ctx = (f: Fixture | Record<string, unknown>) => ("context" in f ? (f as Fixture).context : f) as object;
const html = (template: string, f: Fixture | Record<string, unknown>) => env.renderTemplate(`zodiac/${template}.hbs`, ctx(f)).replace(/\s+/g, " ");
const text = (h: string) => h.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
const buttons = (h: string) => h.match(/<button[^>]*>.*?<\/button>/g) ?? [];

describe("GM-only buttons say (GM) where a player sees them (cards); not in GM-only panels (UX s6b #6)", () => {
  it("the card's Take Setback and its Undo", () => {
    expect(text(html("cards/kill", killMiss()))).toContain("Operations takes the Setback (GM)");
    expect(text(html("cards/kill", killTaken()))).toContain("Undo the Setback (GM)");
  });
  it("no button of the GM's Setback panel (shoot, cancel, undo, move) says (GM): none is drawn for a player (UX s6b #6, as Radio's panel)", () => {
    for (const f of [panelGm(), panelCancelAgent()]) {
      const bs = buttons(html("tracker-panel", f));
      expect(bs.length).toBeGreaterThan(0);
      for (const b of bs) expect(b.replace(/&#x27;/g, "'")).not.toMatch(/\(GM\)/);
    }
  });
  it("the player's panel shows none of them", () => {
    expect(buttons(html("tracker-panel", panelGm(false)))).toEqual([]);
  });
});

describe("icon-only buttons carry data-tooltip = aria-label", () => {
  it("the panel's ↑ / ↓ order buttons", () => {
    const arrows = buttons(html("tracker-panel", panelGm())).filter((b) => /[↑↓]<\/button>$/.test(b));
    expect(arrows.length).toBeGreaterThanOrEqual(2);
    for (const b of arrows) {
      const label = /aria-label="([^"]*)"/.exec(b)?.[1];
      expect(label).toBeTruthy();
      expect(/data-tooltip="([^"]*)"/.exec(b)?.[1]).toBe(label);
    }
  });
  it("no other zodiac button is icon-only (each has words)", () => {
    const all = [html("tracker-panel", panelGm()), html("cards/kill", killMiss()), html("agent-sheet", agentMike())].flatMap(buttons);
    for (const b of all.filter((x) => !/[↑↓]<\/button>$/.test(x))) expect(text(b).trim()).toMatch(/[A-Za-z]{2}/);
  });
});

describe("sheet-header names: title when editable, a wrapping heading when not", () => {
  const cases: [string, Fixture, Fixture][] = [
    ["agent-sheet", agentMike(), agentAlmostDead()],
    ["other-agent-sheet", otherDefault(), otherReadOnly()],
    ["crowd-sheet", crowdDefault(), crowdReadOnly()],
    ["weapon-sheet", weaponDefault(), weaponReadOnly()],
  ];
  it.each(cases)("%s", (template, editable, readOnly) => {
    const name = String((editable.context as { name: string }).name);
    expect(html(template, editable)).toMatch(new RegExp(`<input type="text" name="name" value="${name}" title="${name}">`));
    const ro = html(template, readOnly);
    expect(ro).not.toMatch(/name="name"/);
    expect(ro).toMatch(/<h2 class="zodiac-name zodiac-name-heading">[^<]+<\/h2>/);
  });
  it("the heading wraps (no nowrap or ellipsis on names)", () => {
    const css = compileCss();
    const rule = /\.zodiac-name-heading \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toContain("overflow-wrap: anywhere");
    expect(css).not.toMatch(/zodiac-name[^{]*\{[^}]*(nowrap|ellipsis)/);
  });
});

describe("plurals: One/Other keys chosen by the count", () => {
  const base = { actor: { uuid: "Actor.mike", name: "Mike" }, areaName: "Aries", area: 3, spend: 0, gathered: 0, calledShot: null, almostDead: false, totalMode: "keepArea" as const, chance: 0.5, combat: null };
  // UX s7 #5: the first line names who and the Area only; the Wagers are the pool line's, left out at 0 (never "0 Wagers").
  it("the kill, fight and strike cards: 1 Wager / 2 Wagers / no Wagers (UX s3 #1: not \"0 Wagers\")", () => {
    const kill = (wagers: number) => killResult({ ...base, wagers, dice: [6, 6, 6, 6, 6].slice(0, 3 - wagers + 2), captureAlive: false, gathered: 2 }, everyoneElseTn, calledShotCosts);
    expect(text(html("cards/kill", { view: killView(kill(1)), result: kill(1), targets: [] }))).toContain("Mike rolls Aries. ");
    expect(text(html("cards/kill", { view: killView(kill(1)), result: kill(1), targets: [] }))).toContain("− Wagers 1 ");
    expect(text(html("cards/kill", { view: killView(kill(2)), result: kill(2), targets: [] }))).toContain("− Wagers 2 ");
    const fight = fightResult({ ...base, wagers: 0, dice: [1, 1, 1], tn: 10 });
    expect(text(html("cards/fight", { view: fightView(fight), result: fight, targets: [] }))).toContain("Pool: Aries 3 &#x3D; 3 dice;");
    expect(text(html("cards/fight", { view: fightView(fight), result: fight, targets: [] }))).not.toContain("Wagers 0");
    const strike = strikeResult({ ...base, wagers: 1, dice: [6, 5], target: { uuid: "Actor.baron", name: "The Baron", tn: 10, rank: 4, accumulated: 0 } }, calledShotCosts);
    expect(text(html("cards/strike", { view: strikeView(strike), result: strike, targets: [] }))).toContain("strikes at The Baron with Aries.");
  });
  it("the roll dialog's called-shot costs (a GM table may price one at 1)", () => {
    const cheap: Grid = { ...calledShotCosts, cells: calledShotCosts.cells.map((row, i) => (i === 0 ? row.map(() => 1) : row)) };
    const v = rollDialogView({
      actorName: "Mike",
      areas: mikeAreas,
      slot: "a1",
      // A kill: a fight roll offers no called shot (review-s11 RZ5).
      choice: { kind: "kill", area: 3, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" },
      agentPoints: 3,
      almostDead: false,
      target: null,
      totalMode: "keepArea",
      everyoneElseTn,
      calledShotGrid: cheap,
    });
    const t = text(html("roll-dialog", v));
    expect(t).toMatch(/\(1 Wager\)/);
    expect(t).toMatch(/\(4 Wagers\)/);
  });
  it("no zodiac string writes a plural as (s)", async () => {
    const { default: zodiac } = await import("../../../../lang/src/zodiac.json", { with: { type: "json" } });
    expect(JSON.stringify(zodiac)).not.toMatch(/\(s\)/);
  });
});

describe("every zodiac fixture renders with no missing language key", () => {
  it("all of them", async () => {
    const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
    const zodiac = found.cases.filter((c) => c.template.startsWith("zodiac/"));
    expect(zodiac.length).toBeGreaterThan(20);
    const fresh = createHandlebars();
    for (const c of zodiac) fresh.renderTemplate(c.template, c.fixture.context, { partialBlock: c.fixture.partialBlock });
    expect([...fresh.i18n.missingKeys]).toEqual([]);
    expect([...fresh.i18n.missingFormatData]).toEqual([]);
    const mine = (list: string[]) => list.filter((x) => x.startsWith("zodiac/"));
    expect(mine(found.templatesWithoutFixture)).toEqual([]);
    expect(mine(found.partialsNotCovered)).toEqual([]);
    expect(mine(found.fixturesWithoutTemplate)).toEqual([]);
    expect(found.invalidFixtures.filter((x) => x.includes("zodiac"))).toEqual([]);
  });
  it("the new states have fixtures", () => {
    const h = text(html("cards/kill", killApplied()));
    expect(h).toContain("with the Apply to Three goons from the Lisbon docks");
    expect(h).not.toContain("takes the Setback");
    expect(text(html("agent-sheet", agentBefore()))).toContain("Almost Dead since before this fight");
    expect(text(html("agent-sheet", agentBefore()))).toContain("Of these, 2 spent and 1 free");
  });
});

describe("Notes on the Agent, Other Agent and Everyone Else sheets are rich text (an HTMLField)", () => {
  const notes = (h: string) => h.slice(h.indexOf('<section class="zodiac-notes">'));
  it("editable: a labelled prose-mirror holding the raw HTML, the enriched HTML inside; read-only: the HTML; never a textarea", () => {
    const ed = notes(html("agent-sheet", agentMike()));
    expect(ed).toMatch(/<prose-mirror name="system.notes" value="&lt;p&gt;The team&#x27;s Capricorn[^"]*" toggled="true" aria-label="Notes">/);
    expect(ed).toContain("<em>Has had enough of Jeremy.</em>");
    const ro = notes(html("agent-sheet", agentAlmostDead()));
    expect(ro).not.toContain("<prose-mirror");
    expect(ro).toContain('<div class="zodiac-notes-text"><p>Doubled for the Bureau in <strong>Lisbon</strong>.</p></div>');
    for (const [t, f] of [["agent-sheet", agentMike()], ["other-agent-sheet", otherDefault()], ["crowd-sheet", crowdDefault()], ["other-agent-sheet", otherReadOnly()], ["crowd-sheet", crowdReadOnly()]] as const) {
      expect(html(t, f)).not.toContain("<textarea");
    }
    for (const [t, f] of [["agent-sheet", agentMike()], ["other-agent-sheet", otherDefault()], ["crowd-sheet", crowdDefault()]] as const) expect(html(t, f)).toContain('class="zodiac-notes"');
    // Read-only with no notes (UX review s3 #19): no empty "Notes" heading (session4-ux.test.ts).
  });

  it("the real sheets enrich the stored notes for display and keep the raw HTML to edit", async () => {
    const world = installFoundry();
    await loadAdapter();
    // The fake has no TextEditor: a stand-in that marks what it enriched.
    const ns = foundry.applications as unknown as Record<string, Record<string, unknown> | undefined>;
    ns.ux = { ...(ns.ux ?? {}), TextEditor: { implementation: { enrichHTML: async (h: string) => `${h}<!--enriched-->` } } };
    const { ZodiacAgentSheet, ZodiacOtherAgentSheet, ZodiacCrowdSheet } = await import("../../../../src/rulesets/zodiac/sheets/sheets.js");
    const raw = "<p>Seen in <em>Lisbon</em>.</p>";
    const cases = [
      [ZodiacAgentSheet, world.createActor({ name: "Mike", type: "zodiacAgent", system: { areas: mikeAreas, notes: raw } })],
      [ZodiacOtherAgentSheet, world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { notes: raw } })],
      [ZodiacCrowdSheet, world.createActor({ name: "Goons", type: "zodiacCrowd", system: { notes: raw } })],
    ] as const;
    for (const [Sheet, actor] of cases) {
      const sheet = new Sheet({ document: actor } as never) as unknown as { _prepareContext(o: unknown): Promise<{ notes: string; notesHTML: string }> };
      const ctx = await sheet._prepareContext({});
      expect(ctx.notes).toBe(raw);
      expect(ctx.notesHTML).toBe(`${raw}<!--enriched-->`);
    }
  });
});
