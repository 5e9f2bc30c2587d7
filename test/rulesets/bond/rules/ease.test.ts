import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { easeFactor, rangeDamageShift } from "../../../../src/rulesets/bond/rules/index.js";
import type { EaseInput } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("easeFactor", () => {
  it("starts at 5 for either skill", () => {
    expect(easeFactor({ attackKind: "fire" })).toEqual({ total: 5, unclamped: 5, items: [{ labelKey: "FRACAS.Bond.Ease.Base", value: 5 }] });
    expect(easeFactor({ attackKind: "hth" }).total).toBe(5);
  });
  it("Fire Combat: Performance, range, cover, own wound", () => {
    // 5 + 1 (Performance) + 1 (close) − 1 (light cover) − 1 (LW) = 5
    const r = easeFactor({ attackKind: "fire", performanceModifier: 1, range: "close", cover: "light", attackerWound: "LW" });
    expect(r.total).toBe(5);
    expect(r.items).toEqual([
      { labelKey: "FRACAS.Bond.Ease.Base", value: 5 },
      { labelKey: "FRACAS.Bond.Ease.Performance", value: 1 },
      { labelKey: "FRACAS.Bond.Ease.Range.close", value: 1 },
      { labelKey: "FRACAS.Bond.Ease.Cover.light", value: -1 },
      { labelKey: "FRACAS.Bond.Ease.Wound", value: -1 },
    ]);
    expect(easeFactor({ attackKind: "fire", range: "pointBlank" }).total).toBe(7);
    expect(easeFactor({ attackKind: "fire", range: "long", cover: "heavy" }).total).toBe(1);
  });
  it("zero modifiers are not listed", () => {
    expect(easeFactor({ attackKind: "fire", range: "medium", cover: "none", gmModifier: 0 }).items).toHaveLength(1);
  });
  it("Hand-to-Hand: target Speed, kick −1, Specific Blow −2, knockout a further −2; clamps at ½", () => {
    // 5 − 3 − 1 − 2 − 2 = −3 → ½
    const r = easeFactor({ attackKind: "hth", targetSpeed: 3, kick: true, specificBlow: "knockout" });
    expect(r.unclamped).toBe(-3);
    expect(r.total).toBe(0.5);
    expect(r.items.map((i) => i.value)).toEqual([5, -3, -1, -2, -2]);
    expect(easeFactor({ attackKind: "hth", specificBlow: "trip" }).total).toBe(3);
  });
  it("clamps at 10", () => {
    expect(easeFactor({ attackKind: "fire", performanceModifier: 5, range: "pointBlank", gmModifier: 3 })).toMatchObject({ total: 10, unclamped: 15 });
  });
  it("refuses modifiers of the other skill and bad values", () => {
    expectRuleError(() => easeFactor({ attackKind: "fire", kick: true }), "modifierNotAllowed");
    expectRuleError(() => easeFactor({ attackKind: "fire", targetSpeed: 2 }), "modifierNotAllowed");
    expectRuleError(() => easeFactor({ attackKind: "hth", range: "close" }), "modifierNotAllowed");
    expectRuleError(() => easeFactor({ attackKind: "hth", specificBlow: "headbutt" as "trip" }), "badChoice");
    expectRuleError(() => easeFactor({ attackKind: "laser" as "fire" }), "badChoice");
    expectRuleError(() => easeFactor(null as unknown as EaseInput), "badInput");
  });
  it("range shifts the Damage Class: close +1, long −1", () => {
    expect(rangeDamageShift("close")).toBe(1);
    expect(rangeDamageShift("medium")).toBe(0);
    expect(rangeDamageShift("long")).toBe(-1);
  });
  it("property: total = clamp(sum of items) and every item is listed with a key", () => {
    const arb = fc.oneof(
      fc.record({
        attackKind: fc.constant("fire" as const),
        performanceModifier: fc.integer({ min: -10, max: 10 }),
        range: fc.constantFrom("pointBlank", "close", "medium", "long" as const),
        cover: fc.constantFrom("none", "light", "medium", "heavy" as const),
        attackerWound: fc.constantFrom("none", "ST", "LW", "MW", "HW" as const),
        gmModifier: fc.integer({ min: -20, max: 20 }),
      }),
      fc.record({
        attackKind: fc.constant("hth" as const),
        targetSpeed: fc.integer({ min: 0, max: 3 }),
        kick: fc.boolean(),
        specificBlow: fc.constantFrom(null, "disarm", "trip", "rise", "restrain", "release", "knockout" as const),
        gmModifier: fc.integer({ min: -20, max: 20 }),
      }),
    );
    fc.assert(
      fc.property(arb, (input) => {
        const r = easeFactor(input as EaseInput);
        const sum = r.items.reduce((s, i) => s + i.value, 0);
        expect(r.unclamped).toBe(sum);
        expect(r.total).toBe(Math.min(10, Math.max(0.5, sum)));
        for (const item of r.items) expect(item.labelKey.startsWith("FRACAS.Bond.Ease.")).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
