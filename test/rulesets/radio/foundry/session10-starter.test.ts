/**
 * Session 10, GM review G2/G5/G13 (Radio): a first session's content and the henchmen on the map.
 * - G2: the "Radio: Sample heroes" pack (src/packs/radio-heroes): ready-to-play heroes whose token
 *   is a player character's (linked, friendly, vision, the wounds bar), whose items the models keep,
 *   and whose numbers reach the attack dialog and the kernel as intended (a weapon skill an item names
 *   exists on the sheet, so its bonus is added, not the general skill's).
 * - G5: a henchmen group's wound pool is a token bar ({value, max}), a new group's bar1.
 * - G13: the firearms' pictures are Foundry's target, not a sword.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attackWithFirstWeapon, pressRollDamage, radioModules, radioWorld } from "./fight.js";

interface PackItem {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
}
interface PackActor extends PackItem {
  prototypeToken?: Record<string, unknown>;
  items?: PackItem[];
}

const packs = new URL("../../../../src/packs/", import.meta.url);
const packDocs = (pack: string): PackActor[] =>
  readdirSync(new URL(`${pack}/`, packs))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(new URL(`${pack}/${f}`, packs), "utf8")) as PackActor);
const packDoc = (pack: string, file: string): PackActor => JSON.parse(readFileSync(new URL(`${pack}/${file}`, packs), "utf8")) as PackActor;

const heroes = packDocs("radio-heroes");
type Sys = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sys = (a: FakeActor) => a.system as unknown as Sys;
type Created = FakeActor & { prototypeToken: Record<string, unknown> };
const cardOf = (m: FakeChatMessage) => m.system as unknown as { kind: string; result: Sys };
const cardsOf = (world: FakeWorld, kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];

/**
 * What a V13 compendium import hands Actor.create: the pack document's toObject(), whose prototypeToken
 * V13 fills with its defaults (bar1 empty: Fracas sets no primaryTokenAttribute) under the pack's own.
 */
const asImported = (doc: PackActor) => ({
  name: doc.name,
  type: doc.type,
  img: doc.img,
  system: doc.system,
  items: (doc.items ?? []).map((i) => ({ name: i.name, type: i.type, img: i.img, system: i.system })),
  prototypeToken: foundry.utils.mergeObject(
    { name: doc.name, actorLink: false, disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE, sight: { enabled: false }, displayBars: CONST.TOKEN_DISPLAY_MODES.NONE, bar1: { attribute: null }, bar2: { attribute: null } },
    doc.prototypeToken ?? {},
    { inplace: false },
  ),
});

/** A pack actor in the world with its embedded items, as an import makes it. */
const imported = (world: FakeWorld, doc: PackActor, ownership: Record<string, number> = {}): FakeActor =>
  world.createActor({ name: doc.name, type: doc.type, img: doc.img, system: doc.system, items: (doc.items ?? []).map((i) => ({ name: i.name, type: i.type, system: i.system })), ownership });

