/**
 * Audit (session 3): Operations saves Everyone Else with Setback (seed ¶7: "Unlike Everyone Else,
 * Operations can't save Other Agents outright by spending Setback"; kernel saveEveryoneElse, 1
 * Setback a target, never the head-shot one). Before, nothing in Foundry offered it: the GM edited
 * the crowd and the pool by hand. Now the kill card's GM follow-ups saveOne / undoSaveOne.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { createHandlebars } from "../../../browser/harness.js";
import killsBeyondCrowd from "../../../fixtures/templates/zodiac/cards/kill/kills-beyond-crowd.js";
import noneStanding from "../../../fixtures/templates/zodiac/cards/kill/none-standing.js";
import { addPlayers, createMike, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Refresh } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let refresh: Refresh;
let mike: FakeActor;
let goons: FakeActor;

interface CardSystem {
  result: { kill: { kills: number; saved: number; headShot: boolean }; saves?: string[] };
  applications: Application[];
}
const cardOf = (m: FakeChatMessage) => m.system as unknown as CardSystem;
const setback = () => adapter.pools.readPool("setback").value;
const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
const save = (m: FakeChatMessage) => adapter.queries.requestFollowUp(m.id ?? "", "saveOne", {});
const undoSave = (m: FakeChatMessage) => adapter.queries.requestFollowUp(m.id ?? "", "undoSaveOne", {});
const DONE = { ok: true, summary: { key: "FRACAS.Chat.Done" } };
const SAVE_BUTTON = 'data-fracas-follow-up="saveOne"';
const UNDO_BUTTON = 'data-fracas-follow-up="undoSaveOne"';
const crowd = () => goons.system as unknown as { standing: number; killed: number; captured: number };

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, refresh } = await zodiacWorld());
  // The GM's take from the card, as with the world option off (auto-setback.test.ts: the option on).
  await world.as("gm", () => game.settings.set("fracas", "zodiac.autoSetback" as never, false as never));
  addPlayers(world, "mp");
  mike = createMike(world);
  goons = world.createActor({ name: "Five goons", type: "zodiacCrowd", system: { standing: 5 } });
});

/** Mike's player kills at the goons: Aries 3 + 5 gathered, `wagers` Wagers, every die a 6 (or a 1: a miss). */
async function kill(wagers: number, opts: { calledShot?: "head" | null; miss?: boolean } = {}): Promise<FakeChatMessage> {
  const m = await world.as("mp", async () => {
    const t = dialog.dialogTarget(goons.uuid, goons.name);
    const choice = { kind: "kill" as const, area: 3, spend: 1, gathered: 5, wagers, calledShot: opts.calledShot ?? null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 5, flow.grids().shots);
    expect(mm.ok, JSON.stringify(mm.error)).toBe(true);
    world.dice.queue(...Array(8 - wagers).fill(opts.miss ? 1 : 6));
    return flow.rollAndPost(mike as never, "a1", choice, mm, t);
  });
  await world.as("gm", async () => mike.update({ "system.agentPoints.value": 3 } as never));
  return m as unknown as FakeChatMessage;
}

