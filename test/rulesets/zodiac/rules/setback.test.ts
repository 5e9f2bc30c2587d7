import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("Setback pool", () => {
  it("gains and spends, never below zero", () => {
    expect(zodiac.gainSetback(0)).toBe(1);
    expect(zodiac.gainSetback(2, 3)).toBe(5);
    expect(zodiac.spendSetback(2)).toBe(1);
    expect(codeOf(() => zodiac.spendSetback(0))).toBe("notEnoughSetback");
    expect(codeOf(() => zodiac.spendSetback(1, 2))).toBe("notEnoughSetback");
    expect(codeOf(() => zodiac.gainSetback(-1))).toBe("badNumber");
  });

  it("a miss adds its Setback; a hit adds none", () => {
    expect(zodiac.setbackAfter(3, zodiac.killEveryoneElse({ total: 1, wagers: 0 }))).toBe(4);
    expect(zodiac.setbackAfter(3, zodiac.killEveryoneElse({ total: 6, wagers: 0 }))).toBe(3);
    expect(zodiac.setbackAfter(0, zodiac.strike({ total: 1, tn: 5, wagers: 0, rank: 2, target: "otherAgent" }))).toBe(1);
  });

  it("1 Setback shoots an Agent: Almost Dead", () => {
    expect(zodiac.shootAgent({ setback: 2, state: zodiac.healthyAgent(), round: 4 })).toEqual({
      setback: 1,
      state: { status: "almostDead", wagersAgainst: 0, almostDeadSince: 4 },
      events: [{ status: "almostDead", on: true }],
    });
    expect(codeOf(() => zodiac.shootAgent({ setback: 0, state: zodiac.healthyAgent(), round: 4 }))).toBe("notEnoughSetback");
    expect(
      codeOf(() => zodiac.shootAgent({ setback: 1, state: { status: "almostDead", wagersAgainst: 0, almostDeadSince: 1 }, round: 4 })),
    ).toBe("alreadyAlmostDead");
  });

  it("1 Setback cancels 1 Wager against Rank, re-resolving the strike", () => {
    const hit = zodiac.strike({ total: 12, tn: 10, wagers: 3, rank: 4, target: "otherAgent" });
    expect(hit.outcome).toBe("dead");
    const once = zodiac.cancelWagers({ setback: 3, result: hit });
    expect(once.setback).toBe(2);
    expect(once.result).toMatchObject({ applied: 3, cancelled: 1, outcome: "none" });
    const all = zodiac.cancelWagers({ setback: once.setback, result: once.result, n: 2 });
    expect(all.setback).toBe(0);
    expect(all.result.applied).toBe(1); // the free Wager stays
    expect(codeOf(() => zodiac.cancelWagers({ setback: 5, result: all.result }))).toBe("cancelTooMany");
    expect(codeOf(() => zodiac.cancelWagers({ setback: 0, result: hit }))).toBe("notEnoughSetback");
  });

  it("cannot cancel a head shot", () => {
    const head = zodiac.strike({ total: 12, tn: 10, wagers: 6, rank: 9, calledShot: "head", target: "otherAgent" });
    expect(codeOf(() => zodiac.cancelWagers({ setback: 3, result: head }))).toBe("headShotCannotBeCancelled");
  });

  it("keeps the strike's round when re-resolving", () => {
    const hit = zodiac.strike({ total: 12, tn: 10, wagers: 3, rank: 4, target: "agent", round: 2 });
    expect(zodiac.cancelWagers({ setback: 1, result: hit }).result.round).toBe(2);
  });

  it("Operations may save Everyone Else outright, one Setback each, but not a head shot", () => {
    const three = zodiac.killEveryoneElse({ total: 6, wagers: 2 });
    const saved = zodiac.saveEveryoneElse({ setback: 2, result: three, n: 2 });
    expect(saved).toEqual({ setback: 0, result: { ...three, kills: 1, saved: 2 } });
    const head = zodiac.killEveryoneElse({ total: 6, wagers: 6, calledShot: "head" });
    expect(zodiac.saveEveryoneElse({ setback: 2, result: head }).result.kills).toBe(1);
    expect(codeOf(() => zodiac.saveEveryoneElse({ setback: 2, result: head, n: 2 }))).toBe("headShotCannotBeSaved");
    expect(codeOf(() => zodiac.saveEveryoneElse({ setback: 2, result: zodiac.killEveryoneElse({ total: 1, wagers: 0 }) }))).toBe("nothingToSave");
  });
});
