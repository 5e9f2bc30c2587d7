import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { COLORS, FEAT_ACTIONS, RANK_KEYS, resolveFeat, universalColor } from "../../../../src/rulesets/faserip/rules/index.js";
import type { FeatAction } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

describe("resolveFeat", () => {
  it("a sitting target: the attacker rolls on their full rank", () => {
    const r = resolveFeat({ action: "slugfest", abilityRank: "excellent", roll: 72 });
    expect(r).toMatchObject({ ability: "fighting", column: "excellent", totalShift: 0, color: "yellow", effect: "slam", success: true, effectiveRoll: 72 });
    expect(r.shifts).toEqual({ dodge: 0, cover: 0, multipleTargets: 0, other: 0 });
    expect(r.karmaPoolAfter).toBeNull();
  });

  it("dodge, cover and extra targets add up and shift left", () => {
    // Amazing −4 (dodge) −1 (cover) −1 (two targets) = −6 → Poor column (56/86/100).
    const r = resolveFeat({ action: "shooting", abilityRank: "amazing", roll: 55, shifts: { dodge: -4, cover: -1, multipleTargets: -1 } });
    expect(r).toMatchObject({ totalShift: -6, column: "poor", color: "white", effect: "miss", ability: "agility" });
    expect(resolveFeat({ action: "shooting", abilityRank: "amazing", roll: 56, shifts: { dodge: -4, cover: -1, multipleTargets: -1 } }).color).toBe("green");
  });

  it("other shifts may move right", () => {
    expect(resolveFeat({ action: "feat", abilityRank: "good", roll: 71, shifts: { other: 1 } })).toMatchObject({ column: "excellent", color: "yellow", effect: "success", ability: null });
  });

  it("Karma: spent before rolling, +1 per point, deducted from the pool", () => {
    const r = resolveFeat({ action: "hackSlash", abilityRank: "good", roll: 90, karma: { points: 8, pool: 30 } });
    expect(r).toMatchObject({ karmaSpent: 8, karmaPoolAfter: 22, effectiveRoll: 98, color: "red", effect: "kill" });
  });

  it("Karma never pushes the roll past 100", () => {
    expect(resolveFeat({ action: "feat", abilityRank: "shift0", roll: 99, karma: { points: 50, pool: 50 } }).effectiveRoll).toBe(100);
  });

  it("spending more Karma than the pool is refused", () => {
    expectRuleError(() => resolveFeat({ action: "feat", abilityRank: "good", roll: 5, karma: { points: 11, pool: 10 } }), "notEnoughKarma");
  });

  it("a Dodging FEAT reports the shift it gives attackers", () => {
    expect(resolveFeat({ action: "dodging", abilityRank: "good", roll: 80 })).toMatchObject({ color: "yellow", effect: "dodge", dodgeShift: -4, ability: "agility" });
    expect(resolveFeat({ action: "dodging", abilityRank: "good", roll: 10 })).toMatchObject({ color: "white", effect: "miss", dodgeShift: 0 });
  });

  it("a plain FEAT fails only on White", () => {
    expect(resolveFeat({ action: "feat", abilityRank: "typical", roll: 50 })).toMatchObject({ effect: "fail", success: false });
    expect(resolveFeat({ action: "feat", abilityRank: "typical", roll: 51 })).toMatchObject({ effect: "success", success: true });
  });

  it("a raw ability number is read on its rank's column", () => {
    expect(resolveFeat({ action: "feat", abilityRank: 22, roll: 41 })).toMatchObject({ abilityRank: "excellent", color: "green" });
  });

  it("agrees with universalColor and is plain JSON (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FEAT_ACTIONS),
        fc.constantFrom(...RANK_KEYS),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: -6, max: 0 }),
        fc.integer({ min: -3, max: 0 }),
        fc.integer({ min: -5, max: 5 }),
        fc.nat(20),
        (action, rank, roll, dodge, cover, other, k) => {
          const r = resolveFeat({ action, abilityRank: rank, roll, shifts: { dodge, cover, other }, karma: { points: k, pool: 20 } });
          const expected = universalColor(Math.min(100, roll + k), rank, dodge + cover + other);
          return r.color === expected && (COLORS as readonly string[]).includes(r.color) && JSON.stringify(JSON.parse(JSON.stringify(r))) === JSON.stringify(r) && r.karmaPoolAfter === 20 - k;
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("bad input is a typed error (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.double({ noInteger: true })), (roll) =>
        throwsRuleError(() => resolveFeat({ action: "feat", abilityRank: "good", roll })),
      ),
      { numRuns: 1000 },
    );
    expectRuleError(() => resolveFeat({ action: "kick" as FeatAction, abilityRank: "good", roll: 5 }), "badChoice");
    expectRuleError(() => resolveFeat({ action: "feat", abilityRank: "good", roll: 5, shifts: { dodge: 2 } }), "badNumber");
    expectRuleError(() => resolveFeat({ action: "feat", abilityRank: "good", roll: 5, shifts: { cover: 1 } }), "badNumber");
    expectRuleError(() => resolveFeat({ action: "feat", abilityRank: "good", roll: 5, shifts: "left" as never }), "badInput");
    expectRuleError(() => resolveFeat(undefined as never), "badInput");
  });
});
