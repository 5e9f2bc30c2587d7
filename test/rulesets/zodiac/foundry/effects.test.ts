/**
 * The zodiac adapter's pure layer: card results built from dice, card effects on targets, the
 * roll dialog's odds, the combat mapping and the Setback panel — with plain objects, no Foundry.
 */
import { describe, expect, it } from "vitest";
import { calledShotCosts, cancelWagers, everyoneElseTn, healthyAgent, strike } from "../../../../src/rulesets/zodiac/rules/index.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { duelEffect, killEffect, strikeEffect, duelSideOf } from "../../../../src/rulesets/zodiac/cards/effects.js";
import { killResult, revealCommits, strikeResult, duelResult, type RollBase } from "../../../../src/rulesets/zodiac/cards/results.js";
import { rollModel } from "../../../../src/rulesets/zodiac/cards/roll-model.js";
import { duelView, killView } from "../../../../src/rulesets/zodiac/cards/views.js";
import { zodiacCombat, withMove, roundStatus } from "../../../../src/rulesets/zodiac/combat.js";
import { cancelOneWager, panelView } from "../../../../src/rulesets/zodiac/cards/panel-view.js";
import { rollDialogView } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { AREA_NAMES_DEFAULT, areaNamesFrom, parseAreaNames } from "../../../../src/rulesets/zodiac/data/areas.js";
import { commits, roundOneDuel, mikeAreas, areaNumbers, jeremyAreas, MIKE, JEREMY } from "./mike-jeremy-data.js";
import type { CombatantInfo } from "../../../../src/foundry/registry.js";

const base = (over: Partial<RollBase> = {}): RollBase => ({
  actor: { uuid: "Actor.a", name: "Ava" },
  areaName: "Aries",
  area: 3,
  spend: 0,
  gathered: 0,
  wagers: 0,
  calledShot: null,
  almostDead: false,
  totalMode: "keepArea",
  dice: [5, 2, 1],
  chance: 0.5,
  combat: { id: "c1", round: 1 },
  ...over,
});

const agentSys = (status = "healthy", wagersAgainst = 0, almostDeadSince: number | null = null): JsonObject => ({
  areas: {},
  health: { status, wagersAgainst, almostDeadSince },
  agentPoints: { value: 3, max: 3 },
});

describe("kill card", () => {
  it("three goons, two Wagers: all three die off the crowd; no Setback", () => {
    const result = killResult({ ...base({ wagers: 2, dice: [6] }), captureAlive: false }, everyoneElseTn, calledShotCosts);
    const e = killEffect({ result, target: { uuid: "Actor.goons", type: "zodiacCrowd", name: "Goons", system: { standing: 3, captured: 0, killed: 0 } } });
    expect(e).toMatchObject({ update: { "system.standing": 0, "system.captured": 0, "system.killed": 3 }, pools: [] });
  });

  it("a miss kills nobody and gives Operations 1 Setback through the GM pool", () => {
    const result = killResult({ ...base({ dice: [2, 1, 1] }), captureAlive: false }, everyoneElseTn, calledShotCosts);
    const e = killEffect({ result, target: { uuid: "Actor.goons", type: "zodiacCrowd", name: "Goons", system: { standing: 3, captured: 0, killed: 0 } } });
    expect(e).toMatchObject({ update: { "system.standing": 3 }, pools: [{ name: "setback", delta: 1 }] });
    expect(killView(result)).toMatchObject({ success: false, setbackGained: 1, total: 4 });
  });

  it("capture alive: 2 Wagers take one; refuses a non-crowd target", () => {
    const result = killResult({ ...base({ gathered: 1, wagers: 3, dice: [5] }), captureAlive: true }, everyoneElseTn, calledShotCosts);
    const e = killEffect({ result, target: { uuid: "Actor.goons", type: "zodiacCrowd", name: "Goons", system: { standing: 4, captured: 0, killed: 0 } } });
    expect(e).toMatchObject({ update: { "system.standing": 2, "system.captured": 1, "system.killed": 1 } });
    expect(killEffect({ result, target: { uuid: "Actor.x", type: "zodiacAgent", name: "X", system: {} } })).toEqual({ refused: "FRACAS.Zodiac.Refused.NotCrowd" });
  });
});

