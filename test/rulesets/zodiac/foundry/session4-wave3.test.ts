/**
 * Session 4, wave 3 (notes/ux-review-s4.md, the Zodiac findings):
 * - #1: a hit's outcome and count name whose Rank (the strike's target, the duel side's opponent);
 *   "Wagers against Rank" everywhere, as on the sheets.
 * - #2: a blocked Operations Undo: no "back at their Rank" when the State is already back (only
 *   the Setback is missing); the Setback step is a GM button that undoes the spend's own pool
 *   entry (no macro), on the sheet and the tracker panel; the hint drops the pool count when a
 *   reason already says there is none.
 * - #13: a miss's headline says Operations earns the Setback; the line once taken says who took it.
 * - #22.2: whole percents without ".0"; #22.4: the duel outside a fight says "No fight running".
 * Real templates over the fixtures' contexts, and the typed fake for the flows.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { OperationsView } from "../../../../src/rulesets/zodiac/sheets/operations-view.js";
import type { PanelView } from "../../../../src/rulesets/zodiac/cards/panel-view.js";
import { formatPercent } from "../../../../src/rulesets/zodiac/cards/roll-model.js";
import { createHandlebars, type Fixture } from "../../../browser/harness.js";
import { localize } from "./en-localize.js";
import { addPlayers, startZodiacCombat, stubTextEditor, zodiacWorld, type Operations, type Panel, type Sheets } from "./world.js";
import duelOutside from "../../../fixtures/templates/zodiac/cards/duel/outside-fight.js";
import duelMiss from "../../../fixtures/templates/zodiac/cards/duel/miss-setback.js";
import strikeApplied from "../../../fixtures/templates/zodiac/cards/strike/applied.js";
import strikeHit from "../../../fixtures/templates/zodiac/cards/strike/hit.js";
import strikeMiss from "../../../fixtures/templates/zodiac/cards/strike/miss.js";
import strikeTaken from "../../../fixtures/templates/zodiac/cards/strike/setback-taken.js";
import undoBlocked from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations-undo-blocked.js";
import undoBlockedState from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations-undo-blocked-state.js";
import gmNoSetback from "../../../fixtures/templates/zodiac/agent-sheet/gm-operations-no-setback.js";
import gmOperations from "../../../fixtures/templates/zodiac/agent-sheet/gm-operations.js";
import panelBlocked from "../../../fixtures/templates/zodiac/tracker-panel/gm-undo-blocked.js";

const env = createHandlebars();
const render = (template: string, f: Fixture) => env.renderTemplate(`zodiac/${template}.hbs`, f.context as object).replace(/\s+/g, " ");
const text = (h: string) => h.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();
const section = (h: string) => /<section class="zodiac-operations".*?<\/section>/.exec(h)?.[0] ?? "";

describe("UX s4 #1: a hit says whose Rank and who is Almost Dead or dead", () => {
  it("the duel: each side's count and outcome name the opponent (Mike's hit: Jeremy is Almost Dead)", () => {
    const t = text(render("cards/duel", duelOutside()));
    expect(t).toMatch(/Mike against Jeremy .*Wagers against Jeremy's Rank: 4 of 4 \(\+4 from this roll, 1 free\)\. Jeremy is Almost Dead\./);
    expect(t).not.toMatch(/Wagers on Rank|(^|\. )Almost Dead\./);
  });
  it("the strike: the Apply's count and the outcome name the target; before the Apply, the hit names whose Rank", () => {
    const applied = text(render("cards/strike", strikeApplied()));
    expect(applied).toContain("Wagers against The Baron's Rank: 4 of 4 (+3 from this roll, 1 free).");
    expect(applied).toContain("The Baron is dead.");
    const hit = text(render("cards/strike", strikeHit()));
    expect(hit).toContain("Hit: the Wagers land on The Baron's Rank.");
    expect(hit).toMatch(/Wagers against The Baron's Rank from this roll: \+\d+ \(\d+ free\), counted when applied\./);
  });
  it("the Apply row's summaries say 'against Rank' (the row names the target)", () => {
    expect(localize("FRACAS.Zodiac.Summary.Dead", { against: 4, rank: 4, applied: 3 })).toBe("Dead. Wagers against Rank: 4 of 4 (+3).");
    expect(localize("FRACAS.Zodiac.Summary.AlmostDead", { against: 4, rank: 4, applied: 4 })).toBe("Almost Dead. Wagers against Rank: 4 of 4 (+4).");
    expect(localize("FRACAS.Zodiac.Summary.Wagers", { against: 2, rank: 4, applied: 2 })).toBe("Wagers against Rank: 2 of 4 (+2).");
  });
});

describe("UX s4 #13: a miss earns Operations Setback; once taken, the card says Operations took it", () => {
  it("the duel: both misses' headlines say 'earns'; the taken side says Operations has taken it, the other still offers the take", () => {
    const t = text(render("cards/duel", duelMiss()));
    expect(t).toContain("A miss: Operations earns 1 Setback.");
    expect(t).not.toContain("Operations gains");
    expect(t).toContain("Operations has taken it (Undo below gives it back).");
    expect(t).not.toContain("Taken from this card");
  });
  it("the strike: the same headline, taken or not", () => {
    expect(text(render("cards/strike", strikeMiss()))).toContain("A miss: Operations earns 1 Setback.");
    expect(text(render("cards/strike", strikeTaken()))).toContain("Operations has taken it (Undo below gives it back).");
  });
});

describe("UX s4 #22.2 and #22.4", () => {
  it("percentages: whole ones without '.0', others to one decimal", () => {
    expect(formatPercent(0.52)).toBe("52");
    expect(formatPercent(0.19)).toBe("19");
    expect(formatPercent(1 / 3)).toBe("33.3");
    expect(formatPercent(0)).toBe("0");
    expect(text(render("cards/strike", strikeApplied()))).toContain("(52% before the roll)");
  });
  it("the duel outside a fight: 'No fight running'", () => {
    expect(text(render("cards/duel", duelOutside()))).toContain("No fight running: both sides' Wagers revealed together.");
  });
});

describe("UX s4 #2: a blocked Undo, rendered", () => {
  it("State already back (fixture gm-operations-undo-blocked): only the Setback, by the GM button; no macro, no 'back at their Rank'", () => {
    const h = section(render("other-agent-sheet", undoBlocked()));
    expect(text(h)).toContain("Undo is not possible: The Baron has changed since this Setback spend. The Baron is already back to Dead, so only the Setback needs putting back: give Operations 1 Setback (button below).");
    expect(h).toMatch(/<button type="button" data-action="operationsGiveBack" data-spend-id="s1">Give Operations its 1 Setback back<\/button>/);
    expect(h).not.toContain('data-action="operationsUndo"');
    expect(text(h)).not.toMatch(/macro|back at their Rank/);
  });
  it("one Wager below Rank (fixture gm-operations-undo-blocked-state): add it by hand, then the button", () => {
    const t = text(section(render("other-agent-sheet", undoBlockedState())));
    expect(t).toContain(
      "To undo it by hand: on The Baron's sheet add 1 to Wagers against Rank (that brings them back to their Rank of 4, and the State returns to Dead by itself), then use “Give Operations its 1 Setback back” below. Give Operations its 1 Setback back",
    );
  });
  it("the pool is said once: no '(Operations holds 0)' after 'no Setback to spend'; the count stays otherwise", () => {
    const none = text(section(render("other-agent-sheet", undoBlocked())));
    expect(none.split("Setback to spend").length - 1).toBe(1);
    expect(none).toContain("Operations may spend Setback on The Baron at any time, in a fight or not. Players do not see this section.");
    expect(text(section(render("agent-sheet", gmNoSetback())))).not.toContain("Operations holds");
    expect(text(section(render("agent-sheet", gmOperations())))).toMatch(/\(Operations holds \d+\)/);
  });
  it("the tracker panel (fixture gm-undo-blocked): the disabled Undo, its reason, then the give-back button", () => {
    const h = render("tracker-panel", panelBlocked());
    expect(h).toMatch(/<p class="zodiac-undo-blocked">[^<]*then use “Give Operations its 1 Setback back” below\.<\/p><button type="button" name="zodiacGiveBack-s1" class="zodiac-give-back" data-action="fracasPanel" data-panel-action="giveBack" data-spend-id="s1">Give Operations its 1 Setback back<\/button>/);
  });
});

describe("UX s4 #2: the give-back flow (typed fake)", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let sheets: Sheets;
  let ops: Operations;
  let panel: Panel;
  type SheetApp = { options: { actions: Record<string, unknown> }; _prepareContext(o: unknown): Promise<{ operations: OperationsView | null }> };
  const sheetOf = (a: FakeActor) => new (a.type === "zodiacOtherAgent" ? sheets.ZodiacOtherAgentSheet : sheets.ZodiacAgentSheet)({ document: a } as never) as unknown as SheetApp;
  const click = (s: SheetApp, action: string, data: Record<string, string> = {}) =>
    (s.options.actions[action] as (this: unknown, e: Event, t: HTMLElement) => Promise<void>).call(s, new Event("click"), { dataset: { action, ...data } } as unknown as HTMLElement);
  const operations = async (s: SheetApp) => (await world.as("gm", () => s._prepareContext({}))).operations!;
  const setback = () => adapter.pools.readPool("setback").value;
  const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
  const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
  const flagSpends = (a: FakeActor) => ((a.flags.fracas as { zodiacSpends?: { id: string; undone: boolean; byHand?: boolean }[] } | undefined)?.zodiacSpends ?? []);
  let baron: FakeActor;

  beforeEach(async () => {
    ({ world, adapter, sheets, operations: ops, panel } = await zodiacWorld());
    stubTextEditor();
    addPlayers(world, "mp");
    // Dead at his Rank of 4 (3 spent, 1 free): Operations' cancel revives him at 3.
    baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 4, breakdown: { spent: 3, free: 1 }, status: "dead" } });
    await seedSetback(1);
  });

  it("the review's case: a strike's Apply killed him again since the cancel; the refusal says only the Setback is missing, and the button gives it back once", async () => {
    const sheet = sheetOf(baron);
    await world.as("gm", () => click(sheet, "operationsCancel"));
    expect(baron.system).toMatchObject({ wagersAgainst: 3, status: "healthy" });
    expect(setback()).toBe(0);
    // A strike's Apply since: 4 of 4, Dead again.
    await world.as("gm", async () => baron.update({ "system.wagersAgainst": 4, "system.status": "dead", "system.breakdown.spent": 3 } as never));
    const undo = (await operations(sheet)).undo!;
    expect(undo).toMatchObject({ blockedKey: "FRACAS.Zodiac.Refused.UndoChangedCancelRestored", blockedData: { name: "The Baron", cost: 1, state: "Dead" }, giveBack: true });

    await world.as("gm", () => click(sheet, "operationsGiveBack", { spendId: undo.id }));
    expect(warnings()).toEqual([]);
    expect(setback()).toBe(1);
    // The Baron is left as he stands; the spend is closed, its Undo no longer offered.
    expect(baron.system).toMatchObject({ wagersAgainst: 4, status: "dead" });
    expect(flagSpends(baron)[0]).toMatchObject({ undone: true, byHand: true });
    expect((await operations(sheet)).undo).toBeNull();
    // A second click (a stale sheet) gives nothing more; nor does the Undo.
    await world.as("gm", () => click(sheet, "operationsGiveBack", { spendId: undo.id }));
    expect(await world.as("gm", () => ops.undoOn(baron as never, undo.id))).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyUndone" });
    expect(setback()).toBe(1);
    // The pool's history says which spend it undid.
    expect(adapter.pools.readPool("setback").entries.filter((e) => e.undoes).length).toBe(1);
  });

  it("the State back but the count below Rank (set by hand): not 'only the Setback'; one below Rank: add the Wager; further: the plain fix", async () => {
    const sheet = sheetOf(baron);
    await world.as("gm", () => click(sheet, "operationsCancel"));
    await world.as("gm", async () => baron.update({ "system.breakdown.spent": 1 } as never));
    expect((await operations(sheet)).undo).toMatchObject({ blockedKey: "FRACAS.Zodiac.Refused.UndoChangedCancelState", blockedData: { state: "Dead", rank: 4 }, giveBack: true });
    await world.as("gm", async () => baron.update({ "system.wagersAgainst": 2 } as never));
    expect((await operations(sheet)).undo).toMatchObject({ blockedKey: "FRACAS.Zodiac.Refused.UndoChangedCancel", giveBack: true });
    await world.as("gm", async () => baron.update({ "system.wagersAgainst": 3, "system.status": "dead" } as never));
    expect((await operations(sheet)).undo).toMatchObject({ blockedKey: "FRACAS.Zodiac.Refused.UndoChangedCancel" });
  });

  it("refused: a spend its Undo can take back in full, a player, a spend refused only for order", async () => {
    const sheet = sheetOf(baron);
    await world.as("gm", () => click(sheet, "operationsCancel"));
    const id = (await operations(sheet)).undo!.id;
    expect((await operations(sheet)).undo).toMatchObject({ blockedKey: null, giveBack: false });
    expect(await world.as("gm", () => ops.giveBackOn(baron as never, id))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.GiveBackNotBlocked" });
    expect(await world.as("mp", () => ops.giveBackOn(baron as never, id))).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(setback()).toBe(0);
    // A second cancel: the first is refused for order only (undo the later first), not put right by hand.
    await seedSetback(1);
    await world.as("gm", () => click(sheet, "operationsCancel"));
    expect(await world.as("gm", () => ops.giveBackOn(baron as never, id))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.UndoLaterFirst" });
    expect(setback()).toBe(0);
  });

  it("in a fight, from the tracker panel: the blocked spend offers the button, and its action gives the Setback back", async () => {
    const combat = await startZodiacCombat(world, [baron]);
    await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid));
    await world.as("gm", async () => baron.update({ "system.wagersAgainst": 4, "system.status": "dead", "system.breakdown.spent": 3 } as never));
    const view = (await world.as("gm", async () => panel.panelContext(combat as never))) as unknown as PanelView;
    expect(view.spends).toEqual([expect.objectContaining({ giveBack: "Give Operations its 1 Setback back" })]);
    expect(view.spends[0]!.blocked).toContain("The Baron is already back to Dead");
    await world.as("gm", () => panel.PANEL_ACTIONS.giveBack!(combat as never, { dataset: { spendId: view.spends[0]!.id } } as unknown as HTMLElement));
    expect(setback()).toBe(1);
    expect(((await world.as("gm", async () => panel.panelContext(combat as never))) as unknown as PanelView).spends).toEqual([]);
    // A spend whose Undo stands offers no give-back.
    await world.as("gm", async () => baron.update({ "system.wagersAgainst": 4, "system.breakdown.spent": 3 } as never));
    await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid));
    const fresh = (await world.as("gm", async () => panel.panelContext(combat as never))) as unknown as PanelView;
    expect(fresh.spends).toEqual([expect.objectContaining({ blocked: null, giveBack: null })]);
  });
});
