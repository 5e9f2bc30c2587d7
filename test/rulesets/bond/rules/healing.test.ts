import { describe, expect, it } from "vitest";
import { applyFirstAid, applyHospital, applyRest } from "../../../../src/rulesets/bond/rules/index.js";
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
    expect(applyRest({ level: "IN", unconsciousHours: 4 }, 1).events).toEqual([{ status: "unconscious", on: false }]);
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
    ]);
  });
  it("refuses First Aid on the unwounded and the dead, and bad input", () => {
    expectRuleError(() => applyFirstAid({ level: "none" }, true), "notWounded");
    expectRuleError(() => applyFirstAid({ level: "KL" }, true), "deadCannotHeal");
    expectRuleError(() => applyFirstAid({ level: "LW" }, "yes" as unknown as boolean), "badBoolean");
    expectRuleError(() => applyRest({ level: "LW" }, -1), "badNumber");
  });
});
