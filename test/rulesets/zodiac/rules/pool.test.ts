import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("poolSize", () => {
  it("is Area + gathered − Wagers", () => {
    expect(zodiac.poolSize({ area: 3 })).toBe(3);
    expect(zodiac.poolSize({ area: 3, gathered: 4 })).toBe(7);
    expect(zodiac.poolSize({ area: 3, gathered: 4, wagers: 3 })).toBe(4);
    expect(zodiac.poolSize({ area: 1, wagers: 1 })).toBe(0); // every die set aside
  });

  it("refuses more Wagers than dice with a clear error", () => {
    expect(codeOf(() => zodiac.poolSize({ area: 2, gathered: 1, wagers: 4 }))).toBe("tooManyWagers");
  });

  it("refuses any Wager from an Almost Dead Agent, but lets them roll", () => {
    expect(codeOf(() => zodiac.poolSize({ area: 3, wagers: 1, almostDead: true }))).toBe("almostDeadCannotWager");
    expect(zodiac.poolSize({ area: 3, gathered: 2, almostDead: true })).toBe(5);
  });

  it("refuses bad numbers", () => {
    expect(codeOf(() => zodiac.poolSize({ area: 0 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.poolSize({ area: 3, gathered: -1 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.poolSize({ area: 3, wagers: 1.5 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.poolSize({ area: 3, gathered: zodiac.MAX_GATHERED + 1 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.poolSize(undefined as unknown as zodiac.PoolInput))).toBe("badInput");
    expect(codeOf(() => zodiac.poolSize({ area: 3, almostDead: "yes" as unknown as boolean }))).toBe("badInput");
  });
});
