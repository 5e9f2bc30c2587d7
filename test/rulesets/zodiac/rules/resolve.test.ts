import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("resolvers for the chat flow", () => {
  it("resolveRoll checks the dice count against the pool and totals them", () => {
    expect(zodiac.resolveRoll({ dice: [6, 6, 4, 1], area: 3, gathered: 4, wagers: 3 })).toEqual({
      dice: [6, 6, 4, 1],
      area: 3,
      pool: 4,
      mode: "keepArea",
      total: 16,
    });
    expect(codeOf(() => zodiac.resolveRoll({ dice: [6, 6, 4], area: 3, gathered: 4, wagers: 3 }))).toBe("wrongDiceCount");
    expect(zodiac.resolveRoll({ dice: [], area: 1, wagers: 1 }).total).toBe(0);
  });

  it("resolveFightRoll: any roll in a fight; a miss gives Setback", () => {
    expect(zodiac.resolveFightRoll({ dice: [3, 2], area: 2, tn: 5 })).toMatchObject({ total: 5, success: true, setbackGained: 0 });
    expect(zodiac.resolveFightRoll({ dice: [1, 2], area: 2, tn: 5 })).toMatchObject({ total: 3, success: false, setbackGained: 1 });
  });

  it("resolveKillEveryoneElse: one Aries die, a 5 kills; Wagers come out of the pool", () => {
    expect(zodiac.resolveKillEveryoneElse({ dice: [5], area: 1 }).result).toMatchObject({ success: true, kills: 1 });
    const r = zodiac.resolveKillEveryoneElse({ dice: [6, 3], area: 3, gathered: 1, wagers: 2 });
    expect(r.roll).toMatchObject({ pool: 2, total: 9 });
    expect(r.result).toMatchObject({ kills: 3 });
    expect(zodiac.resolveKillEveryoneElse({ dice: [4, 6], area: 2, gathered: 2, wagers: 2, captureAlive: true }).result).toMatchObject({
      captured: 1,
      kills: 0,
    });
  });

  it("resolveStrike: total the dice then strike", () => {
    const r = zodiac.resolveStrike({ dice: [6, 5], area: 3, gathered: 1, wagers: 2, tn: 10, rank: 5, target: "otherAgent" });
    expect(r.roll.total).toBe(11);
    expect(r.result).toMatchObject({ applied: 3, outcome: "none" });
    expect(zodiac.resolveStrike({ dice: [6], area: 2, wagers: 1, tn: 10, rank: 5, target: "agent", round: 3 }).result).toMatchObject({
      success: false,
      round: 3,
      setbackGained: 1,
    });
  });

  it("results are plain JSON", () => {
    const r = zodiac.resolveStrike({ dice: [6, 5], area: 3, gathered: 1, wagers: 2, tn: 10, rank: 5, target: "otherAgent" });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});
