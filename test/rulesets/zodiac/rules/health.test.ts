import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import type { AgentHealth, OtherAgentHealth } from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

const hitAgent = (wagers: number, rank: number, extra: Partial<zodiac.StrikeInput> = {}) =>
  zodiac.strike({ total: 20, tn: 10, wagers, rank, target: "agent", round: 2, ...extra });
const hitOther = (wagers: number, rank: number, extra: Partial<zodiac.StrikeInput> = {}) =>
  zodiac.strike({ total: 20, tn: 10, wagers, rank, target: "otherAgent", ...extra });

describe("applyStrikeToAgent", () => {
  it("accumulates below Rank without events, then turns Almost Dead at Rank", () => {
    const one = zodiac.applyStrikeToAgent(zodiac.healthyAgent(), hitAgent(1, 5));
    expect(one).toEqual({ state: { status: "healthy", wagersAgainst: 2, almostDeadSince: null }, events: [] });
    const two = zodiac.applyStrikeToAgent(one.state, hitAgent(2, 5));
    expect(two).toEqual({ state: { status: "almostDead", wagersAgainst: 5, almostDeadSince: 2 }, events: [{ status: "almostDead", on: true }] });
  });

  it("never kills: more Wagers on an Almost Dead Agent keep them Almost Dead", () => {
    const ad: AgentHealth = { status: "almostDead", wagersAgainst: 5, almostDeadSince: 1 };
    const r = zodiac.applyStrikeToAgent(ad, hitAgent(4, 5));
    expect(r.state).toEqual({ status: "almostDead", wagersAgainst: 10, almostDeadSince: 1 });
    expect(r.events).toEqual([]);
  });

  it("adds to the stored count, so two strikes rolled against the same prior both land", () => {
    const s0 = zodiac.healthyAgent();
    const a = hitAgent(1, 5);
    const b = hitAgent(1, 5);
    const after = zodiac.applyStrikeToAgent(zodiac.applyStrikeToAgent(s0, a).state, b).state;
    expect(after.wagersAgainst).toBe(4);
  });

  it("a miss changes nothing; the input state is not mutated", () => {
    const s: AgentHealth = { status: "healthy", wagersAgainst: 2, almostDeadSince: null };
    const r = zodiac.applyStrikeToAgent(s, zodiac.strike({ total: 3, tn: 10, wagers: 2, rank: 5, target: "agent" }));
    expect(r).toEqual({ state: s, events: [] });
    zodiac.applyStrikeToAgent(s, hitAgent(5, 5));
    expect(s).toEqual({ status: "healthy", wagersAgainst: 2, almostDeadSince: null });
  });

  it("refuses: wrong target, dead Agent, missing round when they fall, malformed state", () => {
    expect(codeOf(() => zodiac.applyStrikeToAgent(zodiac.healthyAgent(), hitOther(1, 5)))).toBe("wrongTarget");
    expect(codeOf(() => zodiac.applyStrikeToAgent({ status: "dead", wagersAgainst: 0, almostDeadSince: 1 }, hitAgent(1, 5)))).toBe("alreadyDead");
    const noRound = zodiac.strike({ total: 20, tn: 10, wagers: 5, rank: 5, target: "agent" });
    expect(codeOf(() => zodiac.applyStrikeToAgent(zodiac.healthyAgent(), noRound))).toBe("roundRequired");
    expect(codeOf(() => zodiac.applyStrikeToAgent({ status: "almostDead", wagersAgainst: 0, almostDeadSince: null }, hitAgent(1, 5)))).toBe("badInput");
    expect(codeOf(() => zodiac.applyStrikeToAgent({ status: "fine" } as unknown as AgentHealth, hitAgent(1, 5)))).toBe("badChoice");
  });

  it("round-trips through JSON (chat data)", () => {
    const r = zodiac.applyStrikeToAgent(zodiac.healthyAgent(), JSON.parse(JSON.stringify(hitAgent(4, 5))) as zodiac.StrikeResult);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(r.state.status).toBe("almostDead");
  });
});

