import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyHeroPointsToResult, resolveAttack, resolveShakeOff, WOUND_LEVELS } from "../../../../src/rulesets/bond/rules/index.js";
import type { AttackInput, AttackResult } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

const rank = (l: string): number => WOUND_LEVELS.indexOf(l as (typeof WOUND_LEVELS)[number]);

describe("resolveAttack — Fire Combat", () => {
  // PC 15 at EF 5 → SC 75; ceilings 7, 18, 37, 75.
  const beretta: AttackInput = { attackKind: "fire", primaryChance: 15, roll: 7, damageClass: "E", range: "medium" };

  it("an Excellent Beretta shot incapacitates and may scar", () => {
    const r = resolveAttack(beretta);
    expect(r).toMatchObject({ successChance: 75, rolledQualityRating: 1, qualityRating: 1, success: true, damageClass: "E", woundLevel: "IN", scarPossible: true });
    expect(r.ease.total).toBe(5);
    expect(r.effect).toBeNull();
    expect(r.shakeOffPossible).toBe(false); // Fire Combat damage cannot be shaken off
  });
  it("close range: +1 EF and +1 DC", () => {
    // EF 6 → SC 90, ceilings 9, 22, 45, 90. Roll 50 → QR4. DC E→F (index 5, ⌈5/2⌉ = 3) + 0 → MW.
    const r = resolveAttack({ ...beretta, range: "close", roll: 50 });
    expect(r).toMatchObject({ successChance: 90, qualityRating: 4, baseDamageClass: "E", damageClass: "F", woundLevel: "MW" });
    expect(r.damageShifts).toEqual([{ labelKey: "FRACAS.Bond.Damage.Range.close", value: 1 }]);
  });
  it("a miss does nothing; a 100 always misses", () => {
    expect(resolveAttack({ ...beretta, roll: 76 })).toMatchObject({ success: false, qualityRating: 0, woundLevel: "none", scarPossible: false });
    expect(resolveAttack({ ...beretta, primaryChance: 30, range: "pointBlank", roll: 100 }).success).toBe(false);
  });
  it("refuses Hand-to-Hand options and bad dice", () => {
    expectRuleError(() => resolveAttack({ ...beretta, kick: true }), "modifierNotAllowed");
    expectRuleError(() => resolveAttack({ ...beretta, meleeWeapon: "knife" }), "modifierNotAllowed");
    expectRuleError(() => resolveAttack({ ...beretta, roll: 0 }), "badNumber");
    expectRuleError(() => resolveAttack({ ...beretta, damageClass: "Q" as "A" }), "badChoice");
  });
});

describe("resolveAttack — Hand-to-Hand", () => {
  // PC 10; target Speed 1 and a kick: EF 5 − 1 − 1 = 3 → SC 30, ceilings 3, 7, 15, 30.
  const kick: AttackInput = { attackKind: "hth", primaryChance: 10, roll: 10, damageClass: "B", targetSpeed: 1, kick: true };

  it("a kick adds 1 DC; the wound can be shaken off, and leaves no scar", () => {
    const r = resolveAttack(kick);
    // QR3, DC C (index 2 → 1) + 1 → LW.
    expect(r).toMatchObject({ successChance: 30, qualityRating: 3, damageClass: "C", woundLevel: "LW", shakeOffPossible: true, scarPossible: false });
    expect(r.damageShifts).toEqual([{ labelKey: "FRACAS.Bond.Damage.Kick", value: 1 }]);
  });
  it("a knife or sword may scar and cannot be shaken off", () => {
    // Knife DC D (Strength 13 C + 1), EF 5 → SC 50; roll 3 → QR1: D index 3 → 2 + 3 = 5 IN.
    const r = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 3, damageClass: "D", meleeWeapon: "knife" });
    expect(r).toMatchObject({ woundLevel: "IN", pointOrEdge: true, shakeOffPossible: false, scarPossible: true });
    expect(resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 40, damageClass: "C", meleeWeapon: "none" }).scarPossible).toBe(false);
  });
  it("a kick cannot use a knife", () => {
    expectRuleError(() => resolveAttack({ ...kick, meleeWeapon: "knife" }), "kickIsUnarmed");
  });
  it("a Specific Blow does its effect instead of a wound (by default)", () => {
    // trip at EF 5 − 2 = 3 → SC 30; roll 10 → QR3.
    const trip = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 10, damageClass: "C", specificBlow: "trip" });
    expect(trip).toMatchObject({ success: true, woundLevel: "none", knockoutEase: null });
    expect(trip.effect).toEqual({ target: [{ status: "prone", on: true }], attacker: [], disarm: false, knockoutRoll: false });
    const wounding = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 10, damageClass: "C", specificBlow: "trip", specificBlowWounds: true });
    expect(wounding.woundLevel).toBe("LW"); // C: ⌈2/2⌉ = 1, QR3 adds 4 − 3 = 1 → index 2, LW
  });
  it("RB4: Rise and Release act on the striker and never wound, even with 'Specific Blows also wound'", () => {
    for (const specificBlow of ["rise", "release"] as const) {
      const r = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 10, damageClass: "C", specificBlow, specificBlowWounds: true });
      expect(r.success, specificBlow).toBe(true);
      expect(r.woundLevel, specificBlow).toBe("none");
      expect(r.effect?.target, specificBlow).toEqual([]);
    }
  });
  it("a knockout sets the target's Willpower EF to twice the QR", () => {
    // EF 5 − 4 = 1 → SC 10 with PC 10; ceilings 1, 2, 5, 10. Roll 4 → QR3 → EF 6.
    const ko = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 4, damageClass: "C", specificBlow: "knockout" });
    expect(ko).toMatchObject({ successChance: 10, qualityRating: 3, knockoutEase: 6, woundLevel: "none" });
    expect(ko.effect?.knockoutRoll).toBe(true);
    expect(resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 11, damageClass: "C", specificBlow: "knockout" }).effect).toBeNull();
  });
  it("disarm, rise, restrain and release", () => {
    const blow = (specificBlow: "disarm" | "rise" | "restrain" | "release") =>
      resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 1, damageClass: "C", specificBlow }).effect;
    expect(blow("disarm")?.disarm).toBe(true);
    expect(blow("rise")?.attacker).toEqual([{ status: "prone", on: false }]);
    expect(blow("restrain")?.target).toEqual([{ status: "restrained", on: true }]);
    expect(blow("release")?.attacker).toEqual([{ status: "restrained", on: false }]);
  });
  it("refuses Fire Combat options", () => {
    expectRuleError(() => resolveAttack({ ...kick, cover: "light" }), "modifierNotAllowed");
  });
});

