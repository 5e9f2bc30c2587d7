/**
 * Session 6, wave 3 (review-s6-changes D3, ux-review-s6 #9 and #10): Bond's rule errors are worded
 * by core `ruleErrorRefusal` with Bond's words (no copy of its placeholder check, one fallback: the
 * error's English sentence); a typed number adjusted and used is said in the shared pattern
 * (quotes, "{Field}: “{typed}” …, so {used} is used.") in the warning colour, not the error colour;
 * the kernel's d6 rolls are named without "D6" beside the core's "d6".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";
import { ruleErrorRefusal } from "../../../../src/foundry/i18n.js";
import { applyWound, resolveRecovery } from "../../../../src/rulesets/bond/rules/index.js";
import { isRuleError, type FracasRuleError } from "../../../../src/engine/errors.js";

beforeEach(async () => {
  installFoundry();
  await loadAdapter();
});

function thrown(fn: () => unknown): FracasRuleError {
  try {
    fn();
  } catch (e) {
    if (isRuleError(e)) return e;
    throw e;
  }
  throw new Error("expected a rule error");
}

const render = (template: string, context: Record<string, unknown>) => foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/dialogs/${template}.hbs`, context);

describe("Bond's rule errors through core ruleErrorRefusal (review-s6 D3, UX #10.2)", () => {
  it("gives what core gives with Bond's words, its fallback included; Bond has no fallback of its own", async () => {
    const { ruleRefusal, bondWord } = await import("../../../../src/rulesets/bond/rule-error.js");
    const cases: { code: string; message: string; data: Record<string, string | number> }[] = [
      { code: "badNumber", message: "performanceModifier must be a whole number from -10 to 10 (got 12)", data: { name: "performanceModifier", min: -10, max: 10, value: "12" } },
      { code: "badNumber", message: "performanceModifier must be …", data: { name: "performanceModifier" } },
      { code: "noSuchCode", message: "something odd", data: {} },
    ];
    for (const e of cases) expect(ruleRefusal(e)).toEqual(ruleErrorRefusal(e, bondWord));
    expect(ruleRefusal(cases[1]!).key).toBe("FRACAS.Error.Unworded");
    expect(game.i18n.has("FRACAS.Bond.Refused.RuleError")).toBe(false);
  });
});

describe("the d6 rolls' names (UX #10.1)", () => {
  it("no 'D6' beside the core's 'd6': the hours-unconscious and rounds-without-action rolls", async () => {
    const { ruleErrorText } = await import("../../../../src/rulesets/bond/rule-error.js");
    const hours = ruleErrorText(thrown(() => applyWound({ level: "none" }, "IN", { hoursRoll: 0 })));
    expect(hours).toBe("The hours-unconscious roll must be a whole number from 1 to 6 (got 0).");
    const rounds = ruleErrorText(thrown(() => resolveRecovery({ level: "ST", stunRollPending: true }, { which: "stun", primaryChance: 10, roll: 99, durationRoll: 9 })));
    expect(rounds).toBe("The rounds-without-action roll must be a whole number from 1 to 6 (got 9).");
    for (const s of [hours, rounds]) expect(s).not.toContain("D6");
  });
});

describe("a typed number adjusted and used (UX #9)", () => {
  const fixtures = [
    ["attack", () => import("../../../fixtures/templates/bond/dialogs/attack/gm-modifier-adjusted.js"), "bond-a-gm-adjusted", "GM modifier: \u201c25\u201d is outside \u221220 to +20, so +20 is used."],
    ["task", () => import("../../../fixtures/templates/bond/dialogs/task/ease-adjusted.js"), "bond-t-ease-adjusted", "Ease Factor: \u201c25\u201d is more than this field takes (20), so it reads 20"],
    ["first-aid", () => import("../../../fixtures/templates/bond/dialogs/first-aid/gm-ease-adjusted.js"), "bond-fa-ease-adjusted", "Ease Factor: \u201c2.3\u201d is not a whole number or a half, such as 3 or 3.5, so it keeps 5"],
  ] as const;

  it.each(fixtures)("%s: quoted, in its own class (not the error's), and its fixture shows both themes", async (template, load, id, text) => {
    const fixture = (await load()).default() as { themes?: string[]; context: Record<string, unknown> };
    expect(fixture.themes).toEqual(["light", "dark"]);
    const html = await render(template, fixture.context);
    expect(html).toContain(`<p id="${id}" class="bond-adjusted bond-field-wide" role="status">${text}`);
  });

  it("the adjusted line uses the shared warning colour; refusals keep the accent", () => {
    const scss = readFileSync(join(process.cwd(), "styles/_bond.scss"), "utf8");
    expect(scss).toMatch(/\.bond-adjusted \{[^}]*color: var\(--fracas-warn\);/);
    expect(scss).toMatch(/\.bond-error \{[^}]*color: var\(--fracas-accent\);/);
  });
});