describe("applyStrikeToAgent: head shots", () => {
  it("a landed head shot kills a Healthy Agent outright, at any Rank", () => {
    expect(zodiac.applyStrikeToAgent(zodiac.healthyAgent(), hitAgent(5, 9, { calledShot: "head" }))).toEqual({
      state: { status: "dead", wagersAgainst: 1, almostDeadSince: null },
      events: [{ status: "dead", on: true }],
    });
  });

  it("a landed head shot kills an Almost Dead Agent in the same round they fell (no finishing wait)", () => {
    const ad: AgentHealth = { status: "almostDead", wagersAgainst: 5, almostDeadSince: 2 };
    expect(zodiac.applyStrikeToAgent(ad, hitAgent(5, 5, { calledShot: "head" }))).toEqual({
      state: { status: "dead", wagersAgainst: 6, almostDeadSince: 2 },
      events: [
        { status: "dead", on: true },
        { status: "almostDead", on: false },
      ],
    });
  });

  it("a missed head shot changes nothing", () => {
    const miss = zodiac.strike({ total: 3, tn: 10, wagers: 5, rank: 5, calledShot: "head", target: "agent", round: 1 });
    expect(zodiac.applyStrikeToAgent(zodiac.healthyAgent(), miss)).toEqual({ state: zodiac.healthyAgent(), events: [] });
  });
});

describe("applyStrikeToOtherAgent", () => {
  it("dies at Rank or on a head shot", () => {
    const s: OtherAgentHealth = zodiac.healthyOtherAgent();
    expect(zodiac.applyStrikeToOtherAgent(s, hitOther(1, 5))).toEqual({ state: { status: "healthy", wagersAgainst: 2 }, events: [] });
    expect(zodiac.applyStrikeToOtherAgent({ status: "healthy", wagersAgainst: 3 }, hitOther(1, 5))).toEqual({
      state: { status: "dead", wagersAgainst: 5 },
      events: [{ status: "dead", on: true }],
    });
    expect(zodiac.applyStrikeToOtherAgent(s, hitOther(5, 9, { calledShot: "head" })).state.status).toBe("dead");
  });

  it("refuses a dead Other Agent and an Agent strike", () => {
    expect(codeOf(() => zodiac.applyStrikeToOtherAgent({ status: "dead", wagersAgainst: 5 }, hitOther(1, 9)))).toBe("alreadyDead");
    expect(codeOf(() => zodiac.applyStrikeToOtherAgent(zodiac.healthyOtherAgent(), hitAgent(1, 9)))).toBe("wrongTarget");
  });
});

describe("applyFinishToAgent / makeAlmostDead", () => {
  const ad: AgentHealth = { status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 };

  it("kills an Almost Dead Agent in a later round", () => {
    const f = zodiac.finishAlmostDead({ round: 2, almostDeadSince: 1, wagers: 1, agentPoints: 1 });
    expect(zodiac.applyFinishToAgent(ad, f)).toEqual({
      state: { status: "dead", wagersAgainst: 4, almostDeadSince: 1 },
      events: [
        { status: "dead", on: true },
        { status: "almostDead", on: false },
      ],
    });
  });

  it("a missed finishing roll changes nothing", () => {
    const f = zodiac.finishAlmostDead({ round: 2, almostDeadSince: 1, wagers: 1, agentPoints: 1, total: 3, tn: 10 });
    expect(zodiac.applyFinishToAgent(ad, f)).toEqual({ state: ad, events: [] });
  });

  it("refuses a Healthy target, a dead one, and a finish from the round they fell in", () => {
    const f = zodiac.finishAlmostDead({ round: 2, almostDeadSince: 1, wagers: 1, agentPoints: 1 });
    expect(codeOf(() => zodiac.applyFinishToAgent(zodiac.healthyAgent(), f))).toBe("notAlmostDead");
    expect(codeOf(() => zodiac.applyFinishToAgent({ ...ad, status: "dead" }, f))).toBe("alreadyDead");
    expect(codeOf(() => zodiac.applyFinishToAgent({ ...ad, almostDeadSince: 2 }, f))).toBe("finishTooSoon");
  });

  it("makeAlmostDead: Healthy → Almost Dead, once", () => {
    expect(zodiac.makeAlmostDead(zodiac.healthyAgent(), 3)).toEqual({
      state: { status: "almostDead", wagersAgainst: 0, almostDeadSince: 3 },
      events: [{ status: "almostDead", on: true }],
    });
    expect(codeOf(() => zodiac.makeAlmostDead(ad, 3))).toBe("alreadyAlmostDead");
  });
});
