/**
 * Session 6, part 2 (audit: bad input a user can type that was not refused with a clear message).
 * - The roll dialog's numbers (Agent Points spent, dice gathered, Wagers, a fight roll's TN): a value
 *   typed negative, fractional, too large or not a number went back to the old one without a word.
 *   Now each is said above the odds, with what was typed and the value kept (roll-model.ts
 *   refusedNumbers; the dialog shows them).
 * - The world's "five Areas" list: a list new Agents cannot use (too few names, a duplicate…) was
 *   said only in the console, when an Agent was next created. Now the GM who saved it is warned at
 *   once, with what is wrong and what new Agents get instead (area-names-check.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import badNumberFixture from "../../../fixtures/templates/zodiac/roll-dialog/bad-number.js";
import { choiceFrom, refusedNumbers, type RollChoice } from "../../../../src/rulesets/zodiac/cards/roll-model.js";
import { zodiacWorld } from "./world.js";

const choice: RollChoice = { kind: "fight", area: 5, spend: 1, gathered: 4, wagers: 2, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" };

describe("the roll dialog's numbers", () => {
  it("each number not taken is listed with what was typed, why (wave 3: below 0, not whole, too large), its range and the value kept; the choice keeps the old value", () => {
    const typed = { kind: "fight", spend: "-1", gathered: "2.5", wagers: "100", tn: "abc" };
    expect(refusedNumbers(typed, choice)).toEqual([
      { field: "spend", typed: "-1", max: 99, kept: 1, reason: "negative" },
      { field: "gathered", typed: "2.5", max: 55, kept: 4, reason: "notWhole" },
      { field: "wagers", typed: "100", max: 99, kept: 2, reason: "tooLarge" },
      { field: "tn", typed: "abc", max: 999, kept: 10, reason: "notWhole" },
    ]);
    expect(choiceFrom(typed, choice)).toMatchObject({ spend: 1, gathered: 4, wagers: 2, tn: 10 });
  });

  it("good numbers, an empty field and a field not in the form (the TN outside a fight roll) are not refused", () => {
    expect(refusedNumbers({ spend: "0", gathered: 3, wagers: "99", tn: "999" }, choice)).toEqual([]);
    expect(refusedNumbers({ spend: "", wagers: null }, choice)).toEqual([]);
  });

  it("the dialog says it above the odds, naming the field, the number typed and the one used (wave 3: one message per reason, no input bound quoted)", () => {
    const html = createHandlebars()
      .renderTemplate("zodiac/roll-dialog.hbs", badNumberFixture().context as object)
      .replace(/\s+/g, " ");
    expect(html).toContain("Wagers: “-1” is below 0, so 1 is used.");
    expect(html).toContain("Target Number: “7.5” is not a whole number, so 10 is used.");
    expect(html).not.toMatch(/from 0 to (99|999)/);
    expect(html.indexOf("is not a whole number")).toBeLessThan(html.indexOf("zodiac-odds"));
  });
});

describe("the world's five Areas", () => {
  let world: FakeWorld;
  const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
  const save = (list: string) => world.as("gm", () => game.settings.set("fracas", "zodiac.areaNames" as never, list as never));

  beforeEach(async () => {
    ({ world } = await zodiacWorld());
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
  });

  it("a list new Agents cannot use is said to the GM who saved it, at once, with the reason and the Areas used instead", async () => {
    await save("Fire, Water, Air, Earth");
    expect(warnings()).toEqual([
      "The Zodiac Areas list was saved but will not be used: it has 4 names, and 5 are needed. New Agents get Aries, Capricorn, Gemini, Scorpio, Virgo until it is five different names separated by commas.",
    ]);
    await save("Fire, Water, Air, Earth, fire");
    expect(warnings().at(-1)).toContain("“fire” is given twice.");
    await save("Fire, , Air, Earth, Aether");
    expect(warnings().at(-1)).toContain("name 2 is empty.");
    await save(`Fire, Water, Air, Earth, ${"x".repeat(25)}`);
    expect(warnings().at(-1)).toContain("is longer than 24 characters.");
    // Said once per save, on the saving GM's client: not again on the other GM's (every client runs the hook).
    expect(warnings()).toHaveLength(4);
  });

  it("a good list says nothing", async () => {
    await save(" Fire, Water ,Air, Earth, Aether ");
    expect(warnings()).toEqual([]);
  });
});
