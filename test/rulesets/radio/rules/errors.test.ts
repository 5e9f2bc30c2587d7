import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { describeValue } from "../../../../src/rulesets/radio/rules/vocabulary.js";
import { throwsOnlyRuleErrors } from "./helpers.js";

/** Every exported function, called with anything at all, answers or throws a FracasRuleError. */
const calls: Record<string, (a: unknown, b: unknown) => unknown> = {
  phasesFor: (a) => radio.phasesFor(a as radio.Action),
  phaseActivity: (a, b) => radio.phaseActivity(a as radio.Action, b as radio.Phase),
  roundPlan: (a, b) => radio.roundPlan(a as string[], b as Record<string, radio.Action>),
  tierModifier: (a) => radio.tierModifier(a as radio.Tier),
  actionModifier: (a, b) => radio.actionModifier(a as radio.Action, b as radio.RadioOptions),
  attackTotal: (a, b) => radio.attackTotal(a as radio.AttackInput, b as radio.RadioOptions),
  isHit: (a) => radio.isHit(a as number),
  hitChance: (a, b) => radio.hitChance(a as radio.AttackSetup, b as radio.RadioOptions),
  damage: (a) => radio.damage(a as radio.DamageInput),
  damageOdds: (a) => radio.damageOdds(a as radio.DamageInput),
  tokensEarned: (a, b) => radio.tokensEarned(a as radio.Action, b as boolean),
  spendTokens: (a, b) => radio.spendTokens(a as number, b as number),
  applyWounds: (a, b) => radio.applyWounds(a as radio.WoundTrack, b as number),
  applyToHenchmen: (a, b) => radio.applyToHenchmen(a as radio.HenchmenGroup, b as number),
  henchmenFlee: (a, b) => radio.henchmenFlee(a as radio.HenchmenGroup, b as number[]),
  fleeCheck: (a) => radio.fleeCheck(a as number),
  leaderFalls: (a, b) => radio.leaderFalls(a as string[], b as number[]),
  escapeCheck: (a) => radio.escapeCheck(a as { action: radio.Action; roll: number }),
  limbConsequence: (a) => radio.limbConsequence(a as number),
  checkCalledShot: (a) => radio.checkCalledShot(a as radio.CalledShotSetup),
  combatOver: (a) => radio.combatOver(a as radio.Side[]),
  initiativeOrder: (a) => radio.initiativeOrder(a as radio.InitiativeEntry[]),
  initiativeOdds: (a) => radio.initiativeOdds(a as { isPC: boolean; opponentIsPC: boolean }),
  resolveAttack: (a, b) => radio.resolveAttack(a as radio.ResolveAttackInput, b as radio.RadioOptions),
  resolveDamage: (a) => radio.resolveDamage(a as radio.ResolveDamageInput),
  applyDamage: (a, b) => radio.applyDamage(a as radio.TargetState, b as radio.DamageResult),
  completeFinalAction: (a) => radio.completeFinalAction(a as radio.WoundResult),
};

describe("typed errors", () => {
  for (const [name, call] of Object.entries(calls)) {
    it(`${name} throws only FracasRuleError on arbitrary input (property)`, () => {
      fc.assert(
        fc.property(fc.anything(), fc.anything(), (a, b) => throwsOnlyRuleErrors(() => call(a, b))),
        { numRuns: 1000 },
      );
    });
  }

  it("describeValue never calls a value's own toString", () => {
    expect(describeValue({ toString: false })).toBe("an object");
    expect(describeValue([1])).toBe("a list");
    expect(describeValue(Symbol("x"))).toBe("x");
    expect(describeValue(3)).toBe("3");
  });
});
