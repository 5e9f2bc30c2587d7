// The one reader of a number typed in a roll dialog (src/foundry/sheets/typed-number.ts): what is
// used, and what is said, for empty, in-range, out-of-range and off-step input.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readTypedNumber, type TypedNumberRule } from "../../src/foundry/sheets/typed-number.js";

const whole: TypedNumberRule = { min: -20, max: 20, step: 1 };
const halves: TypedNumberRule = { min: -20, max: 20, step: 0.5 };

describe("readTypedNumber", () => {
  it("uses a number on the step within range as typed, from text or a number", () => {
    expect(readTypedNumber("7", 0, whole)).toEqual({ value: 7, adjusted: null });
    expect(readTypedNumber(" -3 ", 0, whole)).toEqual({ value: -3, adjusted: null });
    expect(readTypedNumber(2.5, 0, halves)).toEqual({ value: 2.5, adjusted: null });
    expect(readTypedNumber("20", 0, whole)).toEqual({ value: 20, adjusted: null });
  });

  it("reads an empty field as the previous value, or as the rule's empty number, and says nothing", () => {
    for (const raw of [undefined, null, "", "   "]) {
      expect(readTypedNumber(raw, 4, whole)).toEqual({ value: 4, adjusted: null });
      expect(readTypedNumber(raw, 4, { ...whole, empty: 0 })).toEqual({ value: 0, adjusted: null });
    }
  });

  it("brings a number outside the range to the nearer end by default, and says which end", () => {
    expect(readTypedNumber("35", 2, whole)).toEqual({ value: 20, adjusted: { typed: "35", used: 20, reason: "above" } });
    expect(readTypedNumber(-21, 2, whole)).toEqual({ value: -20, adjusted: { typed: "-21", used: -20, reason: "below" } });
  });

  it("keeps the previous value for a number outside the range when the rule says keep", () => {
    expect(readTypedNumber("35", 2, { ...whole, outside: "keep" })).toEqual({ value: 2, adjusted: { typed: "35", used: 2, reason: "above" } });
    expect(readTypedNumber("-1", 2, { min: 0, max: 99, step: 1, outside: "keep" })).toEqual({ value: 2, adjusted: { typed: "-1", used: 2, reason: "below" } });
  });

  it("keeps the previous value for anything off the step, and quotes at most 20 characters of it", () => {
    expect(readTypedNumber("2.5", 3, whole)).toEqual({ value: 3, adjusted: { typed: "2.5", used: 3, reason: "step" } });
    expect(readTypedNumber("2.25", 3, halves)).toEqual({ value: 3, adjusted: { typed: "2.25", used: 3, reason: "step" } });
    expect(readTypedNumber("abc", 3, whole).adjusted).toEqual({ typed: "abc", used: 3, reason: "step" });
    expect(readTypedNumber(Infinity, 3, whole).adjusted?.reason).toBe("step");
    expect(readTypedNumber("x".repeat(50), 3, whole).adjusted?.typed).toBe("x".repeat(20));
  });

  it("never uses a previous value that is itself off the step or out of range", () => {
    expect(readTypedNumber("abc", 2.7, whole).value).toBe(2);
    expect(readTypedNumber("", 99, whole).value).toBe(20);
    expect(readTypedNumber("", NaN, whole).value).toBe(-20);
    expect(readTypedNumber("", 0, { ...whole, empty: 50 }).value).toBe(20);
  });

  it("property: the value used is always on the step and in range, and is the typed number exactly when nothing is said", () => {
    const rule = fc.record({
      min: fc.integer({ min: -100, max: 100 }),
      span: fc.integer({ min: 0, max: 200 }),
      step: fc.constantFrom(1, 0.5),
      empty: fc.option(fc.oneof(fc.constant("previous" as const), fc.integer({ min: -300, max: 300 })), { nil: undefined }),
      outside: fc.option(fc.constantFrom("nearest" as const, "keep" as const), { nil: undefined }),
    }).map(({ min, span, ...r }): TypedNumberRule => ({ ...r, min, max: min + span }));
    const raw = fc.oneof(fc.integer({ min: -400, max: 400 }), fc.double({ noNaN: false }), fc.string(), fc.constantFrom(undefined, null, "", " 3 ", "1e1"), fc.integer({ min: -800, max: 800 }).map((n) => String(n / 2)));
    fc.assert(
      fc.property(rule, raw, fc.double({ min: -500, max: 500, noNaN: true }), (r, x, previous) => {
        const { value, adjusted } = readTypedNumber(x, previous, r);
        expect(value).toBeGreaterThanOrEqual(r.min);
        expect(value).toBeLessThanOrEqual(r.max);
        expect(Number.isInteger(value / r.step)).toBe(true);
        if (adjusted) expect(adjusted.used).toBe(value);
        const n = typeof x === "number" ? x : typeof x === "string" && x.trim() !== "" ? Number(x.trim()) : null;
        if (n !== null && adjusted === null) expect(value).toBe(n);
        if (n !== null && Number.isFinite(n) && Number.isInteger(n / r.step) && n >= r.min && n <= r.max) expect(adjusted).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
