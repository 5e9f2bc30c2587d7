import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { FracasRuleError, requireChoice, requireInt } from "../../src/engine/errors.js";

describe("argument validation", () => {
  it("refuses hostile values with a FracasRuleError, never a TypeError", () => {
    const hostile = [{ toString: false }, Object.create(null), { toString() { throw new Error("x"); } }, Symbol("s")];
    for (const v of hostile) {
      expect(() => requireInt("n", v, 0, 5)).toThrow(FracasRuleError);
      expect(() => requireChoice("c", v, ["a", "b"])).toThrow(FracasRuleError);
    }
  });
  it("property: any non-conforming value gives a typed error naming the argument", () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 5) return;
        try {
          requireInt("speed", v, 0, 5);
        } catch (e) {
          expect(e).toBeInstanceOf(FracasRuleError);
          expect((e as FracasRuleError).data.name).toBe("speed");
          return;
        }
        throw new Error("accepted " + String(v));
      }),
      { numRuns: 1000 },
    );
  });
});
