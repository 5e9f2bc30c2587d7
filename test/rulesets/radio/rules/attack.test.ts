import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError, throwsOnlyRuleErrors } from "./helpers.js";

describe("tierModifier", () => {
  it("novice −2, standard 0, skilled +2, expert +5", () => {
    expect(radio.TIERS.map((t) => radio.tierModifier(t))).toEqual([-2, 0, 2, 5]);
  });
  it("refuses 'elite' and other words (the seed's table names the tier Expert)", () => {
    expectRuleError(() => radio.tierModifier("elite" as radio.Tier), "badChoice");
  });
});

describe("actionModifier", () => {
  it("frenzied −2, standard 0, targeted +2, spell 0", () => {
    expect(radio.actionModifier("frenzied")).toBe(-2);
    expect(radio.actionModifier("standard")).toBe(0);
    expect(radio.actionModifier("targeted")).toBe(2);
    expect(radio.actionModifier("spell")).toBe(0);
  });
  it("spell is +1 with the spellBonus option, and only spell changes", () => {
    expect(radio.actionModifier("spell", { spellBonus: true })).toBe(1);
    expect(radio.actionModifier("targeted", { spellBonus: true })).toBe(2);
  });
  it("a defensive action makes no test", () => {
    expectRuleError(() => radio.actionModifier("defensive"), "noTestForAction");
  });
  it("attackers suffer −4 against a defensive target only", () => {
    expect(radio.againstTargetModifier("defensive")).toBe(-4);
    expect(radio.againstTargetModifier("frenzied")).toBe(0);
  });
});

