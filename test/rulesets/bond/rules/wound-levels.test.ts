import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  WOUND_LEVELS,
  accumulateWound,
  healLevels,
  healOneLevel,
  knockoutEase,
  levelsHealedByRest,
  levelsHealedInHospital,
  shakeOff,
  shakeOffEligibility,
  woundPenalty,
} from "../../../../src/rulesets/bond/rules/index.js";
import type { WoundLevel } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";
import { levelAt, levelIndex, worseOf } from "../../../../src/rulesets/bond/rules/vocabulary.js";

const rank = (l: WoundLevel): number => WOUND_LEVELS.indexOf(l);
const levelArb = fc.constantFrom(...WOUND_LEVELS);

describe("accumulateWound (provisional chart)", () => {
  it("an unwounded character takes the incoming wound", () => {
    for (const l of WOUND_LEVELS) expect(accumulateWound("none", l)).toBe(l);
  });
  it("real wounds go one level above the worse", () => {
    expect(accumulateWound("LW", "LW")).toBe("MW");
    expect(accumulateWound("MW", "LW")).toBe("HW");
    expect(accumulateWound("LW", "HW")).toBe("IN");
    expect(accumulateWound("HW", "HW")).toBe("IN");
    expect(accumulateWound("IN", "LW")).toBe("KL");
    expect(accumulateWound("HW", "IN")).toBe("KL");
  });
  it("a Stun never accumulates", () => {
    expect(accumulateWound("LW", "ST")).toBe("LW");
    expect(accumulateWound("ST", "LW")).toBe("LW");
    expect(accumulateWound("ST", "ST")).toBe("ST");
    expect(accumulateWound("IN", "ST")).toBe("IN");
  });
  it("no incoming wound changes nothing; KL stays KL", () => {
    expect(accumulateWound("MW", "none")).toBe("MW");
    expect(accumulateWound("KL", "ST")).toBe("KL");
  });
  it("refuses unknown levels", () => {
    expectRuleError(() => accumulateWound("XX" as WoundLevel, "LW"), "badChoice");
    expectRuleError(() => accumulateWound("LW", "bad" as WoundLevel), "badChoice");
  });
  it("property: accumulation never lowers a wound and is monotone in both wounds", () => {
    fc.assert(
      fc.property(levelArb, levelArb, levelArb, (a, b, c) => {
        const r = accumulateWound(a, b);
        expect(rank(r)).toBeGreaterThanOrEqual(Math.max(rank(a), rank(b)));
        const [lo, hi] = rank(a) <= rank(c) ? [a, c] : [c, a];
        expect(rank(accumulateWound(hi, b))).toBeGreaterThanOrEqual(rank(accumulateWound(lo, b)));
        expect(rank(accumulateWound(b, hi))).toBeGreaterThanOrEqual(rank(accumulateWound(b, lo)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("woundPenalty", () => {
  it("is 0 / −1 / −2 / −3", () => {
    expect(WOUND_LEVELS.map((l) => woundPenalty(l))).toEqual([0, 0, -1, -2, -3, -3, -3]);
    expect(Object.is(woundPenalty("none"), 0)).toBe(true);
    expectRuleError(() => woundPenalty("HURT" as WoundLevel), "badChoice");
  });
});

describe("Shake Off", () => {
  it("lowers the wound two levels; below Stun is no wound", () => {
    expect(shakeOff("HW")).toBe("LW");
    expect(shakeOff("MW")).toBe("ST");
    expect(shakeOff("LW")).toBe("none");
    expect(shakeOff("ST")).toBe("none");
    expect(shakeOff("KL")).toBe("HW");
  });
  it("needs Strength 14+, Hand-to-Hand, no point or edge, and a wound", () => {
    const base = { strength: 14, attackKind: "hth", pointOrEdge: false, woundLevel: "MW" } as const;
    expect(shakeOffEligibility(base)).toEqual({ eligible: true, reason: null });
    expect(shakeOffEligibility({ ...base, strength: 13 }).reason).toBe("strength");
    expect(shakeOffEligibility({ ...base, attackKind: "fire" }).reason).toBe("notHandToHand");
    expect(shakeOffEligibility({ ...base, pointOrEdge: true }).reason).toBe("pointOrEdge");
    expect(shakeOffEligibility({ ...base, woundLevel: "none" }).reason).toBe("noWound");
    expectRuleError(() => shakeOffEligibility({ ...base, strength: 0 }), "badNumber");
  });
});

describe("knockoutEase", () => {
  it("is twice the attack's Quality Rating", () => {
    expect([1, 2, 3, 4].map(knockoutEase)).toEqual([2, 4, 6, 8]);
    expectRuleError(() => knockoutEase(0), "badNumber");
  });
});

describe("healing steps", () => {
  it("heal one level at a time; a Light Wound heals straight to none; IN heals to HW", () => {
    expect(healOneLevel("HW")).toBe("MW");
    expect(healOneLevel("LW")).toBe("none");
    expect(healOneLevel("ST")).toBe("none");
    expect(healOneLevel("IN")).toBe("HW");
    expect(healLevels("HW", 2)).toBe("LW");
    expect(healLevels("HW", 3)).toBe("none");
    expect(healLevels("MW", 10)).toBe("none");
    expectRuleError(() => healOneLevel("KL"), "deadCannotHeal");
  });
  it("rest heals a level per week; hospital a level per three days, at most two", () => {
    expect(levelsHealedByRest(3)).toBe(3);
    expect([0, 2, 3, 5, 6, 9, 30].map(levelsHealedInHospital)).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expectRuleError(() => levelsHealedInHospital(-1), "badNumber");
  });
});

describe("the wound ladder on the shared wounds engine", () => {
  /** vocabulary.ts's own ladder arithmetic before it used the engine's Ladder (audit s15). */
  const formerIndex = (l: WoundLevel) => WOUND_LEVELS.indexOf(l);
  const formerAt = (i: number): WoundLevel => WOUND_LEVELS[Math.max(0, Math.min(WOUND_LEVELS.length - 1, i))]!;
  it("levelIndex, levelAt and worseOf give the former answers for every level, pair and index −1000…1000 (and ±10⁹)", () => {
    for (const a of WOUND_LEVELS) {
      expect(levelIndex(a)).toBe(formerIndex(a));
      for (const b of WOUND_LEVELS) expect(worseOf(a, b)).toBe(formerIndex(a) >= formerIndex(b) ? a : b);
    }
    for (let i = -1000; i <= 1000; i++) expect(levelAt(i)).toBe(formerAt(i));
    expect(levelAt(1_000_000_000)).toBe("KL");
    expect(levelAt(-1_000_000_000)).toBe("none");
  });
  it("an unknown level or a fractional index is a rule error (the former code answered −1 or undefined)", () => {
    expectRuleError(() => levelIndex("XX" as WoundLevel), "badChoice");
    expectRuleError(() => levelAt(1.5), "badNumber");
  });
});
