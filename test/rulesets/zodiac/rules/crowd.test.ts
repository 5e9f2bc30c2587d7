import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("applyKills", () => {
  it("three goons rush you: two Wagers and a hit leave none standing", () => {
    expect(zodiac.applyKills({ standing: 3, captured: 0 }, zodiac.killEveryoneElse({ total: 6, wagers: 2 }))).toEqual({ standing: 0, captured: 0 });
  });

  it("caps kills at those standing, never negative", () => {
    expect(zodiac.applyKills({ standing: 2, captured: 0 }, zodiac.killEveryoneElse({ total: 6, wagers: 4 }))).toEqual({ standing: 0, captured: 0 });
    expect(zodiac.applyKills({ standing: 0, captured: 1 }, zodiac.killEveryoneElse({ total: 6, wagers: 4 }))).toEqual({ standing: 0, captured: 1 });
  });

  it("the captive comes off first, the rest die", () => {
    expect(zodiac.applyKills({ standing: 4, captured: 0 }, zodiac.killEveryoneElse({ total: 6, wagers: 3, captureAlive: true }))).toEqual({
      standing: 2,
      captured: 1,
    });
  });

  it("a miss leaves everyone", () => {
    expect(zodiac.applyKills({ standing: 4, captured: 0 }, zodiac.killEveryoneElse({ total: 2, wagers: 3 }))).toEqual({ standing: 4, captured: 0 });
  });

  it("refuses a malformed crowd", () => {
    expect(codeOf(() => zodiac.applyKills({ standing: -1, captured: 0 }, zodiac.killEveryoneElse({ total: 6, wagers: 0 })))).toBe("badNumber");
  });
});

describe("killsLanding (the kills an Apply takes off one crowd: what Operations' saves spare)", () => {
  it("never more than stand, less the captive taken first", () => {
    const five = zodiac.killEveryoneElse({ total: 6, wagers: 4 }); // 5 kills
    expect(zodiac.killsLanding({ standing: 2, captured: 0 }, five)).toBe(2);
    expect(zodiac.killsLanding({ standing: 9, captured: 0 }, five)).toBe(5);
    expect(zodiac.killsLanding({ standing: 0, captured: 3 }, five)).toBe(0);
    const capture = zodiac.killEveryoneElse({ total: 6, wagers: 4, captureAlive: true }); // 1 taken, 2 kills
    expect(zodiac.killsLanding({ standing: 2, captured: 0 }, capture)).toBe(1);
    expect(zodiac.killsLanding({ standing: 1, captured: 0 }, capture)).toBe(0);
  });

  it("agrees with applyKills", () => {
    const r = zodiac.killEveryoneElse({ total: 6, wagers: 3, captureAlive: true });
    for (const standing of [0, 1, 2, 3, 4]) {
      const after = zodiac.applyKills({ standing, captured: 0 }, r);
      expect(zodiac.killsLanding({ standing, captured: 0 }, r)).toBe(standing - after.standing - after.captured);
    }
  });
});
