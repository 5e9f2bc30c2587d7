import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ATTACK_ACTIONS, RANK_KEYS, resolveAttack, resolveAttacksOnDefender } from "../../../../src/rulesets/faserip/rules/index.js";
import type { AttackInput } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError } from "./helpers.js";

const base: AttackInput = {
  action: "slugfest",
  abilityRank: "remarkable",
  roll: 50,
  attacker: { strength: "incredible" },
  defender: { endurance: "excellent", armor: "good" },
};

describe("resolveAttack", () => {
  it("a Slugfest Hit deals Strength minus Body Armor", () => {
    const r = resolveAttack(base); // Remarkable 36/66/95: 50 is Green
    expect(r).toMatchObject({ landed: true, rawDamage: 40, armor: 10, damage: 30, kill: false });
    expect(r.feat.effect).toBe("hit");
    expect(r.secondary).toEqual({ kind: "none", applies: false, check: null });
  });

  it("a miss deals nothing", () => {
    expect(resolveAttack({ ...base, roll: 35 })).toMatchObject({ landed: false, damage: 0, rawDamage: 0 });
  });

  it("a Slam applies when Strength ≥ Endurance, and the Endurance FEAT is read when given", () => {
    const r = resolveAttack({ ...base, roll: 70, secondaryRoll: 30, knockbackAreas: 3 }); // Excellent End 30 → White
    expect(r.feat.effect).toBe("slam");
    expect(r.damage).toBe(30);
    expect(r.secondary.kind).toBe("slam");
    expect(r.secondary.applies).toBe(true);
    expect(r.secondary.check).toMatchObject({ color: "white", result: "knockedBack", areas: 3 });
  });

  it("a Slam does not apply when the defender's Endurance is higher", () => {
    const r = resolveAttack({ ...base, roll: 70, attacker: { strength: "good" }, defender: { endurance: "excellent", armor: "typical" }, secondaryRoll: 1 });
    expect(r.secondary).toEqual({ kind: "slam", applies: false, check: null, strength: 10, endurance: 20 });
  });

  it("a Slam pending its Endurance FEAT has no check yet", () => {
    expect(resolveAttack({ ...base, roll: 70 }).secondary).toEqual({ kind: "slam", applies: true, check: null, strength: 40, endurance: 20 });
  });

  it("a Hack & Slash Red is a Kill", () => {
    const r = resolveAttack({ ...base, action: "hackSlash", roll: 96, attacker: { strength: "typical", weaponDamage: "excellent" } });
    expect(r).toMatchObject({ kill: true, landed: true, damage: 10 });
  });

  it("D RF2: a blow Body Armor stops whole has no Battle Effect: a Kill is no Kill, a Slam/Stun no check", () => {
    // Good (10) weapon Red on Monstrous (75) armor: nothing gets through.
    const kill = resolveAttack({ ...base, action: "hackSlash", roll: 96, attacker: { strength: "typical", weaponDamage: "good" }, defender: { endurance: "excellent", armor: "monstrous" } });
    expect(kill).toMatchObject({ landed: true, damage: 0, kill: false, armorStopped: true });
    expect(kill.feat.effect).toBe("kill");
    const stun = resolveAttack({ ...base, roll: 96, defender: { endurance: "excellent", armor: "monstrous" }, secondaryRoll: 5, stunD10: 6 });
    expect(stun).toMatchObject({ damage: 0, armorStopped: true });
    expect(stun.secondary).toMatchObject({ kind: "stun", applies: false, check: null, armorStopped: true });
    // Less than the armor is stopped too; anything through is a blow, and the Kill stands.
    const under = resolveAttack({ ...base, action: "hackSlash", roll: 96, attacker: { strength: "typical", weaponDamage: "excellent" }, defender: { endurance: "excellent", armor: "incredible" } });
    expect(under).toMatchObject({ kill: false, armorStopped: true });
    const oneThrough = resolveAttack({ ...base, action: "hackSlash", roll: 96, attacker: { strength: "typical", weaponDamage: "remarkable" }, defender: { endurance: "excellent", armor: "excellent" } });
    expect(oneThrough).toMatchObject({ kill: true, armorStopped: false, damage: 10 });
  });

  it("a Stun result with a White Endurance FEAT needs and uses the d10", () => {
    expectRuleError(() => resolveAttack({ ...base, roll: 96, secondaryRoll: 5 }), "needDie");
    const r = resolveAttack({ ...base, roll: 96, secondaryRoll: 5, stunD10: 6 });
    expect(r.secondary.check).toMatchObject({ kind: "stun", rounds: 6 });
  });

  it("Grappling Red is a Hold with no damage", () => {
    expect(resolveAttack({ ...base, action: "grappling", roll: 99 })).toMatchObject({ landed: false, damage: 0, kill: false });
  });

  it("Shooting without weapon damage is refused", () => {
    expectRuleError(() => resolveAttack({ ...base, action: "shooting" }), "missingWeaponDamage");
  });

  it("bad defender input is refused even on a miss", () => {
    expectRuleError(() => resolveAttack({ ...base, roll: 1, defender: { endurance: "tough" as never } }), "badChoice");
    expectRuleError(() => resolveAttack({ ...base, defender: null as never }), "badInput");
  });

  it("damage is never negative, only landed blows hurt, and results are JSON (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ATTACK_ACTIONS),
        fc.constantFrom(...RANK_KEYS),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(...RANK_KEYS),
        fc.constantFrom(...RANK_KEYS),
        fc.constantFrom(...RANK_KEYS),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 10 }),
        (action, ability, roll, strength, endurance, armor, secondaryRoll, stunD10) => {
          const r = resolveAttack({ action, abilityRank: ability, roll, attacker: { strength, weaponDamage: "good" }, defender: { endurance, armor }, secondaryRoll, stunD10 });
          return (
            r.damage >= 0 &&
            (r.landed || r.damage === 0) &&
            (r.secondary.kind === "none" || r.secondary.applies === (r.secondary.check !== null)) &&
            JSON.stringify(JSON.parse(JSON.stringify(r))) === JSON.stringify(r)
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("several attackers on one defender", () => {
  it("each rolls separately; the defender's one dodge applies to all", () => {
    const rs = resolveAttacksOnDefender({
      dodgeShift: -2,
      attacks: [
        { ...base, roll: 50 }, // Remarkable −2 → Good (46): Green
        { ...base, roll: 50, shifts: { dodge: 0, cover: -1 } }, // −3 → Typical (51): White
      ],
    });
    expect(rs.map((r) => [r.feat.column, r.feat.color])).toEqual([
      ["good", "green"],
      ["typical", "white"],
    ]);
    expect(rs.every((r) => r.feat.shifts.dodge === -2)).toBe(true);
  });

  it("needs at least one attack and a non-positive dodge", () => {
    expectRuleError(() => resolveAttacksOnDefender({ dodgeShift: 0, attacks: [] }), "noAttacks");
    expectRuleError(() => resolveAttacksOnDefender({ dodgeShift: 2, attacks: [base] }), "badNumber");
  });
});