describe("strike card", () => {
  const target = { uuid: "Actor.baron", name: "Baron", tn: 10, rank: 4, accumulated: 0 };
  it("applies Wagers + 1 free to the stored count, dead at Rank", () => {
    const r = strikeResult({ ...base({ area: 3, gathered: 2, wagers: 2, dice: [6, 5, 1] }), target }, calledShotCosts);
    const e = strikeEffect({ result: r, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: { rank: 4, tn: 10, wagersAgainst: 1, status: "healthy" } } });
    expect(e).toMatchObject({ update: { "system.wagersAgainst": 4, "system.status": "dead" }, statuses: [{ status: "dead", on: true }] });
  });

  it("a head shot kills at any Rank; a miss gives Setback", () => {
    const head = strikeResult({ ...base({ area: 3, gathered: 5, wagers: 5, calledShot: "head", dice: [6, 6, 1] }), target: { ...target, rank: 9 } }, calledShotCosts);
    expect(strikeEffect({ result: head, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: { rank: 9, tn: 10, wagersAgainst: 0, status: "healthy" } } })).toMatchObject({
      update: { "system.status": "dead" },
    });
    const miss = strikeResult({ ...base({ dice: [2, 2, 1] }), target }, calledShotCosts);
    expect(strikeEffect({ result: miss, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: { rank: 4, tn: 10, wagersAgainst: 0, status: "healthy" } } })).toMatchObject({
      update: { "system.wagersAgainst": 0 },
      pools: [{ name: "setback", delta: 1 }],
    });
  });

  it("records the spent/free breakdown of the Wagers it adds; a head shot is remembered", () => {
    const sys = (wagersAgainst: number, spent: number, free: number) => ({ rank: 9, tn: 10, wagersAgainst, breakdown: { spent, free }, headShot: false, status: "healthy" });
    // 2 Wagers declared, hit: 2 spent + 1 free on top of an earlier 1 spent + 1 free.
    const hit = strikeResult({ ...base({ area: 3, gathered: 2, wagers: 2, dice: [6, 5, 1] }), target: { ...target, rank: 9, accumulated: 2 } }, calledShotCosts);
    expect(strikeEffect({ result: hit, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: sys(2, 1, 1) } })).toMatchObject({
      update: { "system.wagersAgainst": 5, "system.breakdown.spent": 3, "system.breakdown.free": 2, "system.headShot": false, "system.status": "healthy" },
    });
    // No Wagers: only the free one. A miss: nothing.
    const free = strikeResult({ ...base({ dice: [6, 6, 1] }), target: { ...target, rank: 9 } }, calledShotCosts);
    expect(strikeEffect({ result: free, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: sys(0, 0, 0) } })).toMatchObject({
      update: { "system.wagersAgainst": 1, "system.breakdown.spent": 0, "system.breakdown.free": 1 },
    });
    const miss = strikeResult({ ...base({ dice: [2, 2, 1] }), target: { ...target, rank: 9 } }, calledShotCosts);
    expect(strikeEffect({ result: miss, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: sys(2, 1, 1) } })).toMatchObject({
      update: { "system.wagersAgainst": 2, "system.breakdown.spent": 1, "system.breakdown.free": 1 },
    });
    // A head shot with 6 Wagers: 5 buy the shot, 1 is spent against Rank, plus the free one; dead, and remembered.
    const head = strikeResult({ ...base({ area: 3, gathered: 6, wagers: 6, calledShot: "head", dice: [6, 6, 1] }), target: { ...target, rank: 9 } }, calledShotCosts);
    expect(strikeEffect({ result: head, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: sys(0, 0, 0) } })).toMatchObject({
      update: { "system.wagersAgainst": 2, "system.breakdown.spent": 1, "system.breakdown.free": 1, "system.headShot": true, "system.status": "dead" },
    });
  });

  it("refuses an already dead Other Agent with the kernel's code", () => {
    const r = strikeResult({ ...base({ dice: [6, 6, 1] }), target }, calledShotCosts);
    expect(strikeEffect({ result: r, target: { uuid: "Actor.baron", type: "zodiacOtherAgent", name: "Baron", system: { rank: 4, tn: 10, wagersAgainst: 4, status: "dead" } } })).toEqual({
      refused: "FRACAS.Error.alreadyDead",
      data: {},
    });
  });
});

