/**
 * What V13 would otherwise do by default: every new actor's token unlinked (a PC's wounds would land
 * on a token's copy), and any dropped item embedded whatever its ruleset (a sheet that cannot show it).
 * Who is a player's character is each ruleset's call (descriptor.isPlayerCharacter).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeWorld } from "./fake/index.js";
import { addPlayers } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;

beforeEach(async () => {
  world = installFoundry();
  addPlayers(world);
  adapter = await loadAdapter();
});

type Token = { actorLink: boolean; disposition: number; sight: { enabled: boolean } };
type Created = { prototypeToken: Token; update(c: object, options?: object): Promise<unknown> };
const create = async (data: Record<string, unknown>) => (await Actor.create(data as never)) as unknown as Created;
const PLAYER = () => ({ actorLink: true, disposition: CONST.TOKEN_DISPOSITIONS.FRIENDLY, sight: { enabled: true } });
const FOUNDRY = () => ({ actorLink: false, disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE, sight: { enabled: false } });

describe("a player character's token is linked from the start", () => {
  it.each([
    ["bondCharacter", {}],
    ["radioHero", {}],
    ["zodiacAgent", {}],
    ["faseripHero", { side: "heroes" }],
  ])("%s (%j): linked, friendly, with vision", async (type, system) => {
    expect((await create({ name: "PC", type, system })).prototypeToken).toMatchObject(PLAYER());
  });

  it.each([
    ["radioOpponent", {}],
    ["radioHenchmen", {}],
    ["zodiacOtherAgent", {}],
    ["zodiacCrowd", {}],
    ["bondCharacter", { npc: true }],
    ["faseripHero", { side: "villains" }],
    ["faseripHero", {}],
  ])("%s (%j), made by the GM for no player: Foundry's unlinked, hostile token", async (type, system) => {
    expect((await create({ name: "NPC", type, system })).prototypeToken).toMatchObject(FOUNDRY());
  });

  it("a FASERIP character on side 'auto' is a hero when the GM makes it for a player (not for an observer)", async () => {
    expect((await create({ name: "For Bob", type: "faseripHero", ownership: { bob: 3 } })).prototypeToken).toMatchObject(PLAYER());
    expect((await create({ name: "Shown to all", type: "faseripHero", ownership: { default: 2 } })).prototypeToken).toMatchObject(FOUNDRY());
  });

  it("data that says actorLink itself (a compendium villain, a duplicate) keeps it", async () => {
    const villain = await create({ name: "Street Thug", type: "faseripHero", system: { side: "heroes" }, prototypeToken: { actorLink: false, disposition: -1 } });
    expect(villain.prototypeToken).toMatchObject({ actorLink: false, disposition: -1 });
  });
});

describe("a new actor's token shows its ruleset's bar", () => {
  type Bars = { prototypeToken: { bar1: { attribute: string | null }; displayBars: number } };
  it.each([
    ["faseripHero", "health"],
    ["radioHero", "wounds"],
    ["radioOpponent", "wounds"],
    ["zodiacAgent", "agentPoints"],
    ["radioHenchmen", "woundPool"],
    ["zodiacOtherAgent", "wagersLeft"],
    ["zodiacCrowd", "stillStanding"],
  ])("%s: bar1 is %s, shown to its owners on hover", async (type, attribute) => {
    const actor = (await create({ name: "New", type })) as unknown as Bars;
    expect(actor.prototypeToken.bar1.attribute).toBe(attribute);
    expect(actor.prototypeToken.displayBars).toBe(CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER);
  });

  it("a type with no bar (Bond's wound levels) keeps V13's: none", async () => {
    for (const type of ["bondCharacter"]) {
      const actor = (await create({ name: "New", type })) as unknown as Bars;
      expect([type, actor.prototypeToken.bar1.attribute, actor.prototypeToken.displayBars]).toEqual([type, null, CONST.TOKEN_DISPLAY_MODES.NONE]);
    }
  });

  it("a GM's Prototype Token Overrides for when bars show (V13 applied it already) stand; the bar is still set", async () => {
    const data = foundry.data as unknown as { PrototypeTokenOverrides?: unknown };
    data.PrototypeTokenOverrides = { overrides: { base: {}, faseripHero: { displayBars: 50 } } };
    try {
      const hero = (await create({ name: "New", type: "faseripHero" })) as unknown as Bars;
      expect(hero.prototypeToken.bar1.attribute).toBe("health");
      expect(hero.prototypeToken.displayBars).not.toBe(CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER);
      data.PrototypeTokenOverrides = { overrides: { base: { displayBars: 40 } } };
      const agent = (await create({ name: "New", type: "zodiacAgent" })) as unknown as Bars;
      expect(agent.prototypeToken.displayBars).not.toBe(CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER);
    } finally {
      delete data.PrototypeTokenOverrides;
    }
  });

  it("data that names its bar or display (a compendium's villain) keeps them", async () => {
    const named = (await create({ name: "Villain", type: "faseripHero", prototypeToken: { bar1: { attribute: "karma.value" }, displayBars: 50 } })) as unknown as Bars;
    expect([named.prototypeToken.bar1.attribute, named.prototypeToken.displayBars]).toEqual(["karma.value", 50]);
    const shown = (await create({ name: "Villain", type: "faseripHero", prototypeToken: { displayBars: 40 } })) as unknown as Bars;
    expect([shown.prototypeToken.bar1.attribute, shown.prototypeToken.displayBars]).toEqual(["health", 40]);
  });
});

describe("a new actor or item starts with a picture of its kind (V13's getDefaultArtwork)", () => {
  it("items: a skill a book, a power lightning, weapons a sword; actors: a crowd a village; others keep V13's", async () => {
    const img = async (cls: { create(d: object): Promise<unknown> }, data: object) => ((await cls.create(data)) as { img: string }).img;
    expect(await img(Item as never, { name: "Driving", type: "bondSkill" })).toBe("icons/svg/book.svg");
    expect(await img(Item as never, { name: "Walther", type: "bondWeapon" })).toBe("icons/svg/sword.svg");
    expect(await img(Item as never, { name: "Flight", type: "faseripPower" })).toBe("icons/svg/lightning.svg");
    expect(await img(Actor as never, { name: "Onlookers", type: "zodiacCrowd" })).toBe("icons/svg/village.svg");
    expect(await img(Actor as never, { name: "Jake", type: "radioHero" })).toBe("icons/svg/mystery-man.svg");
    // A picture the data gives is kept.
    expect(await img(Item as never, { name: "Driving", type: "bondSkill", img: "worlds/x/car.webp" })).toBe("worlds/x/car.webp");
  });

  it("each ruleset gives pictures only for its own types, all from Foundry's own icons", () => {
    for (const d of adapter.rulesets.allDescriptors()) {
      for (const [type, path] of Object.entries(d.defaultArt ?? {})) {
        expect(type in d.actorModels || type in d.itemModels, `${d.id}: ${type}`).toBe(true);
        expect(path).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      }
    }
  });
});

describe("a change of role follows on the prototype token, unless the GM set the token up by hand", () => {
  it("Bond: ticking the NPC box unlinks the token; unticking links it again", async () => {
    const goon = await create({ name: "Goon", type: "bondCharacter" });
    await goon.update({ "system.npc": true });
    expect(goon.prototypeToken).toMatchObject(FOUNDRY());
    await goon.update({ "system.npc": false });
    expect(goon.prototypeToken).toMatchObject(PLAYER());
  });

  it("a migration's write (which reshapes data, not roles) leaves the token alone", async () => {
    const goon = await create({ name: "Goon", type: "bondCharacter" });
    await goon.update({ "system.npc": true }, { fracasMigration: true });
    expect(goon.prototypeToken).toMatchObject(PLAYER());
  });

  it("FASERIP: giving a player the 'auto' character links it; setting it to villains unlinks it", async () => {
    const hero = await create({ name: "Newcomer", type: "faseripHero" });
    expect(hero.prototypeToken).toMatchObject(FOUNDRY());
    await hero.update({ ownership: { alice: 3 } });
    expect(hero.prototypeToken).toMatchObject(PLAYER());
    await hero.update({ "system.side": "villains" });
    expect(hero.prototypeToken).toMatchObject(FOUNDRY());
  });

  it("through V13's Configure Ownership dialog (it replaces the whole map: ==ownership), giving and taking back", async () => {
    const hero = await create({ name: "Newcomer", type: "faseripHero" });
    await hero.update({ "==ownership": { default: 0, alice: 3 } });
    expect(hero.prototypeToken).toMatchObject(PLAYER());
    await hero.update({ "==ownership": { default: 0 } });
    expect(hero.prototypeToken).toMatchObject(FOUNDRY());
  });

  it("a token the GM configured (linked but neutral, or told in the same update) is left alone", async () => {
    const boss = await create({ name: "Boss", type: "bondCharacter", system: { npc: true } });
    await boss.update({ "prototypeToken.actorLink": true, "prototypeToken.disposition": 0 });
    await boss.update({ "system.npc": false });
    expect(boss.prototypeToken).toMatchObject({ actorLink: true, disposition: 0 });
    const told = await create({ name: "Told", type: "bondCharacter" });
    await told.update({ "system.npc": true, "prototypeToken.actorLink": true });
    expect(told.prototypeToken.actorLink).toBe(true);
  });
});

describe("an actor takes only its own ruleset's items", () => {
  it("a FASERIP power dropped on a Bond character is refused with a warning; a Bond weapon is added", async () => {
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter" });
    const actor = bond as unknown as Actor.Implementation;
    await actor.createEmbeddedDocuments("Item", [{ name: "Flight", type: "faseripPower" }] as never);
    expect(bond.items.size).toBe(0);
    expect(world.notifications.at(-1)).toEqual({ type: "warn", message: "Flight is not for James Bond 007, so it was not added to James Bond." });
    await actor.createEmbeddedDocuments("Item", [{ name: "Walther PPK", type: "bondWeapon" }] as never);
    expect(bond.items.map((i) => i.name)).toEqual(["Walther PPK"]);
  });
});
