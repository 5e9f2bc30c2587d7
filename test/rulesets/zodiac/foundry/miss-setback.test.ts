/**
 * Audit Z1 (RULES §3: "A miss: nobody dies and Operations gains 1 Setback"): a missed kill roll
 * gives Operations exactly 1 Setback, exactly once, whether or not a crowd was targeted — taken
 * from the card through the GM (GM follow-ups takeSetback / undoSetback, shared with the fight
 * card), with Undo; a crowd Apply and the card's button never both count.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { mikeAreas } from "./mike-jeremy-data.js";

type Flow = typeof import("../../../../src/rulesets/zodiac/cards/flow.js");
type Dialog = typeof import("../../../../src/rulesets/zodiac/sheets/roll-dialog.js");
type Model = typeof import("../../../../src/rulesets/zodiac/cards/roll-model.js");

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let mike: FakeActor;

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

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  flow = await import("../../../../src/rulesets/zodiac/cards/flow.js");
  dialog = await import("../../../../src/rulesets/zodiac/sheets/roll-dialog.js");
  model = await import("../../../../src/rulesets/zodiac/cards/roll-model.js");
  world.addUser({ id: "mp", name: "Mike's player", isGM: false });
  world.addUser({ id: "jp", name: "Jeremy's player", isGM: false });
  mike = world.createActor({ name: "Mike", type: "zodiacAgent", system: { areas: mikeAreas, agentPoints: { value: 3, max: 3 } }, ownership: { mp: 3 } });
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

describe("a missed kill with no target: Setback from the card, through the GM", () => {
  it("the player's click reaches the GM: exactly 1 Setback; a second click adds nothing", async () => {
    const m = await kill([2, 1, 1], null);
    expect(cardOf(m).targets).toEqual([]);
    expect(cardOf(m).result.kill).toMatchObject({ success: false, setbackGained: 1 });
    // The card offers the button as a GM follow-up (before: no button at all, so no Setback ever).
    expect(contentOf(m)).toContain('data-fracas-action="gmFollowUp" data-fracas-follow-up="takeSetback"');
    expect(setback()).toBe(0);

    expect(await world.as("mp", () => take(m))).toEqual(DONE);
    expect(world.queryLog.filter((q) => q.name === "fracas.followUp").map((q) => [q.from, q.to])).toEqual([["mp", "gm"]]);
    expect(setback()).toBe(1);
    expect(entries()).toHaveLength(1);
    expect(entries()[0]!.reason).toBe("FRACAS.Zodiac.Setback.Reason.Miss|Mike");
    expect(typeof cardOf(m).result.setbackEntry).toBe("string");
    // The card now says so and offers the Undo instead.
    expect(contentOf(m)).toContain("Operations took 1 Setback for this miss.");
    expect(contentOf(m)).not.toContain('data-fracas-follow-up="takeSetback"');
    expect(contentOf(m)).toContain('data-fracas-follow-up="undoSetback"');

    // Second click (the player's, or the GM's): refused, nothing added.
    expect(await world.as("mp", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(await world.as("gm", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
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
    await world.as("mp", () => take(m));
    expect(await world.as("mp", () => undo(m))).toEqual(DONE);
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
    await world.as("mp", () => take(mine));
    await world.as("gm", () => take(theirs));
    expect(setback()).toBe(2);
    // Foundry lets an author edit their own message: Mike's player points their card at the other's entry.
    await world.as("mp", () => undo(mine));
    await world.as("mp", async () => mine.update({ "system.result.setbackEntry": cardOf(theirs).result.setbackEntry } as never));
    expect(await world.as("mp", () => undo(mine))).toEqual({ ok: false, reason: "FRACAS.Error.wrongRef" });
    expect(setback()).toBe(1);
    expect(entries().map((e) => e.id)).toEqual([cardOf(theirs).result.setbackEntry]);
  });

  it("a hit earns none; a player who neither wrote the card nor owns Mike may not ask", async () => {
    const hit = await kill([5, 1, 1], null);
    expect(contentOf(hit)).not.toContain("takeSetback");
    expect(await world.as("mp", () => take(hit))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackEarned" });
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
    expect(await world.as("mp", () => undo(m))).toEqual({ ok: false, reason: "FRACAS.Error.wrongRef" });
    expect(setback()).toBe(1);
    expect(cardOf(m).applications[0]!.undone).toBe(false);
  });

  it("Apply first (Setback in the application): the card's button is then refused", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    expect((await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, true))).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(await world.as("mp", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(setback()).toBe(1);
    // Undo the Apply: its Setback goes, and the button works again (still once).
    const app = cardOf(m).applications[0]!;
    await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", app.id, true));
    expect(setback()).toBe(0);
    expect(await world.as("mp", () => take(m))).toEqual(DONE);
    expect(setback()).toBe(1);
  });

  it("the button first: a later Apply on the crowd adds no second Setback", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await kill([2, 1, 1], goons);
    expect(await world.as("mp", () => take(m))).toEqual(DONE);
    const r = await world.as("mp", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, false));
    expect(r).toEqual({ ok: true, summary: { key: "FRACAS.Zodiac.Summary.MissTaken", data: { setback: 1 } } });
    expect(setback()).toBe(1);
    expect(cardOf(m).applications[0]!.poolEntries).toEqual([]);
    expect(goons.system).toMatchObject({ standing: 3, killed: 0 });
  });
});

describe("the fight card uses the same follow-up (now through the GM)", () => {
  it("a player's missed fight roll: Setback once through the GM; Undo", async () => {
    const m = (await world.as("mp", async () => {
      const choice = { kind: "fight" as const, area: 4, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 12, totalMode: "keepArea" as const };
      const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 12, flow.grids().shots);
      world.dice.queue(3, 2, 2, 1);
      return flow.rollAndPost(mike as never, "a4", choice, mm, null);
    })) as unknown as FakeChatMessage;
    expect(cardOf(m).kind).toBe("fight");
    expect(contentOf(m)).toContain('data-fracas-follow-up="takeSetback"');
    expect(await world.as("mp", () => take(m))).toEqual(DONE);
    expect(await world.as("mp", () => take(m))).toEqual({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(setback()).toBe(1);
    expect(await world.as("mp", () => undo(m))).toEqual(DONE);
    expect(setback()).toBe(0);
  });
});