describe("duel card (Mike vs Jeremy)", () => {
  it("secret Wagers are revealed only once both committed, without amounts before", () => {
    const { key, mike, jeremy } = commits();
    const early = revealCommits(key, [jeremy]);
    expect(early.reveal).toMatchObject({ revealed: false, waiting: [mike.actor.uuid] });
    expect(JSON.stringify(early.reveal)).not.toContain('"wagers"');
    const both = revealCommits(key, [jeremy, mike, { ...mike, wagers: 9 }]);
    expect(both.reveal).toEqual({ revealed: true, wagers: { [mike.actor.uuid]: 3, [jeremy.actor.uuid]: 2 } });
  });

  it("16 and 8: Jeremy Almost Dead (4 of 4), Mike at 3 of 5; each side's strike lands on the other", () => {
    const r = roundOneDuel();
    const v = duelView(r);
    expect(v.sides.map((s) => s.total)).toEqual([16, 8]);
    const onJeremy = duelEffect({ result: r, target: { uuid: JEREMY.uuid, type: "zodiacAgent", name: "Jeremy", system: agentSys() } });
    const onMike = duelEffect({ result: r, target: { uuid: MIKE.uuid, type: "zodiacAgent", name: "Mike", system: agentSys() } });
    expect(onJeremy).toMatchObject({ update: { "system.health.status": "almostDead", "system.health.wagersAgainst": 4, "system.health.almostDeadSince": 1 } });
    expect(onMike).toMatchObject({ update: { "system.health.status": "healthy", "system.health.wagersAgainst": 3 } });
  });

  it("round 2: Mike's finishing Wager + Agent Point kills Jeremy; in round 1 it is refused", () => {
    const { key, mike, jeremy } = commits(2);
    const states = { a: { areas: areaNumbers(mikeAreas), health: { status: "healthy" as const, wagersAgainst: 3, almostDeadSince: null } }, b: { areas: areaNumbers(jeremyAreas), health: { status: "almostDead" as const, wagersAgainst: 4, almostDeadSince: 1 } } };
    const r = duelResult({ ...mike, gathered: 0, wagers: 1, finish: true, agentPointsLeft: 1 }, { ...jeremy, gathered: 0, wagers: 0 }, states, { a: [6, 5], b: [3, 2, 1] }, "keepArea", calledShotCosts);
    r.duelKey = key;
    const e = duelEffect({ result: r, target: { uuid: JEREMY.uuid, type: "zodiacAgent", name: "Jeremy", system: agentSys("almostDead", 4, 1) } });
    expect(e).toMatchObject({ update: { "system.health.status": "dead" } });
    expect(() => duelResult({ ...mike, combat: { id: "c", round: 1 }, gathered: 0, wagers: 1, finish: true, agentPointsLeft: 1 }, { ...jeremy, gathered: 0, wagers: 0 }, states, { a: [6, 5], b: [3, 2, 1] }, "keepArea", calledShotCosts)).toThrow(/later round/);
  });

  it("a duel side is found by the target's uuid, never its name: two Agents both called Alex", () => {
    const { key, mike, jeremy } = commits();
    const alexA = { uuid: "Actor.alexAAAAAAAAAAAA", name: "Alex" };
    const alexB = { uuid: "Actor.alexBBBBBBBBBBBB", name: "Alex" };
    const r = duelResult(
      { ...mike, actor: alexA, opponent: alexB },
      { ...jeremy, actor: alexB, opponent: alexA },
      { a: { areas: areaNumbers(mikeAreas), health: healthyAgent() }, b: { areas: areaNumbers(jeremyAreas), health: healthyAgent() } },
      { a: [6, 6, 4, 1], b: [2, 4, 1, 2] },
      "keepArea",
      calledShotCosts,
    );
    r.duelKey = key;
    expect(duelSideOf(r, alexA.uuid)).toBe("a");
    expect(duelSideOf(r, alexB.uuid)).toBe("b");
    expect(duelSideOf(r, "Actor.someoneElse00")).toBeNull();
    expect(duelSideOf(r, "")).toBeNull();
    // Side a (16, 3 Wagers + 1 free) lands on side b; side b (8, 2 + 1) on side a — same names, right sides.
    const onB = duelEffect({ result: r, target: { uuid: alexB.uuid, type: "zodiacAgent", name: "Alex", system: agentSys() } });
    const onA = duelEffect({ result: r, target: { uuid: alexA.uuid, type: "zodiacAgent", name: "Alex", system: agentSys() } });
    expect(onB).toMatchObject({ update: { "system.health.status": "almostDead", "system.health.wagersAgainst": 4 } });
    expect(onA).toMatchObject({ update: { "system.health.status": "healthy", "system.health.wagersAgainst": 3 } });
    // A third Agent with the same name is not a side.
    expect(duelEffect({ result: r, target: { uuid: "Actor.alexCCCCCCCCCCCC", type: "zodiacAgent", name: "Alex", system: agentSys() } })).toEqual({
      refused: "FRACAS.Zodiac.Refused.NotInDuel",
    });
    // A name match alone never selects a side.
    expect(duelEffect({ result: roundOneDuel(), target: { uuid: "Actor.other0000000000", type: "zodiacAgent", name: "Mike", system: agentSys() } })).toEqual({
      refused: "FRACAS.Zodiac.Refused.NotInDuel",
    });
  });
});

