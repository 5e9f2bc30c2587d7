/**
 * The fake's embedded documents, as V13's client: an actor's items given in its creation data are
 * created with it; after an embedded create, update or delete the parent is prepared again
 * (client-backend.mjs: parent.reset()) before the descendants' own hooks run.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "./fake/index.js";

let world: FakeWorld;
beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

type ActorClass = { create(data: object): Promise<FakeActor> };
const Actor = () => (globalThis as unknown as { Actor: ActorClass }).Actor;
const weapon = { name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } };

describe("the fake's embedded documents, as V13's", () => {
  it("an actor created with items has them, prepared with it", async () => {
    const actor = await Actor().create({ name: "Hood", type: "bondCharacter", system: { npc: true }, items: [weapon] });
    expect(actor.items.map((i) => i.name)).toEqual(["Beretta"]);
    expect(actor.toObject().items).toHaveLength(1);
  });

  it("the parent is prepared again after an embedded create, update and delete, before the item's hook", async () => {
    const actor = await Actor().create({ name: "Hood", type: "bondCharacter", system: { npc: true } });
    const seen: string[] = [];
    let system = actor.system;
    const check = (what: string) => () => {
      seen.push(`${what}:${actor.system !== system ? "prepared" : "stale"}`);
      system = actor.system;
    };
    world.hooks.on("createItem", check("create"));
    world.hooks.on("updateItem", check("update"));
    world.hooks.on("deleteItem", check("delete"));
    const [item] = (await actor.createEmbeddedDocuments("Item", [weapon])) as { id: string }[];
    await actor.updateEmbeddedDocuments("Item", [{ _id: item!.id, name: "Walther" }]);
    await actor.deleteEmbeddedDocuments("Item", [item!.id]);
    expect(seen).toEqual(["create:prepared", "update:prepared", "delete:prepared"]);
  });
});
