/**
 * The fake's pre-update steps, as V13's client backend (#preUpdateDocumentArray; review-s9-foundry
 * V8): the document's _preUpdate, then the preUpdate hook, both with the full expanded changes,
 * before validation and even for an update that changes nothing; and the same per document in a
 * batch update, where a refusal leaves out that document alone.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
let hero: FakeActor;
let villain: FakeActor;

beforeEach(async () => {
  world = installFoundry();
  registerTestRuleset(world, await loadAdapter());
  hero = world.createActor({ name: "Hero", type: TEST_TYPE });
  villain = world.createActor({ name: "Villain", type: TEST_TYPE });
});

const stance = (a: FakeActor) => (a.system as unknown as { stance: string }).stance;

describe("the fake's pre-update steps, as V13's", () => {
  it("the preUpdate hook gets the full expanded changes, before the diff, even when nothing changes", async () => {
    const seen: unknown[] = [];
    world.hooks.on("preUpdateActor", (_doc: unknown, changes: unknown) => void seen.push(structuredClone(changes)));
    await hero.update({ name: "Hero", "system.stance": "calm" });
    expect(seen).toEqual([{ _id: hero.id, name: "Hero", system: { stance: "calm" } }]);
  });

  it("the hook runs before validation: an invalid change it refuses shows no error", async () => {
    world.hooks.on("preUpdateActor", () => false);
    await expect(hero.update({ "system.stance": "furious" })).resolves.toBeUndefined();
    expect(world.notified("error")).toEqual([]);
  });

  it("a batch update runs each document's _preUpdate and hook; a refusal leaves that document out alone", async () => {
    const Actor = hero.constructor as unknown as { updateDocuments(u: object[]): Promise<FakeActor[]> };
    let preUpdates = 0;
    Object.assign(hero, { _preUpdate: async () => void preUpdates++ });
    world.hooks.on("preUpdateActor", (doc: FakeActor) => doc.id !== villain.id);
    const written = await Actor.updateDocuments([
      { _id: hero.id, "system.stance": "angry" },
      { _id: villain.id, "system.stance": "angry" },
    ]);
    expect(preUpdates).toBe(1);
    expect(written.map((a) => a.name)).toEqual(["Hero"]);
    expect([stance(hero), stance(villain)]).toEqual(["angry", "calm"]);
  });
});