describe("roll dialog model", () => {
  it("one die against TN 5 is 1/3 and the dialog shows 33.3%", () => {
    const m = rollModel({ kind: "kill", area: 1, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 5, totalMode: "keepArea" }, { agentPoints: 0, almostDead: false }, 5, calledShotCosts);
    expect(m).toMatchObject({ ok: true, pool: 1, percent: "33.3" });
    expect(m.chance).toBe(1 / 3);
  });

  it("refusals come back as FRACAS.Error keys, never throws", () => {
    const c = { kind: "kill" as const, area: 3, spend: 0, gathered: 0, wagers: 4, calledShot: null, captureAlive: false, finish: false, tn: 5, totalMode: "keepArea" as const };
    expect(rollModel(c, { agentPoints: 0, almostDead: false }, 5, calledShotCosts).error?.key).toBe("FRACAS.Error.tooManyWagers");
    expect(rollModel({ ...c, wagers: 1 }, { agentPoints: 0, almostDead: true }, 5, calledShotCosts).error?.key).toBe("FRACAS.Error.almostDeadCannotWager");
    expect(rollModel({ ...c, wagers: 1, gathered: 2 }, { agentPoints: 0, almostDead: false }, 5, calledShotCosts).error?.key).toBe("FRACAS.Error.gatherNeedsAgentPoint");
    expect(rollModel({ ...c, wagers: 1, calledShot: "head" }, { agentPoints: 0, almostDead: false }, 5, calledShotCosts).error?.key).toBe("FRACAS.Error.calledShotNeedsWagers");
  });

  it("the dialog view uses the target's TN and offers only the kinds that fit", () => {
    const v = rollDialogView({
      actorName: "Mike",
      areas: mikeAreas,
      slot: "a1",
      choice: { kind: "kill", area: 3, spend: 1, gathered: 4, wagers: 3, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" },
      agentPoints: 3,
      almostDead: false,
      target: { uuid: "Actor.j", name: "Jeremy", type: "zodiacAgent", tn: 10, rank: 4, accumulated: 0, almostDead: false },
      totalMode: "keepArea",
      everyoneElseTn,
      calledShotGrid: calledShotCosts,
    });
    expect(v.kind).toBe("duel");
    expect(v.model).toMatchObject({ ok: true, pool: 4, keep: 3, tn: 10 });
  });

  it("area names come from the world list: five distinct non-empty names of at most 24 characters", () => {
    expect(AREA_NAMES_DEFAULT).toBe("Aries, Capricorn, Gemini, Scorpio, Virgo");
    expect(parseAreaNames(" Fire,Water , Air, Earth,Aether ")).toEqual({ ok: true, names: ["Fire", "Water", "Air", "Earth", "Aether"] });
    expect(parseAreaNames("A, B, C, D, " + "x".repeat(24))).toMatchObject({ ok: true });
    const seed = ["Aries", "Capricorn", "Gemini", "Scorpio", "Virgo"];
    const bad: [unknown, RegExp][] = [
      ["Fire, Water", /2 names given, 5 needed/],
      ["A, B, C, D, E, F", /6 names given/],
      ["A, B, , D, E", /name 3 is empty/],
      ["A, B, C, D, " + "x".repeat(25), /longer than 24/],
      ["Fire, Water, Air, Earth, fire", /given twice/],
      ["", /1 names given/],
      [42, /not text/],
    ];
    for (const [list, why] of bad) {
      const warnings: string[] = [];
      expect(areaNamesFrom(list, (p) => warnings.push(p)), String(list)).toEqual(seed);
      expect(warnings, String(list)).toHaveLength(1);
      expect(warnings[0]).toMatch(why);
    }
    expect(areaNamesFrom("Fire, Water, Air, Earth, Aether", () => { throw new Error("no warning for a good list"); })).toEqual(["Fire", "Water", "Air", "Earth", "Aether"]);
  });
});

const info = (id: string, actorType: string, system: JsonObject = {}): CombatantInfo => ({ defeated: false, statuses: [], id, name: id, actorType, system, isPC: true, declaration: "", initiative: null, memory: {} });

describe("combat mapping", () => {
  const combatants = [info("mike", "zodiacAgent", agentSys()), info("baron", "zodiacOtherAgent", { rank: 4, wagersAgainst: 0 }), info("jeremy", "zodiacAgent", agentSys()), info("ava", "zodiacAgent", agentSys())];

  it("no initiative; Agents in table order, one act step each; GM moves are kept in memory `order`", () => {
    const start = zodiacCombat.startRound({ round: 1, combatants, combatMemory: {}, die: () => 1 });
    expect(start.initiative).toEqual({ mike: null, baron: null, jeremy: null, ava: null });
    expect(zodiacCombat.plan({ round: 1, combatants, combatMemory: {}, die: () => 1 }).order).toEqual(["mike", "jeremy", "ava"]);
    const memory = withMove({}, combatants, "ava", 0);
    const plan = zodiacCombat.plan({ round: 2, combatants, combatMemory: memory, die: () => 1 });
    expect(plan).toMatchObject({ mode: "free", round: 2, order: ["ava", "mike", "jeremy"] });
    expect(plan.steps.every((s) => s.kind === "act")).toBe(true);
    expect(() => withMove({}, combatants, "baron", 0)).toThrow();
  });

  it("declarations for Agents only; every Agent rolls every round", () => {
    expect(zodiacCombat.declarations(combatants[0]!).map((d) => d.value)).toEqual(["kill", "strike", "duel", "other"]);
    expect(zodiacCombat.declarations(combatants[1]!)).toEqual([]);
    expect(roundStatus(combatants, {}, ["mike"])).toEqual({ complete: false, missing: ["jeremy", "ava"] });
    expect(roundStatus(combatants, {}, ["mike", "jeremy", "ava"]).complete).toBe(true);
  });
});

describe("Setback panel", () => {
  const rec = (wagersAgainst: number, spent: number, free: number, status: "healthy" | "dead" = "healthy", headShot = false) => ({ status, wagersAgainst, spent, free, headShot });

  it("cancel a Wager: 1 Setback, one fewer spent Wager, alive again below Rank", () => {
    expect(cancelOneWager(rec(4, 3, 1, "dead"), 4, 2)).toEqual({ setback: 1, state: rec(3, 2, 1), events: [{ status: "dead", on: false }] });
    expect(cancelOneWager(rec(3, 2, 1), 4, 1)).toEqual({ setback: 0, state: rec(2, 1, 1), events: [] });
  });

  it("only spent Wagers can be cancelled, never the free Wager (the kernel's cancelTooMany)", () => {
    // Three hits with no Wagers: three free Wagers, nothing spent.
    expect(() => cancelOneWager(rec(3, 0, 3), 4, 2)).toThrow(expect.objectContaining({ code: "cancelTooMany" }));
    // Wagers typed in by hand are of unknown kind: not cancellable either.
    expect(() => cancelOneWager(rec(2, 0, 0), 4, 2)).toThrow(expect.objectContaining({ code: "cancelTooMany" }));
    // After the one spent Wager is cancelled, the free one stays.
    const once = cancelOneWager(rec(2, 1, 1), 4, 2);
    expect(once.state).toEqual(rec(1, 0, 1));
    expect(() => cancelOneWager(once.state, 4, once.setback)).toThrow(expect.objectContaining({ code: "cancelTooMany" }));
    // The kernel agrees on a single strike: 2 Wagers + 1 free, two cancels fine, a third refused.
    const hit = strike({ total: 12, tn: 10, wagers: 2, rank: 4, target: "otherAgent" });
    expect(cancelWagers({ setback: 2, result: hit, n: 2 }).result.applied).toBe(1);
    expect(() => cancelWagers({ setback: 3, result: hit, n: 3 })).toThrow(expect.objectContaining({ code: "cancelTooMany" }));
  });

  it("head-shot kills stay dead; no Setback, no Wagers: refused with the kernel's codes", () => {
    expect(() => cancelOneWager(rec(5, 4, 1, "dead", true), 4, 2)).toThrow(expect.objectContaining({ code: "headShotCannotBeCancelled" }));
    expect(() => cancelOneWager(rec(1, 0, 1, "dead"), 9, 2)).toThrow(expect.objectContaining({ code: "headShotCannotBeCancelled" }));
    expect(() => cancelOneWager(rec(0, 0, 0), 4, 2)).toThrow(expect.objectContaining({ code: "nothingToCancel" }));
    expect(() => cancelOneWager(rec(1, 1, 0), 4, 0)).toThrow(expect.objectContaining({ code: "notEnoughSetback" }));
  });

  it("shows the pool and history to everyone, spend buttons only to the GM", () => {
    const combatants = [
      info("mike", "zodiacAgent", agentSys()),
      info("baron", "zodiacOtherAgent", { rank: 4, wagersAgainst: 2, breakdown: { spent: 1, free: 1 }, headShot: false, status: "healthy" }),
      info("count", "zodiacOtherAgent", { rank: 7, wagersAgainst: 2, breakdown: { spent: 0, free: 2 }, headShot: false, status: "healthy" }),
    ].map((c) => ({ ...c, uuid: `Actor.${c.id}` }));
    const history = [{ id: "e1", delta: 1, reason: "FRACAS.Zodiac.Setback.Reason.Miss|Mike", by: "u", at: 1, before: 0, after: 1 }];
    const common = { setback: 1, history, combatants, memory: {}, rolled: ["mike"], spends: [], localize: (k: string, d?: Record<string, string | number>) => `${k}${d ? JSON.stringify(d) : ""}` };
    const gm = panelView({ ...common, isGM: true });
    expect(gm).toMatchObject({ setback: 1, complete: true, agents: [{ canShoot: true }], otherAgents: [{ canCancel: true, spent: 1, free: 1 }, { canCancel: false, spent: 0, free: 2 }] });
    expect(gm.history[0]!.text).toContain("Mike");
    const player = panelView({ ...common, isGM: false });
    expect(player.agents[0]!.canShoot).toBe(false);
    expect(player.otherAgents[0]!.canCancel).toBe(false);
    expect(player.setback).toBe(1);
  });

  it("a history line whose Agent's name holds a '|' names them whole (quality audit s15: split at the first '|' only)", () => {
    const history = [{ id: "e1", delta: 1, reason: "FRACAS.Zodiac.Setback.Reason.Miss|Mike | the Knife", by: "u", at: 1, before: 0, after: 1 }];
    const view = panelView({ setback: 1, history, combatants: [], memory: {}, rolled: [], spends: [], isGM: true, localize: (k: string, d?: Record<string, string | number>) => `${k}${d ? JSON.stringify(d) : ""}` });
    expect(view.history[0]!.text).toBe('FRACAS.Zodiac.Setback.Reason.Miss{"name":"Mike | the Knife"}');
  });
});

void healthyAgent;
