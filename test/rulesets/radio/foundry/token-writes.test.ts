/**
 * Session 9 (closing s8, "found, not fixed"): two clients writing one actor's action tokens at the
 * same instant. The token lock (cards/token-lock.ts) is per client: in Foundry each browser has its
 * own. The fake runs every client in one process, where core's locks would be shared by all of
 * them and hide the race, so this file keys the pool lock by the client running it (the mock
 * below): a faithful model of two browsers. Every token write now runs on the active GM's client
 * (cards/token-writes.ts), so the GM's +1 and Alice's described defence queue on one lock.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { perClientPoolLocks, slowUpdates } from "../../../foundry/two-clients.js";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import { attackWithFirstWeapon, createFalzetti, createJake, declareAll, radioWorld, startRadioCombat } from "./fight.js";

vi.mock("../../../../src/foundry/locks.js", (importOriginal) => perClientPoolLocks(importOriginal));

const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });
type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** A hero sheet's action, clicked on `user`'s client. */
async function clickOn(world: FakeWorld, user: string, actor: FakeActor, name: string, dataset: Record<string, string> = {}): Promise<void> {
  const m = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
  const actions = (m.RadioHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  await world.as(user, async () => actions[name]!.call(new m.RadioHeroSheet({ document: actor } as never), {}, { dataset }));
}


const tokensModule = () => import("../../../../src/rulesets/radio/cards/token-writes.js");

describe("session 9: two clients writing one actor's tokens at the same instant", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let combat: FakeCombat;

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld(["alice", "bob"]));
    jake = createJake(world, { system: { tokens: pool(0) } });
    falzetti = createFalzetti(world, 6, 6);
    combat = await startRadioCombat(world, [jake, falzetti], [6, 6, 1, 1]);
  });

  it("hard to break: the GM's +1 and Alice's described defence at the same instant, each on their own client: both tokens land", async () => {
    await declareAll(world, adapter, combat, [["alice", jake, "defensive"], ["gm", falzetti]]);
    slowUpdates(jake);
    await Promise.all([clickOn(world, "gm", jake, "tokenAdjust", { delta: "1" }), clickOn(world, "alice", jake, "earnDefence")]);
    expect(sys(jake).tokens.value).toBe(2);
    expect(sys(jake).tokens.entries.map((e: { reason: string }) => e.reason).sort()).toEqual(["FRACAS.Radio.Tokens.Reason.DescribedDefence", "FRACAS.Radio.Tokens.Reason.GM"]);
    expect(world.notified("warn")).toEqual([]);
  });

  it("hard to break: the GM's +1 while Alice's described attack records its tokens (outside a fight): all three land", async () => {
    world.login("gm");
    await combat.delete();
    slowUpdates(jake);
    const attack = world.as("alice", () => attackWithFirstWeapon(world, "alice", jake, falzetti, { state: { description: "Jake vaults the bar and fires" } }));
    await Promise.all([attack, clickOn(world, "gm", jake, "tokenAdjust", { delta: "1" })]);
    expect(sys(jake).tokens.value).toBe(3);
    expect(sys(jake).tokens.entries).toHaveLength(2);
  });

  it("a player's token write is made on the active GM's client (one query, its signed request cleared); the GM's own is made where it is clicked", async () => {
    await declareAll(world, adapter, combat, [["alice", jake, "defensive"], ["gm", falzetti]]);
    const writers: string[] = [];
    world.observe("updateActor", (actor: unknown, changed: unknown, _o: unknown, userId: string) => {
      if (actor === jake && JSON.stringify(changed).includes("tokens")) writers.push(userId);
    });
    const before = world.queryLog.length;
    await clickOn(world, "alice", jake, "earnDefence");
    await clickOn(world, "gm", jake, "tokenAdjust", { delta: "1" });
    expect(writers).toEqual(["gm", "gm"]);
    expect(world.queryLog.slice(before).filter((q) => q.name === "fracas.actorLedger").map((q) => [q.from, q.to])).toEqual([["alice", "gm"]]);
    expect(sys(jake).tokens.entries.map((e: { by: string }) => e.by)).toEqual(["alice", "gm"]);
    expect(world.users.get("alice")!.getFlag("fracas", "requests") ?? {}).toEqual({});
  });

  it("the GM's client re-checks the requester: Bob (not Jake's owner) is refused and nothing is written; a malformed change is refused", async () => {
    const m = await tokensModule();
    world.login("bob");
    await expect(m.writeTokens(jake, [{ id: "abc123", delta: 5, reason: "forged" }])).rejects.toMatchObject({ reason: "FRACAS.Chat.Refused.NotOwner" });
    world.login("alice");
    await expect(m.writeTokens(jake, [{ id: "abc124", delta: 5000, reason: "too many" }])).rejects.toMatchObject({ reason: "FRACAS.Chat.Refused.BadRequest" });
    await expect(m.writeTokens(jake, [{ id: "abc125", delta: -1, reason: "spend" }])).rejects.toMatchObject({ code: "insufficient" });
    expect(sys(jake).tokens).toEqual(pool(0));
  });

  it("hard to break: an attack whose tokens the GM's client refuses (Bob rolling Alice's Jake by macro): a clear notice through lang, no card, nothing written", async () => {
    world.login("gm");
    await combat.delete();
    const before = world.messages.size;
    expect(await attackWithFirstWeapon(world, "bob", jake, falzetti, { state: { description: "Jake vaults the bar and fires" } })).toBeUndefined();
    expect(world.messages.size).toBe(before);
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Chat.Refused.NotOwner")]);
    expect(sys(jake).tokens).toEqual(pool(0));
    expect(world.notified("error")).toEqual([]);
  });

  it("with no GM connected the owner writes on their own client (no query)", async () => {
    await declareAll(world, adapter, combat, [["alice", jake, "defensive"], ["gm", falzetti]]);
    world.setActiveGM(null);
    const before = world.queryLog.length;
    await clickOn(world, "alice", jake, "earnDefence");
    expect(sys(jake).tokens.value).toBe(1);
    expect(world.queryLog.length).toBe(before);
  });

  it("an Assistant GM's ±1 is written on the active GM's client too (one lock for every writer)", async () => {
    world.addUser({ id: "cogm", name: "Co-GM", isGM: true, active: true });
    world.setActiveGM("gm");
    const before = world.queryLog.length;
    await clickOn(world, "cogm", jake, "tokenAdjust", { delta: "1" });
    expect(world.queryLog.slice(before).map((q) => [q.name, q.from, q.to])).toEqual([["fracas.actorLedger", "cogm", "gm"]]);
    expect(sys(jake).tokens.value).toBe(1);
  });
});
