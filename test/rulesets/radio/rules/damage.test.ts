import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError, throwsOnlyRuleErrors } from "./helpers.js";

describe("damage", () => {
  it("reads the seed's weapon table", () => {
    expect(radio.damage({ weapon: "hand" })).toBe(1);
    expect(radio.damage({ weapon: "rocks" })).toBe(1);
    expect(radio.damage({ weapon: "rocks", skilled: true })).toBe(2);
    expect(radio.damage({ weapon: "club" })).toBe(2);
    expect(radio.damage({ weapon: "club", skilled: true })).toBe(2);
    expect(radio.damage({ weapon: "blade" })).toBe(3);
    expect(radio.damage({ weapon: "projectile" })).toBe(3);
    expect(radio.damage({ weapon: "area" })).toBe(4);
  });

  it("doubles on a 6, doubles again for 5 tokens, and halves last against a defensive target", () => {
    expect(radio.damage({ weapon: "blade", critRoll: 5 })).toBe(3);
    expect(radio.damage({ weapon: "blade", critRoll: 6 })).toBe(6);
    expect(radio.damage({ weapon: "blade", tokensSpent: 5 })).toBe(6);
    expect(radio.damage({ weapon: "blade", critRoll: 6, tokensSpent: 5 })).toBe(12);
    // 3 halved = 1.5, rounded down to 1.
    expect(radio.damage({ weapon: "blade", targetDefensive: true })).toBe(1);
    // 4 × 2 × 2 = 16, halved = 8.
    expect(radio.damage({ weapon: "area", critRoll: 6, tokensSpent: 5, targetDefensive: true })).toBe(8);
    // 1 halved would be 0: the minimum is 1.
    expect(radio.damage({ weapon: "hand", targetDefensive: true })).toBe(1);
  });

  it("breaks the calculation into steps for the chat card", () => {
    const b = radio.damageBreakdown({ weapon: "club", critRoll: 6, tokensSpent: 5, targetDefensive: true });
    expect(b.steps).toEqual([
      { step: "base", operation: "=", value: 2 },
      { step: "critical", operation: "×2", value: 4 },
      { step: "tokens", operation: "×2", value: 8 },
      { step: "defensive", operation: "÷2 (min 1)", value: 4 },
    ]);
    expect(b.total).toBe(4);
    expect(b.critRoll).toBe(6);
    expect(JSON.parse(JSON.stringify(b))).toEqual(b);
    expect(radio.damageBreakdown({ weapon: "hand" }).critRoll).toBeNull();
  });

  it("only 0 or 5 tokens can be cashed in", () => {
    expectRuleError(() => radio.damage({ weapon: "hand", tokensSpent: 3 }), "badTokenSpend");
    expectRuleError(() => radio.damage({ weapon: "hand", tokensSpent: 10 }), "badNumber");
    expectRuleError(() => radio.damage({ weapon: "hand", critRoll: 0 }), "badNumber");
    expectRuleError(() => radio.damage({ weapon: "laser" as radio.Weapon }), "badChoice");
  });

  it("marks blades and projectiles as piercing", () => {
    expect(radio.WEAPONS.filter((w) => radio.isPiercing(w))).toEqual(["blade", "projectile"]);
  });

  const input = fc.record({
    weapon: fc.constantFrom(...radio.WEAPONS),
    skilled: fc.boolean(),
    critRoll: fc.integer({ min: 1, max: 6 }),
    tokensSpent: fc.constantFrom(0, 5),
    targetDefensive: fc.boolean(),
  });

  it("is at least 1 and never falls when a 6 is rolled or tokens are spent (property)", () => {
    fc.assert(
      fc.property(input, (i) => {
        const d = radio.damage(i);
        expect(d).toBeGreaterThanOrEqual(1);
        expect(radio.damage({ ...i, critRoll: 6 })).toBeGreaterThanOrEqual(d);
        expect(radio.damage({ ...i, tokensSpent: 5 })).toBeGreaterThanOrEqual(d);
        expect(radio.damage({ ...i, targetDefensive: false })).toBeGreaterThanOrEqual(d);
        expect(radio.damage({ ...i, skilled: true })).toBeGreaterThanOrEqual(d);
        // Each doubling doubles exactly against a target that is not defending.
        if (!i.targetDefensive) {
          const base = radio.damage({ weapon: i.weapon, skilled: i.skilled });
          expect(d).toBe(base * (i.critRoll === 6 ? 2 : 1) * (i.tokensSpent === 5 ? 2 : 1));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("throws only typed errors on arbitrary input (property)", () => {
    fc.assert(
      fc.property(
        fc.record({ weapon: fc.anything(), skilled: fc.anything(), critRoll: fc.anything(), tokensSpent: fc.anything(), targetDefensive: fc.anything() }),
        (i) => throwsOnlyRuleErrors(() => radio.damage(i as unknown as radio.DamageInput)),
      ),
      { numRuns: 1000 },
    );
  });
});

describe("tokens", () => {
  it("a described action earns 2 (standard, targeted, spell) or 1 (frenzied, defensive); undescribed earns 0", () => {
    expect(radio.tokensEarned("standard", true)).toBe(2);
    expect(radio.tokensEarned("targeted", true)).toBe(2);
    expect(radio.tokensEarned("spell", true)).toBe(2);
    expect(radio.tokensEarned("frenzied", true)).toBe(1);
    expect(radio.tokensEarned("defensive", true)).toBe(1);
    for (const a of radio.ACTIONS) expect(radio.tokensEarned(a, false)).toBe(0);
  });

  it("henchmen earn none; minions, bosses and PCs do", () => {
    expect(radio.tokensEarnedBy("henchmen", "standard", true)).toBe(0);
    expect(radio.tokensEarnedBy("minion", "standard", true)).toBe(2);
    expect(radio.tokensEarnedBy("boss", "frenzied", true)).toBe(1);
    expect(radio.tokensEarnedBy("pc", "targeted", true)).toBe(2);
  });

  it("spending five doubles and leaves the rest", () => {
    expect(radio.spendTokens(7, 5)).toEqual({ balance: 2, doubled: true });
    expect(radio.spendTokens(3, 0)).toEqual({ balance: 3, doubled: false });
    expectRuleError(() => radio.spendTokens(4, 5), "notEnoughTokens");
    expectRuleError(() => radio.spendTokens(9, 4), "badTokenSpend");
    expectRuleError(() => radio.tokensEarned("standard", 1 as unknown as boolean), "badFlag");
  });
});
