/**
 * Review s4 #4: a duel outside a fight that only one side committed to never left the GM's commit
 * store (only a reveal forgets commits, and every duel between two Agents there has one key). That
 * Agent's later commits against the same opponent were refused with a bare "already committed",
 * and a later commit by the opponent revealed the stale one. Now the commit card offers "Cancel
 * this duel (GM)" (forgets the pair's commits, gives back the Agent Points they spent), and a
 * second commit says a duel is pending and that the GM can cancel it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld, type Flow } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let mike: FakeActor;
let jeremy: FakeActor;

const asCard = (m: unknown) => m as FakeChatMessage;
const resultOf = (m: unknown) => (asCard(m).system as unknown as { result: { duelKey: string; cancelled?: boolean; a: { uuid: string; wagers: number; gathered: number }; b: { uuid: string; wagers: number; gathered: number } } }).result;
const text = (m: unknown) => asCard(m).content.replace(/<[^>]+>/g, " ").replace(/&quot;/g, '"').replace(/\s+/g, " ");
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const points = (a: FakeActor) => (a.system as unknown as { agentPoints: { value: number } }).agentPoints.value;
const held = () => flow.readCommits();
/**
 * The card's Cancel as cards posted before session 6b carry it (a core GM follow-up, kept for their
 * stored HTML: duel-cancel-card.ts `cancelDuel`); the new button is a plain follow-up run on the
 * clicking GM's client, tested in review-s6b.test.ts.
 */
const cancel = (user: string, m: unknown) => world.as(user, () => adapter.queries.requestFollowUp(asCard(m).id ?? "", "cancelDuel", {}));
const CANCEL_BUTTON = 'data-fracas-action="followUp" data-fracas-follow-up="cancel"';

beforeEach(async () => {
  ({ world, adapter, flow } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
});

describe("Mike commits against Jeremy outside a fight; Jeremy never does", () => {
  it("Mike's second commit is refused as a pending duel the GM can cancel (before: a bare 'already committed')", async () => {
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 })).toBeDefined();
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 })).toBeUndefined();
    const said = warnings().at(-1) ?? "";
    // Worded short and true since UX review s5b #6 (ux-review-s5b.test.ts).
    expect(said).toContain("Mike already has Wagers set aside against Jeremy, not revealed yet.");
    expect(said).toContain("or cancels it (on its card or Mike's sheet)");
    expect(said).not.toBe("Those Wagers are already committed.");
  });

  it("the commit card offers 'Cancel this duel, giving back the Agent Points spent (GM)'; a player's click is refused and changes nothing", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    expect(asCard(card).content).toContain(CANCEL_BUTTON);
    expect(text(card)).toContain("Cancel this duel, giving back the Agent Points spent (GM)");
    expect(points(mike)).toBe(2);

    expect(await cancel("mp", card)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(await cancel("jp", card)).toMatchObject({ ok: false });
    expect(held()).toHaveLength(1);
    expect(points(mike)).toBe(2);
    expect(resultOf(card).cancelled).toBeUndefined();
  });

  it("the GM cancels: the commit is forgotten, its Agent Points (gathering and the finishing point) come back, the card says so", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3, finish: true });
    expect(points(mike)).toBe(1);
    expect(await cancel("gm", card)).toMatchObject({ ok: true });
    expect(held()).toEqual([]);
    expect(points(mike)).toBe(3);
    expect(resultOf(card).cancelled).toBe(true);
    expect(text(card)).toContain("The GM cancelled this duel");
    expect(asCard(card).content).not.toContain(CANCEL_BUTTON);
    expect(asCard(card).content).not.toContain('data-fracas-follow-up="reveal"');
    // Pressed again (a stale rendering): nothing left to cancel, nothing given back twice.
    expect(await cancel("gm", card)).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Duel.NotPending" });
    expect(points(mike)).toBe(3);
  });

  it("after the cancel Mike commits anew, Jeremy commits, and the Reveal rolls the new commit (before: the stale one)", async () => {
    const stale = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    expect((await cancel("gm", stale)).ok).toBe(true);

    const fresh = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    expect(fresh).toBeDefined();
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(1, 1, 1, 1, 1, 1, 1);
    const duel = await world.as("gm", () => flow.revealDuel(resultOf(fresh).duelKey));
    expect(duel, JSON.stringify(warnings())).toBeDefined();
    const r = resultOf(duel);
    const mikeSide = r.a.uuid === mike.uuid ? r.a : r.b;
    expect(mikeSide).toMatchObject({ wagers: 1, gathered: 0 });
    expect(held()).toEqual([]);
  });

  it("Cancel on an old card of a revealed duel is refused and leaves the pair's next pending duel alone", async () => {
    const first = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(1, 1, 1, 1, 1, 1);
    expect(await world.as("gm", () => flow.revealDuel(resultOf(first).duelKey))).toBeDefined();

    const next = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 2 });
    // Each duel outside a fight has its own key now (session 5): the old card cannot even name it.
    expect(resultOf(next).duelKey).not.toBe(resultOf(first).duelKey);
    expect(await cancel("gm", first)).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Duel.NotPending" });
    expect(held()).toHaveLength(1);
    expect(points(mike)).toBe(2);
    expect(resultOf(next).cancelled).toBeUndefined();
  });

  it("both sides committed, then cancelled: both commits forgotten, both Agents' points back, both cards closed", async () => {
    const m = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    const j = await commitDuel(world, "jp", jeremy, mike, { spend: 2, gathered: 6, wagers: 1 });
    expect([points(mike), points(jeremy)]).toEqual([2, 1]);
    expect((await cancel("gm", j)).ok).toBe(true);
    expect(held()).toEqual([]);
    expect([points(mike), points(jeremy)]).toEqual([3, 3]);
    expect([resultOf(m).cancelled, resultOf(j).cancelled]).toEqual([true, true]);
  });
});

describe("in a fight", () => {
  it("a second commit in the same round is still the plain 'already committed' (one commit per round is the rule)", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 })).toBeDefined();
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 })).toBeUndefined();
    expect(warnings().at(-1)).toBe("Those Wagers are already committed.");
  });
});
