/**
 * The seed's worked example, walked step by step. Mike: Rank 5 Capricorn, lowest Area a 1 Virgo,
 * Aries 3. Jeremy: Rank 4 Virgo, lowest Areas 2 (Capricorn, Gemini, Scorpio), Aries 3. The seed
 * does not give Mike's Gemini and Scorpio; any values from 1 to 5 leave Rank 5 and TN 5.
 */
import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import type { AgentHealth } from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

const mikeAreas = { Aries: 3, Capricorn: 5, Gemini: 2, Scorpio: 4, Virgo: 1 };
const jeremyAreas = { Aries: 3, Capricorn: 2, Gemini: 2, Scorpio: 2, Virgo: 4 };
const MIKE_DICE = [6, 6, 4, 1];
const JEREMY_DICE = [2, 4, 1, 2];

describe("Mike vs Jeremy (seed 003 example)", () => {
  it("step 1: Mike is a Rank 5 Agent with a TN 5 and Jeremy a Rank 4 Agent with a TN 10", () => {
    expect(zodiac.agentProfile(mikeAreas)).toEqual({ rank: 5, tn: 5 });
    expect(zodiac.agentProfile(jeremyAreas)).toEqual({ rank: 4, tn: 10 });
  });

  it("step 2: each spends an Agent Point to gather dice: Mike has 7 dice, Jeremy 6", () => {
    // Both roll Aries 3, so Mike gathered 4 dice and Jeremy 3.
    const mike = zodiac.gatherDice({ agentPoints: 3, spend: 1, gathered: 4 });
    const jeremy = zodiac.gatherDice({ agentPoints: 3, spend: 1, gathered: 3 });
    expect(mike.agentPoints).toBe(2);
    expect(jeremy.agentPoints).toBe(2);
    expect(zodiac.poolSize({ area: 3, gathered: mike.gathered })).toBe(7);
    expect(zodiac.poolSize({ area: 3, gathered: jeremy.gathered })).toBe(6);
  });

  it("step 3: Wagers are set aside in secret and revealed together: Mike 3, Jeremy 2", () => {
    let sealed = zodiac.openWagers(["mike", "jeremy"]);
    sealed = zodiac.sealWagers(sealed, "jeremy", 2);
    const early = zodiac.reveal(sealed);
    expect(early).toEqual({ revealed: false, committed: ["jeremy"], waiting: ["mike"] });
    expect(JSON.stringify(early)).not.toContain("2");
    sealed = zodiac.sealWagers(sealed, "mike", 3);
    expect(zodiac.reveal(sealed)).toEqual({ revealed: true, wagers: { mike: 3, jeremy: 2 } });
  });

  it("step 4: so they both roll four dice", () => {
    expect(zodiac.poolSize({ area: 3, gathered: 4, wagers: 3 })).toBe(4);
    expect(zodiac.poolSize({ area: 3, gathered: 3, wagers: 2 })).toBe(4);
  });

  it("step 5: Mike's 6, 6, 4, 1 keeps 16 (the seed's 15 is a typo); Jeremy's 2, 4, 1, 2 keeps 8", () => {
    // Keep the highest Aries-3 dice: 6+6+4 and 4+2+2. Summing all but 1s agrees on both.
    expect(zodiac.keptTotal(MIKE_DICE, 3)).toBe(16);
    expect(zodiac.keptTotal(JEREMY_DICE, 3)).toBe(8);
    expect(zodiac.rollTotal(MIKE_DICE, { area: 3 })).toBe(16);
    expect(zodiac.rollTotal(JEREMY_DICE, { area: 3 })).toBe(8);
    expect(zodiac.rollTotal(MIKE_DICE, { area: 3, mode: "sumWithoutOnes" })).toBe(16);
    expect(zodiac.rollTotal(JEREMY_DICE, { area: 3, mode: "sumWithoutOnes" })).toBe(8);
  });

  it("step 6: both beat the other's TN; Mike has 4 Wagers against Jeremy, Jeremy 3 against Mike", () => {
    const mikeHits = zodiac.strike({ total: 16, tn: 10, wagers: 3, rank: 4, target: "agent", round: 1 });
    const jeremyHits = zodiac.strike({ total: 8, tn: 5, wagers: 2, rank: 5, target: "agent", round: 1 });
    expect(mikeHits).toMatchObject({ success: true, applied: 4, accumulated: 4, outcome: "almostDead" });
    expect(jeremyHits).toMatchObject({ success: true, applied: 3, accumulated: 3, outcome: "none" });
  });

  it("the whole exchange through agentVsAgent and applyAgentVsAgent", () => {
    const result = zodiac.agentVsAgent({
      round: 1,
      a: { areas: mikeAreas, gathered: 4, wagers: 3, dice: MIKE_DICE },
      b: { areas: jeremyAreas, gathered: 3, wagers: 2, dice: JEREMY_DICE },
    });
    expect(result.a.profile).toEqual({ rank: 5, tn: 5 });
    expect(result.b.profile).toEqual({ rank: 4, tn: 10 });
    expect(result.a.roll).toMatchObject({ pool: 4, total: 16 });
    expect(result.b.roll).toMatchObject({ pool: 4, total: 8 });
    expect(result.a.strike).toMatchObject({ success: true, applied: 4, outcome: "almostDead" });
    expect(result.b.strike).toMatchObject({ success: true, applied: 3, outcome: "none" });

    const after = zodiac.applyAgentVsAgent({ a: zodiac.healthyAgent(), b: zodiac.healthyAgent() }, result);
    // "Mike opts to use all Four Wagers against Jeremy's Rank and he is Almost Dead."
    expect(after.b.state).toEqual({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 });
    expect(after.b.events).toEqual([{ status: "almostDead", on: true }]);
    // Mike is at 3 of his Rank 5: still Healthy.
    expect(after.a.state).toEqual({ status: "healthy", wagersAgainst: 3, almostDeadSince: null });
    expect(after.a.events).toEqual([]);
  });

  it("next round: Mike needs only one Wager and one Agent Point to kill Jeremy", () => {
    const jeremy: AgentHealth = { status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 };
    const mike: AgentHealth = { status: "healthy", wagersAgainst: 3, almostDeadSince: null };
    // Not in the round Jeremy fell…
    expect(codeOf(() => zodiac.finishAlmostDead({ round: 1, almostDeadSince: 1, wagers: 1, agentPoints: 2 }))).toBe("finishTooSoon");
    // …but in round 2, for 1 Wager and 1 Agent Point.
    const finish = zodiac.finishAlmostDead({ round: 2, almostDeadSince: 1, wagers: 1, agentPoints: 2 });
    expect(finish).toMatchObject({ killed: true, wagersUsed: 1, agentPointsSpent: 1, agentPointsLeft: 1 });
    const dead = zodiac.applyFinishToAgent(jeremy, finish);
    expect(dead.state.status).toBe("dead");
    expect(dead.events).toEqual([
      { status: "dead", on: true },
      { status: "almostDead", on: false },
    ]);

    // The same in a full round-2 exchange: Mike rolls Aries 3 with 1 Wager (2 dice), Jeremy,
    // Almost Dead, cannot Wager and rolls his 3 dice.
    const round2 = zodiac.agentVsAgent({
      round: 2,
      a: { areas: mikeAreas, wagers: 1, dice: [5, 6], health: mike, finish: { agentPoints: 2 } },
      b: { areas: jeremyAreas, wagers: 0, dice: [3, 1, 1], health: jeremy },
    });
    expect(round2.a.roll.total).toBe(11); // ≥ Jeremy's TN 10
    expect(round2.a.finish).toMatchObject({ killed: true, met: true });
    const after = zodiac.applyAgentVsAgent({ a: mike, b: jeremy }, round2);
    expect(after.b.state.status).toBe("dead");
    // Jeremy's 3+1+1 = 5 meets Mike's TN 5: his free Wager lands, 4 of Mike's Rank 5.
    expect(round2.b.roll.total).toBe(5);
    expect(after.a.state).toEqual({ status: "healthy", wagersAgainst: 4, almostDeadSince: null });
  });

  it("an Almost Dead Jeremy cannot Wager in round 2", () => {
    const jeremy: AgentHealth = { status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 };
    expect(
      codeOf(() =>
        zodiac.agentVsAgent({
          round: 2,
          a: { areas: mikeAreas, wagers: 0, dice: [5, 6, 2] },
          b: { areas: jeremyAreas, wagers: 1, dice: [3, 1], health: jeremy },
        }),
      ),
    ).toBe("almostDeadCannotWager");
  });
});

