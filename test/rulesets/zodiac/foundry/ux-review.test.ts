// UX review fixes (notes/ux-review.md #2, #5, #10, #11, #14, dark-theme hint): the real templates
// rendered with real Handlebars over the real fixtures' contexts, read as text.
import { describe, expect, it } from "vitest";
import { compileCss, createHandlebars, type Fixture } from "../../../browser/harness.js";
import { rollDialogView } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { panelView, signed } from "../../../../src/rulesets/zodiac/cards/panel-view.js";
import { calledShotCosts, everyoneElseTn } from "../../../../src/rulesets/zodiac/rules/index.js";
import { mikeAreas } from "./mike-jeremy-data.js";
import { localize } from "./en-localize.js";
import killRefused from "../../../fixtures/templates/zodiac/roll-dialog/kill-refused.js";
import otherDefault from "../../../fixtures/templates/zodiac/other-agent-sheet/default.js";
import otherHeadShot from "../../../fixtures/templates/zodiac/other-agent-sheet/head-shot.js";
import otherUnhurt from "../../../fixtures/templates/zodiac/other-agent-sheet/unhurt.js";
import agentMike from "../../../fixtures/templates/zodiac/agent-sheet/mike.js";
import panelGm from "../../../fixtures/templates/zodiac/tracker-panel/gm.js";
import panelCancelAgent from "../../../fixtures/templates/zodiac/tracker-panel/gm-cancel-agent.js";
import strikeHit from "../../../fixtures/templates/zodiac/cards/strike/hit.js";
import strikeApplied from "../../../fixtures/templates/zodiac/cards/strike/applied.js";
import weaponHtml from "../../../fixtures/templates/zodiac/weapon-sheet/html-description.js";
import weaponReadOnly from "../../../fixtures/templates/zodiac/weapon-sheet/read-only.js";

const env = createHandlebars();

/** The rendered HTML of a template, entities decoded, whitespace collapsed. */
function render(template: string, fixture: Fixture | Record<string, unknown>): string {
  const context = "context" in fixture ? (fixture as Fixture).context : fixture;
  return env
    .renderTemplate(`zodiac/${template}.hbs`, context as object)
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("#2 a refused roll says why", () => {
  it("kill-refused shows the kernel's reason, not the generic line", () => {
    const html = render("roll-dialog", killRefused());
    expect(text(html)).toContain("Taking someone alive needs 2 Wagers (you have 1).");
    expect(html).not.toContain("This roll cannot be made as set");
  });

  const base = {
    actorName: "Mike",
    areas: mikeAreas,
    slot: "a1" as const,
    choice: { kind: "kill" as const, area: 3, spend: 0, gathered: 0, wagers: 1, calledShot: null, captureAlive: true, finish: false, tn: 10, totalMode: "keepArea" as const },
    agentPoints: 3,
    almostDead: false,
    target: { uuid: "Actor.goons", name: "Three goons", type: "zodiacCrowd", tn: null, rank: null, accumulated: 0, almostDead: false },
    totalMode: "keepArea" as const,
    everyoneElseTn,
    calledShotGrid: calledShotCosts,
  };

  it("keeps the generic line as the fallback (no localizer, or a key the language file lacks)", () => {
    expect(rollDialogView(base).errorText).toBeNull();
    expect(text(render("roll-dialog", rollDialogView(base)))).toContain("This roll cannot be made as set");
    expect(rollDialogView({ ...base, localize: (key) => key }).errorText).toBeNull();
  });

  it("a called shot too dear names its cost", () => {
    const v = rollDialogView({ ...base, choice: { ...base.choice, captureAlive: false, calledShot: "head", wagers: 0 }, localize });
    expect(v.errorText).toMatch(/head shot is paid with Wagers declared before the roll: \d+ needed, 0 declared/i);
  });
});

describe("#5 a dead Other Agent has no Wagers left to kill", () => {
  it("hides the remaining line when dead", () => {
    expect(text(render("other-agent-sheet", otherHeadShot()))).not.toMatch(/more Wagers? kill/);
  });
  it("singular and plural with their own keys", () => {
    expect(text(render("other-agent-sheet", otherDefault()))).toContain("1 more Wager kills.");
    expect(text(render("other-agent-sheet", otherUnhurt()))).toContain("4 more Wagers kill.");
  });
});

describe("#11 Area rows line up; short Roll buttons", () => {
  const html = render("agent-sheet", agentMike());
  it("every row has the tag cell and a 'Roll' button named for its Area", () => {
    const rows = html.match(/<li class="zodiac-area[^"]*">.*?<\/li>/g) ?? [];
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row).toContain('class="zodiac-area-tag"');
      expect(row).toMatch(/<button [^>]*aria-label="Roll [^"]+"[^>]*> ?Roll ?<\/button>/);
    }
    expect(text(rows[0]!)).toContain("killing Area");
  });
  it("the row grid has fixed columns (no auto) and the button no ellipsis", () => {
    const css = compileCss();
    const rule = /\.fracas \.zodiac-area \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toMatch(/grid-template-columns: minmax\(0, 1fr\) [\d.]+rem [\d.]+rem [\d.]+rem;/);
    const button = /\.fracas \.zodiac-area \.zodiac-roll \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(button).not.toMatch(/ellipsis|nowrap/);
  });
});

