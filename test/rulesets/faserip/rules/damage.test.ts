import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ATTACK_ACTIONS,
  RANK_KEYS,
  damage,
  health,
  karma,
  rankNumber,
  rawDamage,
  rawDamageOf,
  slamStunApplies,
} from "../../../../src/rulesets/faserip/rules/index.js";
import type { AttackAction, RankValue } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

const rankValue: fc.Arbitrary<RankValue> = fc.oneof(fc.constantFrom(...RANK_KEYS), fc.nat(20_000));
const num = (v: RankValue): number => (typeof v === "number" ? v : rankNumber(v));

describe("damage", () => {
  it("Slugfest: Strength rank number minus Body Armor", () => {
    expect(damage({ action: "slugfest", strength: "incredible", armor: "good" })).toBe(30);
    expect(damage({ action: "slugfest", strength: "good", weaponDamage: "amazing" })).toBe(10); // no weapon in a slugfest
  });

  it("Hack & Slash: the higher of weapon damage and Strength, minus armor", () => {
    expect(damage({ action: "hackSlash", strength: "typical", weaponDamage: "excellent", armor: "poor" })).toBe(16);
    expect(damage({ action: "hackSlash", strength: "remarkable", weaponDamage: "good", armor: "poor" })).toBe(26);
    expect(damage({ action: "hackSlash", strength: "good" })).toBe(10);
  });

  it("Shooting: weapon damage minus armor; a gun is required", () => {
    expect(damage({ action: "shooting", strength: "monstrous", weaponDamage: "excellent", armor: "typical" })).toBe(14);
    expectRuleError(() => damage({ action: "shooting", strength: "good" }), "missingWeaponDamage");
  });

  it("Throwing: a thrown blade uses its damage, a thrown object the thrower's Strength", () => {
    expect(damage({ action: "throwing", strength: "amazing", weaponDamage: "good" })).toBe(10);
    expect(damage({ action: "throwing", strength: "amazing", armor: "excellent" })).toBe(30);
  });

  it("Charging (P): Strength, or Endurance when higher, minus armor", () => {
    expect(damage({ action: "charging", strength: "good", endurance: "remarkable", armor: "typical" })).toBe(24);
    expect(damage({ action: "charging", strength: "incredible", endurance: "good" })).toBe(40);
  });

  it("Grappling, Escaping and Snatching deal no damage", () => {
    for (const action of ["grappling", "escaping", "snatching"] as const) {
      expect(damage({ action, strength: "unearthly" })).toBe(0);
      expect(rawDamage({ action, strength: "unearthly" })).toBeNull();
    }
  });

  it("armor above the blow leaves 0, never negative", () => {
    expect(damage({ action: "slugfest", strength: "poor", armor: "remarkable" })).toBe(0);
  });

  it("raw rank numbers work as well as keys", () => {
    expect(damage({ action: "slugfest", strength: 22, armor: 5 })).toBe(17);
  });

  it("is never below 0 and never above the raw blow (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ATTACK_ACTIONS), rankValue, rankValue, rankValue, rankValue, (action, strength, weapon, armor, endurance) => {
        const d = damage({ action, strength, weaponDamage: weapon, armor, endurance });
        const raw = rawDamage({ action, strength, weaponDamage: weapon, endurance }) ?? 0;
        return Number.isInteger(d) && d >= 0 && d <= raw && (d === 0 || d === raw - num(armor));
      }),
      { numRuns: 1000 },
    );
  });

  it("bad input is a typed error", () => {
    expectRuleError(() => damage({ action: "kick" as AttackAction, strength: "good" }), "badChoice");
    expectRuleError(() => damage({ action: "slugfest", strength: -4 }), "badNumber");
    expectRuleError(() => damage({ action: "slugfest", strength: "good", armor: "plate" as never }), "badChoice");
    expectRuleError(() => damage(null as never), "badInput");
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (s) => throwsRuleError(() => damage({ action: "slugfest", strength: s }))),
      { numRuns: 1000 },
    );
  });
});

