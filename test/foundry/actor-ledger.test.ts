/**
 * Core's actor ledger (src/foundry/actor-ledger.ts): an actor's own pool written on the active GM's
 * client, under its lock, after re-checking the requester (Radio's tokens and FASERIP's Karma use
 * it; their own tests drive two clients at the same instant).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

type Mod = typeof import("../../src/foundry/actor-ledger.js");
type Pool = { value: number; entries: { id: string; delta: number; by: string; undone?: boolean; undoes?: string; ref?: string }[] };

let world: FakeWorld;
let m: Mod;
let hero: FakeActor; // alice's
const NAME = "test.pool";
const poolOf = (a: FakeActor) => (a.system as unknown as { pool: Pool | null }).pool;
const change = (id: string, delta: number, ref?: string) => ({ id, delta, reason: "test", ...(ref ? { ref } : {}) });

beforeEach(async () => {
  world = installFoundry();
  const adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  m = await import("../../src/foundry/actor-ledger.js");
  m.registerActorLedger(NAME, { path: "system.pool", maxDelta: 50, unconfirmed: "FRACAS.Chat.Failed" });
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, ownership: { alice: 3 } });
});

describe("core's actor ledger", () => {
  it("a player's change is written on the active GM's client, by the signed requester; the pool before it is told", async () => {
    const before = world.queryLog.length;
    await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("a1", 5)] }));
    const done = await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("a2", -2)] }));
    expect(done).toEqual({ written: true, before: 5 });
    expect(world.queryLog.slice(before).map((q) => [q.name, q.from, q.to])).toEqual([
      ["fracas.actorLedger", "alice", "gm"],
      ["fracas.actorLedger", "alice", "gm"],
    ]);
    expect(poolOf(hero)!.value).toBe(3);
    expect(poolOf(hero)!.entries.map((e) => [e.id, e.by])).toEqual([
      ["a1", "alice"],
      ["a2", "alice"],
    ]);
  });

  it("refused: another's actor, a change over the ledger's bound, an unknown ledger, a spend below zero; nothing written", async () => {
    await expect(world.as("bob", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("b1", 1)] }))).rejects.toThrow("FRACAS.Chat.Refused.NotOwner");
    await expect(world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("a1", 51)] }))).rejects.toThrow("FRACAS.Chat.Refused.BadRequest");
    await expect(world.as("alice", () => m.writeActorLedger(hero, "no.such", { kind: "change", changes: [change("a1", 1)] }))).rejects.toThrow("FRACAS.Chat.Refused.BadRequest");
    await expect(world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "reset", value: 51 }))).rejects.toThrow("FRACAS.Chat.Refused.BadRequest");
    await expect(world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("a1", -1)] }))).rejects.toMatchObject({ code: "insufficient" });
    expect(poolOf(hero)).toBeNull();
  });

  it("a write naming a ref already earned writes nothing; a take-back undoes the requester's own entries only, and skips what is not there", async () => {
    await world.as("gm", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("g1", 4)] }));
    expect(await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("a1", 1, "round:1")], unlessRef: "round:1" }))).toMatchObject({ written: true });
    expect(await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("a2", 1, "round:1")], unlessRef: "round:1" }))).toMatchObject({ written: false });
    await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "takeBack", ids: ["g1", "a1", "zz"] }));
    const pool = poolOf(hero)!;
    expect(pool.value).toBe(4);
    expect(pool.entries.filter((e) => e.undone).map((e) => e.id)).toEqual(["a1"]);
    // Taken back, the round's ref is no longer earned.
    expect(m.refEarned(pool as never, "round:1")).toBe(false);
  });

  it("a GM's client that does not answer: the caller is told the ledger's key, and the late write is taken back there", async () => {
    world.answerLateNext("fracas.actorLedger");
    await expect(world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("a1", 3)] }))).rejects.toThrow("FRACAS.Chat.Failed");
    await Promise.all(world.lateHandlers);
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect(poolOf(hero)!.value).toBe(0);
    expect(poolOf(hero)!.entries.find((e) => e.id === "a1")?.undone).toBe(true);
  });

  it("a reset the GM's client does not confirm is said as one that may have landed (there is nothing to ask back) (review-s9 H3)", async () => {
    world.answerLateNext("fracas.actorLedger");
    const before = world.queryLog.length;
    await expect(world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "reset", value: 9 }))).rejects.toThrow("FRACAS.Chat.PoolUnconfirmed");
    expect(world.queryLog.slice(before).map((q) => q.name)).toEqual(["fracas.actorLedger"]);
  });

  it("a take-back undoes what it can: an entry already spent by another is left (and said in the console), the others are taken back (review-s9 H5)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("e1", 2)] }));
    await world.as("gm", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("g1", -2)] }));
    await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "change", changes: [change("e3", 1)] }));
    expect(await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "takeBack", ids: ["e1", "e3"] }))).toMatchObject({ written: true });
    const pool = poolOf(hero)!;
    expect(pool.value).toBe(0);
    expect(pool.entries.filter((e) => e.undone).map((e) => e.id)).toEqual(["e3"]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("e1 could not be taken back (insufficient)"));
    error.mockRestore();
  });

  it("with no GM connected the owner writes on their own client", async () => {
    world.setActiveGM(null);
    const before = world.queryLog.length;
    await world.as("alice", () => m.writeActorLedger(hero, NAME, { kind: "reset", value: 7 }));
    expect(world.queryLog.length).toBe(before);
    expect(poolOf(hero)!.value).toBe(7);
  });
});
