import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

const areas = { Aries: 2, Capricorn: 3, Gemini: 3, Scorpio: 3, Virgo: 3 }; // Rank 3, TN 10

describe("agentVsAgent", () => {
  it("a roll below the other's TN applies nothing and gives Setback", () => {
    const r = zodiac.agentVsAgent({
      round: 1,
      a: { areas, wagers: 0, dice: [4, 5] }, // 9 < 10
      b: { areas, wagers: 1, dice: [6] }, // 6 < 10
    });
    expect(r.a.strike).toMatchObject({ success: false, applied: 0, setbackGained: 1 });
    expect(r.b.strike).toMatchObject({ success: false, applied: 0 });
    const after = zodiac.applyAgentVsAgent({ a: zodiac.healthyAgent(), b: zodiac.healthyAgent() }, r);
    expect(after.a.state).toEqual(zodiac.healthyAgent());
    expect(after.b.state).toEqual(zodiac.healthyAgent());
  });

  it("accepts a profile with the Area rating, and a rolled Area other than Aries", () => {
    const r = zodiac.agentVsAgent({
      round: 1,
      a: { profile: { rank: 6, tn: 15 }, area: 2, wagers: 0, dice: [6, 4] },
      b: { areas, rollArea: "Scorpio", wagers: 0, dice: [6, 6, 5] },
    });
    expect(r.a.profile).toEqual({ rank: 6, tn: 15 });
    expect(r.a.strike).toMatchObject({ success: true, applied: 1 }); // 10 ≥ b's TN 10
    expect(r.b.roll.total).toBe(17); // Scorpio 3 keeps 3
    expect(r.b.strike).toMatchObject({ success: true, rank: 6, applied: 1 });
  });

  it("called shots and Setback cancels work per side", () => {
    const r = zodiac.agentVsAgent({
      round: 1,
      a: { areas, gathered: 4, wagers: 4, calledShot: "arm", cancelled: 1, dice: [6, 5] }, // 6 dice − 4 Wagers; 11 ≥ TN 10
      b: { areas, wagers: 0, dice: [1, 1] },
    });
    expect(r.a.strike).toMatchObject({ calledShotWagers: 2, rankWagers: 2, cancelled: 1, applied: 2 });
  });

  it("a head shot on an Agent kills them outright", () => {
    const r = zodiac.agentVsAgent({
      round: 2,
      a: { areas, gathered: 5, wagers: 5, calledShot: "head", dice: [6, 6] },
      b: { areas, wagers: 0, dice: [1, 1] },
    });
    const after = zodiac.applyAgentVsAgent({ a: zodiac.healthyAgent(), b: zodiac.healthyAgent() }, r);
    expect(after.b).toEqual({ state: { status: "dead", wagersAgainst: 1, almostDeadSince: null }, events: [{ status: "dead", on: true }] });
  });

  it("refuses: finishing an Agent who is not Almost Dead, a dead roller, both or neither of areas/profile, profile without area", () => {
    expect(
      codeOf(() =>
        zodiac.agentVsAgent({ round: 2, a: { areas, wagers: 1, dice: [6], finish: { agentPoints: 1 } }, b: { areas, wagers: 0, dice: [1, 1] } }),
      ),
    ).toBe("notAlmostDead");
    expect(
      codeOf(() =>
        zodiac.agentVsAgent({
          round: 2,
          a: { areas, wagers: 0, dice: [6, 6], health: { status: "dead", wagersAgainst: 3, almostDeadSince: 1 } },
          b: { areas, wagers: 0, dice: [1, 1] },
        }),
      ),
    ).toBe("alreadyDead");
    expect(
      codeOf(() => zodiac.agentVsAgent({ round: 1, a: { areas, profile: { rank: 3, tn: 10 }, wagers: 0, dice: [6, 6] }, b: { areas, wagers: 0, dice: [1, 1] } })),
    ).toBe("areasOrProfile");
    expect(codeOf(() => zodiac.agentVsAgent({ round: 1, a: { wagers: 0, dice: [6, 6] }, b: { areas, wagers: 0, dice: [1, 1] } }))).toBe("areasOrProfile");
    expect(
      codeOf(() => zodiac.agentVsAgent({ round: 1, a: { profile: { rank: 3, tn: 10 }, wagers: 0, dice: [6, 6] }, b: { areas, wagers: 0, dice: [1, 1] } })),
    ).toBe("areaRequired");
    expect(codeOf(() => zodiac.agentVsAgent({ round: 0, a: { areas, wagers: 0, dice: [6, 6] }, b: { areas, wagers: 0, dice: [1, 1] } }))).toBe("badNumber");
    expect(codeOf(() => zodiac.agentVsAgent({ round: 1, a: { areas, wagers: 0, dice: [6] }, b: { areas, wagers: 0, dice: [1, 1] } }))).toBe("wrongDiceCount");
  });

  it("a finish in the same round the target fell is refused", () => {
    expect(
      codeOf(() =>
        zodiac.agentVsAgent({
          round: 2,
          a: { areas, wagers: 1, dice: [6], finish: { agentPoints: 1 } },
          b: { areas, wagers: 0, dice: [1, 1], health: { status: "almostDead", wagersAgainst: 3, almostDeadSince: 2 } },
        }),
      ),
    ).toBe("finishTooSoon");
  });
});
