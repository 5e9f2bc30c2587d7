/**
 * The Setback panel's buttons dispatched the way Foundry does it: the core tracker's
 * `fracasPanel` action (FracasCombatTracker DEFAULT_OPTIONS.actions) called with the clicked
 * button, which hands it to zodiac's trackerPanel.actions (PANEL_ACTIONS). The GM's spends
 * succeed and Undo through the same panel; a player is refused with one notification and
 * nothing changes. Cancelling a Wager respects the kernel's rule through real strike cards:
 * spent Wagers only, never the free one. Also: the world's Area names for new Agents, and a
 * duel between two Agents who share a name.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { mikeAreas, jeremyAreas } from "./mike-jeremy-data.js";
import { mikeAndJeremy, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Panel } from "./world.js";

type PanelView = import("../../../../src/rulesets/zodiac/cards/panel-view.js").PanelView;

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let panel: Panel;
let mike: FakeActor;
let jeremy: FakeActor;
let baron: FakeActor;
let combat: FakeCombat;

interface CardSystem {
  result: Record<string, unknown>;
  applications: Application[];
}
const cardOf = (m: unknown) => (m as FakeChatMessage).system as unknown as CardSystem;
/** The kernel's three health fields (the stored spent/free split and cause are checked where they matter). */
const health = (a: FakeActor) => {
  const h = (a.system as unknown as { health: { status: string; wagersAgainst: number; almostDeadSince: number | null } }).health;
  return { status: h.status, wagersAgainst: h.wagersAgainst, almostDeadSince: h.almostDeadSince };
};
const other = (a: FakeActor) => a.system as unknown as { wagersAgainst: number; status: string; headShot: boolean; breakdown: { spent: number; free: number } };
const setback = () => adapter.pools.readPool("setback").value;
const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);

/** A panel button as the template renders it: data-action="fracasPanel" data-panel-action=… data-…. */
function button(action: string, data: Record<string, string> = {}): HTMLElement {
  return { dataset: { action: "fracasPanel", panelAction: action, ...data } } as unknown as HTMLElement;
}

