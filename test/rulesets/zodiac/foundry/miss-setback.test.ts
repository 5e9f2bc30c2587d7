/**
 * Audit Z1 (RULES §3: "A miss: nobody dies and Operations gains 1 Setback"): a missed kill roll
 * gives Operations exactly 1 Setback, exactly once, whether or not a crowd was targeted — taken
 * from the card by the GM (GM follow-ups takeSetback / undoSetback, shared with the fight card;
 * Setback is Operations' pool, so a player's click is refused — session 3), with Undo; a crowd
 * Apply and the card's button never both count, and the card shows which one took it (the button
 * is gone after either, back after that one's Undo).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { addPlayers, createMike, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Refresh } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let mike: FakeActor;
let refresh: Refresh;

interface CardSystem {
  kind: string;
  result: Record<string, unknown>;
  applications: Application[];
  targets: { uuid: string; name: string }[];
}
const cardOf = (m: unknown) => (m as FakeChatMessage).system as unknown as CardSystem;
const contentOf = (m: unknown) => (m as FakeChatMessage).content;
const setback = () => adapter.pools.readPool("setback").value;
const entries = () => adapter.pools.readPool("setback").entries.filter((e) => !e.undone && !e.undoes);
const take = (m: FakeChatMessage) => adapter.queries.requestFollowUp(m.id ?? "", "takeSetback", {});
const undo = (m: FakeChatMessage) => adapter.queries.requestFollowUp(m.id ?? "", "undoSetback", {});
const DONE = { ok: true, summary: { key: "FRACAS.Chat.Done" } };
const NOT_GM = { ok: false, reason: "FRACAS.Chat.Refused.NotGM" };
const TAKE_BUTTON = 'data-fracas-follow-up="takeSetback"';
const UNDO_BUTTON = 'data-fracas-follow-up="undoSetback"';
/** Apply (or Undo) as the GM, then let the GM's card refresh (updateChatMessage hook) finish. */
async function applyAsGm(m: FakeChatMessage, target: FakeActor) {
  const r = await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", target.uuid, true));
  await refresh.cardRefreshesSettled();
  return r;
}
async function undoAsGm(m: FakeChatMessage, applicationId: string) {
  const r = await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", applicationId, true));
  await refresh.cardRefreshesSettled();
  return r;
}

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, refresh } = await zodiacWorld());
  // The GM's take from the card, as with the world option off (auto-setback.test.ts: the option on).
  await world.as("gm", () => game.settings.set("fracas", "zodiac.autoSetback" as never, false as never));
  addPlayers(world, "mp", "jp");
  mike = createMike(world);
});

/** Mike's player rolls a kill (Aries 3: 3d6 vs TN 5) with these dice, at `target` or at nobody. */
async function kill(dice: number[], target: FakeActor | null): Promise<FakeChatMessage> {
  const m = await world.as("mp", async () => {
    const t = target ? dialog.dialogTarget(target.uuid, target.name) : null;
    const choice = { kind: "kill" as const, area: 3, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 5, flow.grids().shots);
    world.dice.queue(...dice);
    return flow.rollAndPost(mike as never, "a1", choice, mm, t);
  });
  return m as unknown as FakeChatMessage;
}

