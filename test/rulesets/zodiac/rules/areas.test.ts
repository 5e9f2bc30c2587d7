import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("Areas and agentProfile", () => {
  it("the default Areas are the seed's five, as a setting", () => {
    expect(zodiac.DEFAULT_AREAS).toEqual(["Aries", "Capricorn", "Gemini", "Scorpio", "Virgo"]);
  });

  it("Rank = highest Area, TN = lowest Area × 5", () => {
    expect(zodiac.agentProfile({ Aries: 1, Capricorn: 1, Gemini: 1, Scorpio: 1, Virgo: 1 })).toEqual({ rank: 1, tn: 5 });
    expect(zodiac.agentProfile({ Aries: 5, Capricorn: 5, Gemini: 5, Scorpio: 5, Virgo: 5 })).toEqual({ rank: 5, tn: 25 });
    expect(zodiac.agentProfile({ Aries: 2, Capricorn: 3, Gemini: 4, Scorpio: 3, Virgo: 3 })).toEqual({ rank: 4, tn: 10 });
    // Renamed Areas work the same (the list is a setting).
    expect(zodiac.agentProfile({ Leo: 3, Pisces: 4 })).toEqual({ rank: 4, tn: 15 });
  });

  it("refuses no Areas, out-of-range and non-integer ratings, and non-objects", () => {
    expect(codeOf(() => zodiac.agentProfile({}))).toBe("noAreas");
    expect(codeOf(() => zodiac.agentProfile({ Aries: 0 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.agentProfile({ Aries: 6 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.agentProfile({ Aries: 2.5 }))).toBe("badNumber");
    expect(codeOf(() => zodiac.agentProfile(null as unknown as Record<string, number>))).toBe("badInput");
    expect(codeOf(() => zodiac.agentProfile([3] as unknown as Record<string, number>))).toBe("badInput");
  });

  it("areaRating reads one Area and refuses a name the Agent lacks", () => {
    expect(zodiac.areaRating({ Aries: 3, Virgo: 1 }, "Aries")).toBe(3);
    expect(codeOf(() => zodiac.areaRating({ Aries: 3 }, "Leo"))).toBe("unknownArea");
    expect(codeOf(() => zodiac.areaRating({ Aries: 3 }, "toString"))).toBe("unknownArea");
  });
});
