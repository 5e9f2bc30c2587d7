/**
 * Audit Z2 (RULES §3: "1 Setback cancels one Wager against an Agent's Rank"; DECISIONS #45): the
 * Setback panel cancels a Wager against a *player* Agent's Rank too — a spent Wager only, never
 * the free one, as duel applications record the split on the Agent — with Undo. An Agent the Rank
 * made Almost Dead is Healthy again below it; one shot with Setback stays Almost Dead; the dead
 * stay dead. Pure rule first, then the seed's duel through the fake and the panel's buttons.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { PanelView } from "../../../../src/rulesets/zodiac/cards/panel-view.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { agentCancellable, agentRank, cancelOneAgentWager } from "../../../../src/rulesets/zodiac/cards/agent-cancel.js";
import { agentRecordOf, type AgentRecord } from "../../../../src/rulesets/zodiac/cards/effects.js";
import { mikeAreas, jeremyAreas } from "./mike-jeremy-data.js";
import { mikeAndJeremy, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Panel } from "./world.js";

const rec = (over: Partial<AgentRecord> = {}): AgentRecord => ({ status: "healthy", wagersAgainst: 0, almostDeadSince: null, spent: 0, free: 0, almostDeadBy: "none", almostDeadIn: null, ...over });

describe("cancelOneAgentWager (pure)", () => {
  it("Jeremy, Almost Dead at 4 of Rank 4 (3 spent + 1 free): 1 Setback makes him Healthy at 3", () => {
    const jeremy = rec({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1, spent: 3, free: 1, almostDeadBy: "rank" });
    expect(cancelOneAgentWager(jeremy, 4, 2)).toEqual({
      setback: 1,
      state: rec({ status: "healthy", wagersAgainst: 3, spent: 2, free: 1 }),
      events: [{ status: "almostDead", on: false }],
    });
  });

  it("still at or past Rank after the cancel: stays Almost Dead, one fewer Wager", () => {
    const over = rec({ status: "almostDead", wagersAgainst: 6, almostDeadSince: 1, spent: 5, free: 1, almostDeadBy: "rank" });
    expect(cancelOneAgentWager(over, 4, 1)).toEqual({ setback: 0, state: { ...over, wagersAgainst: 5, spent: 4 }, events: [] });
  });

  it("shot with Setback: a cancel takes a Wager off but does not heal; unknown cause past Rank heals (older data)", () => {
    const shot = rec({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 0, spent: 3, free: 1, almostDeadBy: "setback" });
    expect(cancelOneAgentWager(shot, 4, 1).state).toEqual({ ...shot, wagersAgainst: 3, spent: 2 });
    const legacy = rec({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1, spent: 3, free: 1, almostDeadBy: "none" });
    expect(cancelOneAgentWager(legacy, 4, 1).state.status).toBe("healthy");
    const byHand = rec({ status: "almostDead", wagersAgainst: 2, almostDeadSince: 0, spent: 2, almostDeadBy: "none" });
    expect(cancelOneAgentWager(byHand, 4, 1).state).toMatchObject({ status: "almostDead", wagersAgainst: 1 });
  });

  it("never the free Wager, nor Wagers typed by hand; the dead, no Wagers, no Setback: refused", () => {
    expect(() => cancelOneAgentWager(rec({ wagersAgainst: 2, free: 2 }), 4, 3)).toThrow(expect.objectContaining({ code: "cancelTooMany" }));
    expect(() => cancelOneAgentWager(rec({ wagersAgainst: 2 }), 4, 3)).toThrow(expect.objectContaining({ code: "cancelTooMany" }));
    expect(() => cancelOneAgentWager(rec({ status: "dead", wagersAgainst: 4, almostDeadSince: 1, spent: 3, free: 1 }), 4, 3)).toThrow(expect.objectContaining({ code: "alreadyDead" }));
    expect(() => cancelOneAgentWager(rec(), 4, 3)).toThrow(expect.objectContaining({ code: "nothingToCancel" }));
    expect(() => cancelOneAgentWager(rec({ wagersAgainst: 1, spent: 1 }), 4, 0)).toThrow(expect.objectContaining({ code: "notEnoughSetback" }));
  });

  it("reads the stored record: spent capped at the Wagers standing; Rank = highest Area", () => {
    expect(agentCancellable(rec({ wagersAgainst: 1, spent: 3 }))).toBe(1);
    expect(agentRecordOf({ health: { status: "healthy", wagersAgainst: 2, almostDeadSince: null, almostDeadBy: "rank" } })).toEqual(rec({ wagersAgainst: 2 }));
    expect(agentRank({ areas: mikeAreas } as unknown as JsonObject)).toBe(5);
    expect(agentRank({ areas: jeremyAreas } as unknown as JsonObject)).toBe(4);
  });
});

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let panel: Panel;
let mike: FakeActor;
let jeremy: FakeActor;
let combat: FakeCombat;

type Health = { status: string; wagersAgainst: number; almostDeadSince: number | null; spent: number; free: number; almostDeadBy: string; almostDeadIn: string | null };
const health = (a: FakeActor) => ({ ...(a.system as unknown as { health: Health }).health });
const setback = () => adapter.pools.readPool("setback").value;
const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
const view = () => panel.panelContext(combat as never) as unknown as PanelView;
const resultOf = (m: unknown) => ((m as FakeChatMessage).system as unknown as { result: Record<string, unknown> }).result;

async function commit(userId: string, self: FakeActor, other: FakeActor, c: { spend: number; gathered: number; wagers: number }) {
  return world.as(userId, async () => {
    const target = dialog.dialogTarget(other.uuid, other.name)!;
    const choice = { kind: "duel" as const, area: 3, spend: c.spend, gathered: c.gathered, wagers: c.wagers, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const m = model.rollModel(choice, { agentPoints: 3, almostDead: false }, target.tn ?? 0, flow.grids().shots);
    return flow.commitDuel(self as never, "a1", choice, m, target);
  });
}

/** The seed's round 1: Mike lands 3 spent + 1 free on Jeremy (Almost Dead), Jeremy 2 + 1 on Mike. */
async function seedDuel() {
  await commit("mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
  const c = await commit("jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 2 });
  world.dice.queue(6, 6, 4, 1, 2, 4, 1, 2);
  const duel = await world.as("gm", () => flow.revealDuel(String(resultOf(c).duelKey)));
  await world.as("gm", async () => {
    expect((await adapter.queries.requestApply(duel!.id ?? "", jeremy.uuid, true)).ok).toBe(true);
    expect((await adapter.queries.requestApply(duel!.id ?? "", mike.uuid, true)).ok).toBe(true);
  });
  return duel!;
}

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, panel } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
  combat = await startZodiacCombat(world, [mike, jeremy]);
});

