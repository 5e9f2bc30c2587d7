import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { UNWOUNDED, WOUND_LEVELS, advanceRound, applyWound, endOfFight, normaliseWoundState, passHours, statusesOf, wakeUp } from "../../../../src/rulesets/bond/rules/index.js";
import type { WoundState } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

describe("applyWound", () => {
  it("a Stun: the Stun roll is due (stunned), using Willpower vs Fire Combat, Strength vs Hand-to-Hand", () => {
    const fire = applyWound({ level: "none" }, "ST", { attackKind: "fire" });
    expect(fire.state).toMatchObject({ level: "ST", stunRollPending: true, stunCharacteristic: "willpower" });
    expect(fire.events).toEqual([{ status: "stunned", on: true }]);
    expect(applyWound({ level: "none" }, "ST", { attackKind: "hth" }).state.stunCharacteristic).toBe("strength");
    expectRuleError(() => applyWound({ level: "none" }, "ST"), "missingAttackKind");
  });
  it("a Stun on a wounded character keeps the level but still stuns", () => {
    const r = applyWound({ level: "MW" }, "ST", { attackKind: "hth" });
    expect(r.state).toMatchObject({ level: "MW", stunRollPending: true });
    expect(r.events).toEqual([{ status: "stunned", on: true }]);
  });
  it("a Light Wound: no activity until the Willpower roll succeeds", () => {
    const r = applyWound({ level: "none" }, "LW");
    expect(r.state).toMatchObject({ level: "LW", woundRollPending: true });
    // Stunned while the roll is due, and the level's own mark on the token (D68).
    expect(r.events).toEqual([
      { status: "stunned", on: true },
      { status: "bondLw", on: true },
    ]);
  });
  it("wounds accumulate: LW + LW → MW", () => {
    expect(applyWound({ level: "LW" }, "LW").state.level).toBe("MW");
  });
  it("Incapacitated: unconscious for 1D6 hours (the D6 is required)", () => {
    const r = applyWound({ level: "none" }, "IN", { hoursRoll: 4 });
    expect(r.state).toMatchObject({ level: "IN", unconsciousHours: 4 });
    expect(r.events).toEqual([{ status: "unconscious", on: true }]);
    expect(expectRuleError(() => applyWound({ level: "HW" }, "MW"), "missingRoll").data.purpose).toBe("unconsciousHours");
  });
  it("Killed: dead, nothing else; the dead take no more wounds", () => {
    const r = applyWound({ level: "LW", woundRollPending: true }, "KL");
    expect(r.state).toEqual({ ...UNWOUNDED, level: "KL" });
    expect(r.events).toEqual([
      { status: "stunned", on: false },
      { status: "dead", on: true },
      { status: "bondLw", on: false },
    ]);
    expect(applyWound(r.state, "HW").events).toEqual([]);
    const fromIn = applyWound({ level: "IN", unconsciousHours: 3 }, "LW");
    expect(fromIn.events).toEqual([
      { status: "unconscious", on: false },
      { status: "dead", on: true },
    ]);
  });
  it("no wound changes nothing", () => {
    expect(applyWound({ level: "MW" }, "none")).toEqual({ state: normaliseWoundState({ level: "MW" }), events: [] });
  });
  it("refuses bad states and levels", () => {
    expectRuleError(() => applyWound({ level: "XX" as "LW" }, "LW"), "badChoice");
    expectRuleError(() => applyWound({ level: "LW" }, "ZZ" as "LW"), "badChoice");
    expectRuleError(() => applyWound({ level: "LW", stunRounds: 9 }, "LW"), "badNumber");
    expectRuleError(() => applyWound(null as unknown as WoundState, "LW"), "badInput");
  });
  it("property: applying a wound never lowers the level, and events turn the old statuses into the new", () => {
    const levels = fc.constantFrom(...WOUND_LEVELS);
    fc.assert(
      fc.property(levels, levels, fc.constantFrom("fire" as const, "hth" as const), fc.integer({ min: 1, max: 6 }), (cur, inc, kind, d6) => {
        const before = normaliseWoundState({ level: cur, unconsciousHours: cur === "IN" ? 2 : 0 });
        const { state, events } = applyWound(before, inc, { attackKind: kind, hoursRoll: d6 });
        expect(WOUND_LEVELS.indexOf(state.level)).toBeGreaterThanOrEqual(WOUND_LEVELS.indexOf(cur));
        const now = new Set(statusesOf(before));
        for (const e of events) (e.on ? now.add(e.status) : now.delete(e.status));
        expect([...now].sort()).toEqual(statusesOf(state).sort());
      }),
      { numRuns: 1000 },
    );
  });
});

