/**
 * Session 3 wave 2, gap 1: Setback could be spent only from the tracker's panel, so shooting an
 * Agent or cancelling a Wager needed a started combat, while the seed (¶9) says "Operations can
 * spend Setback against Agents at any time". The Agent sheet now has an "Operations (GM)" section
 * running the panel's own flows (operations.ts) with their Undo: outside a fight the spend is
 * recorded on the Agent, in a fight in the combat (the panel lists it). Players never see it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { createHandlebars } from "../../../browser/harness.js";
import gmOperations from "../../../fixtures/templates/zodiac/agent-sheet/gm-operations.js";
import gmNothing from "../../../fixtures/templates/zodiac/agent-sheet/gm-operations-nothing.js";
import agentMike from "../../../fixtures/templates/zodiac/agent-sheet/mike.js";
import otherGm from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations.js";
import otherHeadShot from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations-head-shot.js";
import otherDefault from "../../../fixtures/templates/zodiac/other-agent-sheet/default.js";
import { mikeAndJeremy, startZodiacCombat, stubTextEditor, zodiacWorld } from "./world.js";
import type { Panel, Sheets } from "./world.js";

type OperationsView = import("../../../../src/rulesets/zodiac/sheets/operations-view.js").OperationsView;

let world: FakeWorld;
let adapter: Adapter;
let sheets: Sheets;
let panel: Panel;
let mike: FakeActor;
let jeremy: FakeActor;

const setback = () => adapter.pools.readPool("setback").value;
const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const health = (a: FakeActor) => (a.system as unknown as { health: { status: string; wagersAgainst: number; almostDeadSince: number | null; spent: number; free: number; almostDeadBy: string } }).health;
const flagSpends = (a: FakeActor) => ((a.flags.fracas as { zodiacSpends?: { id: string; kind: string; undone: boolean }[] } | undefined)?.zodiacSpends ?? []);

interface SheetApp {
  options: { actions: Record<string, unknown> };
  renders: number;
  _prepareContext(o: unknown): Promise<{ operations: OperationsView | null }>;
}

function sheetOf(actor: FakeActor): SheetApp {
  const Sheet = actor.type === "zodiacOtherAgent" ? sheets.ZodiacOtherAgentSheet : sheets.ZodiacAgentSheet;
  return new Sheet({ document: actor } as never) as unknown as SheetApp;
}

/** Clicks a button of the sheet: Foundry calls the action with `this` = the sheet and the button. */
async function click(sheet: SheetApp, action: string, data: Record<string, string> = {}): Promise<void> {
  const handler = sheet.options.actions[action] as ((this: unknown, e: Event, t: HTMLElement) => Promise<void>) | undefined;
  expect(typeof handler, `sheet action ${action}`).toBe("function");
  await handler!.call(sheet, new Event("click"), { dataset: { action, ...data } } as unknown as HTMLElement);
}

const operations = async (sheet: SheetApp) => (await sheet._prepareContext({})).operations;

beforeEach(async () => {
  ({ world, adapter, sheets, panel } = await zodiacWorld());
  stubTextEditor();
  ({ mike, jeremy } = mikeAndJeremy(world));
});

