import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("killEveryoneElse", () => {
  it("TN 5: meeting it kills one target", () => {
    expect(zodiac.killEveryoneElse({ total: 5, wagers: 0 })).toEqual({
      success: true,
      total: 5,
      tn: 5,
      wagers: 0,
      kills: 1,
      captured: 0,
      setbackGained: 0,
      calledShot: null,
      headShot: false,
      saved: 0,
    });
  });

  it("each Wager kills one more: three goons take two Wagers", () => {
    expect(zodiac.killEveryoneElse({ total: 9, wagers: 2 }).kills).toBe(3);
    expect(zodiac.killEveryoneElse({ total: 9, wagers: 5 }).kills).toBe(6);
  });

  it("a miss kills nobody and gives Operations a point of Setback", () => {
    const miss = zodiac.killEveryoneElse({ total: 4, wagers: 3 });
    expect(miss).toMatchObject({ success: false, kills: 0, captured: 0, setbackGained: 1 });
  });

  it("capturing one alive costs two Wagers; more Wagers still kill", () => {
    expect(zodiac.killEveryoneElse({ total: 7, wagers: 2, captureAlive: true })).toMatchObject({ kills: 0, captured: 1 });
    expect(zodiac.killEveryoneElse({ total: 7, wagers: 4, captureAlive: true })).toMatchObject({ kills: 2, captured: 1 });
    expect(codeOf(() => zodiac.killEveryoneElse({ total: 7, wagers: 1, captureAlive: true }))).toBe("captureNeedsTwoWagers");
    expect(zodiac.killEveryoneElse({ total: 3, wagers: 2, captureAlive: true })).toMatchObject({ kills: 0, captured: 0, setbackGained: 1 });
  });

  it("a head shot (5 Wagers) kills its target and is marked unsavable; the Wagers buy the shot", () => {
    const r = zodiac.killEveryoneElse({ total: 6, wagers: 6, calledShot: "head" });
    expect(r).toMatchObject({ success: true, kills: 2, headShot: true, calledShot: "head" });
    expect(zodiac.killEveryoneElse({ total: 6, wagers: 2, calledShot: "leg" })).toMatchObject({ kills: 1, headShot: false, calledShot: "leg" });
    expect(codeOf(() => zodiac.killEveryoneElse({ total: 6, wagers: 4, calledShot: "head" }))).toBe("calledShotNeedsWagers");
    expect(codeOf(() => zodiac.killEveryoneElse({ total: 6, wagers: 5, calledShot: "head", captureAlive: true }))).toBe("captureWithCalledShot");
    expect(zodiac.killEveryoneElse({ total: 2, wagers: 5, calledShot: "head" })).toMatchObject({ headShot: false, kills: 0 });
  });

  it("an Almost Dead Agent may roll but not Wager", () => {
    expect(zodiac.killEveryoneElse({ total: 6, wagers: 0, almostDead: true }).kills).toBe(1);
    expect(codeOf(() => zodiac.killEveryoneElse({ total: 6, wagers: 1, almostDead: true }))).toBe("almostDeadCannotWager");
  });

  it("refuses bad input", () => {
    expect(codeOf(() => zodiac.killEveryoneElse({ total: -1, wagers: 0 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.killEveryoneElse({ total: 5, wagers: -1 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.killEveryoneElse({ total: 5, wagers: 0, calledShot: "ear" as zodiac.CalledShot }))).toBe("badChoice");
  });
});