describe("applyHeroPointsToResult", () => {
  const npcShot = resolveAttack({ attackKind: "fire", primaryChance: 15, roll: 7, damageClass: "E", attackerIsNpc: true });

  it("lowers the QR and re-reads the wound from it", () => {
    expect(npcShot.woundLevel).toBe("IN");
    const one = applyHeroPointsToResult(npcShot, 1);
    expect(one).toMatchObject({ rolledQualityRating: 1, heroPointsSpent: 1, qualityRating: 2, woundLevel: "HW" });
    const more = applyHeroPointsToResult(one, 2);
    expect(more).toMatchObject({ heroPointsSpent: 3, qualityRating: 4, woundLevel: "LW", scarPossible: false });
    const fail = applyHeroPointsToResult(more, 1);
    expect(fail).toMatchObject({ qualityRating: 0, success: false, woundLevel: "none" });
    expectRuleError(() => applyHeroPointsToResult(fail, 1), "nothingToReduce");
  });
  it("refuses waste, PC attacks, and spenders the GM's option forbids", () => {
    expectRuleError(() => applyHeroPointsToResult(npcShot, 5), "badNumber");
    expectRuleError(() => applyHeroPointsToResult(applyHeroPointsToResult(npcShot, 2), 3), "tooManyHeroPoints");
    const pcShot = resolveAttack({ attackKind: "fire", primaryChance: 15, roll: 7, damageClass: "E" });
    expectRuleError(() => applyHeroPointsToResult(pcShot, 1), "heroPointsAgainstNpcOnly");
    expectRuleError(() => applyHeroPointsToResult(npcShot, 1, { spenderIsTarget: false }), "heroPointsTargetOnly");
    expect(applyHeroPointsToResult(npcShot, 1, { spenderIsTarget: false, whoMaySpend: "anyPlayerCharacter" }).qualityRating).toBe(2);
  });
  it("a knockout's Willpower EF follows the lowered QR", () => {
    const ko = resolveAttack({ attackKind: "hth", primaryChance: 20, roll: 1, damageClass: "C", specificBlow: "knockout", attackerIsNpc: true });
    expect(ko.knockoutEase).toBe(2);
    expect(applyHeroPointsToResult(ko, 2).knockoutEase).toBe(6);
  });
  it("refuses a result that is not one", () => {
    expectRuleError(() => applyHeroPointsToResult({} as AttackResult, 1), "badChoice");
  });
});

