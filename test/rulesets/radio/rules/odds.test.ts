import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { MAX_BONUS } from "../../../../src/rulesets/radio/rules/vocabulary.js";
import { waysToRoll } from "./helpers.js";

describe("hitChance", () => {
  it("is 45% for a plain standard attack (totals 12–20: 9+8+…+1 of 100)", () => {
    expect(radio.hitChance({ skill: 0, action: "standard" })).toBe(0.45);
  });

  it("matches hand-counted cases", () => {
    // Targeted +2 with skill +2 needs 8+: 100 − P(2..7) = 100 − (1+2+3+4+5+6) = 79.
    expect(radio.hitChance({ skill: 2, action: "targeted" })).toBe(0.79);
    // Frenzied −2 against a defensive target −4 needs 18+: 3+2+1 = 6.
    expect(radio.hitChance({ skill: 0, action: "frenzied", targetDefensive: true })).toBe(0.06);
    // An expert (+5) with terrain (+1) on a standard attack needs 6+: 100 − (1+2+3+4) = 90.
    expect(radio.hitChance({ skill: radio.tierModifier("expert"), action: "standard", terrain: true })).toBe(0.9);
    // Skill +12 always hits; −10 never does.
    expect(radio.hitChance({ skill: 12, action: "standard" })).toBe(1);
    expect(radio.hitChance({ skill: -10, action: "standard" })).toBe(0);
  });

  it("is 0 for a head shot at an armoured target, whatever the skill", () => {
    expect(radio.hitChance({ skill: 20, action: "targeted", called: "head", piercing: true, targetArmoured: true })).toBe(0);
  });

  const setup = fc.record({
    skill: fc.integer({ min: -15, max: 15 }),
    action: fc.constantFrom("frenzied", "standard", "targeted", "spell") as fc.Arbitrary<radio.Action>,
    terrain: fc.boolean(),
    targetDefensive: fc.boolean(),
    called: fc.constantFrom("none", "limb", "head", "heart") as fc.Arbitrary<radio.CalledShot>,
    targetArmoured: fc.boolean(),
  });

  it("equals the count of the 100 dice outcomes that attackTotal calls a hit, and the triangle's closed form (property)", () => {
    fc.assert(
      fc.property(setup, fc.boolean(), (raw, spellBonus) => {
        // Called shots need a targeted action and a piercing weapon; make the setup legal.
        const s = { ...raw, action: raw.called === "none" ? raw.action : ("targeted" as const), piercing: true };
        const options = { spellBonus };
        let hits = 0;
        for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (radio.isHit(radio.attackTotal({ ...s, dice: [a, b] }, options))) hits++;
        const autoFail = (s.called === "head" || s.called === "heart") && s.targetArmoured;
        expect(radio.hitChance(s, options)).toBe(autoFail ? 0 : hits / 100);

        const bonus = radio.attackModifiers(s, options).modifiers.reduce((sum, m) => sum + m.value, 0);
        let ways = 0;
        for (let total = 12 - bonus; total <= 20; total++) ways += waysToRoll(total);
        if (!autoFail) expect(radio.hitChance(s, options)).toBe(Math.min(100, ways) / 100);
      }),
      { numRuns: 1000 },
    );
  });

  it("never falls as skill rises, and terrain never hurts (property)", () => {
    fc.assert(
      fc.property(setup, (raw) => {
        const s = { ...raw, called: "none" as const };
        expect(radio.hitChance({ ...s, skill: s.skill + 1 })).toBeGreaterThanOrEqual(radio.hitChance(s));
        expect(radio.hitChance({ ...s, terrain: true })).toBeGreaterThanOrEqual(radio.hitChance({ ...s, terrain: false }));
        expect(radio.hitChance({ ...s, targetDefensive: true })).toBeLessThanOrEqual(radio.hitChance({ ...s, targetDefensive: false }));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("hitOutcomes from the shared engine", () => {
  it("equals the ruleset's former 2d10 loop over every legal setup (skill −50…50, every action, flag, called shot, option)", () => {
    /** The loop hitOutcomes ran before it called the engine's ways2d10Over (audit s15). */
    const formerHitOutcomes = (setup: radio.AttackSetup, options: radio.RadioOptions): number => {
      const { modifiers, calledShot } = radio.attackModifiers(setup, options);
      if (calledShot.autoFail) return 0;
      const bonus = modifiers.reduce((sum, m) => sum + m.value, 0);
      let hits = 0;
      for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b + bonus > radio.HIT_THRESHOLD) hits++;
      return hits;
    };
    const outcome = (f: () => number): string => {
      try {
        return String(f());
      } catch (e) {
        return `error ${(e as { code?: string }).code ?? String(e)}`;
      }
    };
    let compared = 0;
    for (let skill = -MAX_BONUS; skill <= MAX_BONUS; skill++)
      for (const action of radio.ACTIONS)
        for (const called of radio.CALLED_SHOTS)
          for (const terrain of [false, true])
            for (const targetDefensive of [false, true])
              for (const piercing of [false, true])
                for (const targetArmoured of [false, true])
                  for (const spellBonus of [false, true]) {
                    const s = { skill, action, called, terrain, targetDefensive, piercing, targetArmoured };
                    const options = { spellBonus };
                    expect(outcome(() => radio.hitOutcomes(s, options))).toBe(outcome(() => formerHitOutcomes(s, options)));
                    compared++;
                  }
    expect(compared).toBe(101 * 5 * 4 * 32);
  });
});

describe("damageOdds", () => {
  it("a 1-in-6 chance of doubling", () => {
    expect(radio.damageOdds({ weapon: "blade" })).toEqual({
      doubleChance: 1 / 6,
      outcomes: [
        { damage: 3, chance: 5 / 6 },
        { damage: 6, chance: 1 / 6 },
      ],
    });
  });

  it("merges outcomes that halving makes equal", () => {
    // Hand: 1 or 2, both halved to 1 (minimum).
    expect(radio.damageOdds({ weapon: "hand", targetDefensive: true }).outcomes).toEqual([{ damage: 1, chance: 1 }]);
  });

  it("outcomes sum to 1 and agree with damage() on each face (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...radio.WEAPONS), fc.boolean(), fc.constantFrom(0, 5), fc.boolean(), (weapon, skilled, tokensSpent, targetDefensive) => {
        const odds = radio.damageOdds({ weapon, skilled, tokensSpent, targetDefensive });
        expect(odds.outcomes.reduce((s, o) => s + o.chance, 0)).toBeCloseTo(1, 12);
        for (let face = 1; face <= 6; face++) {
          const d = radio.damage({ weapon, skilled, tokensSpent, targetDefensive, critRoll: face });
          expect(odds.outcomes.some((o) => o.damage === d)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("consequenceOdds and initiativeOdds", () => {
  it("a consequence roll shows a 6 one time in six", () => {
    expect(radio.consequenceOdds()).toEqual({ six: 1 / 6, notSix: 5 / 6 });
  });

  it("counts the 36 initiative pairs with the seed's tie rules", () => {
    // 15 pairs higher, 6 ties, 15 lower.
    expect(radio.initiativeOdds({ isPC: true, opponentIsPC: false })).toEqual({ before: 21 / 36, after: 15 / 36, undecided: 0 });
    expect(radio.initiativeOdds({ isPC: false, opponentIsPC: true })).toEqual({ before: 15 / 36, after: 21 / 36, undecided: 0 });
    expect(radio.initiativeOdds({ isPC: true, opponentIsPC: true })).toEqual({ before: 0.5, after: 0.5, undecided: 0 });
    expect(radio.initiativeOdds({ isPC: false, opponentIsPC: false })).toEqual({ before: 15 / 36, after: 15 / 36, undecided: 6 / 36 });
  });

  it("agrees with initiativeOrder over all 36 pairs", () => {
    let pcFirst = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const r = radio.initiativeOrder([{ id: "gm", roll: b, isPC: false }, { id: "pc", roll: a, isPC: true }]);
        if (r.order[0] === "pc") pcFirst++;
      }
    expect(pcFirst / 36).toBe(radio.initiativeOdds({ isPC: true, opponentIsPC: false }).before);
  });
});