describe("second example: Mike starts Almost Dead", () => {
  const mike: AgentHealth = { status: "almostDead", wagersAgainst: 0, almostDeadSince: 0 }; // shot with Setback before the fight
  const jeremy = zodiac.healthyAgent();

  it("Jeremy kills Mike with a single Wager and one more Agent Point; both strikes resolve together", () => {
    const result = zodiac.agentVsAgent({
      round: 1,
      // Mike may not Wager (seed: Almost Dead Agents cannot), so he rolls all 7 dice.
      a: { areas: mikeAreas, gathered: 4, wagers: 0, dice: [6, 6, 4, 1, 1, 2, 3], health: mike },
      b: { areas: jeremyAreas, gathered: 3, wagers: 1, dice: [2, 4, 1, 2, 3], health: jeremy, finish: { agentPoints: 2 } },
    });
    expect(result.b.roll.total).toBe(9); // 4+3+2 ≥ Mike's TN 5
    expect(result.b.finish).toMatchObject({ killed: true, wagersUsed: 1, agentPointsSpent: 1 });
    expect(result.a.strike).toMatchObject({ success: true, applied: 1 }); // only the free Wager
    const after = zodiac.applyAgentVsAgent({ a: mike, b: jeremy }, result);
    expect(after.a.state.status).toBe("dead"); // "Mike would be Dead Dead"
    expect(after.a.events).toEqual([
      { status: "dead", on: true },
      { status: "almostDead", on: false },
    ]);
    // Mike's strike still lands although he dies this round (simultaneous resolution).
    expect(after.b.state).toEqual({ status: "healthy", wagersAgainst: 1, almostDeadSince: null });
  });

  it("Mike's three Wagers from the first example are refused while he is Almost Dead (see DECISIONS.md)", () => {
    expect(
      codeOf(() =>
        zodiac.agentVsAgent({
          round: 1,
          a: { areas: mikeAreas, gathered: 4, wagers: 3, dice: MIKE_DICE, health: mike },
          b: { areas: jeremyAreas, gathered: 3, wagers: 1, dice: [2, 4, 1, 2, 3], finish: { agentPoints: 2 } },
        }),
      ),
    ).toBe("almostDeadCannotWager");
  });
});
