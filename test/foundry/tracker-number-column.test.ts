// UX audit s15 finding 5: the tracker's number column printed the raw step phase under a heading
// per plan mode: Bond "Part 1/2" (repeating Declares/Acts), Radio "Phase 0" on every declaration,
// FASERIP "Side 1/2" (1 = whichever side won initiative), Zodiac "#" with every row 1; its meaning
// was only in a title, under an aria-hidden heading. Now each ruleset's combat mapping says what
// the column shows (CombatMapping.numberColumn), and each cell tells a screen reader what it is.
import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry } from "./fake/index.js";
import type { PlanView } from "../../src/foundry/tracker/plan-view.js";
import { bondCombat } from "../../src/rulesets/bond/combat.js";
import { zodiacCombat } from "../../src/rulesets/zodiac/combat.js";
import { planView } from "../../src/foundry/tracker/plan-view.js";
import { faseripRoundSample } from "../rulesets/faserip/foundry/fixture-samples.js";
import bondRound from "../fixtures/templates/tracker/plan/bond-round.js";
import radioRound from "../fixtures/templates/tracker/plan/radio-round.js";
import zodiacRound from "../fixtures/templates/tracker/plan/zodiac-round.js";
import type { Fixture } from "../browser/discovery.js";

beforeAll(() => {
  installFoundry();
});

const viewOf = (f: Fixture | (() => Fixture)): PlanView => ((typeof f === "function" ? f() : f).context as { fracas: PlanView }).fracas;
const render = (fracas: PlanView): Promise<string> => foundry.applications.handlebars.renderTemplate("systems/fracas/templates/tracker/plan.hbs", { fracas });
/** Each step row's number cell as rendered: [shown, spoken], or null for a row with none. */
const cells = (html: string): ([string, string] | null)[] =>
  [...html.matchAll(/<li class="fracas-plan-step [^"]*"[\s\S]*?<\/li>/g)].map(([row]) => {
    const m = /<span class="fracas-plan-step-phase"><span aria-hidden="true">([^<]*)<\/span><span class="fracas-visually-hidden">([^<]*)<\/span><\/span>/.exec(row);
    return m ? [m[1]!, m[2]!] : null;
  });
const head = (html: string): string => /<div class="fracas-plan-step fracas-plan-head[^"]*" aria-hidden="true">([\s\S]*?)<\/div>/.exec(html)![1]!.trim();

/** A FASERIP round as the GM sees it: step 2, the mapping's own column. */
function faseripView(faces: number[], mode: "seed" | "plain"): PlanView {
  const { mapping, combatants, plan } = faseripRoundSample(faces, mode, { captain: "slugfest", bruiser: "dodging" });
  return planView({
    plan,
    phase: plan.steps[2]!.kind,
    step: 2,
    round: 3,
    ruleset: "faserip",
    numberColumn: mapping.numberColumn,
    isGM: true,
    combatants: combatants.map((c) => ({ id: c.id, name: c.name, img: "", declaration: c.declaration, canDeclare: true, down: null, options: mapping.declarations(c) })),
  });
}

describe("Radio: the Phase column", () => {
  it("declarations show — and are heard as coming before phase 1; act steps show their phase, heard as 'Phase n'", async () => {
    const view = viewOf(radioRound);
    expect(view.numberHeading).toBe("FRACAS.Tracker.Number.phased");
    const html = await render(view);
    expect(head(html)).toBe("<span>Step</span><span>Phase</span><span>Who</span>");
    const declares = view.steps.filter((s) => s.kind === "declare").length;
    expect(declares).toBe(4);
    const rendered = cells(html);
    expect(rendered).toHaveLength(view.steps.length);
    expect(rendered.slice(0, declares)).toEqual(Array(declares).fill(["—", "Phase: none (declarations come before phase 1)"]));
    expect(rendered.slice(declares)).toEqual(view.steps.slice(declares).map((s) => [String(s.phase), `Phase ${s.phase}`]));
    expect(rendered.slice(declares).map((c) => c![0])).toContain("4");
    expect(html).not.toMatch(/>0</);
  });
});

describe("FASERIP: the Side column", () => {
  it("names the step's side (Heroes/Villains), as the side-initiative panel does, whichever side won", async () => {
    // Heroes win (9 + 30 against 2 + 20): the heroes' steps come first.
    const heroesFirst = faseripView([9, 2], "seed");
    expect(heroesFirst.numberHeading).toBe("FRACAS.Tracker.Number.sides");
    const a = await render(heroesFirst);
    expect(head(a)).toBe("<span>Step</span><span>Side</span><span>Who</span>");
    const sideOf = (name: string): string => (name === "Captain Resolute" || name === "Bruiser" ? "Heroes" : "Villains");
    expect(cells(a)).toEqual(heroesFirst.steps.map((s) => [sideOf(s.name), `Side: ${sideOf(s.name)}`]));
    expect(cells(a)[0]).toEqual(["Heroes", "Side: Heroes"]);
    // Villains win (plain d10s, 1 against 10): the first rows now say Villains, not "Side 1".
    const villainsFirst = faseripView([1, 10], "plain");
    const b = await render(villainsFirst);
    expect(villainsFirst.steps[0]!.name).not.toBe("Captain Resolute");
    expect(cells(b)).toEqual(villainsFirst.steps.map((s) => [sideOf(s.name), `Side: ${sideOf(s.name)}`]));
    expect(cells(b)[0]).toEqual(["Villains", "Side: Villains"]);
    expect(`${a}${b}`).not.toMatch(/Side [12]\b/);
  });
});

describe("Bond and Zodiac: no number column", () => {
  it("their mappings give none, so the plan has no heading, no cell and no title", async () => {
    expect(bondCombat.numberColumn).toBeUndefined();
    expect(zodiacCombat.numberColumn).toBeUndefined();
    for (const fixture of [bondRound, zodiacRound]) {
      const view = viewOf(fixture);
      expect(view.numberHeading).toBeNull();
      expect(view.numberWidth).toBeNull();
      expect(view.steps.length).toBeGreaterThan(0);
      expect(view.steps.every((s) => s.number === null)).toBe(true);
      const html = await render(view);
      expect(head(html)).toBe("<span>Step</span><span>Who</span>");
      expect(cells(html).every((c) => c === null)).toBe(true);
      expect(html).not.toContain("fracas-plan-step-phase");
      expect(html).not.toMatch(/>Part<|>#<|title="/);
      expect(html).toContain('class="fracas-plan-steps number-none"');
    }
  });
});