/** Clicks a panel button in the current user's tracker: Foundry calls the action with `this` = the app. */
async function click(action: string, data: Record<string, string> = {}): Promise<{ renders: number }> {
  const Tracker = adapter.tracker.FracasCombatTracker;
  const tracker = new Tracker() as unknown as { viewed: unknown; renders: number; options: { actions: Record<string, unknown> } };
  tracker.viewed = combat;
  const handler = tracker.options.actions.fracasPanel as (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
  expect(typeof handler).toBe("function");
  await handler.call(tracker, new Event("click"), button(action, data));
  return { renders: tracker.renders };
}

const view = () => panel.panelContext(combat as never) as unknown as PanelView;

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, panel } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
  baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
  combat = await startZodiacCombat(world, [mike, jeremy, baron]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Mike strikes the Baron (Aries 3, 1 Agent Point gathers 4 dice: 7 − Wagers d6, keep 3) with
 * `wagers` Wagers; `top` are the highest dice, the rest roll 1s. The GM applies the card.
 */
async function strikeBaron(wagers: number, top: number[]) {
  const dice = [...top, ...Array(7 - wagers - top.length).fill(1)];
  const m = await world.as("mp", async () => {
    const target = dialog.dialogTarget(baron.uuid, baron.name)!;
    const choice = { kind: "strike" as const, area: 3, spend: 1, gathered: 4, wagers, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, target.tn ?? 10, flow.grids().shots);
    expect(mm.ok, JSON.stringify(mm.error)).toBe(true);
    world.dice.queue(...dice);
    return flow.rollAndPost(mike as never, "a1", choice, mm, target);
  });
  const r = await world.as("gm", () => adapter.queries.requestApply(m!.id ?? "", baron.uuid, true));
  expect(r.ok, JSON.stringify(r)).toBe(true);
  // Points come back for the next strike (the test is about the Other Agent, not Mike's points).
  await world.as("gm", () => mike.update({ "system.agentPoints.value": 3 } as never));
  return m!;
}

describe("Setback panel buttons, dispatched by the core tracker (PANEL_ACTIONS)", () => {
  it("the descriptor wires the panel: template, context and the five actions", () => {
    const d = adapter.rulesets.descriptor("zodiac")!;
    expect(d.trackerPanel?.template).toBe("systems/fracas/templates/zodiac/tracker-panel.hbs");
    expect(Object.keys(d.trackerPanel?.actions ?? {}).sort()).toEqual(["cancelWager", "giveBack", "moveAgent", "shootAgent", "undoSpend"]);
    expect(d.trackerPanel?.actions).toBe(panel.PANEL_ACTIONS);
  });

  it("GM: shoot an Agent from the panel (1 Setback, Almost Dead), then Undo from the panel; the tracker re-renders", async () => {
    await seedSetback(1);
    const shot = await world.as("gm", () => click("shootAgent", { actorUuid: jeremy.uuid }));
    expect(shot.renders).toBe(1);
    expect(warnings()).toEqual([]);
    expect(setback()).toBe(0);
    expect(health(jeremy)).toEqual({ status: "almostDead", wagersAgainst: 0, almostDeadSince: 1 });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);

    // The panel now offers the Undo (GM only) and no more shots (the pool is empty).
    const v = await world.as("gm", async () => view());
    expect(v.agents.every((a) => !a.canShoot)).toBe(true);
    expect(v.spends).toHaveLength(1);
    expect(v.spends[0]!.label).toBe("Undo the shot on Jeremy: Setback back to Operations");
    expect(v.history[0]).toMatchObject({ text: "Jeremy is shot", delta: "\u22121", after: 0 });

    await world.as("gm", () => click("undoSpend", { spendId: v.spends[0]!.id }));
    expect(warnings()).toEqual([]);
    expect(setback()).toBe(1);
    expect(health(jeremy)).toEqual({ status: "healthy", wagersAgainst: 0, almostDeadSince: null });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(false);
    const after = await world.as("gm", async () => view());
    expect(after.spends).toEqual([]);
    // The undo line names what it undid (UX review #14), above the struck-through shot.
    expect(after.history[0]).toMatchObject({ text: "(undid “Jeremy is shot”)", delta: "+1", after: 1 });
    expect(after.history[1]).toMatchObject({ text: "Jeremy is shot", undone: true });

    // Undoing it twice is refused, once, with the core's message.
    await world.as("gm", () => click("undoSpend", { spendId: v.spends[0]!.id }));
    expect(warnings()).toEqual(["That was already undone."]);
  });

  it("GM: cancel a spent Wager on an Other Agent from the panel, then Undo", async () => {
    await strikeBaron(2, [6, 5, 1]); // 12 ≥ TN 10: 2 spent + 1 free.
    expect(other(baron)).toMatchObject({ wagersAgainst: 3, breakdown: { spent: 2, free: 1 } });
    await seedSetback(1);
    await world.as("gm", () => click("cancelWager", { actorUuid: baron.uuid }));
    expect(warnings()).toEqual([]);
    expect(other(baron)).toMatchObject({ wagersAgainst: 2, breakdown: { spent: 1, free: 1 }, status: "healthy" });
    expect(setback()).toBe(0);
    const v = await world.as("gm", async () => view());
    expect(v.spends[0]!.label).toBe("Undo the last cancel on The Baron: Setback back to Operations");
    await world.as("gm", () => click("undoSpend", { spendId: v.spends[0]!.id }));
    expect(other(baron)).toMatchObject({ wagersAgainst: 3, breakdown: { spent: 2, free: 1 } });
    expect(setback()).toBe(1);
  });

  it("GM: move an Agent in Operations' order from the panel; the plan follows", async () => {
    const ids = [...combat.combatants].map((c) => c.id ?? "");
    expect(panel.currentOrder(combat as never)).toEqual([ids[0], ids[1]]);
    await world.as("gm", () => click("moveAgent", { combatantId: ids[1]!, to: "0" }));
    expect(warnings()).toEqual([]);
    expect(panel.currentOrder(combat as never)).toEqual([ids[1], ids[0]]);
    expect((combat as unknown as FracasCombat).fracas.plan.order).toEqual([ids[1], ids[0]]);
    // Out of range: the kernel refuses, the order stays.
    await world.as("gm", () => click("moveAgent", { combatantId: ids[1]!, to: "5" }));
    expect(warnings()).toHaveLength(1);
    expect(panel.currentOrder(combat as never)).toEqual([ids[1], ids[0]]);
  });

  it("a player clicking any panel button is refused with one notification and nothing changes; the GM's spend stays undoable by the GM only", async () => {
    await strikeBaron(2, [6, 5, 1]);
    await seedSetback(3);
    await world.as("gm", () => click("shootAgent", { actorUuid: mike.uuid }));
    const spendId = (await world.as("gm", async () => view())).spends[0]!.id;
    const ids = [...combat.combatants].map((c) => c.id ?? "");
    const before = { setback: setback(), mike: health(mike), jeremy: health(jeremy), baron: other(baron), order: panel.currentOrder(combat as never) };

    world.login("jp");
    // The player's panel shows no buttons at all…
    const v = view();
    expect(v.isGM).toBe(false);
    expect(v.agents.some((a) => a.canShoot) || v.otherAgents.some((o) => o.canCancel) || v.spends.length > 0 || v.order.some((o) => o.canUp || o.canDown)).toBe(false);
    // …and a forged click does nothing but say so, once per click.
    await click("shootAgent", { actorUuid: jeremy.uuid });
    await click("cancelWager", { actorUuid: baron.uuid });
    await click("undoSpend", { spendId });
    await click("moveAgent", { combatantId: ids[1]!, to: "0" });
    expect(warnings()).toEqual(Array(4).fill("Only the GM can do that."));
    expect({ setback: setback(), mike: health(mike), jeremy: health(jeremy), baron: other(baron), order: panel.currentOrder(combat as never) }).toEqual(before);

    world.login("gm");
    await click("undoSpend", { spendId });
    expect(warnings()).toHaveLength(4);
    expect(health(mike).status).toBe("healthy");
    expect(setback()).toBe(before.setback + 1);
  });

  it("an unknown panel action is ignored (the core finds no handler)", async () => {
    const r = await world.as("gm", () => click("burnItAll", {}));
    expect(r.renders).toBe(0);
    expect(world.notifications).toEqual([]);
  });
});

