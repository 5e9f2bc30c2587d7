// The Quench batch a licence holder runs in Foundry, run here through the typed fake: the same
// code (src/foundry/quench.ts and quench/**), each ruleset's sample actors and roll, apply, exact
// undo, a round. The batch is run by a small Mocha of our own with Mocha's rules where they
// matter: a suite's timeout is copied into each test, hook and suite when it is added (2 s by
// default), a failing "before all" hook skips its suite's tests, "after all" hooks always run.
import { describe, it, expect, beforeAll, afterEach } from "vitest";
import assert from "node:assert/strict";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";
import { FakeCombat } from "./fake/index.js";

// The adapter's own module instances (loadAdapter imports src/fracas.ts afresh): imported after it.
let allDescriptors: typeof import("../../src/foundry/rulesets.js").allDescriptors;
let FLOW_TIMEOUT_MS: number;
let SETTLE: typeof import("../../src/foundry/quench/settle.js").SETTLE;
let FracasCombat: typeof import("../../src/foundry/documents/combat.js").FracasCombat;
let RulesTablesApp: typeof import("../../src/foundry/settings/rules-tables-app.js").RulesTablesApp;
let withCardLock: typeof import("../../src/foundry/locks.js").withCardLock;
let RULESET_IDS: typeof import("../../src/rulesets/types.js").RULESET_IDS;
let zodiac: {
  rollAndPost: typeof import("../../src/rulesets/zodiac/cards/flow.js").rollAndPost;
  rollModel: typeof import("../../src/rulesets/zodiac/cards/roll-model.js").rollModel;
  calledShotCosts: typeof import("../../src/rulesets/zodiac/rules/index.js").calledShotCosts;
};
let bond: {
  rollAttack: typeof import("../../src/rulesets/bond/sheets/attack-dialog.js").rollAttack;
  buildSetup: typeof import("../../src/rulesets/bond/sheets/attack-setup.js").buildSetup;
  defaultChoices: typeof import("../../src/rulesets/bond/sheets/attack-view.js").defaultChoices;
};

// ---- a Mocha of our own ------------------------------------------------------------------------

interface Runnable {
  name: string;
  fn: () => unknown;
  timeout: number;
}
interface Suite {
  name: string;
  timeout: number;
  befores: Runnable[];
  afters: Runnable[];
  tests: Runnable[];
  suites: Suite[];
}
interface Results {
  passed: string[];
  failed: string[];
}

/** Mocha's default timeout, which Quench leaves as it is (`mocha.setup({ui: "bdd", reporter})`). */
const MOCHA_DEFAULT_MS = 2000;

let world: FakeWorld;
let registered: ((ctx: unknown) => void) | null = null;

function suiteOf(name: string, timeout: number): Suite {
  return { name, timeout, befores: [], afters: [], tests: [], suites: [] };
}

/** Registers the batch afresh (Quench calls the registration function at each run), under Quench's root suite. */
function load(): Suite {
  const root = suiteOf("fracas.flows_root", MOCHA_DEFAULT_MS);
  const stack: Suite[] = [root];
  const path: string[] = [];
  const top = () => stack.at(-1)!;
  const handle = (target: { timeout: number }) => {
    const h = {
      timeout(ms: number) {
        target.timeout = ms;
        return h;
      },
    };
    return h;
  };
  registered!({
    describe(name: string, fn: (this: unknown) => void) {
      const suite = suiteOf(name, top().timeout);
      top().suites.push(suite);
      stack.push(suite);
      path.push(name);
      fn.call(handle(suite));
      path.pop();
      stack.pop();
      return handle(suite);
    },
    it(name: string, fn: () => unknown) {
      const test = { name: [...path.slice(1), name].join(" › "), fn, timeout: top().timeout };
      top().tests.push(test);
      return handle(test);
    },
    before(fn: () => unknown) {
      top().befores.push({ name: `"before all" hook in ${path.join(" › ")}`, fn, timeout: top().timeout });
      return handle(top());
    },
    after(fn: () => unknown) {
      top().afters.push({ name: `"after all" hook in ${path.join(" › ")}`, fn, timeout: top().timeout });
      return handle(top());
    },
    assert: {
      ok: (v: unknown, m = "expected a truthy value") => assert.ok(v, new Error(m)),
      strictEqual: (a: unknown, b: unknown, m = "expected equal values") => assert.strictEqual(a, b, new Error(`${m}: ${String(a)} ≠ ${String(b)}`)),
      notStrictEqual: (a: unknown, b: unknown, m = "expected different values") => assert.notStrictEqual(a, b, new Error(`${m}: both ${String(a)}`)),
      deepStrictEqual: (a: unknown, b: unknown, m = "expected deeply equal values") => assert.deepStrictEqual(a, b, new Error(`${m}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`)),
      notDeepEqual: (a: unknown, b: unknown, m = "expected different values") => assert.notDeepStrictEqual(a, b, new Error(`${m}: both ${JSON.stringify(a)}`)),
    },
  });
  return root;
}

