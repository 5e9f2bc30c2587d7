import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("Agent Points", () => {
  it("spend, never below zero", () => {
    expect(zodiac.spendAgentPoints(3)).toBe(2);
    expect(zodiac.spendAgentPoints(3, 3)).toBe(0);
    expect(codeOf(() => zodiac.spendAgentPoints(0))).toBe("notEnoughAgentPoints");
  });

  it("gathering dice spends the points and passes the ruled dice on", () => {
    expect(zodiac.gatherDice({ agentPoints: 2, spend: 1, gathered: 4 })).toEqual({ agentPoints: 1, spent: 1, gathered: 4 });
    expect(zodiac.gatherDice({ agentPoints: 2, spend: 0, gathered: 0 })).toEqual({ agentPoints: 2, spent: 0, gathered: 0 });
    expect(codeOf(() => zodiac.gatherDice({ agentPoints: 2, spend: 0, gathered: 2 }))).toBe("gatherNeedsAgentPoint");
    expect(codeOf(() => zodiac.gatherDice({ agentPoints: 0, spend: 1, gathered: 2 }))).toBe("notEnoughAgentPoints");
  });
});