describe("cancel a Wager: spent Wagers only, never the free one (kernel rule, kept across strikes)", () => {
  it("two strikes (0 and 1 Wagers) leave 1 spent + 2 free: one cancel works, the next is refused", async () => {
    await strikeBaron(0, [6, 5, 1]); // 0 Wagers: only the free one.
    expect(other(baron)).toMatchObject({ wagersAgainst: 1, breakdown: { spent: 0, free: 1 } });
    await seedSetback(3);
    // Nothing spent yet: refused with the rule named, nothing paid.
    expect(await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid))).toEqual({
      ok: false,
      reason: "FRACAS.Zodiac.Refused.OnlyFreeWagersOne",
      data: { name: "The Baron", wagers: 1 },
    });
    expect(setback()).toBe(3);
    expect((await world.as("gm", async () => view())).otherAgents[0]).toMatchObject({ canCancel: false, spent: 0, free: 1 });

    await strikeBaron(1, [6, 5, 1]); // 1 Wager: 1 spent + 1 free.
    expect(other(baron)).toMatchObject({ wagersAgainst: 3, breakdown: { spent: 1, free: 2 } });
    expect((await world.as("gm", async () => view())).otherAgents[0]).toMatchObject({ canCancel: true, spent: 1, free: 2 });
    await world.as("gm", () => click("cancelWager", { actorUuid: baron.uuid }));
    expect(other(baron)).toMatchObject({ wagersAgainst: 2, breakdown: { spent: 0, free: 2 } });
    expect(setback()).toBe(2);

    await world.as("gm", () => click("cancelWager", { actorUuid: baron.uuid }));
    expect(warnings()).toEqual(["Setback cancels only Wagers spent against Rank, never the free Wager: none of the 2 Wagers against The Baron can be cancelled."]);
    expect(other(baron)).toMatchObject({ wagersAgainst: 2, breakdown: { spent: 0, free: 2 } });
    expect(setback()).toBe(2);
  });

  it("Undo of a strike card takes its breakdown back with it", async () => {
    const m = await strikeBaron(3, [6, 6, 1]); // 3 spent + 1 free: dead at Rank 4.
    expect(other(baron)).toMatchObject({ wagersAgainst: 4, status: "dead", breakdown: { spent: 3, free: 1 } });
    const app = cardOf(m).applications[0]!;
    expect((await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", app.id, true))).ok).toBe(true);
    expect(other(baron)).toMatchObject({ wagersAgainst: 0, status: "healthy", breakdown: { spent: 0, free: 0 }, headShot: false });
  });

  it("Undo of an earlier spend waits for the later one on the same actor", async () => {
    await strikeBaron(2, [6, 5, 1]);
    await seedSetback(2);
    await world.as("gm", () => click("cancelWager", { actorUuid: baron.uuid }));
    await world.as("gm", () => click("cancelWager", { actorUuid: baron.uuid }));
    expect(other(baron)).toMatchObject({ wagersAgainst: 1, breakdown: { spent: 0, free: 1 } });
    const [later, earlier] = (await world.as("gm", async () => view())).spends;
    expect(await world.as("gm", () => panel.undoSpend(combat as never, earlier!.id))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.UndoLaterFirst" });
    expect(await world.as("gm", () => panel.undoSpend(combat as never, later!.id))).toEqual({ ok: true });
    expect(await world.as("gm", () => panel.undoSpend(combat as never, earlier!.id))).toEqual({ ok: true });
    expect(other(baron)).toMatchObject({ wagersAgainst: 3, breakdown: { spent: 2, free: 1 } });
    expect(setback()).toBe(2);
  });
});

describe("world option areaNames: the Areas new Agents are created with", () => {
  const names = (a: FakeActor) => Object.values((a.system as unknown as { areas: Record<string, { name: string }> }).areas).map((x) => x.name);

  it("is a registered world string setting with the seed's Areas as default", () => {
    const s = world.settings.settings.get("fracas.zodiac.areaNames");
    expect(s).toMatchObject({ scope: "world", config: true, type: String, default: "Aries, Capricorn, Gemini, Scorpio, Virgo" });
    expect(names(world.createActor({ name: "Ava", type: "zodiacAgent", system: {} }))).toEqual(["Aries", "Capricorn", "Gemini", "Scorpio", "Virgo"]);
  });

  it("new Agents take the GM's five names; existing Agents keep theirs", async () => {
    await world.as("gm", () => game.settings.set("fracas", "zodiac.areaNames" as never, " Fire, Water ,Air, Earth, Aether " as never));
    const ava = world.createActor({ name: "Ava", type: "zodiacAgent", system: {} });
    expect(names(ava)).toEqual(["Fire", "Water", "Air", "Earth", "Aether"]);
    expect(names(mike)).toEqual(["Aries", "Capricorn", "Gemini", "Scorpio", "Virgo"]);
    // Ratings start at the minimum; the first slot is still the killing Area.
    expect((ava.system as unknown as { areas: { a1: { rating: number } } }).areas.a1.rating).toBe(1);
  });

  it("a bad list (too few, duplicate, blank, too long) gives the seed's names with one console warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const bad of ["Fire, Water", "Fire, Water, Air, Earth, fire", "Fire, , Air, Earth, Aether", `Fire, Water, Air, Earth, ${"x".repeat(25)}`]) {
      await world.as("gm", () => game.settings.set("fracas", "zodiac.areaNames" as never, bad as never));
      warn.mockClear();
      const a = world.createActor({ name: "Ava", type: "zodiacAgent", system: {} });
      const b = world.createActor({ name: "Bea", type: "zodiacAgent", system: {} });
      expect(names(a), bad).toEqual(["Aries", "Capricorn", "Gemini", "Scorpio", "Virgo"]);
      expect(names(b), bad).toEqual(["Aries", "Capricorn", "Gemini", "Scorpio", "Virgo"]);
      // Once per bad list, not once per Area or per Agent (a list seen earlier in this run stays quiet).
      expect(warn.mock.calls.length, bad).toBeLessThanOrEqual(1);
    }
    const fresh = "One, Two, Three, Four";
    await world.as("gm", () => game.settings.set("fracas", "zodiac.areaNames" as never, fresh as never));
    warn.mockClear();
    world.createActor({ name: "Cy", type: "zodiacAgent", system: {} });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/areaNames.*4 names given, 5 needed.*Aries, Capricorn, Gemini, Scorpio, Virgo/);
  });
});

