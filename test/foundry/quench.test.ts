// The Quench batch a licence holder runs in Foundry, run here through the typed fake: the same
// code (src/foundry/quench.ts), each ruleset's sample actors and roll, apply, exact undo, a round.
import { describe, it, expect, beforeAll } from "vitest";
import assert from "node:assert/strict";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";

interface Collected {
  name: string;
  run: () => Promise<void>;
}

let world: FakeWorld;
const tests: Collected[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  world = installFoundry();
  await loadAdapter();
  let registered: ((ctx: unknown) => void) | null = null;
  const quench = { registerBatch: (_key: string, fn: (ctx: unknown) => void) => (registered = fn) };
  (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): void } }).Hooks.callAll("quenchReady", quench);
  expect(registered).not.toBeNull();
  const path: string[] = [];
  registered!({
    describe: (name: string, fn: () => void) => {
      path.push(name);
      fn();
      path.pop();
    },
    it: (name: string, run: () => Promise<void>) => tests.push({ name: [...path, name].join(" › "), run }),
    after: (fn: () => Promise<void>) => cleanups.push(fn),
    assert: {
      ok: (v: unknown, m = "expected a truthy value") => assert.ok(v, new Error(m)),
      equal: (a: unknown, b: unknown, m = "expected equal values") => assert.equal(a, b, new Error(`${m}: ${String(a)} ≠ ${String(b)}`)),
      deepEqual: (a: unknown, b: unknown, m = "expected deeply equal values") => assert.deepEqual(a, b, new Error(`${m}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`)),
    },
  });
});

describe("the Quench batch, run through the fake", () => {
  it("registers three flows for each of the four rulesets, and the core's four flows", () => {
    expect(tests.map((t) => (t.name.split(" › ")[0] ?? "").replace(/:.*/, "")).sort()).toEqual(["bond", "bond", "bond", "core", "core", "core", "core", "faserip", "faserip", "faserip", "radio", "radio", "radio", "zodiac", "zodiac", "zodiac"]);
  });

  it("every flow passes: roll → card → apply → exact undo, a combat round from the plan, a defeated combatant passed over", async () => {
    const failures: string[] = [];
    for (const t of tests) {
      world.dice.clear();
      // Middling dice that vary (3, 4, 2, 5 fit every die Fracas rolls, and let tied combatants'
      // roll-offs end); flows that need a hit force one.
      world.dice.queue(...Array.from({ length: 400 }, (_, i) => [3, 4, 2, 5][i % 4]!));
      try {
        await t.run();
      } catch (e) {
        failures.push(`${t.name}: ${(e as Error).message}`);
      }
    }
    for (const c of cleanups) await c();
    expect(failures).toEqual([]);
  });
});
