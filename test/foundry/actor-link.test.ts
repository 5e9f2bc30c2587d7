/**
 * What V13 would otherwise do by default: every new actor's token unlinked (a PC's wounds would land
 * on a token's copy), and any dropped item embedded whatever its ruleset (a sheet that cannot show it).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";

let world: FakeWorld;

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

type Created = { prototypeToken: { actorLink: boolean; disposition: number; sight: { enabled: boolean } } };
const create = async (data: Record<string, unknown>) => (await Actor.create(data as never)) as unknown as Created;

describe("a player character's token is linked from the start", () => {
  it.each(["bondCharacter", "radioHero", "zodiacAgent", "faseripHero"])("%s: linked, friendly, with vision", async (type) => {
    const actor = await create({ name: "PC", type });
    expect(actor.prototypeToken).toMatchObject({ actorLink: true, disposition: CONST.TOKEN_DISPOSITIONS.FRIENDLY, sight: { enabled: true } });
  });

  it.each(["radioOpponent", "radioHenchmen", "zodiacOtherAgent", "zodiacCrowd"])("%s keeps Foundry's unlinked, hostile token", async (type) => {
    const actor = await create({ name: "NPC", type });
    expect(actor.prototypeToken).toMatchObject({ actorLink: false, disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE, sight: { enabled: false } });
  });

  it("a Bond character marked NPC, and data that says actorLink itself (a compendium villain), keep theirs", async () => {
    expect((await create({ name: "Goon", type: "bondCharacter", system: { npc: true } })).prototypeToken.actorLink).toBe(false);
    const villain = await create({ name: "Street Thug", type: "faseripHero", prototypeToken: { actorLink: false, disposition: -1 } });
    expect(villain.prototypeToken).toMatchObject({ actorLink: false, disposition: -1 });
  });
});

describe("an actor takes only its own ruleset's items", () => {
  it("a FASERIP power dropped on a Bond character is refused with a warning; a Bond weapon is added", async () => {
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter" });
    const actor = bond as unknown as Actor.Implementation;
    await actor.createEmbeddedDocuments("Item", [{ name: "Flight", type: "faseripPower" }] as never);
    expect(bond.items.size).toBe(0);
    expect(world.notifications.at(-1)).toEqual({ type: "warn", message: "Flight belongs to another ruleset than James Bond, so it was not added: this sheet could not show it." });
    await actor.createEmbeddedDocuments("Item", [{ name: "Walther PPK", type: "bondWeapon" }] as never);
    expect(bond.items.map((i) => i.name)).toEqual(["Walther PPK"]);
  });
});
