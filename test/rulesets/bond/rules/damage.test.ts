import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DAMAGE_CLASSES,
  SEED_WEAPONS,
  WOUND_LEVELS,
  combatSkillFor,
  hthDamageClass,
  shiftDamageClass,
  woundLevel,
} from "../../../../src/rulesets/bond/rules/index.js";
import type { DamageClass } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

const rank = (l: string): number => WOUND_LEVELS.indexOf(l as (typeof WOUND_LEVELS)[number]);
const dcArb = fc.constantFrom(...DAMAGE_CLASSES);
const qrArb = fc.integer({ min: 1, max: 4 });

describe("shiftDamageClass", () => {
  it("moves along A…L and clamps at the ends", () => {
    expect(shiftDamageClass("B", 1)).toBe("C");
    expect(shiftDamageClass("E", -2)).toBe("C");
    expect(shiftDamageClass("K", 5)).toBe("L");
    expect(shiftDamageClass("B", -3)).toBe("A");
    expect(shiftDamageClass("G", 0)).toBe("G");
  });
  it("refuses a bad class or step", () => {
    expectRuleError(() => shiftDamageClass("M" as DamageClass, 1), "badChoice");
    expectRuleError(() => shiftDamageClass("A", 0.5), "badNumber");
  });
});

describe("woundLevel (provisional DC × QR table: ⌈dc/2⌉ + 4 − QR)", () => {
  it("reads the seed's weapons", () => {
    // Beretta, DC E (index 4, ⌈4/2⌉ = 2): QR4 → 2 LW, QR3 → MW, QR2 → HW, QR1 → IN.
    expect([4, 3, 2, 1].map((qr) => woundLevel("E", qr))).toEqual(["LW", "MW", "HW", "IN"]);
    // Heavy spear gun, DC G (index 6 → 3): QR4 → MW, QR1 → 6 KL.
    expect(woundLevel("G", 4)).toBe("MW");
    expect(woundLevel("G", 1)).toBe("KL");
  });
  it("A at QR4 does nothing; L always kills; the ends clamp", () => {
    expect(woundLevel("A", 4)).toBe("none");
    expect(woundLevel("A", 1)).toBe("MW");
    expect(woundLevel("B", 4)).toBe("ST");
    expect(woundLevel("L", 4)).toBe("KL");
  });
  it("refuses a failed roll (QR 0) and bad classes", () => {
    expectRuleError(() => woundLevel("E", 0), "badNumber");
    expectRuleError(() => woundLevel("Z" as DamageClass, 2), "badChoice");
  });
  it("property: monotone — a higher DC or a better QR never gives a lesser wound", () => {
    fc.assert(
      fc.property(dcArb, dcArb, qrArb, qrArb, (dc1, dc2, q1, q2) => {
        const [lo, hi] = DAMAGE_CLASSES.indexOf(dc1) <= DAMAGE_CLASSES.indexOf(dc2) ? [dc1, dc2] : [dc2, dc1];
        const [better, worse] = q1 <= q2 ? [q1, q2] : [q2, q1];
        expect(rank(woundLevel(hi, better))).toBeGreaterThanOrEqual(rank(woundLevel(lo, better)));
        expect(rank(woundLevel(lo, better))).toBeGreaterThanOrEqual(rank(woundLevel(lo, worse)));
      }),
      { numRuns: 1000 },
    );
  });
  it("property: invalid QR gives a typed error", () => {
    fc.assert(
      fc.property(dcArb, fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 5 })), (dc, qr) => {
        expect(throwsRuleError(() => woundLevel(dc, qr))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("hthDamageClass (provisional bands ≤9 A, 10–12 B, 13+ C)", () => {
  it("reads Strength bands up to C", () => {
    expect([5, 9, 10, 12, 13, 15].map((s) => hthDamageClass(s))).toEqual(["A", "A", "B", "B", "C", "C"]);
  });
  it("a knife adds 1 DC, a sword 2", () => {
    expect(hthDamageClass(13, "knife")).toBe("D");
    expect(hthDamageClass(13, "sword")).toBe("E");
    expect(hthDamageClass(5, "sword")).toBe("C");
  });
  it("refuses bad Strength or weapon", () => {
    expectRuleError(() => hthDamageClass(0), "badNumber");
    expectRuleError(() => hthDamageClass(10, "club" as "knife"), "badChoice");
  });
});

describe("combatSkillFor and the seed's weapons", () => {
  it("projectiles use Fire Combat, everything else Hand-to-Hand", () => {
    expect(combatSkillFor(true)).toBe("fireCombat");
    expect(combatSkillFor(false)).toBe("handToHand");
    expectRuleError(() => combatSkillFor("yes" as unknown as boolean), "badBoolean");
  });
  it("lists the Walther PPK (2 shots), Beretta (E) and heavy spear gun (G)", () => {
    const byId = Object.fromEntries(SEED_WEAPONS.map((w) => [w.id, w]));
    expect(byId.waltherPpk?.shotsPerRound).toBe(2);
    expect(byId.beretta?.damageClass).toBe("E");
    expect(byId.heavySpearGun?.damageClass).toBe("G");
  });
});
