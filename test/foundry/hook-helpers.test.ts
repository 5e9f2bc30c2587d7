/**
 * Core helpers the rulesets' hooks share: registration at most once per Hooks registry, and the
 * background work a hook starts (logged when it fails, awaitable by tests and macros).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { backgroundWork } from "../../src/foundry/background-work.js";
import { registerOnce } from "../../src/foundry/hooks-once.js";
import { installFoundry, loadAdapter } from "./fake/index.js";

afterEach(() => vi.restoreAllMocks());

describe("registerOnce", () => {
  it("registers a mark's hooks once per Hooks registry, and again on a new registry", () => {
    const world = installFoundry();
    const register = (hooks: typeof Hooks) => void hooks.on("updateActor", () => undefined);
    expect(registerOnce("test.once", register)).toBe(true);
    expect(registerOnce("test.once", register)).toBe(false);
    expect(world.hooks.count("updateActor")).toBe(1);
    expect(registerOnce("test.other", register)).toBe(true);
    expect(world.hooks.count("updateActor")).toBe(2);
    const next = installFoundry();
    expect(registerOnce("test.once", register)).toBe(true);
    expect(next.hooks.count("updateActor")).toBe(1);
  });

  it("a second import of the adapter adds no second combat guard", async () => {
    const world = installFoundry();
    await loadAdapter();
    const once = world.hooks.count("updateCombat");
    await loadAdapter();
    expect(world.hooks.count("updateCombat")).toBe(once);
  });
});

describe("backgroundWork", () => {
  it("settles only after every piece of work added so far, and never rejects", async () => {
    const work = backgroundWork("test work");
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const done: string[] = [];
    let release!: () => void;
    work.add(new Promise<void>((r) => (release = r)).then(() => void done.push("slow")));
    work.add(Promise.reject(new Error("boom")));
    work.add(Promise.resolve().then(() => void done.push("fast")));
    const settled = work.settled().then(() => [...done]);
    await Promise.resolve();
    release();
    expect(await settled).toEqual(["fast", "slow"]);
    expect(error).toHaveBeenCalledWith("Fracas | test work failed", expect.any(Error));
  });

  it("keeps no result of the work it waited for (a session adds thousands: documents, closed sheets)", async () => {
    const work = backgroundWork("test work");
    for (let i = 0; i < 3; i++) work.add(Promise.resolve({ big: new Array(10).fill(i) }));
    expect(await work.settled()).toBeUndefined();
  });

  it("each tracker waits for its own work only", async () => {
    const a = backgroundWork("a");
    const b = backgroundWork("b");
    a.add(new Promise(() => undefined));
    b.add(Promise.resolve());
    await expect(Promise.race([b.settled().then(() => "b"), new Promise((r) => setTimeout(() => r("timeout"), 50))])).resolves.toBe("b");
  });
});
