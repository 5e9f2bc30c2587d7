/**
 * Review-s9-foundry V1: V13's client leaves out of an update a document whose changes fail
 * validation (the error shown, `update()` gives undefined, nothing thrown), and a module's preUpdate
 * hook can leave it out silently. The fake does the same now, and an Apply, whose card records what
 * it wrote and spends pools after the target's write, checks through `updateOrThrow`.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";
import { updateOrThrow } from "../../src/foundry/documents/update-or-throw.js";

let world: FakeWorld;
let adapter: Adapter;
let hero: FakeActor;
let villain: FakeActor;

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, ownership: { alice: 3 } });
  villain = world.createActor({ name: "Villain", type: TEST_TYPE, system: { x: 12 } });
});

const stance = (a: FakeActor) => (a.system as unknown as { stance: string }).stance;

describe("a write V13 leaves out", () => {
  it("the fake, as V13: invalid changes are shown as an error and not written, and update() gives undefined without throwing", async () => {
    const writes = vi.fn();
    world.observe("updateActor", writes);
    await expect(hero.update({ "system.stance": "furious" })).resolves.toBeUndefined();
    expect(stance(hero)).toBe("calm");
    expect(writes).not.toHaveBeenCalled();
    expect(world.notified("error")).toHaveLength(1);
    expect(world.notified("error")[0]).toContain("stance");
  });

  it("updateOrThrow: invalid changes throw before anything is sent; nothing to change writes nothing; a write a hook left out throws", async () => {
    const writes = vi.fn();
    world.observe("updateActor", writes);
    await expect(updateOrThrow(hero as never, { "system.stance": "furious" })).rejects.toThrow(/Actor Hero: the changes are not valid/);
    expect(world.notified("error")).toEqual([]);
    await updateOrThrow(hero as never, { "system.stance": "calm" });
    expect(writes).not.toHaveBeenCalled();
    await updateOrThrow(hero as never, { "system.stance": "angry" });
    expect(stance(hero)).toBe("angry");
    const id = world.hooks.on("preUpdateActor", () => false);
    await expect(updateOrThrow(hero as never, { "system.stance": "calm" })).rejects.toThrow(/Actor Hero: the write was left out/);
    world.hooks.off("preUpdateActor", id);
    expect(stance(hero)).toBe("angry");
  });

  it("an Apply whose target write is invalid records nothing, spends nothing and sets no icon", async () => {
    world.login("gm");
    world.target("gm", hero);
    const m = (await adapter.cards.postCard({ ruleset: "fracastest", kind: "furious", source: villain as never, result: {} })) as unknown as FakeChatMessage;
    await expect(adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" })).rejects.toThrow(/not valid/);
    expect(stance(hero)).toBe("calm");
    expect([...hero.statuses]).toEqual([]);
    expect(adapter.pools.readPool("setback").value).toBe(0);
    expect((m.system as unknown as { applications: unknown[] }).applications).toEqual([]);
  });

  it("an Apply whose card write a module's hook leaves out puts the target back and gives back the pool", async () => {
    world.login("gm");
    world.target("gm", hero);
    const m = (await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: villain as never, result: { damage: 3, stun: true } })) as unknown as FakeChatMessage;
    const before = { x: (hero.system as unknown as { x: number }).x, statuses: [...hero.statuses] };
    world.hooks.on("preUpdateChatMessage", () => false);
    await expect(adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" })).rejects.toThrow(/ChatMessage .*left out/);
    expect({ x: (hero.system as unknown as { x: number }).x, statuses: [...hero.statuses] }).toEqual(before);
    expect((m.system as unknown as { applications: unknown[] }).applications).toEqual([]);
  });
});

describe("an Apply's record keeps its paths (review-s9 H1)", () => {
  it("V13 expands an update in the object it is given: the application's prior and after stay path by path, and an unrelated change does not block Undo", async () => {
    world.login("gm");
    world.target("gm", hero);
    const m = (await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: villain as never, result: { damage: 3 } })) as unknown as FakeChatMessage;
    expect((await adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" })).ok).toBe(true);
    const app = (m.system as unknown as { applications: { id: string; prior: { path: string }[]; after: { path: string }[] }[] }).applications[0]!;
    expect([app.prior.map((p) => p.path), app.after.map((p) => p.path)]).toEqual([["system.x"], ["system.x"]]);
    await hero.update({ "system.stance": "angry" });
    expect((await adapter.apply.executeUndo({ messageId: m.id, applicationId: app.id, userId: "gm" })).ok).toBe(true);
    expect((hero.system as unknown as { x: number; stance: string })).toMatchObject({ x: 10, stance: "angry" });
  });
});