describe("resolveShakeOff", () => {
  // Unarmed punch, DC C, PC 10 EF 5 → SC 50; roll 3 → QR1 → C (→1) + 3 = 4 HW.
  const punch = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 3, damageClass: "C" });

  it("a successful EF 5 Strength roll lowers the wound two levels", () => {
    expect(punch.woundLevel).toBe("HW");
    // Strength PC 15 × 5 = 75; roll 40 succeeds.
    const r = resolveShakeOff(punch, { strength: 15, primaryChance: 15, roll: 40 });
    expect(r.shakeOff).toMatchObject({ easeFactor: 5, successChance: 75, success: true });
    expect(r).toMatchObject({ tableWoundLevel: "HW", woundLevel: "LW" });
  });
  it("a failed roll leaves the wound, and it can be tried only once", () => {
    const r = resolveShakeOff(punch, { strength: 15, primaryChance: 15, roll: 90 });
    expect(r.woundLevel).toBe("HW");
    expectRuleError(() => resolveShakeOff(r, { strength: 15, primaryChance: 15, roll: 1 }), "shakeOffUsed");
  });
  it("needs Strength 14 and no point or edge", () => {
    expect(expectRuleError(() => resolveShakeOff(punch, { strength: 13, primaryChance: 13, roll: 1 }), "shakeOffNotAllowed").data.reason).toBe("strength");
    const knife = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 3, damageClass: "D", meleeWeapon: "knife" });
    expect(expectRuleError(() => resolveShakeOff(knife, { strength: 18, primaryChance: 18, roll: 1 }), "shakeOffNotAllowed").data.reason).toBe("pointOrEdge");
  });
  it("the target's own wound penalty lowers the EF (RULES §1: every task; D31)", () => {
    // A Heavy-Wounded target shakes off at EF 5 − 3 = 2: Strength PC 15 → SC 30, so 40 now fails.
    const r = resolveShakeOff(punch, { strength: 15, primaryChance: 15, roll: 40, woundLevel: "HW" });
    expect(r.shakeOff).toMatchObject({ easeFactor: 2, successChance: 30, success: false });
    expect(r.woundLevel).toBe("HW");
    expect(resolveShakeOff(punch, { strength: 15, primaryChance: 15, roll: 30, woundLevel: "LW" }).shakeOff).toMatchObject({ easeFactor: 4, successChance: 60, success: true });
    // A Stun is not a wound: no penalty; an unknown level is refused.
    expect(resolveShakeOff(punch, { strength: 15, primaryChance: 15, roll: 40, woundLevel: "ST" }).shakeOff).toMatchObject({ easeFactor: 5 });
    expectRuleError(() => resolveShakeOff(punch, { strength: 15, primaryChance: 15, roll: 40, woundLevel: "XX" as never }), "badChoice");
  });
  it("Hero Points after a Shake Off still lower the shaken-off wound", () => {
    const npcPunch = resolveAttack({ attackKind: "hth", primaryChance: 10, roll: 3, damageClass: "C", attackerIsNpc: true });
    const shaken = resolveShakeOff(npcPunch, { strength: 15, primaryChance: 15, roll: 1 });
    // QR1 → QR2: C gives 1 + 2 = MW; shaken off two levels → ST.
    expect(applyHeroPointsToResult(shaken, 1)).toMatchObject({ tableWoundLevel: "MW", woundLevel: "ST" });
  });
});

describe("resolveAttack — properties", () => {
  const inputArb = fc.record({
    attackKind: fc.constantFrom("fire" as const, "hth" as const),
    primaryChance: fc.integer({ min: 0, max: 40 }),
    roll: fc.integer({ min: 1, max: 100 }),
    damageClass: fc.constantFrom("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L" as const),
    attackerIsNpc: fc.boolean(),
  });
  it("property: never throws on valid input; a worse roll never wounds more; points never raise the wound", () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 4 }), (input, points) => {
        const r = resolveAttack(input);
        expect(r.success).toBe(r.roll <= r.successChance && r.roll < 100);
        if (r.roll < 100) {
          const worse = resolveAttack({ ...input, roll: r.roll + 1 });
          expect(rank(worse.woundLevel)).toBeLessThanOrEqual(rank(r.woundLevel));
        }
        expect(JSON.parse(JSON.stringify(r))).toEqual(r); // plain JSON
        if (input.attackerIsNpc && r.success && points <= 5 - r.qualityRating) {
          const after = applyHeroPointsToResult(r, points);
          expect(rank(after.woundLevel)).toBeLessThanOrEqual(rank(r.woundLevel));
        }
      }),
      { numRuns: 1000 },
    );
  });
  it("property: invalid input is always a typed error", () => {
    fc.assert(
      fc.property(inputArb, fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 })), (input, roll) => {
        expect(throwsRuleError(() => resolveAttack({ ...input, roll }))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
