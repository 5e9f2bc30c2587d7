// Kernel errors reach users through ruleErrorMessage: localized when the string can be filled.
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter } from "./fake/index.js";
import { ruleErrorMessage } from "../../src/foundry/i18n.js";
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
