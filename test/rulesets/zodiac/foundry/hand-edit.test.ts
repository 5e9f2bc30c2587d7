/**
 * Session 3, fix 2: the spent/free split of the Wagers against Rank follows a GM's hand edit of
 * the Wagers on the Agent and Other Agent sheets (DECISIONS "hand edits of the Wagers against
 * Rank": lowered, the hand-typed ones go first, then the free, then the spent; raised, the new ones
 * are neither), so Setback never cancels a Wager that is not there, nor a free one. And an Agent
 * set Almost Dead by hand gets a round (audit: a hand-set Almost Dead used to make every duel with
 * them fail, the kernel refusing an Almost Dead Agent with no round).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { splitWithin } from "../../../../src/rulesets/zodiac/cards/spent-wagers.js";
import { healthAfterHandEdit, splitAfterHandEdit } from "../../../../src/rulesets/zodiac/sheets/hand-edit.js";
import { agentSheetView, otherAgentSheetView } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { agentHealthOf, agentRecordOf, otherAgentRecordOf } from "../../../../src/rulesets/zodiac/cards/effects.js";
import { mikeAreas } from "./mike-jeremy-data.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Panel, Sheets } from "./world.js";

describe("splitWithin / splitAfterHandEdit (pure)", () => {
  it("never more spent + free than Wagers stand; lowering takes the hand-typed, then free, then spent", () => {
    // 5 Wagers = 3 spent + 1 free + 1 typed by hand.
    const stored = { wagersAgainst: 5, spent: 3, free: 1 };
    expect(splitAfterHandEdit(stored, 4)).toBeNull(); // the hand-typed one goes: nothing to write
    expect(splitAfterHandEdit(stored, 3)).toEqual({ spent: 3, free: 0 });
    expect(splitAfterHandEdit(stored, 1)).toEqual({ spent: 1, free: 0 });
    expect(splitAfterHandEdit(stored, 0)).toEqual({ spent: 0, free: 0 });
  });

  it("raising adds Wagers that are neither; the form's other fields (no change) write nothing", () => {
    expect(splitAfterHandEdit({ wagersAgainst: 4, spent: 3, free: 1 }, 7)).toBeNull();
    expect(splitAfterHandEdit({ wagersAgainst: 4, spent: 3, free: 1 }, 4)).toBeNull();
    expect(splitAfterHandEdit({ wagersAgainst: 4, spent: 3, free: 1 }, undefined)).toBeNull();
    expect(splitAfterHandEdit({ wagersAgainst: 4, spent: 3, free: 1 }, null)).toBeNull();
  });

  it("reads the value the model will store (rounded, clamped) and mends a split stored too large", () => {
    expect(splitAfterHandEdit({ wagersAgainst: 4, spent: 3, free: 1 }, 1.6)).toEqual({ spent: 2, free: 0 });
    expect(splitAfterHandEdit({ wagersAgainst: 4, spent: 3, free: 1 }, -3)).toEqual({ spent: 0, free: 0 });
    // Stored before this fix: Wagers lowered to 1 by hand, the split left at 3 + 1.
    expect(splitAfterHandEdit({ wagersAgainst: 1, spent: 3, free: 1 }, 1)).toEqual({ spent: 1, free: 0 });
    expect(splitWithin({ spent: 3, free: 1 }, 1)).toEqual({ spent: 1, free: 0 });
    expect(splitWithin({ spent: 0, free: 3 }, 2)).toEqual({ spent: 0, free: 2 });
  });

  it("the records the panel and the cards read never show more than stand, nor do the sheets", () => {
    const other = { rank: 5, tn: 10, wagersAgainst: 1, breakdown: { spent: 3, free: 1 }, headShot: false, status: "healthy", notes: "" };
    expect(otherAgentRecordOf(other as never)).toMatchObject({ wagersAgainst: 1, spent: 1, free: 0 });
    expect(otherAgentSheetView({ name: "The Baron", img: "", system: other }, true)).toMatchObject({ spent: 1, free: 0, showBreakdown: true });
    const agent = { areas: mikeAreas, agentPoints: { value: 3, max: 3 }, health: { status: "healthy", wagersAgainst: 2, almostDeadSince: null, spent: 0, free: 5 }, notes: "" };
    expect(agentRecordOf(agent as never)).toMatchObject({ wagersAgainst: 2, spent: 0, free: 2 });
    // The Agent sheet now shows the split too (it did not before).
    expect(agentSheetView({ name: "Mike", img: "", system: agent }, true)).toMatchObject({ spent: 0, free: 2, showBreakdown: true });
  });

  it("an Almost Dead set by hand gets this round (0 outside a fight); Healthy clears it", () => {
    const healthy = { status: "healthy", almostDeadSince: null, almostDeadBy: "none" };
    expect(healthAfterHandEdit(healthy, "almostDead", 3)).toEqual({ almostDeadSince: 3, almostDeadBy: "none" });
    expect(healthAfterHandEdit(healthy, "almostDead", 0)).toEqual({ almostDeadSince: 0, almostDeadBy: "none" });
    expect(healthAfterHandEdit(healthy, "healthy", 3)).toBeNull();
    expect(healthAfterHandEdit({ status: "almostDead", almostDeadSince: 2, almostDeadBy: "rank" }, "healthy", 3)).toEqual({ almostDeadSince: null, almostDeadBy: "none" });
    expect(healthAfterHandEdit({ status: "almostDead", almostDeadSince: 2, almostDeadBy: "rank" }, "dead", 3)).toBeNull();
    // Stored without a round (older data, a macro): read as "before this fight", as DECISIONS #71 says.
    expect(agentHealthOf({ health: { status: "almostDead", wagersAgainst: 0, almostDeadSince: null } })).toEqual({ status: "almostDead", wagersAgainst: 0, almostDeadSince: 0 });
    expect(agentHealthOf({ health: { status: "healthy", wagersAgainst: 0, almostDeadSince: 4 } }).almostDeadSince).toBeNull();
  });
});

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let panel: Panel;
let sheets: Sheets;
let mike: FakeActor;
let jeremy: FakeActor;
let baron: FakeActor;
let combat: FakeCombat;

const setback = () => adapter.pools.readPool("setback").value;
const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
const other = (a: FakeActor) => a.system as unknown as { wagersAgainst: number; breakdown: { spent: number; free: number }; status: string };
const health = (a: FakeActor) => (a.system as unknown as { health: { status: string; wagersAgainst: number; almostDeadSince: number | null; spent: number; free: number; almostDeadBy: string } }).health;

/** The GM types into a sheet's form: the sheet's own _processFormData builds the update, which is then written. */
async function submit(sheet: object, actor: FakeActor, flat: Record<string, unknown>): Promise<Record<string, unknown>> {
  const process = (sheet as { _processFormData(e: unknown, f: unknown, d: { object: object }): Record<string, unknown> })._processFormData.bind(sheet);
  return world.as("gm", async () => {
    const data = process({}, null, { object: flat });
    await actor.update(data as never);
    return data;
  });
}

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, panel, sheets } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
  baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 6, tn: 10 } });
  combat = await startZodiacCombat(world, [mike, jeremy, baron]);
});

