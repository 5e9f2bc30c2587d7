import { describe, expect, it } from "vitest";
import { resolveKnockoutResist } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("resolveKnockoutResist", () => {
  it("the target stays conscious with a Willpower roll at EF 2 × QR", () => {
    // QR2 → EF 4; Willpower PC 10 → SC 40.
    const ok = resolveKnockoutResist({ level: "none" }, { attackQualityRating: 2, primaryChance: 10, roll: 40 });
    expect(ok.check).toMatchObject({ easeFactor: 4, successChance: 40, success: true });
    expect(ok.events).toEqual([]);
    const out = resolveKnockoutResist({ level: "none" }, { attackQualityRating: 2, primaryChance: 10, roll: 41 });
    expect(out.state.knockedOut).toBe(true);
    expect(out.events).toEqual([{ status: "unconscious", on: true }]);
  });
  it("the target's own wound penalty lowers the EF (RULES §1: every task; D31)", () => {
    // QR2 → EF 4, Medium Wound −2 → EF 2; Willpower PC 10 → SC 20: 30 passes unwounded, fails here.
    const hurt = resolveKnockoutResist({ level: "MW" }, { attackQualityRating: 2, primaryChance: 10, roll: 30 });
    expect(hurt.check).toMatchObject({ easeFactor: 2, successChance: 20, success: false });
    expect(hurt.state).toMatchObject({ level: "MW", knockedOut: true });
    expect(resolveKnockoutResist({ level: "none" }, { attackQualityRating: 2, primaryChance: 10, roll: 30 }).check.success).toBe(true);
    // A Stun is not a wound: no penalty.
    expect(resolveKnockoutResist({ level: "ST", stunRollPending: true, stunCharacteristic: "strength" }, { attackQualityRating: 2, primaryChance: 10, roll: 30 }).check.easeFactor).toBe(4);
  });
  it("refuses a failed attack's QR and the dead", () => {
    expectRuleError(() => resolveKnockoutResist({ level: "none" }, { attackQualityRating: 0, primaryChance: 10, roll: 5 }), "badNumber");
    expectRuleError(() => resolveKnockoutResist({ level: "KL" }, { attackQualityRating: 1, primaryChance: 10, roll: 5 }), "cannotAct");
  });
});
