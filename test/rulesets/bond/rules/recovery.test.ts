import { describe, expect, it } from "vitest";
import { normaliseWoundState, recoveryRoll, resolveRecovery } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("recoveryRoll", () => {
  it("matches the seed's wound descriptions", () => {
    expect(recoveryRoll("none", "fire")).toEqual({ kind: "none" });
    expect(recoveryRoll("ST", "fire")).toEqual({ kind: "stunRoll", characteristic: "willpower", easeFactor: 8, failure: "noActionD6Rounds" });
    expect(recoveryRoll("ST", "hth")).toMatchObject({ characteristic: "strength", easeFactor: 8 });
    expect(recoveryRoll("LW", "hth")).toEqual({ kind: "woundRoll", characteristic: "willpower", easeFactor: 7, failure: "noActivityUntilSuccess" });
    expect(recoveryRoll("MW", "fire")).toMatchObject({ easeFactor: 5 });
    expect(recoveryRoll("HW", "fire")).toMatchObject({ easeFactor: 3 });
    expect(recoveryRoll("IN", "fire")).toEqual({ kind: "unconscious", hoursDie: 6, then: "HW" });
    expect(recoveryRoll("KL", "fire")).toEqual({ kind: "removed" });
    expectRuleError(() => recoveryRoll("LW", "magic" as "fire"), "badChoice");
  });
});

describe("resolveRecovery", () => {
  const stunned = normaliseWoundState({ level: "ST", stunRollPending: true, stunCharacteristic: "willpower" });

  it("a made Stun roll (EF 8) ends a lone Stun", () => {
    // PC 10 × 8 = 80; roll 50 succeeds.
    const r = resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 50 });
    expect(r.check).toMatchObject({ easeFactor: 8, successChance: 80, success: true });
    expect(r.state).toMatchObject({ level: "none", stunRollPending: false, stunCharacteristic: null });
    expect(r.events).toEqual([{ status: "stunned", on: false }]);
  });
  it("a failed Stun roll costs 1D6 rounds (the D6 is required)", () => {
    const r = resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 81, durationRoll: 3 });
    expect(r.state).toMatchObject({ level: "ST", stunRollPending: false, stunRounds: 3 });
    expect(r.events).toEqual([]);
    expectRuleError(() => resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 81 }), "missingRoll");
  });
  it("D39: a Stun roll failed in the round the Stun landed in holds one round start more; a later one does not", () => {
    const now = resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 81, durationRoll: 3, stunLandedThisRound: true });
    expect(now.state).toMatchObject({ stunRollPending: false, stunRounds: 4 });
    const later = resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 81, durationRoll: 3, stunLandedThisRound: false });
    expect(later.state.stunRounds).toBe(3);
    // A six in the Stun's own round: 7, still a valid stored state; an older, longer stun still wins.
    expect(resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 81, durationRoll: 6, stunLandedThisRound: true }).state.stunRounds).toBe(7);
    expect(normaliseWoundState({ level: "ST", stunRounds: 7 }).stunRounds).toBe(7);
    expectRuleError(() => normaliseWoundState({ level: "ST", stunRounds: 8 }), "badNumber");
    const longer = normaliseWoundState({ level: "ST", stunRollPending: true, stunCharacteristic: "strength", stunRounds: 5 });
    expect(resolveRecovery(longer, { which: "stun", primaryChance: 10, roll: 81, durationRoll: 2, stunLandedThisRound: true }).state.stunRounds).toBe(5);
    // Passed: nothing held.
    expect(resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 50, stunLandedThisRound: true }).state.stunRounds).toBe(0);
    expectRuleError(() => resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 81, durationRoll: 3, stunLandedThisRound: "yes" as never }), "badBoolean");
  });
  it("a wound's Willpower roll: EF 7 / 5 / 3; failure keeps the character helpless", () => {
    const mw = normaliseWoundState({ level: "MW", woundRollPending: true });
    // PC 10 × 5 = 50.
    const fail = resolveRecovery(mw, { which: "wound", primaryChance: 10, roll: 51 });
    expect(fail.check.successChance).toBe(50);
    expect(fail.state.woundRollPending).toBe(true);
    const ok = resolveRecovery(mw, { which: "wound", primaryChance: 10, roll: 50 });
    expect(ok.state).toMatchObject({ level: "MW", woundRollPending: false });
    expect(ok.events).toEqual([{ status: "stunned", on: false }]);
    expect(resolveRecovery({ level: "LW", woundRollPending: true }, { which: "wound", primaryChance: 10, roll: 1 }).check.easeFactor).toBe(7);
    expect(resolveRecovery({ level: "HW", woundRollPending: true }, { which: "wound", primaryChance: 10, roll: 1 }).check.easeFactor).toBe(3);
  });
  it("the GM option applies the wound penalty to the roll too", () => {
    const r = resolveRecovery({ level: "MW", woundRollPending: true }, { which: "wound", primaryChance: 10, roll: 1, woundPenaltyApplies: true });
    expect(r.check.easeFactor).toBe(3); // 5 − 2
  });
  it("RB2: a wounded character's Stun roll always takes the wound penalty (EF 8 does not grow with the wound); the option does not change it", () => {
    const hw = { level: "HW" as const, stunRollPending: true, woundRollPending: true, stunCharacteristic: "willpower" as const };
    expect(resolveRecovery(hw, { which: "stun", primaryChance: 10, roll: 1 }).check.easeFactor).toBe(5); // 8 − 3
    expect(resolveRecovery(hw, { which: "stun", primaryChance: 10, roll: 1, woundPenaltyApplies: true }).check.easeFactor).toBe(5);
    expect(resolveRecovery({ level: "LW", stunRollPending: true, stunCharacteristic: "willpower" }, { which: "stun", primaryChance: 10, roll: 1 }).check.easeFactor).toBe(7);
    // Unwounded (a lone Stun): EF 8 as printed.
    expect(resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 1 }).check.easeFactor).toBe(8);
  });
  it("refuses rolls that are not due, and the unconscious", () => {
    expectRuleError(() => resolveRecovery({ level: "LW" }, { which: "wound", primaryChance: 10, roll: 1 }), "noRollPending");
    expectRuleError(() => resolveRecovery({ level: "LW" }, { which: "stun", primaryChance: 10, roll: 1 }), "noRollPending");
    expectRuleError(() => resolveRecovery({ level: "IN", unconsciousHours: 2 }, { which: "wound", primaryChance: 10, roll: 1 }), "cannotAct");
    expectRuleError(() => resolveRecovery(stunned, { which: "rest" as "stun", primaryChance: 10, roll: 1 }), "badChoice");
    expectRuleError(() => resolveRecovery(stunned, { which: "stun", primaryChance: 10, roll: 0 }), "badNumber");
  });
});
