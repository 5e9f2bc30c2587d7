/**
 * Session 8, wave 3 (review-s8): F8, the hero sheet's ability chips and weapon buttons open one FEAT
 * dialog per hero (core openOnce; a double click opened two, each with its own Roll and Karma);
 * F9, Karma Spend and Gain are two buttons: a Gain clicked while a Spend writes is made after it,
 * not silently dropped (a double click on one button still acts once: double-submit.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { startFight } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type Action = (this: unknown, e: unknown, target: unknown) => unknown;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A hero sheet of `actor` whose Karma field holds `amount`, and its actions as V13 calls them (`target`: the clicked element). */
async function sheetOf(actor: FakeActor, amount = "0") {
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: actor } as never);
  const field = { value: amount };
  (sheet as unknown as { element: unknown }).element = { querySelector: (q: string) => (q === "input.faserip-karma-delta" ? field : null) };
  const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  const click = (name: string, dataset: Record<string, string> = {}) =>
    actions[name]!.call(sheet, {}, { dataset, closest: () => ({ dataset }) });
  return { click };
}

const karmaOf = (a: FakeActor) =>
  (a.system as unknown as { karma: { value: number; pool: { entries: { delta: number }[] } } }).karma;

describe("review-s8 F9: Karma Spend and Gain each their own click", () => {
  it("a Gain clicked while a Spend writes is made after it: both land, in order, neither over the other", async () => {
    f.world.login("alice");
    const before = karmaOf(f.captain).value;
    const entries = karmaOf(f.captain).pool.entries.length;
    const sheet = await sheetOf(f.captain, "3");
    await Promise.all([sheet.click("karma", { direction: "spend" }), sheet.click("karma", { direction: "gain" })]);
    expect(karmaOf(f.captain).value).toBe(before);
    expect(karmaOf(f.captain).pool.entries.slice(entries).map((e) => e.delta)).toEqual([-3, 3]);
    expect(f.world.notified("warn")).toEqual([]);
  });

  it("Gain double-clicked: gained once (each direction keeps its own double-click guard)", async () => {
    f.world.login("alice");
    const before = karmaOf(f.captain).value;
    const sheet = await sheetOf(f.captain, "2");
    await Promise.all([sheet.click("karma", { direction: "gain" }), sheet.click("karma", { direction: "gain" })]);
    expect(karmaOf(f.captain).value).toBe(before + 2);
  });
});

describe("review-s8 F8: one FEAT dialog per hero", () => {
  const openFeats = async (user: string) => {
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    return [...f.world.appsOf(user).values()].filter((a) => a instanceof FaseripFeatDialog) as unknown as { broughtToFront: number; close(): Promise<unknown> }[];
  };

  it("an ability chip double-clicked opens one dialog; a weapon clicked while it is open brings that one to the front", async () => {
    f.world.login("gm");
    const [club] = await f.captain.createEmbeddedDocuments("Item", [{ type: "faseripWeapon", name: "Club", system: { damage: 10 } }] as never);
    f.world.login("alice");
    const sheet = await sheetOf(f.captain);
    sheet.click("rollAbility", { ability: "fighting" });
    sheet.click("rollAbility", { ability: "fighting" });
    await settle();
    const open = await openFeats("alice");
    expect(open).toHaveLength(1);
    const fronted = open[0]!.broughtToFront;
    sheet.click("rollWeapon", { itemId: (club as { id: string }).id });
    sheet.click("rollAbility", { ability: "strength" });
    await settle();
    expect(await openFeats("alice")).toHaveLength(1);
    expect(open[0]!.broughtToFront).toBe(fronted + 2);
    // Closed, the next click opens a new one.
    await open[0]!.close();
    sheet.click("rollAbility", { ability: "strength" });
    await settle();
    const again = await openFeats("alice");
    expect(again).toHaveLength(1);
    expect(again[0]).not.toBe(open[0]);
  });

  it("each hero has its own: the GM opens the Thug's and Rampage's side by side", async () => {
    f.world.login("gm");
    (await sheetOf(f.thug)).click("rollAbility", { ability: "fighting" });
    (await sheetOf(f.rampage)).click("rollAbility", { ability: "fighting" });
    await settle();
    expect(await openFeats("gm")).toHaveLength(2);
  });
});
