/**
 * Session 8, wave 2, "hard to break": a double click (two clicks before the first's write is done)
 * on a FASERIP button that rolls dice, spends a pool or passes a round acts once. The FEAT dialog
 * (attack, dodge, plain FEAT) is in hard-to-break.test.ts; the attack card's Slam?/Stun? and
 * 0-Health buttons are once-only through their claims (once-claims.test.ts,
 * claim-before-karma.test.ts: "two clicks with Karma at the same instant…"), and their Endurance
 * Karma prompt is only reached through those buttons.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, clickAttackFollowUp, slamOnRampage, startFight, sys } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type Action = (this: unknown, e: unknown, target: unknown) => Promise<unknown>;

/** A hero sheet of `actor` whose Karma field holds `amount`, and its actions as V13 calls them. */
async function sheetOf(actor: FakeActor, amount = "0") {
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: actor } as never);
  const field = { value: amount };
  (sheet as unknown as { element: unknown }).element = { querySelector: (q: string) => (q === "input.faserip-karma-delta" ? field : null) };
  const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  const click = (name: string, dataset: Record<string, string> = {}) => actions[name]!.call(sheet, {}, { dataset });
  /** Two clicks, the second before the first is done. */
  const twice = (name: string, dataset: Record<string, string> = {}) => Promise.all([click(name, dataset), click(name, dataset)]);
  return { click, twice };
}

const karmaOf = (a: FakeActor) => (a.system as unknown as { karma: { value: number; pool: { entries: unknown[] } } }).karma;

/** A hero outside any fight (the sheet's "A round passes" buttons are for outside a fight). */
function loneHero(status: Record<string, unknown>, health = 0): FakeActor {
  return f.world.createActor({
    name: "Loner",
    type: "faseripHero",
    system: { abilities: { fighting: 10, agility: 10, strength: 10, endurance: 20, reason: 10, intuition: 10, psyche: 10 }, health: { value: health, max: 60 }, status },
    ownership: { alice: 3 },
  });
}

describe("hard to break: the hero sheet's buttons double-clicked", () => {
  it("Karma Spend double-clicked: spent once, one ledger entry; a click after it spends again", async () => {
    f.world.login("alice");
    const before = karmaOf(f.captain).value;
    const entries = karmaOf(f.captain).pool.entries.length;
    let writes = 0;
    f.world.observe("updateActor", ((a: FakeActor) => {
      if (a === f.captain) writes++;
    }) as never);
    const sheet = await sheetOf(f.captain, "2");
    await sheet.twice("karma", { direction: "spend" });
    expect(karmaOf(f.captain).value).toBe(before - 2);
    expect(karmaOf(f.captain).pool.entries).toHaveLength(entries + 1);
    expect(writes).toBe(1);
    // Each click is a spend: the next one, once the first is done, spends again.
    await sheet.click("karma", { direction: "spend" });
    expect(karmaOf(f.captain).value).toBe(before - 4);
  });

  it("'A round of dying passes' double-clicked: one dying card, one Endurance rank lost", async () => {
    const loner = loneHero({ dying: true, unconscious: true });
    f.world.login("alice");
    const sheet = await sheetOf(loner);
    await sheet.twice("dyingRound");
    const ticks = f.cards("dyingTick");
    expect(ticks).toHaveLength(1);
    expect(sys(loner).status["endurance"]).toBe(cardOf(ticks[0]).result["enduranceAfter"]);
  });

  it("'A round of stun passes' double-clicked: one round counted (checked: safe with or without the guard)", async () => {
    const loner = loneHero({ stunnedRounds: 3 }, 60);
    let writes = 0;
    f.world.observe("updateActor", ((a: FakeActor) => {
      if (a === loner) writes++;
    }) as never);
    f.world.login("alice");
    const sheet = await sheetOf(loner);
    await sheet.twice("stunRound");
    expect(sys(loner).status["stunnedRounds"]).toBe(2);
    // Safe without the sheet's guard too (checked by hand): the second click, read from the same
    // hero, writes the same count, which is no change. The guard is there for the same reason as
    // Karma's and the dying round's (one write per click under way).
    expect(writes).toBe(1);
  });
});

describe("session 9: the sheet's guards are the hero's, not the sheet's", () => {
  it("Karma Spend clicked at once on two sheets of one hero (its actor sheet and its token's): spent once", async () => {
    f.world.login("alice");
    const before = karmaOf(f.captain).value;
    const entries = karmaOf(f.captain).pool.entries.length;
    const actorSheet = await sheetOf(f.captain, "2");
    const tokenSheet = await sheetOf(f.captain, "2");
    await Promise.all([actorSheet.click("karma", { direction: "spend" }), tokenSheet.click("karma", { direction: "spend" })]);
    expect(karmaOf(f.captain).value).toBe(before - 2);
    expect(karmaOf(f.captain).pool.entries).toHaveLength(entries + 1);
  });

  it("'A round of dying passes' clicked at once on two sheets of one hero: one dying card, one rank lost", async () => {
    const loner = loneHero({ dying: true, unconscious: true });
    f.world.login("alice");
    const [a, b] = [await sheetOf(loner), await sheetOf(loner)];
    await Promise.all([a.click("dyingRound"), b.click("dyingRound")]);
    expect(f.cards("dyingTick")).toHaveLength(1);
  });

  it("two heroes' sheets each act: a Spend on one does not hold back the other's", async () => {
    f.world.login("gm");
    const [captain, bruiser] = [karmaOf(f.captain).value, karmaOf(f.bruiser).value];
    const [a, b] = [await sheetOf(f.captain, "1"), await sheetOf(f.bruiser, "1")];
    await Promise.all([a.click("karma", { direction: "gain" }), b.click("karma", { direction: "gain" })]);
    expect([karmaOf(f.captain).value, karmaOf(f.bruiser).value]).toEqual([captain + 1, bruiser + 1]);
  });
});

describe("hard to break: a White Slam?'s Set (GM) double-clicked", () => {
  it("needs no guard: the GM follow-up runs under the card's lock, and the same number again writes nothing", async () => {
    const slam = await slamOnRampage(f);
    f.world.dice.queue(10);
    f.world.dialogAnswers.push(0);
    await clickAttackFollowUp(f, "gm", slam, "secondary");
    const check = f.cards("secondary").at(-1)! as FakeChatMessage;
    let writes = 0;
    f.world.observe("updateChatMessage", ((m: FakeChatMessage) => {
      if (m === check) writes++;
    }) as never);
    f.world.login("gm");
    const field = { value: "5" };
    const button = { closest: (sel: string) => (sel === ".faserip-card-areas" ? { querySelector: (q: string) => (q === "input[name='areas']" ? field : null) } : null) };
    const setAreas = f.adapter.rulesets.descriptor("faserip")!.cards!["secondary"]!.followUps!["setAreas"]!;
    const press = () => setAreas({ message: check as never, result: cardOf(check).result, button: button as never });
    await Promise.all([press(), press()]);
    expect(cardOf(check).result["check"]).toMatchObject({ areas: 5 });
    expect(writes).toBe(1);
    expect(f.world.notified("warn")).toEqual([]);
  });
});