describe("attackTotal and isHit", () => {
  it("adds 2d10, skill, action, terrain and the defensive penalty", () => {
    // 7 + 4 = 11, skill +1, standard 0 → 12.
    expect(radio.attackTotal({ dice: [7, 4], skill: 1, action: "standard" })).toBe(12);
    // 3 + 3 = 6, skill +2, targeted +2, terrain +1 → 11.
    expect(radio.attackTotal({ dice: [3, 3], skill: 2, action: "targeted", terrain: true })).toBe(11);
    // 10 + 10 = 20, skill 0, frenzied −2, defensive target −4 → 14.
    expect(radio.attackTotal({ dice: [10, 10], skill: 0, action: "frenzied", targetDefensive: true })).toBe(14);
    // spell with the summary's +1: 5 + 6 + 0 + 1 = 12.
    expect(radio.attackTotal({ dice: [5, 6], skill: 0, action: "spell" }, { spellBonus: true })).toBe(12);
  });

  it("hits on more than 11", () => {
    expect(radio.isHit(11)).toBe(false);
    expect(radio.isHit(12)).toBe(true);
    expect(radio.isHit(-3)).toBe(false);
    expectRuleError(() => radio.isHit(Number.NaN), "badNumber");
  });

  it("takes −6 for a head or heart shot (targeted, piercing), nothing for a limb", () => {
    expect(radio.attackTotal({ dice: [9, 9], skill: 0, action: "targeted", called: "head", piercing: true })).toBe(9 + 9 + 2 - 6);
    expect(radio.attackTotal({ dice: [9, 9], skill: 0, action: "targeted", called: "limb" })).toBe(20);
  });

  it("refuses bad dice, skills and called shots", () => {
    expectRuleError(() => radio.attackTotal({ dice: [0, 5], skill: 0, action: "standard" }), "badNumber");
    expectRuleError(() => radio.attackTotal({ dice: [11, 5], skill: 0, action: "standard" }), "badNumber");
    expectRuleError(() => radio.attackTotal({ dice: [5] as unknown as [number, number], skill: 0, action: "standard" }), "badDice");
    expectRuleError(() => radio.attackTotal({ dice: [5, 5], skill: 1.5, action: "standard" }), "badNumber");
    expectRuleError(() => radio.attackTotal({ dice: [5, 5], skill: 0, action: "defensive" }), "noTestForAction");
    expectRuleError(() => radio.attackTotal({ dice: [5, 5], skill: 0, action: "standard", called: "limb" }), "calledShotNeedsTargeted");
    expectRuleError(() => radio.attackTotal({ dice: [5, 5], skill: 0, action: "targeted", called: "heart" }), "calledShotNeedsPiercing");
    expectRuleError(() => radio.attackTotal({ dice: [5, 5], skill: 0, action: "standard", terrain: "yes" as unknown as boolean }), "badFlag");
  });

  it("is 2d10 plus the sum of the listed modifiers (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: -10, max: 10 }),
        fc.constantFrom("frenzied", "standard", "targeted", "spell"),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (a, b, skill, action, terrain, targetDefensive, spellBonus) => {
          const setup = { skill, action, terrain, targetDefensive } as const;
          const total = radio.attackTotal({ ...setup, dice: [a, b] }, { spellBonus });
          const expectedAction = { frenzied: -2, standard: 0, targeted: 2, spell: spellBonus ? 1 : 0 }[action];
          expect(total).toBe(a + b + skill + expectedAction + (terrain ? 1 : 0) - (targetDefensive ? 4 : 0));
          const listed = radio.attackModifiers(setup, { spellBonus }).modifiers.reduce((s, m) => s + m.value, 0);
          expect(total).toBe(a + b + listed);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("checkCalledShot", () => {
  it("auto-fails a head or heart shot against a helmet or armour", () => {
    expect(radio.checkCalledShot({ called: "head", action: "targeted", piercing: true, targetArmoured: true })).toEqual({
      called: "head",
      modifier: -6,
      autoFail: true,
    });
    expect(radio.checkCalledShot({ called: "limb", action: "targeted", targetArmoured: true }).autoFail).toBe(false);
  });
});

describe("limbConsequence", () => {
  it("a 6 on the victim's roll loses only the held weapon; anything else disables the limb", () => {
    expect(radio.limbConsequence(6)).toBe("weaponLost");
    for (const r of [1, 2, 3, 4, 5]) expect(radio.limbConsequence(r)).toBe("limbDisabled");
    expectRuleError(() => radio.limbConsequence(7), "badNumber");
  });

  it("a 6 on a leg loses nothing (a leg holds no weapon) and the leg still works; 1–5 disables it", () => {
    for (const arm of ["leftArm", "rightArm"]) expect(radio.limbConsequence(6, arm)).toBe("weaponLost");
    for (const leg of ["leftLeg", "rightLeg"]) {
      expect(radio.limbConsequence(6, leg)).toBe("limbKept");
      for (const r of [1, 2, 3, 4, 5]) expect(radio.limbConsequence(r, leg)).toBe("limbDisabled");
    }
  });

  it("a leg shot's 6, applied, leaves the target armed and every limb working", () => {
    const result = radio.resolveDamage({ attack: { hit: true, weapon: "projectile", skilled: true, called: "limb", limb: "leftLeg" } as never, critRoll: 1, limbRoll: 6 } as never);
    expect(result.limb).toEqual({ name: "leftLeg", roll: 6, outcome: "limbKept" });
    const applied = radio.applyDamage({ kind: "minion", wounds: 5, state: "active", disabledLimbs: [], disarmed: false } as never, result);
    expect(applied.state).toMatchObject({ disarmed: false, disabledLimbs: [] });
    const arm = radio.resolveDamage({ attack: { hit: true, weapon: "projectile", skilled: true, called: "limb", limb: "rightArm" } as never, critRoll: 1, limbRoll: 6 } as never);
    expect(radio.applyDamage({ kind: "minion", wounds: 5, state: "active", disabledLimbs: [], disarmed: false } as never, arm).state).toMatchObject({ disarmed: true, disabledLimbs: [] });
  });
});

describe("attack input errors (property)", () => {
  it("throws only typed errors on arbitrary input", () => {
    fc.assert(
      fc.property(
        fc.record({ dice: fc.anything(), skill: fc.anything(), action: fc.anything(), terrain: fc.anything(), called: fc.anything(), piercing: fc.anything() }),
        (input) => throwsOnlyRuleErrors(() => radio.attackTotal(input as unknown as radio.AttackInput)),
      ),
      { numRuns: 1000 },
    );
  });
});
