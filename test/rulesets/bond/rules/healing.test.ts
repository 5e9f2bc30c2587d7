import { describe, expect, it } from "vitest";
import { applyFirstAid, applyHospital, applyRest, applyWound, endHospitalStay, normaliseWoundState } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("healing", () => {
  it("rest heals one level per week", () => {
    expect(applyRest({ level: "HW" }, 1).state.level).toBe("MW");
    expect(applyRest({ level: "HW" }, 2).state.level).toBe("LW");
    expect(applyRest({ level: "HW" }, 3).state.level).toBe("none");
    expect(applyRest({ level: "HW" }, 0).state.level).toBe("HW");
  });
  it("hospital heals up to two levels at one per three days", () => {
    expect(applyHospital({ level: "HW" }, 2).state.level).toBe("HW");
    expect(applyHospital({ level: "HW" }, 3).state.level).toBe("MW");
    expect(applyHospital({ level: "HW" }, 6).state.level).toBe("LW");
    expect(applyHospital({ level: "HW" }, 30).state.level).toBe("LW");
  });
  it("healing an unconscious character wakes them", () => {
    expect(applyRest({ level: "IN", unconsciousHours: 4 }, 1).events).toEqual([
      { status: "unconscious", on: false },
      { status: "bondHw", on: true },
    ]);
    expectRuleError(() => applyRest({ level: "KL" }, 1), "deadCannotHeal");
  });
  it("First Aid lowers one level, once per wounded character", () => {
    const r = applyFirstAid({ level: "MW" }, true);
    expect(r.state).toMatchObject({ level: "LW", firstAidUsed: true });
    expectRuleError(() => applyFirstAid(r.state, true), "firstAidUsed");
    const failed = applyFirstAid({ level: "MW" }, false);
    expect(failed.state).toMatchObject({ level: "MW", firstAidUsed: true });
    expectRuleError(() => applyFirstAid(failed.state, true), "firstAidUsed");
  });
  it("once healed, a new wounding allows First Aid again", () => {
    const healed = applyRest({ level: "LW", firstAidUsed: true }, 1).state;
    expect(healed).toMatchObject({ level: "none", firstAidUsed: false });
    const lw = applyFirstAid({ level: "LW" }, true);
    expect(lw.state).toMatchObject({ level: "none", firstAidUsed: false });
  });
  it("First Aid brings an IN character round with a Heavy Wound", () => {
    const r = applyFirstAid({ level: "IN", unconsciousHours: 5 }, true);
    expect(r.state).toMatchObject({ level: "HW", unconsciousHours: 0, woundRollPending: true });
    expect(r.events).toEqual([
      { status: "stunned", on: true },
      { status: "unconscious", on: false },
      { status: "bondHw", on: true },
    ]);
  });
  it("refuses First Aid on the unwounded and the dead, and bad input", () => {
    expectRuleError(() => applyFirstAid({ level: "none" }, true), "notWounded");
    expectRuleError(() => applyFirstAid({ level: "KL" }, true), "deadCannotHeal");
    expectRuleError(() => applyFirstAid({ level: "LW" }, "yes" as unknown as boolean), "badBoolean");
    expectRuleError(() => applyRest({ level: "LW" }, -1), "badNumber");
  });

  describe("a hospital stay (audit-s9 R1/R3, D25)", () => {
    it("a press whose days heal no level still lets them pass: pending rolls, stuns and unconsciousness end (review-s9 H9); no days, nothing changes", () => {
      const due = { level: "MW" as const, woundRollPending: true, stunRollPending: true, stunRounds: 2, unconsciousHours: 3, knockedOut: true };
      const carried = applyHospital(due, 2);
      expect(carried.levels).toBe(0);
      expect(carried.state).toMatchObject({ level: "MW", hospitalDays: 2, woundRollPending: false, stunRollPending: false, stunRounds: 0, unconsciousHours: 0, knockedOut: false });
      const used = applyHospital({ ...due, hospitalLevels: 2 }, 3);
      expect(used.state).toMatchObject({ level: "MW", hospitalLevels: 2, woundRollPending: false, unconsciousHours: 0 });
      expect(applyHospital(due, 0).state).toMatchObject({ woundRollPending: true, unconsciousHours: 3 });
    });

    it("two 6-day presses on a Heavy Wound end at a Light Wound (HW − 2 levels), not unwounded: two levels a stay, not a press", () => {
      const first = applyHospital({ level: "HW" }, 6);
      expect(first.state).toMatchObject({ level: "LW", hospitalLevels: 2, hospitalDays: 0 });
      const second = applyHospital(first.state, 6);
      expect(second.state.level).toBe("LW");
      expect(second).toMatchObject({ levels: 0, unusedDays: 6 });
      // Presses of 3 days alike: an Incapacitated character leaves the stay with a Medium Wound.
      let s = applyHospital({ level: "IN", unconsciousHours: 3 }, 3).state;
      s = applyHospital(s, 3).state;
      expect(s.level).toBe("MW");
      expect(applyHospital(s, 3).state.level).toBe("MW");
    });
    it("2 + 2 days heal one level, the extra day carried", () => {
      const first = applyHospital({ level: "HW" }, 2);
      expect(first.state).toMatchObject({ level: "HW", hospitalLevels: 0, hospitalDays: 2 });
      expect(first).toMatchObject({ levels: 0, carriedDays: 2 });
      const second = applyHospital(first.state, 2);
      expect(second.state).toMatchObject({ level: "MW", hospitalLevels: 1, hospitalDays: 1 });
      expect(second).toMatchObject({ levels: 1, carriedDays: 1 });
      // 1 + 2 more: the second and last level of the stay.
      expect(applyHospital(second.state, 2).state).toMatchObject({ level: "LW", hospitalLevels: 2, hospitalDays: 0 });
    });
    it("a press past the stay's last level says how many days healed nothing", () => {
      const r = applyHospital({ level: "HW", hospitalLevels: 1, hospitalDays: 2 }, 5);
      expect(r.state).toMatchObject({ level: "MW", hospitalLevels: 2, hospitalDays: 0 });
      expect(r).toMatchObject({ levels: 1, unusedDays: 4 });
    });
    it("a new wound ends the stay; a Stun does not; being unwounded ends it", () => {
      const stay = { level: "MW", hospitalLevels: 2, hospitalDays: 0 } as const;
      expect(applyWound(stay, "LW").state).toMatchObject({ hospitalLevels: 0, hospitalDays: 0 });
      expect(applyWound({ level: "LW", hospitalLevels: 1, hospitalDays: 2 }, "ST", { attackKind: "hth" }).state).toMatchObject({ hospitalLevels: 1, hospitalDays: 2 });
      expect(applyHospital({ level: "LW", hospitalDays: 2 }, 1).state).toMatchObject({ level: "none", hospitalLevels: 0, hospitalDays: 0 });
      // Rest does not end the stay (D25): rest in hospital and at home are the same button.
      expect(applyRest({ level: "HW", hospitalLevels: 2 }, 1).state).toMatchObject({ level: "MW", hospitalLevels: 2 });
      expect(applyRest({ level: "LW", hospitalLevels: 2 }, 1).state).toMatchObject({ level: "none", hospitalLevels: 0 });
    });
    it("an old state without the stay's fields reads as a stay not yet begun; out of bounds is refused", () => {
      expect(normaliseWoundState({ level: "HW" })).toMatchObject({ hospitalLevels: 0, hospitalDays: 0 });
      expectRuleError(() => normaliseWoundState({ level: "HW", hospitalLevels: 3 }), "badNumber");
      expectRuleError(() => normaliseWoundState({ level: "HW", hospitalDays: 3 }), "badNumber");
      expectRuleError(() => applyHospital({ level: "KL" }, 1), "deadCannotHeal");
    });
    it("the GM ends a stay (D67): its counts go back to 0, the carried days are lost, nothing else changes; the next press is a new stay", () => {
      const during = { level: "MW", hospitalLevels: 1, hospitalDays: 2, woundRollPending: true, stunRounds: 2, firstAidUsed: true } as const;
      const ended = endHospitalStay(during);
      expect(ended.state).toEqual({ ...normaliseWoundState(during), hospitalLevels: 0, hospitalDays: 0 });
      expect(ended).toMatchObject({ levels: 1, lostDays: 2, events: [] });
      // A new stay: two levels again, the lost days not counted (3 days heal one level, not two).
      expect(applyHospital(ended.state, 3).state).toMatchObject({ level: "LW", hospitalLevels: 1, hospitalDays: 0 });
      expect(endHospitalStay({ level: "LW", hospitalLevels: 2 })).toMatchObject({ levels: 2, lostDays: 0 });
      expectRuleError(() => endHospitalStay({ level: "HW" }), "noHospitalStay");
    });
  });
});
