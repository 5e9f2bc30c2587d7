// The Quench flows are a module of their own (src/foundry/quench/flows.ts), imported at "init" only
// in a world where the Quench module is active. Quench registers batches synchronously at "setup",
// so the batch is registered at once; run before its flows have loaded, it fails and says why.
import { describe, it, expect, beforeEach } from "vitest";
import { installFoundry, loadAdapter } from "./fake/index.js";

interface Ctx {
  describe(name: string, fn: (this: { timeout(ms: number): void }) => void): void;
  it(name: string, fn: () => unknown): void;
  assert: { ok(value: unknown, message?: string): void };
}

/** Runs the registered batch's registration function with a minimal Mocha; returns each test's name and failure. */
async function runBatch(fn: (ctx: Ctx) => void): Promise<{ name: string; error: string | null }[]> {
  const tests: { name: string; fn: () => unknown }[] = [];
  fn({
    describe: (_name, body) => body.call({ timeout: () => undefined }),
    it: (name, body) => void tests.push({ name, fn: body }),
    assert: {
      ok(value, message) {
        if (!value) throw new Error(message);
      },
    },
  });
  const out = [];
  for (const t of tests) {
    try {
      await t.fn();
      out.push({ name: t.name, error: null });
    } catch (e) {
      out.push({ name: t.name, error: (e as Error).message });
    }
  }
  return out;
}

function quenchReady(): (ctx: Ctx) => void {
  let registered: ((ctx: Ctx) => void) | null = null;
  const quench = { registerBatch: (key: string, fn: (ctx: Ctx) => void) => void (key === "fracas.flows" && (registered = fn)) };
  (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): void } }).Hooks.callAll("quenchReady", quench);
  expect(registered).not.toBeNull();
  return registered!;
}

const modules = () => (globalThis as unknown as { game: { modules: Map<string, { active: boolean }> } }).game.modules;

describe("the Quench flows load on demand", () => {
  beforeEach(() => {
    installFoundry();
  });

  it("are not imported in a world without the Quench module, and a run there fails saying they did not load", async () => {
    await loadAdapter();
    const { quenchFlowsLoading } = await import("../../src/foundry/quench.js");
    expect(quenchFlowsLoading()).toBeNull();
    const results = await runBatch(quenchReady());
    expect(results).toHaveLength(1);
    expect(results[0]!.name).toBe("has loaded its flows");
    expect(results[0]!.error).toMatch(/still loading/);
  });

  it("are imported at init where Quench is active, and the batch then registers the flows themselves", async () => {
    modules().set("quench", { active: true });
    await loadAdapter();
    const { quenchFlowsLoading } = await import("../../src/foundry/quench.js");
    expect(quenchFlowsLoading()).not.toBeNull();
    await quenchFlowsLoading();
    const names: string[] = [];
    quenchReady()({
      describe: (_name, body) => body.call({ timeout: () => undefined }),
      it: (name) => void names.push(name),
      before: () => undefined,
      after: () => undefined,
      assert: { ok: () => undefined },
    } as Ctx);
    expect(names).not.toContain("has loaded its flows");
    expect(names.length).toBeGreaterThan(5);
  });
});