describe("the Agent sheet's Operations section: Setback spends with no fight started", () => {
  it("GM: shoot Jeremy from his sheet (1 Setback, Almost Dead since before any fight), then Undo from the sheet", async () => {
    await seedSetback(2);
    const sheet = sheetOf(jeremy);
    const before = await world.as("gm", () => operations(sheet));
    expect(before).toMatchObject({ setback: 2, cost: 1, canShoot: true, canCancel: false, undo: null, why: [] });

    await world.as("gm", () => click(sheet, "operationsShoot"));
    expect(warnings()).toEqual([]);
    expect(setback()).toBe(1);
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 0, almostDeadBy: "setback" });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);
    expect(sheet.renders).toBe(1);
    // No fight: the spend is recorded on Jeremy, and the history names it as the panel's would.
    expect(flagSpends(jeremy)).toMatchObject([{ kind: "shoot", undone: false }]);
    expect(adapter.pools.readPool("setback").entries.at(-1)).toMatchObject({ delta: -1, reason: "FRACAS.Zodiac.Setback.Reason.Shoot|Jeremy" });

    const after = (await world.as("gm", () => operations(sheet)))!;
    expect(after).toMatchObject({ setback: 1, canShoot: false, undo: { id: flagSpends(jeremy)[0]!.id, labelKey: "FRACAS.Zodiac.Panel.UndoShoot" } });

    await world.as("gm", () => click(sheet, "operationsUndo", { spendId: after.undo!.id }));
    expect(warnings()).toEqual([]);
    expect(setback()).toBe(2);
    expect(health(jeremy)).toMatchObject({ status: "healthy", almostDeadSince: null });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(false);
    expect(flagSpends(jeremy)).toMatchObject([{ kind: "shoot", undone: true }]);
    expect(await world.as("gm", () => operations(sheet))).toMatchObject({ canShoot: true, undo: null });
  });

  it("GM: cancel a spent Wager against Mike's Rank from his sheet, never the free one; Undo gives it back", async () => {
    await world.as("gm", async () => mike.update({ "system.health.wagersAgainst": 2, "system.health.spent": 1, "system.health.free": 1 } as never));
    await seedSetback(3);
    const sheet = sheetOf(mike);
    expect(await world.as("gm", () => operations(sheet))).toMatchObject({ canCancel: true, wagers: 2, rank: 5 });

    await world.as("gm", () => click(sheet, "operationsCancel"));
    expect(health(mike)).toMatchObject({ wagersAgainst: 1, spent: 0, free: 1 });
    expect(setback()).toBe(2);
    // Only the free Wager stands: no cancel offered, and the flow refuses it with the rule named.
    expect(await world.as("gm", () => operations(sheet))).toMatchObject({ canCancel: false });
    await world.as("gm", () => click(sheet, "operationsCancel"));
    expect(warnings()).toEqual(["Setback cancels only Wagers spent against Rank, never the free Wager: the 1 Wager against Mike cannot be cancelled."]);
    expect(setback()).toBe(2);

    const undo = (await world.as("gm", () => operations(sheet)))!.undo!;
    expect(undo.labelKey).toBe("FRACAS.Zodiac.Panel.UndoCancel");
    await world.as("gm", () => click(sheet, "operationsUndo", { spendId: undo.id }));
    expect(health(mike)).toMatchObject({ wagersAgainst: 2, spent: 1, free: 1 });
    expect(setback()).toBe(3);
  });

  it("a player sees no Operations section, and the action (if sent anyway) is refused with nothing changed", async () => {
    await seedSetback(1);
    const sheet = sheetOf(mike);
    expect(await world.as("mp", () => operations(sheet))).toBeNull();
    await world.as("mp", () => click(sheet, "operationsShoot"));
    expect(warnings()).toEqual(["Only the GM can do that."]);
    expect(setback()).toBe(1);
    expect(health(mike).status).toBe("healthy");
    expect(mike.statuses.size).toBe(0);
  });

  it("no Setback: nothing offered, and the section says why — only that (nothing about Mike stops a shot)", async () => {
    const v = await world.as("gm", () => operations(sheetOf(mike)));
    expect(v).toMatchObject({ setback: 0, canShoot: false, canCancel: false, undo: null });
    expect(v!.why.map((w) => w.key)).toEqual(["FRACAS.Zodiac.Sheet.Operations.Why.noSetback"]);
  });
});

describe("the Other Agent sheet's Operations section: cancel a spent Wager against their Rank, no fight needed", () => {
  it("GM: cancel one of the Baron's spent Wagers (never the free one), Undo from the sheet; no shot offered", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 4, breakdown: { spent: 3, free: 1 }, status: "dead" } });
    await seedSetback(1);
    const sheet = sheetOf(baron);
    expect(await world.as("gm", () => operations(sheet))).toMatchObject({ canShoot: false, canCancel: true, wagers: 4, rank: 4, why: [] });

    await world.as("gm", () => click(sheet, "operationsCancel"));
    expect(warnings()).toEqual([]);
    // Died at Rank, lives again below it (cancelOneWager); the spend is recorded on the Baron.
    expect(baron.system).toMatchObject({ wagersAgainst: 3, breakdown: { spent: 2, free: 1 }, status: "healthy" });
    expect(setback()).toBe(0);
    expect(flagSpends(baron)).toMatchObject([{ kind: "cancel", undone: false }]);

    const after = (await world.as("gm", () => operations(sheet)))!;
    expect(after).toMatchObject({ canCancel: false, undo: { labelKey: "FRACAS.Zodiac.Panel.UndoCancel" } });
    await world.as("gm", () => click(sheet, "operationsUndo", { spendId: after.undo!.id }));
    expect(baron.system).toMatchObject({ wagersAgainst: 4, breakdown: { spent: 3, free: 1 }, status: "dead" });
    expect(setback()).toBe(1);
    expect(await world.as("mp", () => operations(sheet))).toBeNull();
  });

  it("a head shot's kill: nothing offered, and why", async () => {
    const countess = world.createActor({ name: "The Countess", type: "zodiacOtherAgent", system: { rank: 6, tn: 15, wagersAgainst: 5, breakdown: { spent: 5, free: 0 }, headShot: true, status: "dead" } });
    await seedSetback(3);
    const v = await world.as("gm", () => operations(sheetOf(countess)));
    expect(v).toMatchObject({ canCancel: false });
    expect(v!.why.map((w) => w.key)).toEqual(["FRACAS.Zodiac.Sheet.Operations.Why.headShot"]);
  });
});

