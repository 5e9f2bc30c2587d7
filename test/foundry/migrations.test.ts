import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import type { MigrationStep } from "../../src/foundry/migration-steps.js";
import { TEST_ITEM_TYPE, TEST_TYPE, registerTestRuleset } from "./helpers.js";

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
    item: (src) => {
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

/** A compendium as V13's CompendiumCollection: locked unless configured; documents outside game.actors. */
function pack(documentName: string, packageType: string, docs: unknown[], locked = packageType !== "world") {
  const seen: boolean[] = [];
  return {
    metadata: { packageType },
    documentName,
    title: `${packageType} ${documentName}s`,
    locked,
    seen,
    async configure({ locked: next }: { locked: boolean }) {
      this.locked = next;
      seen.push(next);
    },
    async getDocuments() {
      return docs;
    },
  };
}

/** A compendium's document refuses writes while its pack is locked, as V13's does. */
function refusesWhileLocked(doc: FakeActor, of: { locked: boolean }): FakeActor {
  const update = doc.update.bind(doc);
  doc.update = (async (...args: Parameters<FakeActor["update"]>) => {
    if (of.locked) throw new Error("You may not modify a locked compendium");
    return update(...args);
  }) as FakeActor["update"];
  return doc;
}

/** An actor that lives only in a compendium (not in game.actors). */
function packActor(name: string, system: Record<string, unknown>): FakeActor {
  const Impl = world.config.Actor.documentClass;
  return new Impl({ name, type: TEST_TYPE, system, ownership: { default: 0 } }) as FakeActor;
}

describe("migrations", () => {
  it("migrates the world's own compendia, unlocking a locked one for the run and locking it again; a system's pack is left alone", async () => {
    const villain = packActor("Villain", { x: 5, old: 7 });
    const shipped = packActor("Shipped", { x: 1, old: 3 });
    const worldPack = pack("Actor", "world", [villain], true);
    refusesWhileLocked(villain, worldPack);
    const systemPack = pack("Actor", "system", [shipped]);
    (game as unknown as { packs: unknown }).packs = [worldPack, systemPack];
    try {
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(3);
      expect(villain.system).toMatchObject({ x: 5, renamed: 7, old: null });
      expect(worldPack.seen).toEqual([false, true]);
      expect(worldPack.locked).toBe(true);
      expect(shipped.system).toMatchObject({ old: 3, renamed: null });
      expect(systemPack.seen).toEqual([]);
    } finally {
      delete (game as unknown as { packs?: unknown }).packs;
    }
  });

  it("a document that fails is named to the GM, the rest are migrated, and the version stays so the next start finishes the job", async () => {
    world.failEveryUpdate(b as never, "server said no");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(1);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
      world.stopFailing(b as never);
    }
    expect(a.system).toMatchObject({ renamed: 6, old: null });
    expect(b.system).toMatchObject({ old: 0, renamed: null });
    expect(world.settings.get("fracas", "schemaVersion")).toBe(1);
    expect(world.notified("error")).toEqual([
      "Fracas could not update B for this version; everything else was updated. Fracas tries again each time the world loads. If it keeps failing, the console (F12) says why: fix or delete that document, or report it.",
    ]);
    // The next start: only B is still in the old shape.
    expect(await adapter.migrations.runMigrations(STEPS)).toBe(1);
    expect(b.system).toMatchObject({ old: null, renamed: 0 });
    expect(world.settings.get("fracas", "schemaVersion")).toBe(2);
  });

  it("failures are named where the GM can find them (a token's scene, a compendium), five at most", async () => {
    const mooks = Array.from({ length: 6 }, (_, i) => world.createUnlinkedToken(a, `tokenMook00000${i}`));
    (game as unknown as { scenes: unknown }).scenes = [{ name: "Docks", tokens: mooks.map((actor) => ({ actorLink: false, actor })) }];
    const villain = packActor("Villain", { x: 5, old: 7 });
    (game as unknown as { packs: unknown }).packs = [pack("Actor", "world", [villain])];
    for (const m of mooks) world.failNextUpdate(m as never);
    world.failNextUpdate(villain as never);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await adapter.migrations.runMigrations(STEPS);
      // The next load: only the compendium's villain fails again.
      world.failNextUpdate(villain as never);
      await adapter.migrations.runMigrations(STEPS);
    } finally {
      errors.mockRestore();
      delete (game as unknown as { scenes?: unknown }).scenes;
      delete (game as unknown as { packs?: unknown }).packs;
    }
    expect(world.notified("error")).toEqual([
      "Fracas could not update 7 documents for this version: A (token on Docks), A (token on Docks), A (token on Docks), A (token on Docks), A (token on Docks) and 2 more. Everything else was updated. Fracas tries again each time the world loads. If it keeps failing, the console (F12) says why: fix or delete those documents, or report them.",
      "Fracas could not update Villain (in world Actors) for this version; everything else was updated. Fracas tries again each time the world loads. If it keeps failing, the console (F12) says why: fix or delete that document, or report it.",
    ]);
  });

  it("the world's actors are written in batches of 100, one request each, not one per actor", async () => {
    const many = Array.from({ length: 230 }, (_, i) => world.createActor({ name: `Mook ${i}`, type: TEST_TYPE, system: { old: i % 7 } }));
    const Actor = (CONFIG as unknown as { Actor: { documentClass: { updateDocuments(...args: unknown[]): Promise<unknown[]> } } }).Actor.documentClass;
    const batches = vi.spyOn(Actor, "updateDocuments");
    try {
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(232);
      expect(batches.mock.calls.map(([updates]) => (updates as unknown[]).length)).toEqual([100, 100, 32]);
    } finally {
      batches.mockRestore();
    }
    expect(many[229]!.system).toMatchObject({ old: null, renamed: 229 % 7 });
    expect(world.settings.get("fracas", "schemaVersion")).toBe(2);
  });

  it("a batch the server refuses is written again one at a time: a passing failure loses nothing, a lasting one fails alone", async () => {
    const many = Array.from({ length: 5 }, (_, i) => world.createActor({ name: `Mook ${i}`, type: TEST_TYPE, system: { old: i } }));
    world.failNextUpdate(many[1] as never, "busy");
    world.failEveryUpdate(many[3] as never, "bad data");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      // a, b and four of the five mooks; Mook 3 keeps failing.
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(6);
      expect(warnings).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
      world.stopFailing(many[3] as never);
    }
    expect(many[1]!.system).toMatchObject({ old: null, renamed: 1 });
    expect(many[3]!.system).toMatchObject({ old: 3, renamed: null });
    expect(world.notified("error")[0]).toContain("Fracas could not update Mook 3 for this version");
    expect(world.settings.get("fracas", "schemaVersion")).toBe(1);
  });

  it("a document V13 leaves unwritten without an error (a preUpdate hook said no) is named, and the version stays", async () => {
    world.observe("preUpdateActor", ((doc: FakeActor) => doc.name !== "B") as never);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(1);
    } finally {
      errors.mockRestore();
    }
    expect(b.system).toMatchObject({ old: 0, renamed: null });
    expect(world.notified("error")[0]).toContain("Fracas could not update B for this version");
    expect(world.settings.get("fracas", "schemaVersion")).toBe(1);
  });

  it("an update that changes nothing (V13 leaves it out, with no error) is done, not failed: the version is raised", async () => {
    const noop: MigrationStep[] = [{ version: 2, description: "rewrites the stance as it is", actor: (src) => ({ "system.stance": (src.system as { stance: string }).stance }) }];
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await adapter.migrations.runMigrations(noop)).toBe(0);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    expect(world.notified("error")).toEqual([]);
    expect(world.settings.get("fracas", "schemaVersion")).toBe(2);
  });

  it("an actor's own items are written through the actor in one request; the world's items in another", async () => {
    const armed = world.createActor({
      name: "Armed",
      type: TEST_TYPE,
      system: {},
      items: [
        { name: "Knife", type: TEST_ITEM_TYPE, system: { old: 1 } },
        { name: "Gun", type: TEST_ITEM_TYPE, system: { old: 2 } },
        { name: "Rope", type: TEST_ITEM_TYPE, system: {} },
      ],
    });
    const loose = world.createItem({ name: "Loose", type: TEST_ITEM_TYPE, system: { old: 3 } });
    const embedded = vi.spyOn(armed, "updateEmbeddedDocuments");
    try {
      // a, b, Knife, Gun and Loose.
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(5);
      expect(embedded.mock.calls.map(([name, updates]) => [name, (updates as unknown[]).length])).toEqual([["Item", 2]]);
    } finally {
      embedded.mockRestore();
    }
    expect(armed.items.contents.map((i) => (i.system as { renamed: number | null }).renamed)).toEqual([1, 2, null]);
    expect(loose.system).toMatchObject({ old: null, renamed: 3 });
  });

  it("its writes carry the migration option, so update rules can tell them from play", async () => {
    const options: unknown[] = [];
    world.observe("updateActor", (_doc: never, _diff: never, opts: never) => void options.push(opts));
    await adapter.migrations.runMigrations(STEPS);
    expect(options).toHaveLength(2);
    for (const o of options) expect(adapter.migrationOption.isMigrationUpdate(o)).toBe(true);
    expect(adapter.migrationOption.isMigrationUpdate({})).toBe(false);
  });

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

  it("migrates the unlinked tokens' own actors on the scenes of a world compendium, and names a failure there", async () => {
    const mooks = [world.createUnlinkedToken(a, "tokenMook000001"), world.createUnlinkedToken(a, "tokenMook000002")];
    const docks = { name: "Docks", tokens: [{ actorLink: false, actor: mooks[0] }, { actorLink: true, actor: b }, { actorLink: false, actor: null }] };
    const vault = { name: "Vault", tokens: [{ actorLink: false, actor: mooks[1] }] };
    const scenes = pack("Scene", "world", [docks, vault], true);
    const theirs = world.createUnlinkedToken(a, "tokenShipped001");
    const shipped = pack("Scene", "system", [{ name: "Shipped", tokens: [{ actorLink: false, actor: theirs }] }]);
    (game as unknown as { packs: unknown }).packs = [scenes, shipped];
    world.failNextUpdate(mooks[1] as never);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // a and b in the world, the Docks mook; the Vault mook fails; the system's scene is not opened.
      expect(await adapter.migrations.runMigrations(STEPS)).toBe(3);
    } finally {
      errors.mockRestore();
      delete (game as unknown as { packs?: unknown }).packs;
    }
    expect(mooks[0]!.system).toMatchObject({ renamed: 6, old: null });
    expect(scenes.seen).toEqual([false, true]);
    expect(shipped.seen).toEqual([]);
    expect(theirs.system).toMatchObject({ old: 6, renamed: null });
    expect(world.notified("error")[0]).toContain("Fracas could not update A (token on Vault (in world Scenes)) for this version");
  });

  it("moves the old field on every actor of the previous shape, loses nothing, and records the version", async () => {
    expect(await adapter.migrations.runMigrations(STEPS)).toBe(2);
    expect(a.system).toMatchObject({ x: 4, stance: "angry", old: null, renamed: 6 });
    expect(b.system).toMatchObject({ x: 9, old: null, renamed: 0 });
    expect(c.system).toMatchObject({ x: 2, old: null, renamed: null });
    expect(world.settings.get("fracas", "schemaVersion")).toBe(2);
    expect(world.notified("info")).toEqual(["Fracas updated 2 documents for this version."]);
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