describe("a duel between two Agents with the same name", () => {
  it("each side's strike lands on the right Alex, matched by uuid", async () => {
    const alex1 = world.createActor({ name: "Alex", type: "zodiacAgent", system: { areas: mikeAreas, agentPoints: { value: 3, max: 3 } }, ownership: { mp: 3 } });
    const alex2 = world.createActor({ name: "Alex", type: "zodiacAgent", system: { areas: jeremyAreas, agentPoints: { value: 3, max: 3 } }, ownership: { jp: 3 } });
    const commit = (userId: string, self: FakeActor, opp: FakeActor, c: { spend: number; gathered: number; wagers: number }) =>
      world.as(userId, async () => {
        const target = dialog.dialogTarget(opp.uuid, opp.name)!;
        const choice = { kind: "duel" as const, area: 3, spend: c.spend, gathered: c.gathered, wagers: c.wagers, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
        const m = model.rollModel(choice, { agentPoints: 3, almostDead: false }, target.tn ?? 0, flow.grids().shots);
        return flow.commitDuel(self as never, "a1", choice, m, target);
      });
    await commit("mp", alex1, alex2, { spend: 1, gathered: 4, wagers: 3 });
    const c2 = await commit("jp", alex2, alex1, { spend: 1, gathered: 3, wagers: 2 });
    world.dice.queue(6, 6, 4, 1, 2, 4, 1, 2);
    const duel = await world.as("gm", () => flow.revealDuel(String(cardOf(c2).result.duelKey)));
    const r = cardOf(duel).result as { a: { uuid: string }; b: { uuid: string } };
    expect(r.a.uuid).toBe(alex1.uuid);
    expect(r.b.uuid).toBe(alex2.uuid);
    await world.as("gm", async () => {
      expect((await adapter.queries.requestApply(duel!.id ?? "", alex2.uuid, true)).ok).toBe(true);
      expect((await adapter.queries.requestApply(duel!.id ?? "", alex1.uuid, true)).ok).toBe(true);
    });
    // alex1 (16, 3 Wagers + 1 free) made alex2 Almost Dead; alex2 (8, 2 + 1) left alex1 at 3 of 5.
    // Neither is in the fight: a duel outside a fight records Almost Dead since 0 (duel-round.ts).
    expect(health(alex2)).toEqual({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 0 });
    expect(health(alex1)).toEqual({ status: "healthy", wagersAgainst: 3, almostDeadSince: null });
  });
});
