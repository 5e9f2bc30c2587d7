// The one signed-number formatter (src/foundry/signed-number.ts) every ruleset prints with.
import { describe, expect, it } from "vitest";
import { MINUS, signedNumber } from "../../src/foundry/signed-number.js";

describe("signedNumber", () => {
  it("a plus for a positive number, the typographic minus for a negative one", () => {
    expect([signedNumber(4), signedNumber(-4), signedNumber(-2.5)]).toEqual(["+4", `${MINUS}4`, `${MINUS}2.5`]);
    expect(MINUS).toBe("\u2212");
  });
  it("zero as 0, or +0 where a column of modifiers asks for it", () => {
    expect([signedNumber(0), signedNumber(-0), signedNumber(0, "+0")]).toEqual(["0", "0", "+0"]);
  });
});