describe("a missed kill with no target: Setback from the card, by the GM", () => {
  it("the GM takes exactly 1 Setback; a second click adds nothing; the player's click is refused", async () => {
    const m = await kill([2, 1, 1], null);
    expect(cardOf(m).targets).toEqual([]);
    expect(cardOf(m).result.kill).toMatchObject({ success: false, setbackGained: 1 });
    // The card offers the button as a GM follow-up, labelled as the GM's (before: no button at all).
    expect(contentOf(m)).toContain('data-fracas-action="gmFollowUp" data-fracas-follow-up="takeSetback"');
    expect(contentOf(m)).toContain("Operations takes the Setback (GM)");
    expect(setback()).toBe(0);

    // A player's click reaches the GM, who refuses it: Setback is Operations' pool.
    expect(await world.as("mp", () => take(m))).toEqual(NOT_GM);
    expect(world.queryLog.filter((q) => q.name === "fracas.followUp").map((q) => [q.from, q.to])).toEqual([["mp", "gm"]]);
    expect(setback()).toBe(0);
    expect(contentOf(m)).toContain(TAKE_BUTTON);

    expect(await world.as("gm", () => take(m))).toEqual(DONE);
    expect(setback()).toBe(1);
    expect(entries()).toHaveLength(1);
    expect(entries()[0]!.reason).toBe("FRACAS.Zodiac.Setback.Reason.Miss|Mike");
    expect(typeof cardOf(m).result.setbackEntry).toBe("string");
    // The card now says so and offers the Undo instead.
    expect(contentOf(m)).toContain("Operations has taken it (Undo below gives it back).");
    expect(contentOf(m)).not.toContain('data-fracas-follow-up="takeSetback"');
    expect(contentOf(m)).toContain('data-fracas-follow-up="undoSetback"');
    expect(contentOf(m)).toContain("Undo the Setback (GM)");

    // Second click: refused, nothing added; the player may not undo Operations' Setback either.
    expect(await world.as("gm", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(await world.as("mp", () => undo(m))).toEqual(NOT_GM);
    expect(setback()).toBe(1);
  });

  it("two clicks at once still take it once (the GM's client runs them one after the other)", async () => {
    const m = await kill([2, 1, 1], null);
    const both = await world.as("gm", () => Promise.all([take(m), take(m)]));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(setback()).toBe(1);
  });

  it("Undo gives the Setback back and the card offers it again; Undo twice is refused", async () => {
    const m = await kill([2, 1, 1], null);
    await world.as("gm", () => take(m));
    expect(await world.as("gm", () => undo(m))).toEqual(DONE);
    expect(setback()).toBe(0);
    expect(cardOf(m).result.setbackEntry).toBeNull();
    expect(contentOf(m)).toContain('data-fracas-follow-up="takeSetback"');
    expect(await world.as("gm", () => undo(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackTaken" });
    // Taken again after the Undo: still exactly one.
    expect(await world.as("gm", () => take(m))).toEqual(DONE);
    expect(setback()).toBe(1);
  });

  it("a card whose stored entry was edited by its author to name another card's Setback cannot undo that one", async () => {
    const mine = await kill([2, 1, 1], null);
    const theirs = await kill([1, 1, 2], null);
    await world.as("gm", () => take(mine));
    await world.as("gm", () => take(theirs));
    expect(setback()).toBe(2);
    // Foundry lets an author edit their own message: Mike's player points their card at the other's entry.
    await world.as("gm", () => undo(mine));
    await world.as("mp", async () => mine.update({ "system.result.setbackEntry": cardOf(theirs).result.setbackEntry } as never));
    expect(await world.as("gm", () => undo(mine))).toEqual({ ok: false, reason: "FRACAS.Error.wrongRef" });
    expect(setback()).toBe(1);
    expect(entries().map((e) => e.id)).toEqual([cardOf(theirs).result.setbackEntry]);
  });

  it("a hit earns none; a player who neither wrote the card nor owns Mike may not ask", async () => {
    const hit = await kill([5, 1, 1], null);
    expect(contentOf(hit)).not.toContain("takeSetback");
    expect(await world.as("gm", () => take(hit))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackEarned" });
    const miss = await kill([2, 1, 1], null);
    expect(await world.as("jp", () => take(miss))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(await world.as("jp", () => undo(miss))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(setback()).toBe(0);
  });

  it("without a GM connected, nothing is written", async () => {
    const m = await kill([2, 1, 1], null);
    world.setActiveGM(null);
    expect(await world.as("mp", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Chat.NoGM" });
    expect(setback()).toBe(0);
  });
});

describe("a missed kill on a targeted crowd: the Setback counts once, by either route", () => {
  it("the card's own Undo Setback cannot be pointed at the Setback its Apply took (refs name the purpose)", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    expect((await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, true))).ok).toBe(true);
    const applyEntry = cardOf(m).applications[0]!.poolEntries[0]!.entryId;
    await world.as("mp", async () => m.update({ "system.result.setbackEntry": applyEntry } as never));
    expect(await world.as("gm", () => undo(m))).toEqual({ ok: false, reason: "FRACAS.Error.wrongRef" });
    expect(setback()).toBe(1);
    expect(cardOf(m).applications[0]!.undone).toBe(false);
  });

  it("Apply first (Setback in the application): the card's button is then refused", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    expect((await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, true))).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(await world.as("gm", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(setback()).toBe(1);
    // Undo the Apply: its Setback goes, and the button works again (still once).
    const app = cardOf(m).applications[0]!;
    await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", app.id, true));
    expect(setback()).toBe(0);
    expect(await world.as("gm", () => take(m))).toEqual(DONE);
    expect(setback()).toBe(1);
  });

  it("the button first: a later Apply on the crowd adds no second Setback", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    expect(await world.as("gm", () => take(m))).toEqual(DONE);
    const r = await world.as("mp", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, false));
    expect(r).toEqual({ ok: true, summary: { key: "FRACAS.Zodiac.Summary.MissTaken", data: { setback: 1 } } });
    expect(setback()).toBe(1);
    expect(cardOf(m).applications[0]!.poolEntries).toEqual([]);
    expect(goons.system).toMatchObject({ standing: 3, killed: 0 });
  });
});

describe("the fight card uses the same follow-up (the GM's)", () => {
  it("a player's missed fight roll: Setback once, by the GM; Undo", async () => {
    const m = (await world.as("mp", async () => {
      const choice = { kind: "fight" as const, area: 4, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 12, totalMode: "keepArea" as const };
      const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 12, flow.grids().shots);
      world.dice.queue(3, 2, 2, 1);
      return flow.rollAndPost(mike as never, "a4", choice, mm, null);
    })) as unknown as FakeChatMessage;
    expect(cardOf(m).kind).toBe("fight");
    expect(contentOf(m)).toContain('data-fracas-follow-up="takeSetback"');
    expect(await world.as("mp", () => take(m))).toEqual(NOT_GM);
    expect(await world.as("gm", () => take(m))).toEqual(DONE);
    expect(await world.as("gm", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(setback()).toBe(1);
    expect(await world.as("gm", () => undo(m))).toEqual(DONE);
    expect(setback()).toBe(0);
  });
});

describe("the card stops offering the Setback once it was taken, by either route (session 3, fix 1)", () => {
  it("Apply on the crowd takes it: the GM's client re-renders the card — no button, the line says so; the Apply's Undo brings the button back", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    expect(contentOf(m)).toContain(TAKE_BUTTON);

    expect((await applyAsGm(m, goons)).ok).toBe(true);
    expect(setback()).toBe(1);
    // Before: the content was rendered once, at posting, and still offered the (refused) button.
    expect(contentOf(m)).not.toContain(TAKE_BUTTON);
    expect(contentOf(m)).not.toContain(UNDO_BUTTON); // the Apply row's own Undo gives it back
    expect(contentOf(m)).toContain("Taken with the Apply to Three goons");

    await undoAsGm(m, cardOf(m).applications[0]!.id);
    expect(setback()).toBe(0);
    expect(contentOf(m)).toContain(TAKE_BUTTON);
    expect(contentOf(m)).not.toContain("with the Apply to");
  });

  it("a player's Apply is carried out by the GM, whose client re-renders the card the same way", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    expect((await world.as("mp", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, false))).ok).toBe(true);
    await refresh.cardRefreshesSettled();
    expect(setback()).toBe(1);
    expect(contentOf(m)).not.toContain(TAKE_BUTTON);
    expect(contentOf(m)).toContain("with the Apply to Three goons");
  });

  it("the card's button takes it: an Apply after it keeps the card's line and its Undo; that Undo brings the button back", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    await world.as("gm", () => take(m));
    expect(contentOf(m)).not.toContain(TAKE_BUTTON);
    expect((await applyAsGm(m, goons)).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(contentOf(m)).not.toContain(TAKE_BUTTON);
    expect(contentOf(m)).toContain(UNDO_BUTTON);
    expect(contentOf(m)).toContain("Operations has taken it (Undo below gives it back).");
    // The Apply carried none, so after the card's Undo the Setback may be taken again — once.
    expect(await world.as("gm", () => undo(m))).toEqual(DONE);
    expect(setback()).toBe(0);
    expect(contentOf(m)).toContain(TAKE_BUTTON);
    expect(await world.as("gm", () => take(m))).toEqual(DONE);
    expect(setback()).toBe(1);
  });

  it("only the active GM's client re-renders, only zodiac kill/fight cards, only on an applications change", async () => {
    const { onCardUpdate } = refresh;
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    await applyAsGm(m, goons);
    // Put the stale button back by hand; then replay the hook in the cases that must not re-render.
    const stale = `${contentOf(m)}<button ${TAKE_BUTTON}></button>`;
    await world.as("gm", async () => m.update({ content: stale } as never));
    await world.as("mp", async () => onCardUpdate(m as never, { system: { applications: [] } }));
    await world.as("gm", async () => onCardUpdate(m as never, { content: "x" }));
    await refresh.cardRefreshesSettled();
    expect(contentOf(m)).toBe(stale);
    world.setActiveGM(null);
    await world.as("gm", async () => onCardUpdate(m as never, { system: { applications: [] } }));
    await refresh.cardRefreshesSettled();
    expect(contentOf(m)).toBe(stale);
    world.setActiveGM("gm");
    await world.as("gm", async () => onCardUpdate(m as never, { system: { applications: [] } }));
    await refresh.cardRefreshesSettled();
    expect(contentOf(m)).not.toContain(TAKE_BUTTON);
  });
});