describe("G2: the Radio sample heroes pack", () => {
  it("holds 3–4 heroes with their skills, weapon skills and weapons, each weapon skill an item names on the sheet", () => {
    expect(heroes.length).toBeGreaterThanOrEqual(3);
    expect(heroes.length).toBeLessThanOrEqual(4);
    for (const h of heroes) {
      expect(h.type, h.name).toBe("radioHero");
      expect(h.items?.length ?? 0, h.name).toBeGreaterThan(0);
      const skills = ((h.system.weaponSkills as { name: string }[]) ?? []).map((w) => w.name.toLowerCase());
      for (const i of h.items ?? []) {
        expect(i._key, `${h.name}: ${i.name}`).toBe(`!actors.items!${h._id}.${i._id}`);
        expect(i._id, i.name).toMatch(/^[A-Za-z0-9]{16}$/);
        const named = String(i.system.weaponSkill ?? "");
        if (named !== "") expect(skills, `${h.name}: ${i.name} uses "${named}"`).toContain(named.toLowerCase());
      }
    }
  });

  it("each hero's token is a player character's as Fracas makes one (linked, friendly, vision, the wounds bar on owner hover)", async () => {
    const { world } = await radioWorld();
    world.login("gm");
    // What the core gives a new hero (src/foundry/documents/actor.ts PLAYER_TOKEN and defaultBar).
    const fresh = ((await Actor.create({ name: "New hero", type: "radioHero" } as never)) as unknown as Created).prototypeToken;
    const expected = { actorLink: fresh.actorLink, disposition: fresh.disposition, sight: fresh.sight, bar1: fresh.bar1, displayBars: fresh.displayBars };
    expect(expected).toEqual({ actorLink: true, disposition: CONST.TOKEN_DISPOSITIONS.FRIENDLY, sight: { enabled: true }, bar1: { attribute: "wounds" }, displayBars: CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER });
    for (const h of heroes) {
      // The pack's own token (what the compendium holds), and the token an import keeps.
      expect(h.prototypeToken, h.name).toMatchObject(expected);
      expect(h.prototypeToken?.name, h.name).toBe(h.name);
      const made = (await Actor.create({ name: h.name, type: h.type, img: h.img, system: h.system, prototypeToken: h.prototypeToken } as never)) as unknown as Created;
      expect(made.prototypeToken, h.name).toMatchObject(expected);
    }
  });

  it("every embedded weapon, gadget and spell is accepted unchanged by its model", async () => {
    const { world } = await radioWorld();
    for (const h of heroes) {
      for (const i of h.items ?? []) {
        const made = world.createItem({ name: i.name, type: i.type, system: i.system }) as unknown as { toObject(): { system: unknown } };
        expect(made.toObject().system, `${h.name}: ${i.name}`).toEqual(i.system);
      }
    }
  });

  // The exact chance of 2d10 + bonus > 11 with the standard action (the spell action for a spell),
  // no target, no terrain: +0 45%, +1 55%, +2 64%, +3 72%; and each weapon's damage on a hit (no 6).
  const EXPECTED: Record<string, Record<string, { chance: number; damage: number; from: string }>> = {
    "Lou Castellano": { Revolver: { chance: 72, damage: 3, from: "Revolver" }, Blackjack: { chance: 55, damage: 2, from: "melee" } },
    "Penny Hargrove": { Slingshot: { chance: 72, damage: 2, from: "Slingshot" }, Umbrella: { chance: 55, damage: 2, from: "melee" } },
    "Professor Otto Brightwater": { "Galvanic ray projector": { chance: 64, damage: 3, from: "Gadgeteering" }, Spanner: { chance: 45, damage: 2, from: "melee" } },
    "Madame Sabine Orlov": {
      "Witch-fire": { chance: 72, damage: 4, from: "Sorcery" },
      "Hex bolt": { chance: 72, damage: 3, from: "Sorcery" },
      "Sword cane": { chance: 55, damage: 3, from: "melee" },
    },
  };

  it("through the data model and the attack dialog, each hero derives sensible combat numbers: full wounds, no tokens, a best attack of 64–72%, the weapon skill's bonus", async () => {
    const { world } = await radioWorld();
    const m = await radioModules();
    world.login("gm");
    expect(heroes.map((h) => h.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const h of heroes) {
      const actor = imported(world, h);
      const s = sys(actor);
      expect([s.wounds.value, s.wounds.max, s.condition, s.tokenCount], h.name).toEqual([5, 5, "active", 0]);
      // On the seed's scale for combat skill (novice −2 … expert +5).
      for (const b of [...Object.values(s.skills as Record<string, number>), ...(s.weaponSkills as { bonus: number }[]).map((w) => w.bonus)]) {
        expect(b, h.name).toBeGreaterThanOrEqual(-2);
        expect(b, h.name).toBeLessThanOrEqual(5);
      }
      const setup = m.attackSetup(actor as never);
      const seen: Record<string, { chance: number; damage: number; from: string }> = {};
      for (const w of setup.weapons) {
        const state = { ...m.initialState(setup), weaponId: w.id, action: w.spell ? ("spell" as const) : ("standard" as const) };
        const view = m.attackView(setup, state);
        expect(view.error, `${h.name}: ${w.name}`).toBeNull();
        const from = m.skillFromOf(setup, state)!;
        seen[w.name] = { chance: view.chance!, damage: view.damage[0]!.damage, from: from.name ?? from.key!.replace("FRACAS.Radio.Skill.", "") };
      }
      expect(seen, h.name).toEqual(EXPECTED[h.name]);
      const best = Math.max(...Object.values(seen).map((x) => x.chance));
      expect(best, h.name).toBeGreaterThanOrEqual(64);
      expect(best, h.name).toBeLessThanOrEqual(72);
    }
  });

  it("Lou Castellano's revolver skill (+3) lands a 4+5 on the pack's Lieutenant that his ranged skill (+2) would miss, for 3 wounds", async () => {
    const { world, adapter } = await radioWorld();
    const lou = imported(world, heroes.find((h) => h.name === "Lou Castellano")!, { alice: 3 });
    const lieutenant = imported(world, packDoc("radio-opponents", "lieutenant.json"));
    const attack = await attackWithFirstWeapon(world, "alice", lou, lieutenant, { dice: [4, 5] });
    expect(cardOf(attack).result.attack).toMatchObject({ hit: true, total: 12 });
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    const damage = cardsOf(world, "damage").at(-1)!;
    world.login("gm");
    expect(await adapter.queries.requestApply(damage.id, lieutenant.uuid, true)).toMatchObject({ ok: true });
    expect(sys(lieutenant).wounds.value).toBe(1);
  });
});

describe("G5: a henchmen group's wound pool on the token", () => {
  it("is a trackable bar ({value, max} of the pool) and a new group's bar1, shown to its owners on hover", async () => {
    const { world } = await radioWorld();
    world.login("gm");
    const trackable = (CONFIG.Actor as unknown as { trackableAttributes: Record<string, { bar: string[]; value: string[] }> }).trackableAttributes;
    expect(trackable.radioHenchmen!.bar).toEqual(["woundPool"]);
    const goons = (await Actor.create({ name: "Goons", type: "radioHenchmen", system: { count: 5, woundsEach: 2, carried: 1 } } as never)) as unknown as Created;
    expect(goons.prototypeToken).toMatchObject({ bar1: { attribute: "woundPool" }, displayBars: CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER });
    // As V13's TokenDocument#getBarAttribute reads it: the attribute's object has value and max.
    const bar = foundry.utils.getProperty(goons.system as object, "woundPool") as { value: number; max: number };
    expect(bar).toEqual({ value: 9, max: 10 });
    expect([bar.value, bar.max]).toEqual([sys(goons).pool, sys(goons).poolMax]);
    // Follows the group: two henchmen gone, out of the whole group's pool (review-s10-content P3:
    // the maximum stays the group's size, so the bar shows the loss).
    await goons.update({ "system.count": 3 });
    expect(foundry.utils.getProperty(goons.system as object, "woundPool")).toEqual({ value: 5, max: 10 });
  });

  it("the pack's Goons, imported, get the bar too", async () => {
    const { world } = await radioWorld();
    world.login("gm");
    const doc = packDoc("radio-opponents", "goons.json");
    // As a compendium import creates it (review-s10-content P2): the whole document, token included.
    const goons = (await Actor.create(asImported(doc) as never)) as unknown as Created;
    expect((goons.prototypeToken.bar1 as { attribute: string }).attribute).toBe("woundPool");
    expect(sys(goons).woundPool).toEqual({ value: 6, max: 6 });
    expect(sys(goons).size).toBe(6);
  });
});

describe("review-s10-content P2: the Radio opponents keep their token through a compendium import", () => {
  it("each opponent's pack token is an NPC's (unlinked, hostile) with its bar as bar1 (woundPool for a henchmen group, else wounds), and an import keeps it", async () => {
    const { world } = await radioWorld();
    world.login("gm");
    const trackable = (CONFIG.Actor as unknown as { trackableAttributes: Record<string, { bar: string[] }> }).trackableAttributes;
    const opponents = packDocs("radio-opponents");
    expect(opponents.map((d) => d.type).sort()).toEqual(["radioHenchmen", "radioOpponent", "radioOpponent"]);
    for (const doc of opponents) {
      const bar = trackable[doc.type]!.bar[0]!;
      expect(bar, doc.name).toBe(doc.type === "radioHenchmen" ? "woundPool" : "wounds");
      const token = { name: doc.name, actorLink: false, disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE, bar1: { attribute: bar }, displayBars: CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER };
      expect(doc.prototypeToken, doc.name).toEqual(token);
      // V13 gives a compendium document a full token whose bar1 is empty (core defaultBar then keeps it empty):
      // only the pack's own token gives the imported opponent its bar.
      const made = (await Actor.create(asImported(doc) as never)) as unknown as Created;
      expect(made.prototypeToken, doc.name).toMatchObject({ actorLink: false, disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE, bar1: { attribute: bar }, displayBars: CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER });
    }
  });
});

describe("review-s10-content P7, P8, P10: what the Radio packs' texts say is what their numbers do", () => {
  it("each hero's notes name their best weapon skill and its bonus as the sheet has them", () => {
    for (const h of heroes) {
      const best = [...(h.system.weaponSkills as { name: string; bonus: number }[])].sort((a, b) => b.bonus - a.bonus)[0]!;
      expect(String(h.system.notes), h.name).toMatch(new RegExp(`best at \\+${best.bonus} \\(${best.name}\\)`));
      expect(String(h.system.notes), h.name).toContain("5 wounds, the sheet's default");
      expect((h.system.wounds as { max: number }).max, h.name).toBe(5);
    }
  });

  it("each opponent's notes mark its wounds provisional and say them (the seed gives none)", () => {
    for (const doc of packDocs("radio-opponents")) {
      const notes = String(doc.system.notes);
      expect(notes, doc.name).toContain("<em>Provisional:</em>");
      const said = doc.type === "radioHenchmen" ? `${String(doc.system.count)} henchmen of ${String(doc.system.woundsEach)} wound` : `${(doc.system.wounds as { max: number }).max} wounds`;
      expect(notes, doc.name).toContain(said);
    }
  });

  it("no area weapon, gadget or spell promises to put someone to sleep: an area weapon never knocks out (seed)", () => {
    const items = [...packDocs("radio-weapons"), ...["radio-heroes", "radio-opponents"].flatMap((p) => packDocs(p).flatMap((a) => a.items ?? []))];
    const area = items.filter((i) => i.system.category === "area");
    expect(area.length).toBeGreaterThanOrEqual(3);
    for (const i of area) {
      expect(`${i.name} ${String(i.system.description)}`, i.name).not.toMatch(/sleep|knock(s|ing)? (them|him|her|it) out|stun/i);
      expect(String(i.system.description), i.name).toMatch(/no knock-outs|never knocks anyone out/);
    }
  });
});

describe("G13: firearms look like firearms", () => {
  it("the Revolver, the Tommy gun and every projectile weapon in the Radio packs use Foundry's target, not a sword", () => {
    const guns = [packDoc("radio-weapons", "revolver.json"), packDoc("radio-weapons", "tommy-gun.json")];
    for (const pack of ["radio-opponents", "radio-heroes"]) for (const a of packDocs(pack)) guns.push(...(a.items ?? []).filter((i) => i.type === "radioWeapon" && i.system.category === "projectile"));
    expect(guns.length).toBeGreaterThanOrEqual(4);
    for (const g of guns) expect(g.img, g.name).toBe("icons/svg/target.svg");
  });
});