describe("advanceRound, passHours, wakeUp", () => {
  it("a failed Stun's rounds run down, and a lone Stun then wears off", () => {
    let s = normaliseWoundState({ level: "ST", stunRounds: 2 });
    let r = advanceRound(s);
    expect(r.state).toMatchObject({ level: "ST", stunRounds: 1 });
    expect(r.events).toEqual([]);
    s = r.state;
    r = advanceRound(s);
    expect(r.state).toMatchObject({ level: "none", stunRounds: 0 });
    expect(r.events).toEqual([{ status: "stunned", on: false }]);
    expect(advanceRound({ level: "MW" }).events).toEqual([]);
  });
  it("the fight's end runs a failed Stun's rounds out (D53); rolls still due stay", () => {
    const lone = endOfFight({ level: "ST", stunRounds: 4 });
    expect(lone.state).toMatchObject({ level: "none", stunRounds: 0 });
    expect(lone.events).toEqual([{ status: "stunned", on: false }]);
    // A Medium Wound whose Willpower roll is still due: its rounds end, the roll (and "stunned") stay.
    const wounded = endOfFight({ level: "MW", stunRounds: 2, woundRollPending: true });
    expect(wounded.state).toMatchObject({ level: "MW", stunRounds: 0, woundRollPending: true });
    expect(wounded.events).toEqual([]);
    const stunRoll = endOfFight({ level: "ST", stunRollPending: true, stunCharacteristic: "strength" });
    expect(stunRoll.state).toMatchObject({ level: "ST", stunRollPending: true, stunCharacteristic: "strength" });
    expect(endOfFight({ level: "LW" }).events).toEqual([]);
  });
  it("an Incapacitated character wakes after the hours with a Heavy Wound", () => {
    const s = { level: "IN", unconsciousHours: 3 } as const;
    expect(passHours(s, 2).state).toMatchObject({ level: "IN", unconsciousHours: 1 });
    const woke = passHours(s, 3);
    expect(woke.state).toMatchObject({ level: "HW", unconsciousHours: 0, woundRollPending: true });
    expect(woke.events).toEqual([
      { status: "stunned", on: true },
      { status: "unconscious", on: false },
      { status: "bondHw", on: true },
    ]);
    expect(passHours({ level: "LW" }, 5).state.level).toBe("LW");
  });
  it("wakeUp ends a knockout or an incapacitation", () => {
    expect(wakeUp({ level: "none", knockedOut: true }).events).toEqual([{ status: "unconscious", on: false }]);
    expect(wakeUp({ level: "IN", unconsciousHours: 5 }).state.level).toBe("HW");
    expectRuleError(() => wakeUp({ level: "LW" }), "notUnconscious");
  });
  it("property: normaliseWoundState never throws on valid stored states and is idempotent", () => {
    fc.assert(
      fc.property(
        fc.record({
          level: fc.constantFrom(...WOUND_LEVELS),
          stunRollPending: fc.boolean(),
          stunRounds: fc.integer({ min: 0, max: 7 }),
          woundRollPending: fc.boolean(),
          unconsciousHours: fc.integer({ min: 0, max: 6 }),
          knockedOut: fc.boolean(),
          firstAidUsed: fc.boolean(),
        }),
        (raw) => {
          const s = normaliseWoundState(raw);
          expect(normaliseWoundState(s)).toEqual(s);
          expect(throwsRuleError(() => advanceRound(s))).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
