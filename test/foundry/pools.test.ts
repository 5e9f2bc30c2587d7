import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeWorld } from "./fake/index.js";
import { addPlayers } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
const stored = () => JSON.stringify(world.settings.get("fracas", "gmPools"));

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  addPlayers(world);
});

describe("GM pools (Setback) in world settings", () => {
  it("the GM changes Setback; the entry is kept and undo restores it", async () => {
    const r = await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 2, reason: "a miss" }, "gm");
    expect(r.ok).toBe(true);
    expect(adapter.pools.readPool("setback").value).toBe(2);
    expect((world.settings.get("fracas", "gmPools") as { setback: { value: number } }).setback.value).toBe(2);
    if (!r.ok) throw new Error("unreachable");
    const u = await adapter.queries.requestPoolChange({ kind: "undo", pool: "setback", entryId: r.entryId });
    expect(u.ok).toBe(true);
    expect(adapter.pools.readPool("setback").value).toBe(0);
    expect(adapter.pools.readPool("setback").entries.map((e) => e.delta)).toEqual([2, -2]);
  });

  it("two changes at the same instant both count (one pool write at a time)", async () => {
    // In Foundry a setting reaches every client only after the server's round trip; model it, so
    // that without the pool lock both changes would read the same pool and one would be lost.
    const settings = world.settings as unknown as { set(ns: string, key: string, v: unknown): Promise<unknown> };
    const set = settings.set.bind(settings);
    settings.set = async (ns, key, v) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return set(ns, key, v);
    };
    const both = await Promise.all([
      adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "a miss" }, "gm"),
      adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "another miss" }, "gm"),
    ]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(adapter.pools.readPool("setback").value).toBe(2);
    expect(adapter.pools.readPool("setback").entries).toHaveLength(2);
  });

  it("a change made on an Assistant GM's client is written by the active GM's (one pool lock for all)", async () => {
    world.addUser({ id: "cogm", name: "Co-GM", isGM: true, active: true });
    world.setActiveGM("gm");
    world.login("cogm");
    const before = world.queryLog.length;
    const r = await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "a miss" }, "cogm");
    expect(r.ok).toBe(true);
    expect(world.queryLog.slice(before).map((q) => [q.name, q.from, q.to])).toEqual([["fracas.pool", "cogm", "gm"]]);
    expect(adapter.pools.readPool("setback").value).toBe(1);
  });

  it("a player's request goes through the GM query and is refused (NotGM); nothing written", async () => {
    await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "seed" }, "gm");
    const before = stored();
    world.login("alice");
    const r = await adapter.queries.requestPoolChange({ kind: "change", pool: "setback", delta: 5, reason: "please" });
    expect(r).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(world.queryLog.map((q) => [q.name, q.from, q.to])).toEqual([["fracas.pool", "alice", "gm"]]);
    expect(stored()).toBe(before);
  });

  it("a player writing the world setting directly is refused by Foundry", async () => {
    world.login("alice");
    await expect(game.settings.set("fracas", "gmPools", { setback: { value: 99 } } as never)).rejects.toThrow("User Alice lacks permission to update Setting [fracas.gmPools]");
    expect(world.settings.writes.filter((w) => w.key === "fracas.gmPools")).toEqual([]);
    // and executePoolChange on a player's client refuses before trying
    expect(await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "x" }, "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
  });

  it("spending below zero is refused with FRACAS.Error.insufficient and nothing written", async () => {
    await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "seed" }, "gm");
    const before = stored();
    const r = await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: -2, reason: "spend" }, "gm");
    expect(r).toEqual({ ok: false, reason: "FRACAS.Error.insufficient" });
    expect(world.i18n.has("FRACAS.Error.insufficient")).toBe(true);
    expect(stored()).toBe(before);
  });

  it("an unknown pool and a malformed query are refused", async () => {
    expect(await adapter.pools.executePoolChange({ kind: "change", pool: "karma", delta: 1, reason: "x" }, "gm")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NoPool" });
    const gm = world.users.get("gm")!;
    // Unsigned (not written to the sender's own User flag first): refused before anything is read.
    expect(await gm.query("fracas.pool", { change: { kind: "change", pool: "setback", delta: 1, reason: "x" }, userId: "gm" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    // Signed by the GM but malformed: refused.
    await gm.setFlag("fracas", "requests.r1", { id: "r1", query: "fracas.pool", payload: { change: { kind: "change", pool: "setback", delta: 1.5, reason: "x" } } });
    expect(await gm.query("fracas.pool", { userId: "gm", requestId: "r1" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.BadRequest" });
    await gm.setFlag("fracas", "requests.r2", { id: "r2", query: "fracas.pool", payload: {} });
    expect(await gm.query("fracas.pool", { userId: "gm", requestId: "r2" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.BadRequest" });
    expect(adapter.pools.readPool("setback").value).toBe(0);
  });
});
