// Kernel errors reach users through ruleErrorMessage: localized when the string can be filled.
import { beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installFoundry, loadAdapter } from "./fake/index.js";
import { pluralKey, ruleErrorMessage, ruleErrorRefusal } from "../../src/foundry/i18n.js";
import { FracasRuleError } from "../../src/engine/errors.js";

beforeEach(async () => {
  installFoundry();
  await loadAdapter();
});

describe("ruleErrorMessage", () => {
  it("localizes a kernel error whose data fills its string", () => {
    const e = new FracasRuleError("badNumber", "english", { name: "Speed", min: 0, max: 4, value: "9" });
    expect(ruleErrorMessage(e)).toBe("Speed must be a whole number from 0 to 4 (got 9).");
  });
  it("falls back to the error's own English when the throw site leaves a placeholder unfilled", () => {
    const e = new FracasRuleError("badNumber", "easeFactor must be a finite number (got NaN)", { name: "easeFactor", value: "NaN" });
    expect(ruleErrorMessage(e)).toBe("easeFactor must be a finite number (got NaN)");
  });
  it("falls back to English for a code with no string", () => {
    expect(ruleErrorMessage(new FracasRuleError("noSuchCode", "plain english", {}))).toBe("plain english");
  });
});

describe("ruleErrorRefusal", () => {
  it("is a key and data (read in the reader's language), with kernel words read through the ruleset's word keys", () => {
    const e = new FracasRuleError("badNumber", "english", { name: "speed", min: 0, max: 4, value: "9" });
    expect(ruleErrorRefusal(e)).toEqual({ key: "FRACAS.Error.badNumber", data: { name: "speed", min: 0, max: 4, value: "9" } });
    // A word key that exists is read; one that does not leaves the value as given.
    expect(ruleErrorRefusal(e, (_code, field) => (field === "name" ? "FRACAS.Tracker.Current" : null)).data.name).not.toBe("speed");
    expect(ruleErrorRefusal(e, () => "FRACAS.No.Such.Key").data.name).toBe("speed");
  });
  it("falls back to FRACAS.Error.Unworded with the error's English when a placeholder would stay unfilled", () => {
    const e = new FracasRuleError("badNumber", "easeFactor must be a finite number (got NaN)", { name: "easeFactor", value: "NaN" });
    expect(ruleErrorRefusal(e)).toEqual({ key: "FRACAS.Error.Unworded", data: { message: "easeFactor must be a finite number (got NaN)" } });
  });
});

describe("pluralKey", () => {
  // A language file with one counted string: English's two forms, and Polish's "few" as well.
  beforeEach(async () => {
    const file = join(mkdtempSync(join(tmpdir(), "fracas-i18n-")), "lang.json");
    writeFileSync(file, JSON.stringify({ FRACAS: { X: { RoundsOne: "{n} round", RoundsOther: "{n} rounds", RoundsFew: "{n} rundy" } } }));
    installFoundry({ langFile: file });
    await loadAdapter();
  });
  const i18n = () => (globalThis as unknown as { game: { i18n: { lang: string } } }).game.i18n;

  it("picks <base>One for one and <base>Other for any other count in English", () => {
    expect(pluralKey("FRACAS.X.Rounds", 1)).toBe("FRACAS.X.RoundsOne");
    expect(pluralKey("FRACAS.X.Rounds", 0)).toBe("FRACAS.X.RoundsOther");
    expect(pluralKey("FRACAS.X.Rounds", 2)).toBe("FRACAS.X.RoundsOther");
  });
  it("follows the language's rules, falling back to <base>Other for a form the file lacks", () => {
    i18n().lang = "pl"; // Polish: 1 one, 2–4 few, 5+ many
    expect(pluralKey("FRACAS.X.Rounds", 1)).toBe("FRACAS.X.RoundsOne");
    expect(pluralKey("FRACAS.X.Rounds", 3)).toBe("FRACAS.X.RoundsFew");
    expect(pluralKey("FRACAS.X.Rounds", 5)).toBe("FRACAS.X.RoundsOther");
    expect(pluralKey("FRACAS.X.Missing", 1)).toBe("FRACAS.X.MissingOther");
  });
});