function tests(suite: Suite): Runnable[] {
  return [...suite.tests, ...suite.suites.flatMap(tests)];
}
function hooks(suite: Suite): Runnable[] {
  return [...suite.befores, ...suite.afters, ...suite.suites.flatMap(hooks)];
}

async function timed(r: Runnable): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timeout of ${r.timeout}ms exceeded`)), r.timeout)));
  try {
    await Promise.race([Promise.resolve().then(() => r.fn()), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Middling dice that vary (3, 4, 2, 5 fit every die Fracas rolls, and let tied combatants' roll-offs end). */
function middlingDice(): void {
  world.dice.clear();
  world.dice.queue(...Array.from({ length: 400 }, (_, i) => [3, 4, 2, 5][i % 4]!));
}

interface RunOptions {
  only?: (name: string) => boolean;
  /** Before each test (Mocha's beforeEach): the dice it rolls. */
  dice?: () => void;
  /** After each test, before any "after all" hook: e.g. what it left in the world. */
  afterTest?: (name: string) => void;
}

/** Runs the suite as Mocha would: its "before all" hooks, then (unless one failed) its tests and suites, then its "after all" hooks. */
async function run(suite: Suite, options: RunOptions = {}, results: Results = { passed: [], failed: [] }): Promise<Results> {
  const { only = () => true, dice = middlingDice, afterTest } = options;
  if (!tests(suite).some((t) => only(t.name))) return results;
  let skipped = false;
  for (const h of suite.befores) {
    try {
      await timed(h);
    } catch (e) {
      results.failed.push(`${h.name}: ${(e as Error).message}`);
      skipped = true;
      break;
    }
  }
  if (!skipped) {
    for (const t of suite.tests.filter((x) => only(x.name))) {
      dice();
      try {
        await timed(t);
        results.passed.push(t.name);
      } catch (e) {
        results.failed.push(`${t.name}: ${(e as Error).message}`);
      }
      afterTest?.(t.name);
    }
    for (const s of suite.suites) await run(s, options, results);
  }
  for (const h of suite.afters) {
    try {
      await timed(h);
    } catch (e) {
      results.failed.push(`${h.name}: ${(e as Error).message}`);
    }
  }
  return results;
}

// ---- V13's Rules tables window, combat tracker and combat activation, as far as the batch meets them

interface FakeNode {
  value?: string;
  querySelector(selector: string): FakeNode | null;
  contains(node: FakeNode): boolean;
}

/**
 * What a V13 redraw of the Rules tables gives (the fake renders no DOM): the window with a new
 * form part (HandlebarsApplication#_replaceHTML replaces each part's element) holding a text cell.
 */
function drawnRulesTables(): FakeNode {
  const cell: FakeNode = { value: "10", querySelector: () => null, contains: (n) => n === cell };
  const part: FakeNode = { querySelector: (s) => (s.startsWith("input") ? cell : null), contains: (n) => n === part || n === cell };
  return { querySelector: (s) => (s === '[data-application-part="form"]' ? part : null), contains: (n) => part.contains(n) };
}

/** Every real redraw of a Rules tables window (its base class's render) draws it anew. */
function drawRulesTablesOnRender(): void {
  const base = Object.getPrototypeOf(RulesTablesApp.prototype) as { render(...args: unknown[]): Promise<unknown> };
  const render = base.render;
  base.render = async function (this: { element: unknown }, ...args: unknown[]) {
    const out = await render.apply(this, args);
    if (this instanceof RulesTablesApp) (this as { element: unknown }).element = drawnRulesTables();
    return out;
  };
}

interface TrackerStub {
  viewed: FakeCombat | null;
  renders: number;
  render(): Promise<void>;
}
let tracker: TrackerStub;

/** What the world holds before the batch: an active encounter, and another the GM is looking at. */
let active: FakeCombat;
let looking: FakeCombat;

beforeAll(async () => {
  world = installFoundry();
  // Quench active in this world: the adapter imports the flows at "init" (src/foundry/quench.ts).
  (globalThis as unknown as { game: { modules: Map<string, { active: boolean }> } }).game.modules.set("quench", { active: true });
  await loadAdapter();
  await (await import("../../src/foundry/quench.js")).quenchFlowsLoading();
  ({ allDescriptors } = await import("../../src/foundry/rulesets.js"));
  ({ FLOW_TIMEOUT_MS } = await import("../../src/foundry/quench/context.js"));
  ({ SETTLE } = await import("../../src/foundry/quench/settle.js"));
  ({ FracasCombat } = await import("../../src/foundry/documents/combat.js"));
  ({ RulesTablesApp } = await import("../../src/foundry/settings/rules-tables-app.js"));
  ({ withCardLock } = await import("../../src/foundry/locks.js"));
  ({ RULESET_IDS } = await import("../../src/rulesets/types.js"));
  bond = {
    ...(await import("../../src/rulesets/bond/sheets/attack-dialog.js")),
    ...(await import("../../src/rulesets/bond/sheets/attack-setup.js")),
    ...(await import("../../src/rulesets/bond/sheets/attack-view.js")),
  };
  zodiac = {
    ...(await import("../../src/rulesets/zodiac/cards/flow.js")),
    ...(await import("../../src/rulesets/zodiac/cards/roll-model.js")),
    ...(await import("../../src/rulesets/zodiac/rules/index.js")),
  };
  const quench = { registerBatch: (_key: string, fn: (ctx: unknown) => void) => (registered = fn) };
  (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): void } }).Hooks.callAll("quenchReady", quench);
  expect(registered).not.toBeNull();
  drawRulesTablesOnRender();
  tracker = { viewed: null, renders: 0, render: async () => void tracker.renders++ };
  (globalThis as unknown as { ui: { combat?: unknown } }).ui.combat = tracker;
  // V13's Combat#_onDelete on the deleting client: a viewed combat deleted makes the tracker infer
  // another (the active one, else the most recent); then the viewed combat is activated.
  world.hooks.on("deleteCombat", (combat: FakeCombat, _options: unknown, userId: string) => {
    if (userId !== world.user.id) return;
    if (tracker.viewed === combat) tracker.viewed = [...world.combats].find((c) => c._source.active === true) ?? [...world.combats].at(-1) ?? null;
    void tracker.viewed?.update({ active: true });
  });
  // V13's server (Combat._preUpdateOperation): one active combat in the world.
  world.hooks.on("updateCombat", (combat: FakeCombat, changed: { active?: unknown }) => {
    if (changed.active !== true) return;
    for (const c of world.combats) if (c !== combat && c._source.active === true) c._source = { ...c._source, active: false };
  });
  active = world.createCombat({ active: true });
  looking = world.createCombat({});
  tracker.viewed = looking;
});

afterEach(() => {
  world.login("gm");
  world.setActiveGM("gm");
});

/** Documents the batch may create: none may be left after a run. */
function leftovers(): string[] {
  return [
    ...[...world.actors].map((a) => `actor ${a.name}`),
    ...[...world.messages].map((m) => `message ${m.id}`),
    ...[...world.combats].filter((c) => c !== active && c !== looking).map((c) => `combat ${c.id}`),
  ];
}

const named = (part: string) => (name: string) => name.includes(part);

/** Runs `fn` with one ruleset's sample replaced (the descriptors are the registry's own objects). */
async function withSample<T>(id: string, replace: (original: NonNullable<ReturnType<typeof allDescriptors>[number]["sample"]>) => ReturnType<typeof allDescriptors>[number]["sample"], fn: () => Promise<T>): Promise<T> {
  const d = allDescriptors().find((x) => x.id === id)!;
  const original = d.sample!;
  d.sample = replace(original);
  try {
    return await fn();
  } finally {
    d.sample = original;
  }
}

describe("the Quench batch, run through the fake", () => {
  it("registers the core's six flows, the defaults flow, and three flows for each of the four rulesets", () => {
    const names = tests(load()).map((t) => (t.name.split(" › ")[0] ?? "").replace(/:.*/, ""));
    expect(names.sort()).toEqual(["bond", "bond", "bond", "core", "core", "core", "core", "core", "core", "core", "faserip", "faserip", "faserip", "radio", "radio", "radio", "zodiac", "zodiac", "zodiac"]);
  });

  it("gives every flow and hook its minute, not Mocha's 2 s (review Q2)", () => {
    const root = load();
    const all = [...tests(root), ...hooks(root)];
    expect(all.length).toBeGreaterThan(19);
    expect(all.filter((r) => r.timeout !== FLOW_TIMEOUT_MS).map((r) => r.name)).toEqual([]);
  });

  it("every flow passes and the world is left as it was: nothing created remains, the active and viewed combats and the GM pools are put back", async () => {
    const pools = JSON.stringify(world.settings.get("fracas", "gmPools"));
    world.queryLog.length = 0;
    const leftBehind: string[] = [];
    const results = await run(load(), { afterTest: (name) => leftBehind.push(...leftovers().map((l) => `${name}: ${l}`)) });
    expect(results.failed).toEqual([]);
    expect(leftBehind).toEqual([]);
    expect(results.passed).toHaveLength(19);
    expect(leftovers()).toEqual([]);
    // V13 activated the viewed combat at each deletion; the batch put the world's back.
    expect([active._source.active, looking._source.active]).toEqual([true, false]);
    expect(tracker.viewed).toBe(looking);
    expect(JSON.stringify(world.settings.get("fracas", "gmPools"))).toBe(pools);
    expect(world.hooks.errors).toEqual([]);
    // The query flow went through User#query to the active GM, this client (review Q13).
    const cardQueries = world.queryLog.filter((q) => q.name === "fracas.applyCard" || q.name === "fracas.undoCard");
    expect(cardQueries.map((q) => [q.name, q.from, q.to, q.error ?? null])).toEqual([
      ["fracas.applyCard", "gm", "gm", null],
      ["fracas.undoCard", "gm", "gm", null],
    ]);
  });

  it("a flow that fails part way still deletes everything it made, its cards included (review Q7/Q9)", async () => {
    const leftBehind: string[] = [];
    const results = await withSample(
      "radio",
      (original) => ({
        ...original,
        async roll(source, target) {
          await original.roll(source, target); // Radio posts an attack card and a damage card
          throw new Error("scripted failure after the cards");
        },
      }),
      () => run(load(), { only: named("radio › rolls, posts a card"), afterTest: () => leftBehind.push(...leftovers()) }),
    );
    expect(results.failed).toEqual([expect.stringContaining("scripted failure after the cards")]);
    // Deleted by the flow itself, before the batch's own last sweep.
    expect(leftBehind).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it("a sample that never hits fails the flow, and an Apply that writes nothing to the target fails it too (review Q4/Q5)", async () => {
    // Bond: only a rolled 100 misses the trained hood; five in a row.
    const bondMisses = () => {
      world.dice.clear();
      world.dice.queue(...Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 100 : 1)));
    };
    const never = await run(load(), { only: named("bond › rolls, posts a card"), dice: bondMisses });
    expect(never.failed).toEqual([expect.stringContaining("no hit in 5 rolls")]);
    // Zodiac: four 1s never meet TN 10.
    const zodiacMisses = () => {
      world.dice.clear();
      world.dice.queue(...Array.from({ length: 100 }, () => 1));
    };
    const zodiacNever = await run(load(), { only: named("zodiac › rolls, posts a card"), dice: zodiacMisses });
    expect(zodiacNever.failed).toEqual([expect.stringContaining("no hit in 12 rolls")]);
    // A sample whose card is a miss (bypassing the retry): the Apply writes nothing and the flow says so.
    const miss = await withSample(
      "bond",
      (original) => ({
        ...original,
        async roll(source, target) {
          const weapon = source.items.contents.find((i) => (i.type as string) === "bondWeapon") ?? null;
          const setup = bond.buildSetup(source, weapon as never);
          return (await bond.rollAttack(source, setup, bond.defaultChoices(setup), [{ uuid: target.uuid, name: target.name }]))!;
        },
      }),
      () => run(load(), { only: named("bond › rolls, posts a card"), dice: bondMisses }),
    );
    expect(miss.failed).toEqual([expect.stringContaining("the Apply changed the target")]);
    // A Zodiac miss applied: it writes only Operations' Setback pool, which the flow puts back.
    const pools = JSON.stringify(world.settings.get("fracas", "gmPools"));
    const setback = await withSample(
      "zodiac",
      (original) => ({
        ...original,
        async roll(source, target) {
          const choice = { kind: "strike" as const, area: 5, spend: 0, gathered: 0, wagers: 1, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
          const aimed = { uuid: target.uuid, name: target.name, type: "zodiacOtherAgent", tn: 10, rank: 4, accumulated: 0, almostDead: false };
          const model = zodiac.rollModel(choice, { agentPoints: 3, almostDead: false }, 10, zodiac.calledShotCosts);
          return (await zodiac.rollAndPost(source, "a2", choice, model, aimed as never))!;
        },
      }),
      () => run(load(), { only: named("zodiac › rolls, posts a card"), dice: zodiacMisses }),
    );
    expect(setback.failed).toEqual([expect.stringContaining("the Apply changed the target")]);
    expect(JSON.stringify(world.settings.get("fracas", "gmPools"))).toBe(pools);
    expect(leftovers()).toEqual([]);
  });

  it("the Bond and Zodiac samples roll to hit: a trained hood's Beretta misses only on 100, Mike strikes with his best Area (review Q5)", async () => {
    const sampleOf = (id: string) => allDescriptors().find((d) => d.id === id)!.sample!;
    const bondSample = sampleOf("bond");
    const [hood, agent] = (await Actor.createDocuments([bondSample.source, bondSample.target] as never)) as Actor.Implementation[];
    world.dice.clear();
    world.dice.queue(99, 3);
    const shot = (await bondSample.roll(hood!, agent!)).system as unknown as { result: { attackKind: string; successChance: number; success: boolean } };
    expect([shot.result.attackKind, shot.result.successChance >= 99, shot.result.success]).toEqual(["fire", true, true]);
    const zodiacSample = sampleOf("zodiac");
    const [mike, baron] = (await Actor.createDocuments([zodiacSample.source, zodiacSample.target] as never)) as Actor.Implementation[];
    world.dice.clear();
    world.dice.queue(2, 2, 3, 3); // four dice after the Wager, all kept: 10 meets TN 10
    const strike = (await zodiacSample.roll(mike!, baron!)).system as unknown as { result: { areaName: string; strike: { success: boolean; total: number } } };
    expect([strike.result.areaName, strike.result.strike.total, strike.result.strike.success]).toEqual(["Capricorn", 10, true]);
    for (const m of [...world.messages]) await m.delete();
    for (const a of [hood, agent, mike, baron]) await a!.delete();
    expect(leftovers()).toEqual([]);
  });

  it("the removed-combatant flows fail when Foundry's turn is never put back on the plan (review Q3)", async () => {
    const follow = Object.getOwnPropertyDescriptor(FracasCombat.prototype, "followRoster")!;
    const limit = SETTLE.ms;
    FracasCombat.prototype.followRoster = async () => undefined;
    SETTLE.ms = 200;
    try {
      const results = await run(load(), { only: named("the current step's combatant removed") });
      expect(results.failed).toEqual([expect.stringContaining("come back to the plan's")]);
    } finally {
      Object.defineProperty(FracasCombat.prototype, "followRoster", follow);
      SETTLE.ms = limit;
    }
    expect(leftovers()).toEqual([]);
  });

  it("the Apply flow counts a card write that comes after the Apply, however late, when it is queued on the card (review Q10)", async () => {
    const late = world.hooks.on("updateChatMessage", (message: { id: string; update(d: object): Promise<unknown> }, changed: object) => {
      if (!("system" in changed) || (changed as { flags?: unknown }).flags) return;
      void withCardLock(message.id, async () => {
        await new Promise((r) => setTimeout(r, 400)); // slower than the 300 ms the flow used to wait
        if (world.messages.get(message.id)) await message.update({ "flags.quench.late": true });
      });
    });
    try {
      const results = await run(load(), { only: named("faserip › rolls, posts a card") });
      expect(results.failed).toEqual([expect.stringContaining("the Apply wrote its card once: 2 ≠ 1")]);
    } finally {
      world.hooks.off("updateChatMessage", late);
    }
    expect(leftovers()).toEqual([]);
  });

  it("the Rules tables check fails when a second window redraws the open one, and closes only the window it opened (review Q6)", async () => {
    const render = Object.getOwnPropertyDescriptor(RulesTablesApp.prototype, "render")!;
    const base = Object.getPrototypeOf(RulesTablesApp.prototype) as { render(o?: unknown): Promise<unknown> };
    // A redraw at every render, as V13's would without Fracas's override.
    Object.defineProperty(RulesTablesApp.prototype, "render", { value: function (this: unknown, o?: unknown) { return base.render.call(this, o); }, configurable: true });
    try {
      const results = await run(load(), { only: named("core: what Fracas changes") });
      expect(results.failed).toEqual([expect.stringContaining("brought to the front, not redrawn")]);
    } finally {
      Object.defineProperty(RulesTablesApp.prototype, "render", render);
    }
    // A window the tester had open is used as it is and left open.
    const mine = new RulesTablesApp();
    await mine.render({ force: true } as never);
    const results = await run(load(), { only: named("core: what Fracas changes") });
    expect(results.failed).toEqual([]);
    expect(mine.rendered).toBe(true);
    await mine.close();
    expect(leftovers()).toEqual([]);
  });

  it("refuses to run for a player or a GM who is not the active one, and never passes with no sample to run (review Q11)", async () => {
    world.addUser({ id: "player", name: "Player", isGM: false });
    world.login("player");
    const player = await run(load());
    expect(player.passed).toEqual([]);
    expect(player.failed).toEqual([expect.stringContaining("Run the Fracas batch as a GM")]);
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    world.login("gm2");
    world.setActiveGM("gm");
    const second = await run(load());
    expect(second.passed).toEqual([]);
    expect(second.failed).toEqual([expect.stringContaining("as the active GM")]);
    world.login("gm");
    for (const id of RULESET_IDS) world.settings.seed("fracas", `enabled.${id}`, false);
    try {
      const root = load();
      expect(tests(root).map((t) => t.name)).toEqual(["has an enabled ruleset with a sample to run"]);
      const none = await run(root);
      expect(none.passed).toEqual([]);
      expect(none.failed).toEqual([expect.stringContaining("No enabled ruleset ships a sample")]);
    } finally {
      for (const id of RULESET_IDS) world.settings.seed("fracas", `enabled.${id}`, true);
      world.users.get("player")!.active = false;
    }
    expect(leftovers()).toEqual([]);
  });
});
