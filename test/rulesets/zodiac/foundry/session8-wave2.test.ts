/**
 * Session 8, wave 2, for Zodiac: a double click (two submits before the first finishes) on the roll
 * dialog's Roll or Commit rolls once and spends once (core oneSubmitAtATime), and the wave-1 items
 * left unchecked (see each describe).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import cancelAgentFixture from "../../../fixtures/templates/zodiac/tracker-panel/gm-cancel-agent.js";
import { mikeAndJeremy, startZodiacCombat, stubTextEditor, zodiacWorld, type Dialog, type Flow, type Panel, type Sheets } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let panel: Panel;
let sheets: Sheets;
let flow: Flow;
let dialogs: Dialog;
let mike: FakeActor;
let jeremy: FakeActor;

const points = (a: FakeActor) => (a.system as unknown as { agentPoints: { value: number } }).agentPoints.value;
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const cards = (kind?: string) => world.messages.filter((m) => m.type === "card" && (kind === undefined || (m.system as unknown as { kind?: string }).kind === kind));

beforeEach(async () => {
  ({ world, adapter, flow, dialog: dialogs, panel, sheets } = await zodiacWorld());
  stubTextEditor();
  ({ mike, jeremy } = mikeAndJeremy(world));
});

type Handler = (this: unknown) => Promise<void>;
const handler = () => (dialogs.ZodiacRollDialog.DEFAULT_OPTIONS as unknown as { form: { handler: Handler } }).form.handler;

/** `user` opens Mike's dialog on `target` (or none), types `fields`, and presses Roll/Commit twice before the first is done. */
async function doubleClick(user: string, target: FakeActor | null, fields: Record<string, string>): Promise<void> {
  world.login(user);
  if (target) world.target(user, target);
  const dialog = new dialogs.ZodiacRollDialog({ actor: mike as never, slot: "a1" });
  await dialog.render({ force: true } as never);
  world.typeInto(dialog as never, { slot: "a1", calledShot: "", ...fields });
  // Dice for two rolls, so a second roll (the bug) would post a second card rather than fail.
  world.dice.queue(6, 5, 4, 1, 1, 1, 6, 5, 4, 1, 1, 1, 6, 5, 4, 1, 1, 1);
  const submit = handler();
  await world.as(user, () => Promise.all([submit.call(dialog), submit.call(dialog)]));
}

describe("hard to break: the roll dialog double-clicked (session 8 wave 2, task 1)", () => {
  it("hard to break: a strike double-clicked: one card, spent once", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    await doubleClick("mp", baron, { kind: "strike", spend: "1", gathered: "2", wagers: "1" });
    // Before: two strike cards, and 2 Agent Points spent for one meant roll.
    expect(cards("strike")).toHaveLength(1);
    expect(points(mike)).toBe(2);
  });

  it("hard to break: a kill at Everyone Else double-clicked: one card, spent once", async () => {
    const goons = world.createActor({ name: "Five goons", type: "zodiacCrowd", system: { standing: 5 } });
    await doubleClick("mp", goons, { kind: "kill", spend: "2", gathered: "2", wagers: "0" });
    expect(cards("kill")).toHaveLength(1);
    expect(points(mike)).toBe(1);
  });

  it("hard to break: a fight against a TN double-clicked: one card, spent once", async () => {
    await doubleClick("mp", null, { kind: "fight", tn: "8", spend: "1", gathered: "1", wagers: "0" });
    expect(cards("fight")).toHaveLength(1);
    expect(points(mike)).toBe(2);
  });

  it("hard to break: a duel Commit double-clicked: one commit held, one card, spent once, no refusal said", async () => {
    await world.as("gm", () => startZodiacCombat(world, [mike, jeremy]));
    await doubleClick("mp", jeremy, { kind: "duel", spend: "1", gathered: "2", wagers: "1" });
    expect(cards("duelCommit")).toHaveLength(1);
    expect(points(mike)).toBe(2);
    expect(await world.as("gm", async () => flow.readCommits().length)).toBe(1);
    // Before: the second press was sealed too and refused by the GM ("already committed"), a warning for a click meant once.
    expect(warnings()).toEqual([]);
  });

  it("a press after the first has finished is not swallowed: a refused Roll (more Agent Points than Mike has) lets the next Roll, corrected, roll", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    world.login("mp");
    world.target("mp", baron);
    const dialog = new dialogs.ZodiacRollDialog({ actor: mike as never, slot: "a1" });
    await dialog.render({ force: true } as never);
    world.typeInto(dialog as never, { slot: "a1", kind: "strike", spend: "9", gathered: "0", wagers: "0", calledShot: "" });
    await world.as("mp", () => handler().call(dialog));
    expect(cards()).toHaveLength(0);
    expect(warnings().at(-1)).toBe("Not enough Agent Points: 3 left, 9 to spend.");
    world.typeInto(dialog as never, { spend: "1" });
    world.dice.queue(6, 5, 4);
    await world.as("mp", () => handler().call(dialog));
    expect(cards("strike")).toHaveLength(1);
    expect(points(mike)).toBe(2);
  });
});

