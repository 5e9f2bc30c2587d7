/**
 * The core's following dialogs (sheets/following-dialogs.ts): each client's open roll dialogs are
 * told what changed (an actor, its statuses, the user's targets, a combat), and decide themselves.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, resolveUuid, type Adapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import { TEST_ITEM_TYPE, TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";
import type { DialogEvent } from "../../src/foundry/sheets/following-dialogs.js";

let world: FakeWorld;
let adapter: Adapter;
let hero: FakeActor;

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, system: { speed: 7 }, ownership: { alice: 3 } });
});
afterEach(() => vi.restoreAllMocks());

function dialog(rendered = true) {
  const told: string[] = [];
  const d = { rendered, follow: (e: DialogEvent) => void told.push(e.kind === "actor" ? `actor:${e.uuid}` : e.kind === "combat" ? `combat:${e.deleted ? "deleted" : Object.keys(e.changed).join(",")}` : e.kind === "setting" ? `setting:${e.key}` : e.kind) };
  adapter.followingDialogs.watchDialog(d);
  return { d, told };
}

describe("open dialogs follow what they show", () => {
  it("an actor's update and its status changes, the user's own targeting, a combat's update and deletion", async () => {
    const { told } = dialog();
    await hero.update({ "system.x": 4 });
    await hero.toggleStatusEffect("fracas-prone", { active: true });
    const alice = world.users.get("alice")!;
    world.hooks.callAll("targetToken", world.users.get("gm"), {}, true);
    world.hooks.callAll("targetToken", alice, {}, true); // another user's targeting: not this client's
    await Promise.resolve(); // told once the run of targetToken events is over
    const combat = world.createCombat();
    await combat.update({ round: 2 });
    await combat.delete();
    expect(told).toEqual([`actor:${hero.uuid}`, `actor:${hero.uuid}`, "targets", "combat:round", "combat:deleted"]);
  });

  it("an actor's own item created, changed or deleted, and the actor deleted; a world item is no actor's", async () => {
    const { told } = dialog();
    const [item] = await hero.createEmbeddedDocuments("Item", [{ name: "Knife", type: TEST_ITEM_TYPE, system: {} }]);
    await item!.update({ name: "Big knife" });
    await hero.deleteEmbeddedDocuments("Item", [item!.id]);
    world.createItem({ name: "Loose", type: TEST_ITEM_TYPE });
    const loose = world.items.find((i) => i.name === "Loose")!;
    await loose.update({ name: "Still loose" });
    await hero.delete();
    expect(told).toEqual([`actor:${hero.uuid}`, `actor:${hero.uuid}`, `actor:${hero.uuid}`, `actor:${hero.uuid}`]);
  });

  it("an unlinked token deleted alone: its synthetic actor's dialogs are told, and its UUID resolves no more; a linked token's deletion tells nothing", async () => {
    const mook = world.createUnlinkedToken(hero, "tok1");
    const { told } = dialog();
    world.deleteUnlinkedToken("tok1");
    world.hooks.callAll("deleteToken", { id: "tok2", actorLink: true, actor: hero }, {}, "gm");
    expect(told).toEqual([`actor:${mook.uuid}`]);
    expect(mook.uuid).not.toBe(hero.uuid);
    expect(resolveUuid(mook.uuid)).toBeNull();
  });

  it("a scene deleted: its unlinked tokens' actors' dialogs are told (no deleteToken runs for them)", async () => {
    const mook = world.createUnlinkedToken(hero, "tok1");
    const { told } = dialog();
    world.deleteScene();
    expect(told).toEqual([`actor:${mook.uuid}`]);
    expect(resolveUuid(mook.uuid)).toBeNull();
  });

  it("a retarget is told once, after V13's run of per-token events, with the targets as they end up", async () => {
    const seen: number[] = [];
    const d = { rendered: true, follow: (e: DialogEvent) => void (e.kind === "targets" && seen.push(world.users.get("gm")!.targets.size)) };
    adapter.followingDialogs.watchDialog(d);
    const gm = world.users.get("gm")!;
    const [a, b, c] = [{ id: "a" }, { id: "b" }, { id: "c" }];
    gm.targets.add(a as never);
    gm.targets.add(b as never);
    // {A,B} to {A,C}: B released, then C added, each its own event in one synchronous run.
    gm.targets.delete(b as never);
    world.hooks.callAll("targetToken", gm, b, false);
    gm.targets.add(c as never);
    world.hooks.callAll("targetToken", gm, c, true);
    await Promise.resolve();
    expect(seen).toEqual([2]);
  });

  it("a Fracas world setting changed (a rules table the GM overrode, an option): the odds may have changed", async () => {
    const { told } = dialog();
    await world.settings.set("fracas", "enabled.bond", false);
    await world.settings.set("core", "rollMode", "gmroll"); // a client setting, not Fracas's: no Setting document
    expect(told).toEqual(["setting:fracas.enabled.bond"]);
  });

  it("a dialog re-rendering (V13: not `rendered` while RENDERING) is still told (review-s9-foundry V2)", async () => {
    const told: string[] = [];
    adapter.followingDialogs.watchDialog({ rendered: false, state: 1, follow: (e) => void told.push(e.kind) });
    await hero.update({ "system.x": 4 });
    expect(told).toEqual(["actor"]);
  });

  it("a dialog not rendered yet, or closed, is not told; one that throws does not stop the others", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const waiting = dialog(false);
    const closed = dialog();
    adapter.followingDialogs.forgetDialog(closed.d);
    adapter.followingDialogs.watchDialog({ rendered: true, follow: () => { throw new Error("broken"); } });
    const open = dialog();
    await hero.update({ "system.x": 4 });
    expect([waiting.told, closed.told, open.told]).toEqual([[], [], [`actor:${hero.uuid}`]]);
    expect(error).toHaveBeenCalledWith("Fracas | an open dialog could not follow a change", expect.any(Error));
  });
});