describe("cancel a Wager against a player Agent's Rank, from the Setback panel", () => {
  it("an Agent created before this change (no split stored) reads 0 spent, 0 free: nothing to cancel, nothing breaks", () => {
    expect(health(mike)).toEqual({ status: "healthy", wagersAgainst: 0, almostDeadSince: null, spent: 0, free: 0, almostDeadBy: "none", almostDeadIn: null });
  });

  it("the duel records the split; 1 Setback brings Jeremy back from Almost Dead; Undo restores it all", async () => {
    const duel = await seedDuel();
    expect(health(jeremy)).toEqual({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1, spent: 3, free: 1, almostDeadBy: "rank", almostDeadIn: combat.id });
    expect(health(mike)).toEqual({ status: "healthy", wagersAgainst: 3, almostDeadSince: null, spent: 2, free: 1, almostDeadBy: "none", almostDeadIn: null });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);

    await seedSetback(2);
    const v = await world.as("gm", async () => view());
    expect(v.agents).toEqual([
      expect.objectContaining({ name: "Mike", wagersAgainst: 3, rank: 5, spent: 2, free: 1, canCancel: true }),
      expect.objectContaining({ name: "Jeremy", wagersAgainst: 4, rank: 4, spent: 3, free: 1, canCancel: true }),
    ]);

    expect(await world.as("gm", () => panel.cancelWager(combat as never, jeremy.uuid))).toEqual({ ok: true });
    expect(setback()).toBe(1);
    expect(health(jeremy)).toEqual({ status: "healthy", wagersAgainst: 3, almostDeadSince: null, spent: 2, free: 1, almostDeadBy: "none", almostDeadIn: null });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(false);
    const spend = (await world.as("gm", async () => view())).spends[0]!;
    expect(spend.label).toBe("Undo the last cancel on Jeremy: Setback back to Operations");

    expect(await world.as("gm", () => panel.undoSpend(combat as never, spend.id))).toEqual({ ok: true });
    expect(setback()).toBe(2);
    expect(health(jeremy)).toEqual({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1, spent: 3, free: 1, almostDeadBy: "rank", almostDeadIn: combat.id });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);

    // Undo of the duel card takes the split back with it.
    const app = ((duel as unknown as FakeChatMessage).system as unknown as { applications: { id: string; targetUuid: string }[] }).applications.find((a) => a.targetUuid === mike.uuid)!;
    await world.as("gm", () => adapter.queries.requestUndo(duel.id ?? "", app.id, true));
    expect(health(mike)).toEqual({ status: "healthy", wagersAgainst: 0, almostDeadSince: null, spent: 0, free: 0, almostDeadBy: "none", almostDeadIn: null });
  });

  it("the free Wager is never cancelled: after the two spent ones on Mike, a third is refused with the rule named", async () => {
    await seedDuel();
    await seedSetback(3);
    await world.as("gm", () => panel.cancelWager(combat as never, mike.uuid));
    await world.as("gm", () => panel.cancelWager(combat as never, mike.uuid));
    expect(health(mike)).toMatchObject({ wagersAgainst: 1, spent: 0, free: 1 });
    expect(await world.as("gm", () => panel.cancelWager(combat as never, mike.uuid))).toEqual({
      ok: false,
      reason: "FRACAS.Zodiac.Refused.OnlyFreeWagersOne",
      data: { name: "Mike", wagers: 1 },
    });
    expect(setback()).toBe(1);
    expect((await world.as("gm", async () => view())).agents[0]).toMatchObject({ canCancel: false, spent: 0 });
  });

  it("an Agent shot with Setback stays Almost Dead when a Wager is cancelled", async () => {
    await seedDuel();
    await seedSetback(2);
    await world.as("gm", () => panel.shootAgent(combat as never, mike.uuid));
    expect(health(mike)).toMatchObject({ status: "almostDead", almostDeadBy: "setback" });
    await world.as("gm", () => panel.cancelWager(combat as never, mike.uuid));
    expect(health(mike)).toMatchObject({ status: "almostDead", wagersAgainst: 2, spent: 1, almostDeadBy: "setback" });
    expect(setback()).toBe(0);
  });

  it("through the panel's button (core dispatch); a player is refused and nothing changes", async () => {
    await seedDuel();
    await seedSetback(1);
    const dispatch = (uuid: string) => panel.PANEL_ACTIONS.cancelWager!(combat as never, { dataset: { actorUuid: uuid } } as unknown as HTMLElement);
    world.login("jp");
    await dispatch(jeremy.uuid);
    expect(world.notifications.filter((n) => n.type === "warn").map((n) => n.message)).toEqual(["Only the GM can do that."]);
    expect(view().agents.some((a) => a.canCancel)).toBe(false);
    expect(health(jeremy).status).toBe("almostDead");
    world.login("gm");
    await dispatch(jeremy.uuid);
    expect(health(jeremy)).toMatchObject({ status: "healthy", wagersAgainst: 3 });
    expect(setback()).toBe(0);
  });

  it("a crowd has no Rank: refused", async () => {
    const goons = world.createActor({ name: "Goons", type: "zodiacCrowd", system: { standing: 3 } });
    await seedSetback(1);
    expect(await world.as("gm", () => panel.cancelWager(combat as never, goons.uuid))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.NoRank" });
    expect(setback()).toBe(1);
  });
});