describe("a spend before a fight and one in it: Undo in order across both records", () => {
  it("a spend made before the fight is undone only after a later one in the fight (both records checked)", async () => {
    // Shot before any fight (recorded on Jeremy)…
    await seedSetback(2);
    await world.as("gm", async () => jeremy.update({ "system.health.wagersAgainst": 1, "system.health.spent": 1 } as never));
    const sheet = sheetOf(jeremy);
    await world.as("gm", () => click(sheet, "operationsShoot"));
    const shot = flagSpends(jeremy)[0]!;
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 0 });

    // …then a fight starts and a Wager against him is cancelled there (recorded in the fight).
    const fight = await startZodiacCombat(world, [mike, jeremy]);
    await world.as("gm", () => click(sheet, "operationsCancel"));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 0, spent: 0 });
    expect(flagSpends(jeremy)).toHaveLength(1);

    // The sheet offers the latest (the cancel); the shot's Undo waits for it, whichever way it is asked.
    const latest = (await world.as("gm", () => operations(sheet)))!.undo!;
    expect(latest.labelKey).toBe("FRACAS.Zodiac.Panel.UndoCancel");
    await world.as("gm", () => click(sheet, "operationsUndo", { spendId: shot.id }));
    expect(warnings()).toEqual(["Undo the later application to this target first."]);
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 0 });

    await world.as("gm", () => click(sheet, "operationsUndo", { spendId: latest.id }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 1, spent: 1 });
    await world.as("gm", () => click(sheet, "operationsUndo", { spendId: shot.id }));
    expect(health(jeremy)).toMatchObject({ status: "healthy", wagersAgainst: 1 });
    expect(setback()).toBe(2);
    expect(warnings()).toHaveLength(1);
  });
});

describe("in a fight, the sheet's spends are the panel's: same record, same Undo, the fight's round", () => {
  let combat: FakeCombat;
  beforeEach(async () => {
    combat = await startZodiacCombat(world, [mike, jeremy]);
    await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
  });

  it("shot from the sheet in round 2: Almost Dead since round 2, listed on the panel, undone from the panel", async () => {
    await seedSetback(1);
    await world.as("gm", () => click(sheetOf(jeremy), "operationsShoot"));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 2 });
    expect(flagSpends(jeremy)).toEqual([]);
    const v = (await world.as("gm", async () => panel.panelContext(combat as never))) as unknown as { spends: { id: string; label: string }[] };
    expect(v.spends.map((s) => s.label)).toEqual(["Undo the shot on Jeremy: Setback back to Operations"]);
    expect(await world.as("gm", () => panel.undoSpend(combat as never, v.spends[0]!.id))).toEqual({ ok: true });
    expect(health(jeremy).status).toBe("healthy");
    expect(setback()).toBe(1);
  });
});

describe("the Operations section as rendered (real template, the fixtures' contexts)", () => {
  const env = createHandlebars();
  const render = (ctx: object) => env.renderTemplate("zodiac/agent-sheet.hbs", ctx).replace(/\s+/g, " ");
  const text = (h: string) => h.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

  it("GM: every button of the section says its cost, without (GM): the section is the GM's alone (UX s6b #6)", () => {
    const html = render(gmOperations().context as object);
    const section = /<section class="zodiac-operations".*?<\/section>/.exec(html)?.[0] ?? "";
    const buttons = section.match(/<button[^>]*>.*?<\/button>/g) ?? [];
    expect(buttons.map(text).map((s) => s.trim())).toEqual([
      "Shoot Mike: Almost Dead — costs 1 Setback",
      "Cancel 1 spent Wager against Mike (3 of 5 toward Rank) — costs 1 Setback",
      "Undo the last cancel on Mike: Setback back to Operations",
    ]);
    expect(text(section)).toContain("(Operations holds 3)");
  });

  it("GM with nothing to spend: the reason, no button; a player's sheet has no section at all", () => {
    const nothing = render(gmNothing().context as object);
    expect(nothing).toContain('class="zodiac-operations"');
    expect(/<section class="zodiac-operations".*?<\/section>/.exec(nothing)?.[0]).not.toContain("<button");
    expect(text(nothing)).toContain("Operations has no Setback to spend.");
    expect(render(agentMike().context as object)).not.toContain("zodiac-operations");
  });

  it("the Other Agent sheet: one cancel button with its cost; head shot: the reason; players: no section", () => {
    const renderOther = (ctx: object) => env.renderTemplate("zodiac/other-agent-sheet.hbs", ctx).replace(/\s+/g, " ");
    const section = /<section class="zodiac-operations".*?<\/section>/.exec(renderOther(otherGm().context as object))?.[0] ?? "";
    expect((section.match(/<button[^>]*>.*?<\/button>/g) ?? []).map(text).map((s) => s.trim())).toEqual([
      "Cancel 1 spent Wager against The Baron (3 of 4 toward Rank) — costs 1 Setback",
    ]);
    const dead = renderOther(otherHeadShot().context as object);
    expect(text(dead)).toContain("Killed by a head shot: Setback cannot save them.");
    expect(dead).not.toMatch(/<section class="zodiac-operations".*?<button/);
    expect(renderOther(otherDefault().context as object)).not.toContain("zodiac-operations");
  });
});
