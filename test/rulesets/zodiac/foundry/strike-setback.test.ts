/**
 * Audit (session 4): a missed strike at an Other Agent earns Operations 1 Setback (RULES §3: "Setback
 * … gained on misses in a fight"; seed ¶6: Other Agents "operate … with the same principles"), but
 * it reached the pool only if the GM applied the miss to the Other Agent — nothing on the card
 * asked for that, while the kill and fight cards offer "Operations takes the Setback (GM)". Now the
 * strike card offers it too (the same GM follow-ups), exactly once whichever way it is taken.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { createHandlebars } from "../../../browser/harness.js";
import strikeMiss from "../../../fixtures/templates/zodiac/cards/strike/miss.js";
import strikeTaken from "../../../fixtures/templates/zodiac/cards/strike/setback-taken.js";
import strikeHit from "../../../fixtures/templates/zodiac/cards/strike/hit.js";
import { addPlayers, createMike, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Refresh } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let refresh: Refresh;
let mike: FakeActor;
let baron: FakeActor;

const card = (m: FakeChatMessage) => m.system as unknown as { result: Record<string, unknown>; applications: Application[] };
const setback = () => adapter.pools.readPool("setback").value;
const take = (m: FakeChatMessage) => adapter.queries.requestFollowUp(m.id ?? "", "takeSetback", {});
const undo = (m: FakeChatMessage) => adapter.queries.requestFollowUp(m.id ?? "", "undoSetback", {});
const DONE = { ok: true, summary: { key: "FRACAS.Chat.Done" } };
const TAKE_BUTTON = 'data-fracas-follow-up="takeSetback"';

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, refresh } = await zodiacWorld());
  // The GM's take from the card, as with the world option off (auto-setback.test.ts: the option on).
  await world.as("gm", () => game.settings.set("fracas", "zodiac.autoSetback" as never, false as never));
  addPlayers(world, "mp");
  mike = createMike(world);
  baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 1, breakdown: { spent: 0, free: 1 } } });
});

/** Mike's player strikes the Baron (Aries 3, 1 Wager: 2d6 against TN 10) with these dice. */
async function strike(dice: number[]): Promise<FakeChatMessage> {
  const m = await world.as("mp", async () => {
    const target = dialog.dialogTarget(baron.uuid, baron.name)!;
    const choice = { kind: "strike" as const, area: 3, spend: 0, gathered: 0, wagers: 1, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, target.tn ?? 10, flow.grids().shots);
    world.dice.queue(...dice);
    return flow.rollAndPost(mike as never, "a1", choice, mm, target);
  });
  return m as unknown as FakeChatMessage;
}

async function applyAsGm(m: FakeChatMessage) {
  const r = await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", baron.uuid, true));
  await refresh.cardRefreshesSettled();
  return r;
}

describe("a missed strike: Operations' Setback from the card", () => {
  it("the card offers it (GM); taken once; then the Apply of the miss adds none and says so", async () => {
    const m = await strike([4, 3]);
    expect(card(m).result.strike).toMatchObject({ success: false, setbackGained: 1 });
    expect(m.content).toContain(TAKE_BUTTON);
    expect(m.content).toContain("Operations takes the Setback (GM)");

    expect(await world.as("mp", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(await world.as("gm", () => take(m))).toEqual(DONE);
    expect(setback()).toBe(1);
    expect(m.content).toContain("Operations has taken it (Undo below gives it back).");
    expect(await world.as("gm", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });

    expect((await applyAsGm(m)).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(card(m).applications.at(-1)!.summary).toEqual({ key: "FRACAS.Zodiac.Summary.StrikeMissTaken", data: {} });
    expect(baron.system).toMatchObject({ wagersAgainst: 1, status: "healthy" });

    // Undo from the card gives it back (the Apply stands, and carried none).
    expect(await world.as("gm", () => undo(m))).toEqual(DONE);
    expect(setback()).toBe(0);
  });

  it("applied first (as before): the Apply carries the Setback, the card stops offering it; the Apply's Undo brings the button back", async () => {
    const m = await strike([4, 3]);
    expect((await applyAsGm(m)).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(m.content).not.toContain(TAKE_BUTTON);
    expect(m.content).toContain("Taken with the Apply to The Baron below; its Undo gives it back.");
    expect(await world.as("gm", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(setback()).toBe(1);

    const app = card(m).applications.at(-1)!;
    expect((await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", app.id, true))).ok).toBe(true);
    await refresh.cardRefreshesSettled();
    expect(setback()).toBe(0);
    expect(m.content).toContain(TAKE_BUTTON);
  });

  it("a hit earns nothing: no button, and the follow-up is refused", async () => {
    const m = await strike([6, 5]);
    expect(card(m).result.strike).toMatchObject({ success: true });
    expect(m.content).not.toContain(TAKE_BUTTON);
    expect(await world.as("gm", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackEarned" });
  });
});

describe("the strike card's fixtures", () => {
  const env = createHandlebars();
  const render = (f: { context: object }) => env.renderTemplate("zodiac/cards/strike.hbs", f.context).replace(/\s+/g, " ");
  it("miss: the take button; taken: the line and its Undo; hit: neither", () => {
    expect(render(strikeMiss())).toContain(TAKE_BUTTON);
    const taken = render(strikeTaken());
    expect(taken).not.toContain(TAKE_BUTTON);
    expect(taken).toContain('data-fracas-follow-up="undoSetback"');
    expect(render(strikeHit())).not.toContain("zodiac-card-actions");
  });
});
