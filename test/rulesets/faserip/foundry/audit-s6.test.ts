/**
 * Session 6 audit: bad input typed on the hero sheet's Karma amount. The field is read by a button,
 * not submitted with a form, so the browser's min/max/step never checked it: "Spend" with "-3"
 * gained 3 Karma, "2.5" spent 2, and "abc" or an empty field did nothing without a word.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { startFight } from "./fake-round.js";
import { parseKarmaAmount } from "../../../../src/rulesets/faserip/sheets/karma-amount.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<unknown>;

/** Alice's Captain sheet; `press(direction, typed)` types in the Karma amount and presses Gain or Spend. */
async function captainSheet() {
  f.world.login("alice");
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: f.captain } as never);
  const field = { value: "1" };
  (sheet as unknown as { element: unknown }).element = { querySelector: (q: string) => (q === "input.faserip-karma-delta" ? field : null) };
  const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
  return {
    press: async (direction: "gain" | "spend", typed: string) => {
      field.value = typed;
      f.world.login("alice");
      await actions["karma"]!.call(sheet, {}, { dataset: { direction } });
    },
  };
}

const karmaOf = () => (f.captain.system as unknown as { karma: { value: number } }).karma.value;

describe("the sheet's Karma amount is read strictly", () => {
  it("Spend with −3 gains nothing (before: +3); 2.5, abc and an empty field are refused with a clear message", async () => {
    const sheet = await captainSheet();
    const start = karmaOf();
    await sheet.press("spend", "-3");
    expect(f.world.notified("warn").at(-1)).toBe("Karma amount: \u201c-3\u201d is below 1. To spend 3 Karma, type 3, then press Spend.");
    for (const bad of ["2.5", "1e2", "abc", "0", "1001", "-0", "-1001"]) {
      await sheet.press("spend", bad);
      expect(f.world.notified("warn").at(-1)).toBe(f.world.i18n.format("FRACAS.Faserip.Refused.KarmaAmountTyped", { value: bad, min: 1, max: 1000 }));
    }
    // The shared wording of a refused typed number (UX s6 #9).
    expect(f.world.notified("warn").at(-1)).toBe("Karma amount: \u201c-1001\u201d is not a whole number from 1 to 1000. Type one, then press Gain or Spend.");
    await sheet.press("gain", " ");
    expect(f.world.notified("warn").at(-1)).toBe("Type an amount of Karma from 1 to 1000, then press Gain or Spend.");
    expect(karmaOf()).toBe(start);
  });

  it("a whole number spends or gains it, with its ledger reason", async () => {
    const sheet = await captainSheet();
    const start = karmaOf();
    await sheet.press("spend", " 3 ");
    expect(karmaOf()).toBe(start - 3);
    await sheet.press("gain", "5");
    expect(karmaOf()).toBe(start + 2);
  });

  it("parseKarmaAmount: digits only, 1–1000", () => {
    expect([parseKarmaAmount("1"), parseKarmaAmount("1000"), parseKarmaAmount("007")]).toEqual([{ amount: 1 }, { amount: 1000 }, { amount: 7 }]);
    expect(parseKarmaAmount("+2")).toMatchObject({ refused: "FRACAS.Faserip.Refused.KarmaAmountTyped" });
    expect(parseKarmaAmount("")).toEqual({ refused: "FRACAS.Faserip.Refused.KarmaAmountEmpty", data: { min: 1, max: 1000 } });
  });
});