describe("#14 Setback panel says what a click costs", () => {
  it("the cancel button names whose Wager, the count toward Rank and the cost", () => {
    const t = text(render("tracker-panel", panelCancelAgent()));
    expect(t).toContain("Cancel 1 spent Wager against Mike (3 of 5 toward Rank) — costs 1 Setback");
  });
  it("the strike card's Wager line reads 'Wagers against <target>'s Rank: n of Rank' (once applied: the count is the Apply's, wave 2; s4 #1 names whose)", () => {
    const t = text(render("cards/strike", strikeApplied()));
    expect(t).toMatch(/Wagers against [^:]+'s Rank: \d+ of 4 \(\+\d+ from this roll, \d+ free\)/);
    expect(text(render("cards/strike", strikeHit()))).toMatch(/Wagers against [^:]+'s Rank from this roll: \+3 \(1 free\), counted when applied\./);
  });
  it("history uses the minus sign and an undo names what it undid", () => {
    const t = text(render("tracker-panel", panelGm()));
    expect(t).toContain("\u22121 a Wager against The Baron cancelled");
    expect(t).toContain("+1 (undid “a Wager against The Baron cancelled”)");
    expect(t).not.toMatch(/(^|\s)-1/);
    expect(signed(-3)).toBe("\u22123");
    expect(signed(2)).toBe("+2");
  });
  it("shoot says its cost too", () => {
    const v = panelView({ isGM: true, setback: 1, history: [], combatants: [], memory: {}, rolled: [], spends: [], localize });
    expect(v.cost).toBe(1);
  });
});

describe("#10 the weapon description is rich text, not raw HTML", () => {
  it("editable: a prose-mirror editor holding the enriched HTML, labelled", () => {
    const html = render("weapon-sheet", weaponHtml());
    expect(html).not.toContain("<textarea");
    expect(html).toMatch(/<prose-mirror name="system.description" value="&lt;p&gt;7.65 mm[^"]*" toggled="true" aria-label="Description">/);
    expect(html).toContain("<em>silenced</em>");
    expect(text(html)).toContain("Description");
  });
  it("read-only: formatted text, no editor", () => {
    const html = render("weapon-sheet", weaponReadOnly());
    expect(html).not.toContain("<prose-mirror");
    expect(html).toContain("<strong>Anyone you can reach.</strong>");
  });
});

describe("dark theme: the panel's rolled / to roll hint", () => {
  it("uses the normal ink at 0.85em", () => {
    const css = compileCss();
    const rules = [...css.matchAll(/([^{}]*\.zodiac-order-state[^{}]*)\{([^}]*)\}/g)].map((m) => m[2]!);
    expect(rules.join(";")).toMatch(/font-size: 0\.85em;\s*color: var\(--fracas-ink\)/);
    expect(rules.join(";")).not.toContain("--fracas-muted");
  });
});
