import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let hero: FakeActor; // alice's

const claimsOf = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, ownership: { alice: 3 } });
});

describe("claiming a once-only roll", () => {
  it("lets the first click roll and refuses every later one, whoever clicks", async () => {
    world.login("alice");
    expect(await adapter.queries.claimRoll(hero as never, "card1:knockout")).toBe(true);
    expect(claimsOf(hero)).toEqual(["card1:knockout"]);
    expect(await adapter.queries.claimRoll(hero as never, "card1:knockout")).toBe(false);
    world.login("gm");
    expect(await adapter.queries.claimRoll(hero as never, "card1:knockout")).toBe(false);
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Chat.Refused.AlreadyRolled"));
    expect(await adapter.queries.claimRoll(hero as never, "card2:knockout")).toBe(true);
    expect(claimsOf(hero)).toEqual(["card1:knockout", "card2:knockout"]);
  });

  it("a player's claim is written by the GM's client, which re-checks that the player owns the actor", async () => {
    const seen: string[] = [];
    world.observe("updateActor", (_a: unknown, _c: unknown, _o: unknown, userId: string) => seen.push(userId));
    world.login("alice");
    expect(await adapter.queries.claimRoll(hero as never, "c:slam")).toBe(true);
    expect(seen).toEqual(["gm"]);
    world.login("bob");
    expect(await adapter.queries.claimRoll(hero as never, "c:stun")).toBe(false);
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Chat.Refused.NotOwner"));
    expect(claimsOf(hero)).toEqual(["c:slam"]);
  });

  it("an Assistant GM's claim, too, is checked on the active GM's client (one lock for all claims)", async () => {
    world.addUser({ id: "cogm", name: "Co-GM", isGM: true, active: true });
    world.setActiveGM("gm");
    world.login("cogm");
    const before = world.queryLog.length;
    expect(await adapter.queries.claimRoll(hero as never, "c:scar")).toBe(true);
    expect(world.queryLog.slice(before).map((q) => [q.name, q.from, q.to])).toEqual([["fracas.claim", "cogm", "gm"]]);
    world.login("gm");
    expect(await adapter.queries.claimRoll(hero as never, "c:scar")).toBe(false);
    expect(world.queryLog.length).toBe(before + 1);
  });

  it("a claim given back (its roll refused before any die) can be made again; only by the actor's owner", async () => {
    world.login("alice");
    expect(await adapter.queries.claimRoll(hero as never, "c:step")).toBe(true);
    world.login("bob");
    await adapter.queries.releaseClaim(hero as never, "c:step");
    expect(claimsOf(hero)).toEqual(["c:step"]);
    world.login("alice");
    await adapter.queries.releaseClaim(hero as never, "c:step");
    expect(claimsOf(hero)).toEqual([]);
    expect(await adapter.queries.claimRoll(hero as never, "c:step")).toBe(true);
  });

  it("a malformed key is refused and writes nothing", async () => {
    world.login("gm");
    expect(await adapter.queries.claimRoll(hero as never, "no spaces allowed")).toBe(false);
    expect(claimsOf(hero)).toEqual([]);
  });

  it("a claim the GM's client answers too late is given back once it is written there, so the roll stays open", async () => {
    world.login("alice");
    world.answerLateNext("fracas.claim");
    expect(await adapter.queries.claimRoll(hero as never, "c:late")).toBe(false);
    await Promise.all(world.lateHandlers);
    await new Promise((r) => setTimeout(r, 10));
    expect(claimsOf(hero)).toEqual([]);
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Chat.ClaimFailed")]);
    expect(await adapter.queries.claimRoll(hero as never, "c:late")).toBe(true);
  });

  it("with no GM connected the owner claims on their own client", async () => {
    world.setActiveGM(null);
    world.login("alice");
    expect(await adapter.queries.claimRoll(hero as never, "c:feat")).toBe(true);
    expect(await adapter.queries.claimRoll(hero as never, "c:feat")).toBe(false);
  });

  it("two claims at the same instant on the GM's client: exactly one rolls", async () => {
    // In Foundry an update reaches the document only after the server's round trip; the fake applies
    // it at once, so model the round trip here: without the per-actor lock both claims would pass.
    const update = hero.update.bind(hero);
    hero.update = (async (...args: Parameters<typeof update>) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return update(...args);
    }) as typeof hero.update;
    world.login("gm");
    const results = await Promise.all([adapter.queries.claimRoll(hero as never, "c:ko"), adapter.queries.claimRoll(hero as never, "c:ko")]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("keeps only the newest claims", async () => {
    world.login("gm");
    for (let i = 0; i < 105; i += 1) await adapter.queries.claimRoll(hero as never, `m${i}:x`);
    expect(claimsOf(hero)).toHaveLength(100);
    expect(claimsOf(hero)[0]).toBe("m5:x");
  });
});