/** Mike strikes the Baron (TN 10) with `wagers` Wagers: 12 ≥ 10, so `wagers` spent + 1 free; the GM applies. */
async function strikeBaron(wagers: number): Promise<void> {
  const m = await world.as("mp", async () => {
    const target = dialog.dialogTarget(baron.uuid, baron.name)!;
    const choice = { kind: "strike" as const, area: 3, spend: 1, gathered: 4, wagers, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, target.tn ?? 10, flow.grids().shots);
    world.dice.queue(6, 5, 1, ...Array(4 - wagers).fill(1));
    return flow.rollAndPost(mike as never, "a1", choice, mm, target);
  });
  await world.as("gm", async () => expect((await adapter.queries.requestApply(m!.id ?? "", baron.uuid, true)).ok).toBe(true));
  await world.as("gm", async () => mike.update({ "system.agentPoints.value": 3 } as never));
}

describe("the Other Agent sheet: the split follows the GM's hand edit", () => {
  it("lowered by hand: the free Wager goes first, the panel cancels only what stands; raised again, nothing comes back", async () => {
    await strikeBaron(3); // 3 spent + 1 free
    expect(other(baron)).toMatchObject({ wagersAgainst: 4, breakdown: { spent: 3, free: 1 } });
    const sheet = new sheets.ZodiacOtherAgentSheet({ document: baron } as never);

    const data = await submit(sheet, baron, { name: "The Baron", "system.rank": 6, "system.tn": 10, "system.wagersAgainst": 3, "system.notes": "" });
    expect(data).toMatchObject({ system: { wagersAgainst: 3, breakdown: { spent: 3, free: 0 } } });
    expect(other(baron)).toMatchObject({ wagersAgainst: 3, breakdown: { spent: 3, free: 0 } });

    await submit(sheet, baron, { "system.wagersAgainst": 1 });
    expect(other(baron)).toMatchObject({ wagersAgainst: 1, breakdown: { spent: 1, free: 0 } });
    // Raised by hand: the new Wagers are neither; the split the GM took away does not come back.
    await submit(sheet, baron, { "system.wagersAgainst": 5 });
    expect(other(baron)).toMatchObject({ wagersAgainst: 5, breakdown: { spent: 1, free: 0 } });

    // Setback cancels the one spent Wager still standing, then refuses: the rest were typed by hand.
    await seedSetback(3);
    expect(await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid))).toEqual({ ok: true });
    expect(other(baron)).toMatchObject({ wagersAgainst: 4, breakdown: { spent: 0, free: 0 } });
    expect((await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid))).ok).toBe(false);
    expect(setback()).toBe(2);
  });

  it("healed by hand (Wagers to 0), then struck again: Setback cannot cancel the new free Wager (review-session2 #8)", async () => {
    await strikeBaron(3);
    const sheet = new sheets.ZodiacOtherAgentSheet({ document: baron } as never);
    await submit(sheet, baron, { "system.wagersAgainst": 0 });
    expect(other(baron)).toMatchObject({ wagersAgainst: 0, breakdown: { spent: 0, free: 0 } });
    await strikeBaron(1); // 1 spent + 1 free
    expect(other(baron)).toMatchObject({ wagersAgainst: 2, breakdown: { spent: 1, free: 1 } });
    await seedSetback(3);
    expect((await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid))).ok).toBe(true);
    // Before: the stale 3 spent let a second cancel take the free Wager.
    expect(await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid))).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Refused.OnlyFreeWagersOne" });
    expect(other(baron)).toMatchObject({ wagersAgainst: 1, breakdown: { spent: 0, free: 1 } });
  });
});

