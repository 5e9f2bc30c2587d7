import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("finishAlmostDead", () => {
  it("one Wager and one Agent Point, in a later round", () => {
    expect(zodiac.finishAlmostDead({ round: 3, almostDeadSince: 2, wagers: 1, agentPoints: 1 })).toEqual({
      killed: true,
      met: null,
      round: 3,
      almostDeadSince: 2,
      wagersUsed: 1,
      agentPointsSpent: 1,
      agentPointsLeft: 0,
    });
  });

  it("an Agent Almost Dead from before the fight (round 0) can be finished in round 1", () => {
    expect(zodiac.finishAlmostDead({ round: 1, almostDeadSince: 0, wagers: 2, agentPoints: 3 })).toMatchObject({ killed: true, agentPointsLeft: 2 });
  });

  it("clear errors for the same round, no Wager, no Agent Point, an Almost Dead attacker", () => {
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 2, almostDeadSince: 2, wagers: 1, agentPoints: 1 }))).toBe("finishTooSoon");
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 1, almostDeadSince: 2, wagers: 1, agentPoints: 1 }))).toBe("finishTooSoon");
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 3, almostDeadSince: 2, wagers: 0, agentPoints: 1 }))).toBe("finishNeedsWager");
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 3, almostDeadSince: 2, wagers: 1, agentPoints: 0 }))).toBe("finishNeedsAgentPoint");
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 3, almostDeadSince: 2, wagers: 1, agentPoints: 1, almostDead: true }))).toBe(
      "almostDeadCannotWager",
    );
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 0, almostDeadSince: 0, wagers: 1, agentPoints: 1 }))).toBe("badNumber");
  });

  it("with the roll given, the kill lands only if it meets the TN; costs are spent either way", () => {
    expect(zodiac.finishAlmostDead({ round: 2, almostDeadSince: 1, wagers: 1, agentPoints: 1, total: 10, tn: 10 })).toMatchObject({
      killed: true,
      met: true,
    });
    expect(zodiac.finishAlmostDead({ round: 2, almostDeadSince: 1, wagers: 1, agentPoints: 1, total: 9, tn: 10 })).toMatchObject({
      killed: false,
      met: false,
      agentPointsSpent: 1,
    });
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 2, almostDeadSince: 1, wagers: 1, agentPoints: 1, total: 9 }))).toBe("finishNeedsTotalAndTn");
  });
});