describe("slamStunApplies", () => {
  it("only when attacker Strength ≥ defender Endurance", () => {
    expect(slamStunApplies("good", "good")).toBe(true);
    expect(slamStunApplies("excellent", "good")).toBe(true);
    expect(slamStunApplies("typical", "good")).toBe(false);
    expect(slamStunApplies(12, "good")).toBe(true);
  });

  it("agrees with comparing rank numbers (property)", () => {
    fc.assert(
      fc.property(rankValue, rankValue, (a, b) => slamStunApplies(a, b) === num(a) >= num(b)),
      { numRuns: 1000 },
    );
  });
});

describe("health and karma", () => {
  it("Health sums Fighting, Agility, Strength and Endurance rank numbers", () => {
    expect(health({ fighting: "excellent", agility: "good", strength: "remarkable", endurance: "incredible" })).toBe(100);
  });

  it("Karma sums Reason, Intuition and Psyche rank numbers", () => {
    expect(karma({ reason: "typical", intuition: "good", psyche: "poor" })).toBe(20);
  });

  it("are the sums of rank numbers (property)", () => {
    fc.assert(
      fc.property(rankValue, rankValue, rankValue, rankValue, (f, a, s, e) =>
        health({ fighting: f, agility: a, strength: s, endurance: e }) === num(f) + num(a) + num(s) + num(e) &&
        karma({ reason: f, intuition: a, psyche: s }) === num(f) + num(a) + num(s),
      ),
      { numRuns: 1000 },
    );
  });

  it("a missing or bad ability is a typed error", () => {
    expectRuleError(() => health({ fighting: "good", agility: "good", strength: "good" } as never), "badChoice");
    expectRuleError(() => karma({ reason: "good", intuition: 1.5, psyche: "good" }), "badNumber");
    expectRuleError(() => health("good" as never), "badInput");
  });
});

const fromOf = (input: Parameters<typeof rawDamageOf>[0]) => rawDamageOf(input)?.from ?? null;

describe("rawDamageOf: the damage before armor and which rank it is, from one switch (review-s7-changes D1)", () => {
  it("names the rank it used, for every action", () => {
    expect(fromOf({ action: "slugfest", strength: 20, weaponDamage: 50 })).toBe("strength");
    expect(fromOf({ action: "hackSlash", strength: 20, weaponDamage: 30 })).toBe("weapon");
    expect(fromOf({ action: "hackSlash", strength: 20, weaponDamage: 20 })).toBe("strength");
    expect(fromOf({ action: "shooting", strength: 50, weaponDamage: 6 })).toBe("weapon");
    expect(fromOf({ action: "throwing", strength: 20 })).toBe("strength");
    expect(fromOf({ action: "throwing", strength: 20, weaponDamage: 6 })).toBe("weapon");
    expect(fromOf({ action: "charging", strength: 20, endurance: 30 })).toBe("endurance");
    expect(fromOf({ action: "charging", strength: 20, endurance: 20 })).toBe("strength");
    expect(rawDamageOf({ action: "grappling", strength: 20 })).toBeNull();
  });

  it("Shooting without a weapon is refused for the source too (the second switch named it \"weapon\")", () => {
    expectRuleError(() => rawDamageOf({ action: "shooting", strength: 50 }), "missingWeaponDamage");
  });

  it("property: the rank named is the value, and rawDamage is that value", () => {
    const rank = fc.constantFrom(...RANK_KEYS).map((k) => rankNumber(k));
    fc.assert(
      fc.property(fc.constantFrom(...ATTACK_ACTIONS), rank, rank, rank, (action, strength, endurance, weapon) => {
        const input = { action, strength, endurance, weaponDamage: weapon };
        const blow = rawDamageOf(input);
        const named = blow === null ? null : blow.from === "weapon" ? weapon : blow.from === "endurance" ? endurance : strength;
        expect(named).toBe(blow?.value ?? null);
        expect(rawDamage(input)).toBe(blow?.value ?? null);
      }),
    );
  });
});
