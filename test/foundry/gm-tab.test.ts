// One tab of a GM does the active GM's work (src/foundry/gm-tab.ts): tabs of one browser agree
// through the Web Locks API, here a small in-memory LockManager with its queueing rules.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import type { TabLocks } from "../../src/foundry/gm-tab.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

/** navigator.locks as one browser has it: a lock is held until its callback's promise settles, or its tab closes. */
class FakeLockManager implements TabLocks {
  readonly #held = new Map<string, () => void>();
  readonly #queue = new Map<string, (() => void)[]>();
  async request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    if (this.#held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((grant) => this.#queue.set(name, [...(this.#queue.get(name) ?? []), grant]));
    }
    let closeTab!: () => void;
    const closed = new Promise<void>((r) => (closeTab = r));
    this.#held.set(name, closeTab);
    try {
      return await Promise.race([callback({ name }), closed]);
    } finally {
      this.#held.delete(name);
      this.#queue.get(name)?.shift()?.();
    }
  }
  /** The holder's tab closes: the browser releases its lock. */
  closeHolder(name: string): void {
    this.#held.get(name)?.();
  }
}

/** A fresh copy of the module, as a second tab loads it. */
async function tab(): Promise<typeof import("../../src/foundry/gm-tab.js")> {
  vi.resetModules();
  return import("../../src/foundry/gm-tab.js");
}

describe("electGmTab", () => {
  it("the first tab is the one; a second says so and takes over when the first closes", async () => {
    const locks = new FakeLockManager();
    const [a, b] = [await tab(), await tab()];
    const told: string[] = [];
    await a.electGmTab(locks, "fracas-gm:w:gm", (k) => told.push(`a:${k}`));
    await b.electGmTab(locks, "fracas-gm:w:gm", (k) => told.push(`b:${k}`));
    expect([a.isTheGmTab(), b.isTheGmTab()]).toEqual([true, false]);
    expect(told).toEqual(["b:FRACAS.GmTab.Another"]);
    locks.closeHolder("fracas-gm:w:gm");
    await vi.waitFor(() => expect(b.isTheGmTab()).toBe(true));
    expect(told).toEqual(["b:FRACAS.GmTab.Another", "b:FRACAS.GmTab.TakenOver"]);
  });

  it("another world or another GM is another lock; without the Web Locks API every tab does the work", async () => {
    const locks = new FakeLockManager();
    const [a, b, c] = [await tab(), await tab(), await tab()];
    await a.electGmTab(locks, "fracas-gm:w1:gm", () => undefined);
    await b.electGmTab(locks, "fracas-gm:w2:gm", () => undefined);
    await c.electGmTab(undefined, "fracas-gm:w1:gm", () => undefined);
    expect([a.isTheGmTab(), b.isTheGmTab(), c.isTheGmTab()]).toEqual([true, true, true]);
  });
});

describe("electGmTab when the browser refuses the lock request", () => {
  it("settles, and the tab does the work as without the API (migrations are not held up)", async () => {
    const gmTab = await tab();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refusing: TabLocks = { request: () => Promise.reject(new DOMException("denied", "SecurityError")) };
    await gmTab.electGmTab(refusing, "fracas-gm:w:gm", () => undefined);
    expect(gmTab.isTheGmTab()).toBe(true);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("a second tab of the active GM", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  beforeEach(async () => {
    world = installFoundry();
    adapter = await loadAdapter();
    registerTestRuleset(world, adapter);
    addPlayers(world);
  });
  afterEach(async () => (await import("../../src/foundry/gm-tab.js")).resetGmTab());

  /** Alice's hero hits the GM's villain (x 12): the card a player would Apply through the GM. */
  async function alicesHit(): Promise<{ villain: FakeActor; cardId: string }> {
    const hero = world.createActor({ name: "Hero", type: TEST_TYPE, system: { x: 1 }, ownership: { alice: 3 } });
    const villain = world.createActor({ name: "Villain", type: TEST_TYPE, system: { x: 12 } });
    world.login("alice");
    world.target("alice", villain);
    const m = await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: hero as never, result: { damage: 3, stun: true } });
    return { villain, cardId: m!.id ?? "" };
  }

  it("the one tab is the active GM's client and answers at once", async () => {
    const gmTab = await import("../../src/foundry/gm-tab.js");
    const active = await import("../../src/foundry/active-gm.js");
    await gmTab.electGmTab(new FakeLockManager(), "fracas-gm:w:gm", () => undefined);
    world.login("gm");
    expect(active.isActiveGM()).toBe(true);
    const { villain, cardId } = await alicesHit();
    expect((await adapter.queries.requestApply(cardId, villain.uuid, false)).ok).toBe(true);
    expect((villain.system as unknown as { x: number }).x).toBe(9);
  });

  it("the setup hook's election tells the GM, and a tab that takes over calls the takeover hook", async () => {
    const gmTab = await import("../../src/foundry/gm-tab.js");
    const locks = new FakeLockManager();
    void locks.request("fracas-gm:fake-world:gm", {}, () => new Promise(() => undefined)); // the first tab
    const calls: string[] = [];
    world.hooks.on(gmTab.GM_TAB_TAKEN_OVER as never, (() => void calls.push("taken over")) as never);
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
    try {
      world.login("gm");
      gmTab.electThisGmTab();
      await gmTab.gmTabElected();
      expect(gmTab.isTheGmTab()).toBe(false);
      expect(world.notified("warn")).toEqual([world.localize("FRACAS.GmTab.Another")]);
      locks.closeHolder("fracas-gm:fake-world:gm");
      await vi.waitFor(() => expect(calls).toEqual(["taken over"]));
      expect(gmTab.isTheGmTab()).toBe(true);
      expect(world.notified("info")).toContain(world.localize("FRACAS.GmTab.TakenOver"));
    } finally {
      delete (globalThis as { navigator?: unknown }).navigator;
    }
  });

  it("is not the active GM's client and answers no query (the first tab does), so nothing runs twice", async () => {
    const gmTab = await import("../../src/foundry/gm-tab.js");
    const active = await import("../../src/foundry/active-gm.js");
    const locks = new FakeLockManager();
    // The first tab holds the lock (another page: only its request is made here).
    void locks.request("fracas-gm:w:gm", {}, () => new Promise(() => undefined));
    await gmTab.electGmTab(locks, "fracas-gm:w:gm", () => undefined);
    world.login("gm");
    expect(active.isActiveGM()).toBe(false);
    const { villain, cardId } = await alicesHit();
    const answer = adapter.queries.requestApply(cardId, villain.uuid, false);
    const first = await Promise.race([answer.then(() => "answered"), new Promise((r) => setTimeout(() => r("still waiting"), 100))]);
    expect(first).toBe("still waiting");
    expect((villain.system as unknown as { x: number }).x).toBe(12);
  });
});