describe("Operations saves Everyone Else with Setback, from the kill card", () => {
  it("3 killed: the GM saves one for 1 Setback, the Apply then kills 2; Undo gives the Setback and the kill back", async () => {
    const m = await kill(2);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 3, saved: 0 });
    expect(m.content).toContain(SAVE_BUTTON);
    expect(m.content).toContain("Operations saves one — costs 1 Setback (GM)");

    // A player may not spend Operations' Setback; nor the GM with none.
    expect(await world.as("mp", () => save(m))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(await world.as("gm", () => save(m))).toEqual({ ok: false, reason: "FRACAS.Error.notEnoughSetback", data: { setback: 0, spend: 1 } });

    await seedSetback(2);
    expect(await world.as("gm", () => save(m))).toEqual(DONE);
    expect(setback()).toBe(1);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 2, saved: 1 });
    expect(cardOf(m).result.saves).toHaveLength(1);
    // UX s3 #1: the headline counts the dead that remain, the rolled count in brackets.
    expect(m.content).toContain("2 killed — Operations saved 1 with Setback (3 hit).");
    expect(m.content).not.toContain("taken alive");
    expect(m.content).toContain(UNDO_BUTTON);
    expect(adapter.pools.readPool("setback").entries.at(-1)).toMatchObject({ delta: -1, reason: "FRACAS.Zodiac.Setback.Reason.Save|Mike" });

    // The Apply kills 2 off the crowd; while it stands, the card offers no save, and one is refused.
    expect((await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, true))).ok).toBe(true);
    await refresh.cardRefreshesSettled();
    expect(crowd()).toMatchObject({ standing: 3, killed: 2 });
    expect(m.content).not.toContain(SAVE_BUTTON);
    expect(m.content).not.toContain(UNDO_BUTTON);
    expect(await world.as("gm", () => save(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SaveWhileApplied", data: { name: "Five goons" } });
    expect(await world.as("gm", () => undoSave(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SaveWhileApplied", data: { name: "Five goons" } });
    expect(setback()).toBe(1);

    // Undo the Apply: the buttons return; Undo the save: the Setback and the kill come back.
    await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", cardOf(m).applications[0]!.id, true));
    await refresh.cardRefreshesSettled();
    expect(crowd()).toMatchObject({ standing: 5, killed: 0 });
    expect(m.content).toContain(SAVE_BUTTON);
    expect(await world.as("mp", () => undoSave(m))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(await world.as("gm", () => undoSave(m))).toEqual(DONE);
    expect(setback()).toBe(2);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 3, saved: 0 });
    expect(cardOf(m).result.saves).toEqual([]);
    expect(m.content).not.toContain(UNDO_BUTTON);
    expect(await world.as("gm", () => undoSave(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.NoSaveToUndo" });
  });

  it("saves up to every kill, one Setback each, then says there is no one left to save", async () => {
    const m = await kill(1); // 2 killed
    await seedSetback(5);
    expect(await world.as("gm", () => save(m))).toEqual(DONE);
    expect(await world.as("gm", () => save(m))).toEqual(DONE);
    expect(m.content).not.toContain(SAVE_BUTTON);
    expect(await world.as("gm", () => save(m))).toMatchObject({ ok: false, reason: "FRACAS.Error.nothingToSave" });
    expect(setback()).toBe(3);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 0, saved: 2 });
  });

  it("a head shot cannot be saved: 5 Wagers, 1 kill, no button, refused; with a sixth Wager the other kill can be", async () => {
    await seedSetback(3);
    const head = await kill(5, { calledShot: "head" });
    expect(cardOf(head).result.kill).toMatchObject({ kills: 1, headShot: true });
    expect(head.content).not.toContain(SAVE_BUTTON);
    expect(await world.as("gm", () => save(head))).toMatchObject({ ok: false, reason: "FRACAS.Error.headShotCannotBeSaved" });
    const six = await kill(6, { calledShot: "head" });
    expect(six.content).toContain(SAVE_BUTTON);
    expect(await world.as("gm", () => save(six))).toEqual(DONE);
    expect(await world.as("gm", () => save(six))).toMatchObject({ ok: false, reason: "FRACAS.Error.headShotCannotBeSaved" });
    expect(setback()).toBe(2);
  });

  it("a miss kills nobody: nothing to save (the miss's Setback button instead)", async () => {
    const m = await kill(0, { miss: true });
    expect(m.content).not.toContain(SAVE_BUTTON);
    expect(m.content).toContain('data-fracas-follow-up="takeSetback"');
    await seedSetback(1);
    expect(await world.as("gm", () => save(m))).toMatchObject({ ok: false, reason: "FRACAS.Error.nothingToSave" });
    expect(setback()).toBe(1);
  });
});

/**
 * Review #9: a save was counted against the card's kills alone, while the Apply kills only those
 * standing (kernel applyKills) — 5 kills on 2 standing, a save cost 1 Setback and the Apply still
 * killed both. Now, on a card targeting one crowd, only the kills that land can be saved: the card
 * says how many land, a save spares one of them, and with none landing none is offered (DECISIONS,
 * "a save always spares someone").
 */
describe("a save always spares someone: only the kills that land on the targeted crowd", () => {
  const setStanding = (n: number) => world.as("gm", async () => goons.update({ "system.standing": n } as never));

  it("5 kills on 2 standing: the card says 2 land; one save (1 Setback) leaves 1 killed and the Apply kills 1 of the 2; Undo restores the 5", async () => {
    await setStanding(2);
    const m = await kill(4); // 5 kills
    expect(cardOf(m).result.kill).toMatchObject({ kills: 5, saved: 0 });
    expect(m.content).toContain("2 killed (5 rolled; only 2 standing).");
    expect(m.content).not.toContain("5 killed");
    expect(m.content).toContain(SAVE_BUTTON);

    await seedSetback(3);
    expect(await world.as("gm", () => save(m))).toEqual(DONE);
    expect(setback()).toBe(2);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 1, saved: 1 });
    expect(m.content).toContain("1 killed — Operations saved 1 with Setback (5 hit; only 2 standing).");

    expect((await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, true))).ok).toBe(true);
    await refresh.cardRefreshesSettled();
    expect(crowd()).toMatchObject({ standing: 1, killed: 1 });
    // While the Apply stands, the card does not read the crowd's aftermath as "none land": it reads the Apply.
    expect(m.content).toContain("1 killed — Operations saved 1 with Setback (5 hit; only 2 standing).");
    expect(m.content).not.toContain("nobody is left standing");

    await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", cardOf(m).applications[0]!.id, true));
    await refresh.cardRefreshesSettled();
    expect(await world.as("gm", () => undoSave(m))).toEqual(DONE);
    expect(setback()).toBe(3);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 5, saved: 0 });
    expect(m.content).toContain("2 killed (5 rolled; only 2 standing).");
  });

  it("a second save spares the second of the 2; then nothing is left to save", async () => {
    await setStanding(2);
    const m = await kill(4);
    await seedSetback(3);
    expect(await world.as("gm", () => save(m))).toEqual(DONE);
    expect(await world.as("gm", () => save(m))).toEqual(DONE);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 0, saved: 2 });
    expect(m.content).not.toContain(SAVE_BUTTON);
    expect(await world.as("gm", () => save(m))).toMatchObject({ ok: false, reason: "FRACAS.Error.nothingToSave" });
    expect(setback()).toBe(1);
    // Undone in order: 1 kill, then the 5 rolled.
    expect(await world.as("gm", () => undoSave(m))).toEqual(DONE);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 1, saved: 1 });
    expect(await world.as("gm", () => undoSave(m))).toEqual(DONE);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 5, saved: 0 });
    expect(setback()).toBe(3);
  });

  it("nobody standing: no save offered and the card says why; a save asked anyway is refused and spends nothing", async () => {
    await setStanding(0);
    const m = await kill(1); // 2 kills
    expect(m.content).toContain("Hit, but nobody is left standing: no one dies.");
    expect(m.content).not.toContain("2 killed");
    expect(m.content).not.toContain(SAVE_BUTTON);
    await seedSetback(1);
    expect(await world.as("gm", () => save(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.NoneLeftToSave", data: { name: "Five goons" } });
    expect(setback()).toBe(1);
    expect(cardOf(m).result.kill).toMatchObject({ kills: 2, saved: 0 });
  });

  it("the crowd emptied after the card was posted: the card's button is stale, the save is refused, no Setback spent", async () => {
    const m = await kill(1);
    expect(m.content).toContain(SAVE_BUTTON);
    await setStanding(0);
    await seedSetback(1);
    expect(await world.as("gm", () => save(m))).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Refused.NoneLeftToSave" });
    expect(setback()).toBe(1);
  });

  it("a head shot and one more kill on 1 standing: only the head-shot target falls, so no save", async () => {
    await setStanding(1);
    await seedSetback(1);
    const m = await kill(6, { calledShot: "head" }); // head shot + 1 kill
    expect(cardOf(m).result.kill).toMatchObject({ kills: 2, headShot: true });
    expect(m.content).toContain("1 killed (2 rolled; only 1 standing).");
    expect(m.content).not.toContain(SAVE_BUTTON);
    expect(await world.as("gm", () => save(m))).toMatchObject({ ok: false, reason: "FRACAS.Error.headShotCannotBeSaved" });
    expect(setback()).toBe(1);
  });
});

describe("the kill card's fixtures for these states (real template)", () => {
  const env = createHandlebars();
  const text = (ctx: object) => env.renderTemplate("zodiac/cards/kill.hbs", ctx).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  it("5 kills at a crowd of 2: how many land, and the save; an empty crowd: why no save", () => {
    const beyond = text(killsBeyondCrowd().context);
    expect(beyond).toContain("2 killed (5 rolled; only 2 standing).");
    expect(beyond).not.toContain("5 killed");
    expect(beyond).toContain("Operations saves one — costs 1 Setback (GM)");
    const none = text(noneStanding().context);
    expect(none).toContain("Hit, but nobody is left standing: no one dies.");
    expect(none).not.toContain("2 killed");
    expect(none).not.toContain("Operations saves one");
  });
});
