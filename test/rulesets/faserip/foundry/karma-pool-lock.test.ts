/**
 * Review-s8b G3: every read-change-write of a hero's Karma pool goes through core withPoolLock
 * (key "faserip.karma:<actor uuid>", cards/karma.ts), not only the sheet's Spend and Gain. Two
 * writers at once (a FEAT's Karma and a sheet Gain, a give-back and a spend, a Reset and a FEAT)
 * each read the pool the other left: both land, and the stored value is the ledger's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { form, startFight } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type Action = (this: unknown, e: unknown, target: unknown) => unknown;

/** A hero sheet of `actor` whose Karma field holds `amount`, and a click on one of its actions. */
async function sheetOf(actor: FakeActor, amount = "0") {
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: actor } as never);
  const field = { value: amount };
  (sheet as unknown as { element: unknown }).element = { querySelector: (q: string) => (q === "input.faserip-karma-delta" ? field : null) };
  const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  const click = (name: string, dataset: Record<string, string> = {}) => actions[name]!.call(sheet, {}, { dataset, closest: () => ({ dataset }) });
  return { click };
}

const karmaOf = (a: FakeActor) =>
  (a.system as unknown as { karma: { value: number; pool: { value: number; entries: { delta: number; undone?: boolean }[] } } }).karma;
const karmaModule = () => import("../../../../src/rulesets/faserip/cards/karma.js");

describe("review-s8b G3: one Karma read-change-write at a time per hero", () => {
  it("hard to break: a FEAT's Karma spend and a sheet Gain at once: both land", async () => {
    f.world.login("alice");
    const before = karmaOf(f.captain).value;
    const entries = karmaOf(f.captain).pool.entries.length;
    const sheet = await sheetOf(f.captain, "3");
    f.world.dice.queue(50);
    const [posted] = await Promise.all([
      f.flows.performFeat({ actor: f.captain as never, form: form({ ability: "reason", action: "feat", karma: 5 }), targets: [], weapon: null }),
      sheet.click("karma", { direction: "gain" }),
    ]);
    expect(posted).toHaveLength(1);
    expect(karmaOf(f.captain).value).toBe(before - 5 + 3);
    expect(karmaOf(f.captain).pool.value).toBe(before - 5 + 3);
    expect(karmaOf(f.captain).pool.entries.slice(entries).map((e) => e.delta).sort()).toEqual([-5, 3]);
    expect(f.world.notified("warn")).toEqual([]);
  });

  it("hard to break: a card's Karma given back while another spend writes: neither lost", async () => {
    f.world.login("alice");
    const { changeKarma, giveKarmaBack } = await karmaModule();
    const before = karmaOf(f.captain).value;
    const spent = await changeKarma(f.captain as never, -4, "spent");
    await Promise.all([giveKarmaBack(f.captain as never, spent), changeKarma(f.captain as never, -2, "spent again")]);
    expect(karmaOf(f.captain).value).toBe(before - 2);
    expect(karmaOf(f.captain).pool.value).toBe(before - 2);
  });

  it("hard to break: a FEAT's Karma taken while Reset writes: taken from the fresh pool, not lost under it", async () => {
    f.world.login("alice");
    const { changeKarma, takeKarma } = await karmaModule();
    const sheet = await sheetOf(f.captain);
    const start = (f.captain.system as unknown as { karmaStart: number }).karmaStart;
    await changeKarma(f.captain as never, -7, "earlier"); // a pool with history: Reset starts it again
    // Reset asks first (audit s15 #4): the FEAT's take leaves as the Reset's write, after the Yes, reaches the GM's client.
    f.world.dialogAnswers.push(true);
    const ledgerQueries = () => f.world.queryLog.filter((q) => q.name === "fracas.actorLedger").length;
    const before = ledgerQueries();
    const reset = sheet.click("resetKarma");
    for (let i = 0; i < 100 && ledgerQueries() === before; i++) await Promise.resolve();
    expect(ledgerQueries(), "the Reset's write was sent").toBe(before + 1);
    const [, taken] = await Promise.all([reset, takeKarma(f.captain as never, 5, "FEAT")]);
    expect(taken.karma).toEqual({ points: 5, pool: start });
    expect(karmaOf(f.captain).value).toBe(start - 5);
    expect(karmaOf(f.captain).pool.value).toBe(start - 5);
    expect(karmaOf(f.captain).pool.entries.map((e) => e.delta)).toEqual([-5]);
  });
});

describe("review-s9 H4: a Reset the GM's client does not confirm is said", () => {
  it("the sheet's Reset, unanswered: a warning in words, not an error in the console only", async () => {
    f.world.login("alice");
    const sheet = await sheetOf(f.captain);
    f.world.answerLateNext("fracas.actorLedger");
    f.world.dialogAnswers.push(true); // Reset asks first (audit s15 #4)
    await sheet.click("resetKarma");
    expect(f.world.notified("warn")).toEqual([f.world.i18n.localize("FRACAS.Chat.PoolUnconfirmed")]);
  });
});
