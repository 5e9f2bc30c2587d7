/**
 * Session 4, wave 2, task 4: a duel side's miss earns Operations 1 Setback (RULES §3: Setback is
 * "gained on misses in a fight"; seed ¶11 treats each Agent as an Other Agent, whose missed strike
 * gives it, DECISIONS #63). It reached the pool only through the Apply to the other side, which
 * nothing on the card asked for — Jeremy's miss lands nothing on Mike, so the GM had no reason to
 * apply it there. Now the duel card offers "Operations takes the Setback for Jeremy's miss (GM)"
 * per side that missed, exactly once with that Apply, as the strike card does since wave 1.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Flow, Refresh } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let refresh: Refresh;
let mike: FakeActor;
let jeremy: FakeActor;

interface CardSystem {
  result: { duelKey: string; a: { uuid: string }; setbackEntries?: Record<string, string | null> };
  applications: Application[];
}
const cardOf = (m: FakeChatMessage) => m.system as unknown as CardSystem;
const text = (m: FakeChatMessage) => m.content.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
const setback = () => adapter.pools.readPool("setback").value;
const follow = (user: string, m: FakeChatMessage, name: string, side: string) => world.as(user, () => adapter.queries.requestFollowUp(m.id ?? "", name, { side }));
const TAKE_JEREMY = "Operations takes the Setback for Jeremy's miss (GM)";

beforeEach(async () => {
  ({ world, adapter, flow, refresh } = await zodiacWorld());
  // The GM's take from the card, as with the world option off (auto-setback.test.ts: the option on).
  await world.as("gm", () => game.settings.set("fracas", "zodiac.autoSetback" as never, false as never));
  ({ mike, jeremy } = mikeAndJeremy(world));
  await startZodiacCombat(world, [mike, jeremy]);
});

/** No Wagers either side; Mike rolls first (Operations' order). Mike's 3 dice, then Jeremy's 3. */
async function duel(dice: number[]): Promise<{ card: FakeChatMessage; jeremySide: string }> {
  const mc = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
  await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
  world.dice.queue(...dice);
  const key = String(((mc as unknown as FakeChatMessage).system as unknown as CardSystem).result.duelKey);
  const card = (await world.as("gm", () => flow.revealDuel(key))) as unknown as FakeChatMessage;
  return { card, jeremySide: cardOf(card).result.a.uuid === jeremy.uuid ? "a" : "b" };
}
async function apply(m: FakeChatMessage, a: FakeActor) {
  const r = await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", a.uuid, true));
  await refresh.cardRefreshesSettled();
  return r;
}

describe("Jeremy misses Mike (3 against TN 5), Mike hits Jeremy", () => {
  it("the card offers Jeremy's miss Setback; the GM takes it once; the Apply to Mike then adds none", async () => {
    const { card, jeremySide } = await duel([6, 6, 1, 1, 1, 1]);
    expect(text(card)).toContain(TAKE_JEREMY);
    expect(text(card)).not.toContain("Mike's miss");
    expect(card.content).toContain(`data-args="{&quot;side&quot;:&quot;${jeremySide}&quot;}"`);

    // The rolling player's click (the card's source) reaches the GM and is refused: Setback is Operations' pool.
    expect(await follow(cardOf(card).result.a.uuid === mike.uuid ? "mp" : "jp", card, "takeSetback", jeremySide)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(await follow("gm", card, "takeSetback", jeremySide)).toMatchObject({ ok: true });
    expect(setback()).toBe(1);
    expect(text(card)).toContain("Operations has taken it (Undo below gives it back).");
    expect(text(card)).toContain("Undo the Setback for Jeremy's miss (GM)");
    expect(await follow("gm", card, "takeSetback", jeremySide)).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    // Mike's side hit: nothing to take there.
    expect(await follow("gm", card, "takeSetback", jeremySide === "a" ? "b" : "a")).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackEarned" });

    expect((await apply(card, mike)).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(cardOf(card).applications.find((a) => a.targetUuid === mike.uuid)).toMatchObject({ poolEntries: [], summary: { key: "FRACAS.Zodiac.Summary.StrikeMissTaken" } });
    expect((await apply(card, jeremy)).ok).toBe(true);
    expect(setback()).toBe(1);

    // Undo of the take: Setback back out; the card offers it again.
    expect(await follow("gm", card, "undoSetback", jeremySide)).toMatchObject({ ok: true });
    expect(setback()).toBe(0);
    expect(text(card)).toContain(TAKE_JEREMY);
  });

  it("applied to Mike first: that Apply carries it, the card says so and offers no take; after its Undo, the take is back", async () => {
    const { card, jeremySide } = await duel([6, 6, 1, 1, 1, 1]);
    expect((await apply(card, mike)).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(text(card)).toContain("Taken with the Apply to Mike below; its Undo gives it back.");
    expect(text(card)).not.toContain(TAKE_JEREMY);
    expect(await follow("gm", card, "takeSetback", jeremySide)).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(setback()).toBe(1);

    const app = cardOf(card).applications.find((a) => a.targetUuid === mike.uuid)!;
    await world.as("gm", () => adapter.queries.requestUndo(card.id ?? "", app.id, true));
    await refresh.cardRefreshesSettled();
    expect(setback()).toBe(0);
    expect(text(card)).toContain(TAKE_JEREMY);
  });
});

describe("the card's content follows its applications in the same write (CardKind.cardUpdate)", () => {
  it("an Apply and its Undo each write the card once, the content already saying what the Apply did", async () => {
    const { card } = await duel([6, 6, 1, 1, 1, 1]);
    const writes: object[] = [];
    world.observe("updateChatMessage", ((m: FakeChatMessage, changed: object) => void (m.id === card.id && writes.push(changed))) as never);
    expect((await apply(card, mike)).ok).toBe(true);
    expect(writes).toHaveLength(1);
    expect(Object.keys(writes[0]!)).toContain("content");
    expect(text(card)).toContain("Taken with the Apply to Mike below; its Undo gives it back.");
    const app = cardOf(card).applications.find((a) => a.targetUuid === mike.uuid)!;
    await world.as("gm", () => adapter.queries.requestUndo(card.id ?? "", app.id, true));
    await refresh.cardRefreshesSettled();
    expect(writes).toHaveLength(2);
    expect(text(card)).toContain(TAKE_JEREMY);
  });
});

describe("both miss", () => {
  it("two buttons, each naming whose miss; each side's Setback taken once", async () => {
    const { card, jeremySide } = await duel([1, 1, 1, 1, 1, 1]);
    expect(text(card)).toContain(TAKE_JEREMY);
    expect(text(card)).toContain("Operations takes the Setback for Mike's miss (GM)");
    const mikeSide = jeremySide === "a" ? "b" : "a";
    expect(await follow("gm", card, "takeSetback", mikeSide)).toMatchObject({ ok: true });
    expect(await follow("gm", card, "takeSetback", jeremySide)).toMatchObject({ ok: true });
    expect(setback()).toBe(2);
    expect(cardOf(card).result.setbackEntries).toEqual({ a: expect.any(String), b: expect.any(String) });
    expect((await apply(card, mike)).ok).toBe(true);
    expect((await apply(card, jeremy)).ok).toBe(true);
    expect(setback()).toBe(2);
    expect(await follow("gm", card, "takeSetback", "c")).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Refused.NoSetbackEarned" });
  });
});
