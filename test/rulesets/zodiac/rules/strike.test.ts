import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("strike against an Other Agent", () => {
  it("meeting the TN applies the Wagers plus one free Wager", () => {
    const r = zodiac.strike({ total: 12, tn: 12, wagers: 2, rank: 6, target: "otherAgent" });
    expect(r).toMatchObject({ success: true, freeWager: 1, applied: 3, prior: 0, accumulated: 3, outcome: "none", setbackGained: 0 });
  });

  it("the free Wager alone slowly overcomes an Other Agent", () => {
    let acc = 0;
    for (let k = 0; k < 3; k++) acc = zodiac.strike({ total: 9, tn: 8, wagers: 0, rank: 3, accumulated: acc, target: "otherAgent" }).accumulated;
    expect(acc).toBe(3);
    expect(zodiac.strike({ total: 9, tn: 8, wagers: 0, rank: 3, accumulated: 2, target: "otherAgent" }).outcome).toBe("dead");
  });

  it("dies when the Wagers reach Rank", () => {
    expect(zodiac.strike({ total: 10, tn: 10, wagers: 3, rank: 5, accumulated: 1, target: "otherAgent" })).toMatchObject({
      accumulated: 5,
      outcome: "dead",
    });
  });

  it("a miss applies nothing and gives Operations a point of Setback", () => {
    expect(zodiac.strike({ total: 9, tn: 10, wagers: 3, rank: 5, accumulated: 2, target: "otherAgent" })).toMatchObject({
      success: false,
      applied: 0,
      accumulated: 2,
      freeWager: 0,
      setbackGained: 1,
    });
  });

  it("Setback cancels spent Wagers one for one, never the free one", () => {
    const r = zodiac.strike({ total: 15, tn: 10, wagers: 3, rank: 5, cancelled: 2, target: "otherAgent" });
    expect(r).toMatchObject({ applied: 2, accumulated: 2, cancelled: 2 });
    expect(codeOf(() => zodiac.strike({ total: 15, tn: 10, wagers: 3, rank: 5, cancelled: 4, target: "otherAgent" }))).toBe("cancelTooMany");
    expect(codeOf(() => zodiac.strike({ total: 5, tn: 10, wagers: 3, rank: 5, cancelled: 1, target: "otherAgent" }))).toBe("nothingToCancel");
  });

  it("called shots: Wagers paid before the roll, not counted against Rank; the free Wager cannot pay", () => {
    const arm = zodiac.strike({ total: 12, tn: 10, wagers: 3, rank: 5, calledShot: "arm", target: "otherAgent" });
    expect(arm).toMatchObject({ calledShot: "arm", calledShotWagers: 2, rankWagers: 1, applied: 2, headShot: false });
    // Four Wagers + free would be five, but a head shot needs five declared Wagers.
    expect(codeOf(() => zodiac.strike({ total: 12, tn: 10, wagers: 4, rank: 9, calledShot: "head", target: "otherAgent" }))).toBe(
      "calledShotNeedsWagers",
    );
  });

  it("a head shot kills outright at any Rank and Setback cannot stop it", () => {
    const head = zodiac.strike({ total: 12, tn: 10, wagers: 5, rank: 9, calledShot: "head", target: "otherAgent" });
    expect(head).toMatchObject({ headShot: true, outcome: "dead", applied: 1 });
    expect(codeOf(() => zodiac.strike({ total: 12, tn: 10, wagers: 6, rank: 9, cancelled: 1, calledShot: "head", target: "otherAgent" }))).toBe(
      "headShotCannotBeCancelled",
    );
    // Against Rank 7, accumulating would take 6 Wagers + the free one; the head shot takes 5.
    expect(zodiac.strike({ total: 12, tn: 10, wagers: 5, rank: 7, target: "otherAgent" }).outcome).toBe("none");
    expect(zodiac.strike({ total: 12, tn: 10, wagers: 6, rank: 7, target: "otherAgent" }).outcome).toBe("dead");
    // A missed head shot does nothing.
    expect(zodiac.strike({ total: 9, tn: 10, wagers: 5, rank: 7, calledShot: "head", target: "otherAgent" })).toMatchObject({
      headShot: false,
      outcome: "none",
    });
  });

  it("refuses to strike an Other Agent already dead, and bad input", () => {
    expect(codeOf(() => zodiac.strike({ total: 12, tn: 10, wagers: 0, rank: 3, accumulated: 3, target: "otherAgent" }))).toBe("alreadyDead");
    expect(codeOf(() => zodiac.strike({ total: 12, tn: 10, wagers: 0, rank: 0, target: "otherAgent" }))).toBe("badNumber");
    expect(codeOf(() => zodiac.strike({ total: 12, tn: 10, wagers: 0, rank: 3, target: "npc" as zodiac.StrikeTarget }))).toBe("badChoice");
    expect(codeOf(() => zodiac.strike({ total: 12, tn: 10, wagers: 1, rank: 3, target: "agent", almostDead: true }))).toBe("almostDeadCannotWager");
  });
});

describe("strike against an Agent", () => {
  it("at Rank an Agent becomes Almost Dead, not dead", () => {
    expect(zodiac.strike({ total: 16, tn: 10, wagers: 3, rank: 4, target: "agent", round: 1 })).toMatchObject({
      outcome: "almostDead",
      accumulated: 4,
      round: 1,
    });
    // Even far past Rank: extra Wagers cannot kill an Agent who is not Almost Dead.
    expect(zodiac.strike({ total: 16, tn: 10, wagers: 8, rank: 4, target: "agent" }).outcome).toBe("almostDead");
  });

  it("a head shot kills an Agent outright at any Rank, and Setback cannot stop it (see DECISIONS.md)", () => {
    expect(zodiac.strike({ total: 16, tn: 10, wagers: 5, rank: 9, calledShot: "head", target: "agent" })).toMatchObject({
      headShot: true,
      outcome: "dead",
    });
    expect(codeOf(() => zodiac.strike({ total: 16, tn: 10, wagers: 6, rank: 9, cancelled: 1, calledShot: "head", target: "agent" }))).toBe(
      "headShotCannotBeCancelled",
    );
    // A missed head shot on an Agent does nothing but give Operations Setback.
    expect(zodiac.strike({ total: 9, tn: 10, wagers: 5, rank: 9, calledShot: "head", target: "agent" })).toMatchObject({
      headShot: false,
      outcome: "none",
      setbackGained: 1,
    });
  });

  it("records no round unless given", () => {
    expect(zodiac.strike({ total: 16, tn: 10, wagers: 0, rank: 4, target: "agent" }).round).toBeNull();
  });
});
