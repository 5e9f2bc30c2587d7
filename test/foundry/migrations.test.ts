import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import type { MigrationStep } from "../../src/foundry/migration-steps.js";
import { TEST_TYPE, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let a: FakeActor;
let b: FakeActor;
let c: FakeActor;

/** Version 2 moves system.old to system.renamed (the "previous shape" → the new one). */
const STEPS: MigrationStep[] = [
  { version: 1, description: "first schema" },
  {
    version: 2,
    description: "old → renamed",
    actor: (src) => {
      const sys = src.system as { old?: number | null };
      return sys.old == null ? null : { "system.renamed": sys.old, "system.old": null };
    },
  },
];

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter({ ready: false });
  registerTestRuleset(world, adapter);
  world.addUser({ id: "gm2", name: "Second GM", isGM: true });
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.setActiveGM("gm");
  world.settings.seed("fracas", "schemaVersion", 1);
  a = world.createActor({ name: "A", type: TEST_TYPE, system: { x: 4, old: 6, stance: "angry" } });
  b = world.createActor({ name: "B", type: TEST_TYPE, system: { x: 9, old: 0 } });
  c = world.createActor({ name: "C", type: TEST_TYPE, system: { x: 2 } });
});

describe("migrations", () => {
  it("also migrates unlinked tokens' own actors on every scene (a linked token's actor is the world's, done once)", async () => {
    const mook = world.createUnlinkedToken(a, "tokenMook000001");
    (game as unknown as { scenes: unknown }).scenes = [{ tokens: [{ actorLink: false, actor: mook }, { actorLink: true, actor: b }] }];
    try {
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(3);
      expect(mook.system).toMatchObject({ renamed: 6, old: null });
      expect(b.system).toMatchObject({ renamed: 0 });
    } finally {
      delete (game as unknown as { scenes?: unknown }).scenes;
    }
  });

  it("moves the old field on every actor of the previous shape, loses nothing, and records the version", async () => {
    expect(await adapter.migrations.runMigrations(STEPS)).toBe(2);
    expect(a.system).toMatchObject({ x: 4, stance: "angry", old: null, renamed: 6 });
    expect(b.system).toMatchObject({ x: 9, old: null, renamed: 0 });
    expect(c.system).toMatchObject({ x: 2, old: null, renamed: null });
    expect(world.settings.get("fracas", "schemaVersion")).toBe(2);
    expect(world.notified("info")).toEqual(["Fracas updated 2 documents to data version 2."]);
  });

  it("a second run does nothing", async () => {
    await adapter.migrations.runMigrations(STEPS);
    const updates = world.hooks.calls.filter((h) => h === "updateActor").length;
    expect(await adapter.migrations.runMigrations(STEPS)).toBe(0);
    expect(world.hooks.calls.filter((h) => h === "updateActor").length).toBe(updates);
  });

  it("runs only on the active GM's client", async () => {
    world.login("gm2");
    expect(await adapter.migrations.runMigrations(STEPS)).toBe(0);
    world.login("alice");
    expect(await adapter.migrations.runMigrations(STEPS)).toBe(0);
    expect(a.system).toMatchObject({ old: 6, renamed: null });
    expect(world.settings.get("fracas", "schemaVersion")).toBe(1);
  });

  it("on ready, the shipped migrations bring an unversioned world to LATEST_SCHEMA", async () => {
    world.settings.seed("fracas", "schemaVersion", 0);
    world.hooks.callAll("ready");
    await new Promise((r) => setTimeout(r, 0));
    expect(world.settings.get("fracas", "schemaVersion")).toBe(adapter.migrationSteps.LATEST_SCHEMA);
    expect(a.system).toMatchObject({ x: 4, old: 6 });
  });
});