describe("hard to break: Operations' Cancel double-clicked (session 8 wave 2, task 1)", () => {
  const other = (a: FakeActor) => a.system as unknown as { wagersAgainst: number; breakdown: { spent: number; free: number } };
  const setback = () => adapter.pools.readPool("setback").value;
  const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
  /** The Baron with 3 Wagers against his Rank 4: 2 spent (each one Setback may cancel) and the free one. */
  const twoSpent = () => world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 3, breakdown: { spent: 2, free: 1 } } });

  it("hard to break: Cancel on the Other Agent's sheet double-clicked: one Wager cancelled, 1 Setback spent", async () => {
    const baron = twoSpent();
    await seedSetback(3);
    const sheet = new sheets.ZodiacOtherAgentSheet({ document: baron } as never) as unknown as { options: { actions: Record<string, Function> }; _prepareContext(o: unknown): Promise<{ operations: { wagers: number; canCancel: boolean } }> };
    const drawn = (await world.as("gm", () => sheet._prepareContext({}))).operations;
    expect(drawn).toMatchObject({ wagers: 3, canCancel: true });
    const press = () => sheet.options.actions.operationsCancel!.call(sheet, new Event("click"), { dataset: { action: "operationsCancel", wagers: String(drawn.wagers) } }) as Promise<void>;
    await world.as("gm", () => Promise.all([press(), press()]));
    // Before: both presses cancelled (3 → 1 Wagers) and Operations paid 2 Setback.
    expect(other(baron)).toMatchObject({ wagersAgainst: 2, breakdown: { spent: 1, free: 1 } });
    expect(setback()).toBe(2);
    expect(warnings()).toEqual(["The Wagers against The Baron changed since that button was drawn (a second click?): nothing cancelled or spent. Press the button again if you meant another."]);
    // The redrawn button (2 Wagers) cancels the next one, as meant.
    await world.as("gm", () => sheet.options.actions.operationsCancel!.call(sheet, new Event("click"), { dataset: { action: "operationsCancel", wagers: "2" } }));
    expect(other(baron)).toMatchObject({ wagersAgainst: 1, breakdown: { spent: 0, free: 1 } });
    expect(setback()).toBe(1);
  });

  it("hard to break: the tracker panel's Cancel double-clicked: one Wager cancelled, 1 Setback spent", async () => {
    const baron = twoSpent();
    const combat = await world.as("gm", () => startZodiacCombat(world, [mike, baron]));
    await seedSetback(3);
    const drawn = (panel.panelContext(combat as never) as unknown as { otherAgents: { wagersAgainst: number }[] }).otherAgents[0]!;
    const Tracker = adapter.tracker.FracasCombatTracker;
    const tracker = new Tracker() as unknown as { viewed: unknown; options: { actions: Record<string, Function> } };
    tracker.viewed = combat;
    const button = { dataset: { action: "fracasPanel", panelAction: "cancelWager", actorUuid: baron.uuid, wagers: String(drawn.wagersAgainst) } };
    const press = () => tracker.options.actions.fracasPanel!.call(tracker, new Event("click"), button) as Promise<void>;
    await world.as("gm", () => Promise.all([press(), press()]));
    expect(other(baron)).toMatchObject({ wagersAgainst: 2, breakdown: { spent: 1, free: 1 } });
    expect(setback()).toBe(2);
    expect(warnings()).toHaveLength(1);
  });

  it("rendered: the panel's and the sheet's Cancel carry the Wagers they were drawn with", () => {
    const env = createHandlebars();
    const html = env.renderTemplate("zodiac/tracker-panel.hbs", cancelAgentFixture().context as object);
    expect(html).toMatch(/data-panel-action="cancelWager" data-actor-uuid="Actor.mike" data-wagers="3"/);
    expect(html).toMatch(/data-panel-action="cancelWager" data-actor-uuid="Actor.jeremy" data-wagers="4"/);
    const sheet = env.renderTemplate("zodiac/_operations.hbs", { operations: { canCancel: true, wagers: 3, name: "The Baron", rank: 4, cost: 1 } });
    expect(sheet).toContain('data-action="operationsCancel" data-wagers="3"');
  });

  it("a caller with no drawn count (a macro, an old rendering) cancels as before", async () => {
    const baron = twoSpent();
    await seedSetback(1);
    const ops = await import("../../../../src/rulesets/zodiac/operations.js");
    expect(ops.drawnWagers(undefined)).toBeUndefined();
    expect(ops.drawnWagers("x")).toBeUndefined();
    expect(await world.as("gm", () => ops.cancelIn(ops.storeFor(baron as never), baron.uuid))).toEqual({ ok: true });
    expect(other(baron).wagersAgainst).toBe(2);
  });
});

describe("hard to break (5): the fight deleted while a duel commit is pending (wave 1: not checked)", () => {
  it("hard to break (checked, no fix needed): Mike committed, the GM deletes the fight: the commit stays held and its Cancel gives Mike's Agent Points back", async () => {
    const combat = await world.as("gm", () => startZodiacCombat(world, [mike, jeremy]));
    await doubleClick("mp", jeremy, { kind: "duel", spend: "1", gathered: "2", wagers: "1" });
    const card = cards("duelCommit")[0]!;
    expect(points(mike)).toBe(2);
    await world.as("gm", () => combat.delete());
    const key = String((card.system as unknown as { result: { duelKey: string } }).result.duelKey);
    expect(await world.as("gm", async () => flow.readCommits().map((c) => c.duelKey))).toEqual([key]);
    const { cancelPendingDuel } = await import("../../../../src/rulesets/zodiac/cards/duel-cancel.js");
    expect(await world.as("gm", () => cancelPendingDuel(key))).toEqual({ ok: true });
    expect(points(mike)).toBe(3);
    expect(warnings()).toEqual([]);
  });
});