describe("the Agent sheet: the split follows the hand edit; Almost Dead by hand gets its round", () => {
  it("lowered by hand: spent never exceeds the Wagers, and the panel offers no cancel past them", async () => {
    await world.as("gm", async () => mike.update({ "system.health.wagersAgainst": 3, "system.health.spent": 2, "system.health.free": 1 } as never));
    const sheet = new sheets.ZodiacAgentSheet({ document: mike } as never);
    await submit(sheet, mike, { "system.health.status": "healthy", "system.health.wagersAgainst": 2 });
    expect(health(mike)).toMatchObject({ wagersAgainst: 2, spent: 2, free: 0 });
    await submit(sheet, mike, { "system.health.wagersAgainst": 0 });
    expect(health(mike)).toMatchObject({ wagersAgainst: 0, spent: 0, free: 0 });
    await seedSetback(1);
    const view = await world.as("gm", async () => panel.panelContext(combat as never));
    expect((view.agents as { name: string; canCancel: boolean }[]).find((a) => a.name === "Mike")).toMatchObject({ canCancel: false });
  });

  it("set Almost Dead on the sheet in round 2: since round 2, so the killing Wager must wait for round 3", async () => {
    await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
    expect(combat.round).toBe(2);
    const sheet = new sheets.ZodiacAgentSheet({ document: mike } as never);
    await submit(sheet, mike, { "system.health.status": "almostDead", "system.health.wagersAgainst": 0 });
    expect(health(mike)).toMatchObject({ status: "almostDead", almostDeadSince: 2, almostDeadBy: "none" });
    await submit(sheet, mike, { "system.health.status": "healthy" });
    expect(health(mike)).toMatchObject({ status: "healthy", almostDeadSince: null });
  });
});

/** A player commits in secret, as the roll dialog's Commit button does. */
function commit(userId: string, self: FakeActor, target: FakeActor, c: { wagers: number; finish?: boolean }) {
  return commitDuel(world, userId, self, target, { spend: 0, gathered: 0, ...c });
}

describe("seed example 2: Mike starts Almost Dead, marked by hand with no round (older data)", () => {
  it("Jeremy kills him with one Wager and one Agent Point in round 1 (before: the reveal failed on the missing round)", async () => {
    await world.as("gm", async () => mike.update({ "system.health.status": "almostDead", "system.health.almostDeadSince": null } as never));
    await commit("jp", jeremy, mike, { wagers: 1, finish: true });
    const mc = await commit("mp", mike, jeremy, { wagers: 0 });
    // Operations' order: Mike's 3 dice (a miss against TN 10), then Jeremy's 2 (12 ≥ Mike's TN 5).
    world.dice.queue(1, 1, 1, 6, 6);
    const duel = (await world.as("gm", () => flow.revealDuel(String(((mc as unknown as FakeChatMessage).system as unknown as { result: { duelKey: string } }).result.duelKey)))) as unknown as FakeChatMessage | undefined;
    expect(duel).toBeDefined();
    await world.as("gm", async () => expect((await adapter.queries.requestApply(duel!.id ?? "", mike.uuid, true)).ok).toBe(true));
    expect(health(mike).status).toBe("dead");
    expect(mike.statuses.has("fracas-dead")).toBe(true);
  });
});
