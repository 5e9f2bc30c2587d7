/**
 * Session 10 wave 2 (review-s10-gm G2): the sample heroes pack (src/packs/faserip-heroes) and the
 * talents pack (src/packs/faserip-talents). A hero imported from the pack must be what the data model
 * would make of its abilities (Health = F+A+S+E, Karma = R+I+P: RULES.md §4), carry a player
 * character's token (core PLAYER_TOKEN), and its items must say what the rules read: Body Armor is
 * the hero's field, an attack is a weapon item, a talent is an ability and a column shift.
 * test/foundry/packs.test.ts checks the same documents validate unchanged against the models.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { rankFromNumber, rankNumber } from "../../../../src/rulesets/faserip/rules/index.js";
import { ABILITY_KEYS } from "../../../../src/rulesets/faserip/data/keys.js";

interface PackItem {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
}
interface PackHero {
  _id: string;
  name: string;
  type: string;
  img: string;
  system: {
    abilities: Record<string, number>;
    armor: number;
    health: { value: number; max: number };
    karma: { value: number; pool: { value: number; base: number; max: number | null; entries: unknown[] } };
    side: string;
  } & Record<string, unknown>;
  items: PackItem[];
  prototypeToken: Record<string, unknown>;
}

const packDir = (name: string) => new URL(`../../../../src/packs/${name}/`, import.meta.url);
function docs<T>(pack: string): T[] {
  const dir = packDir(pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")) as T);
}
const heroes = () => docs<PackHero>("faserip-heroes");
const talents = () => docs<PackItem>("faserip-talents");

type Derived = { health: { value: number; max: number }; karma: { value: number; pool: { value: number; base: number } }; karmaStart: number; armor: number };
const sys = (a: FakeActor) => a.system as unknown as Derived;

let world: FakeWorld;
beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  world.login("gm");
});

describe("faserip sample heroes pack", () => {
  it("holds three or four heroes, on the heroes' side, each ability a rank number of the ladder", () => {
    const all = heroes();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.length).toBeLessThanOrEqual(4);
    for (const h of all) {
      expect(h.type, h.name).toBe("faseripHero");
      expect(h.system.side, h.name).toBe("heroes");
      expect(Object.keys(h.system.abilities).sort(), h.name).toEqual([...ABILITY_KEYS].sort());
      // Built on the ladder (RULES.md §4 rank numbers), not raw in-between numbers.
      for (const k of ABILITY_KEYS) expect(rankNumber(rankFromNumber(h.system.abilities[k]!)), `${h.name} ${k}`).toBe(h.system.abilities[k]);
      expect(rankNumber(rankFromNumber(h.system.armor)), `${h.name} armor`).toBe(h.system.armor);
    }
  });

  it("stores the Health and Karma the rules give: F+A+S+E and R+I+P, a full Health and an unspent Karma pool", () => {
    for (const h of heroes()) {
      const a = h.system.abilities;
      const health = a["fighting"]! + a["agility"]! + a["strength"]! + a["endurance"]!;
      const karma = a["reason"]! + a["intuition"]! + a["psyche"]!;
      expect(h.system.health, h.name).toEqual({ value: health, max: health });
      expect(h.system.karma, h.name).toEqual({ value: karma, pool: { value: karma, max: null, base: karma, entries: [] } });
    }
  });

  it("a hero made from the pack's abilities alone derives the pack's Health and Karma through the data model", async () => {
    for (const h of heroes()) {
      const { health, karma, ...rest } = h.system;
      void health;
      void karma;
      // The data model's _preCreate fills Health and the Karma pool from the abilities.
      const made = (await Actor.create({ name: h.name, type: h.type, system: rest } as never)) as unknown as FakeActor;
      expect(sys(made).health, h.name).toEqual(h.system.health);
      expect(sys(made).karma.value, h.name).toBe(h.system.karma.value);
      expect(sys(made).karma.pool.value, h.name).toBe(h.system.karma.pool.value);
      expect(sys(made).karma.pool.base, h.name).toBe(h.system.karma.pool.base);
      // And the pack's own document, imported whole, derives the same maximum and starting Karma.
      const imported = world.createActor({ name: h.name, type: h.type, system: h.system, items: h.items.map((i) => ({ name: i.name, type: i.type, system: i.system })) } as never);
      expect(sys(imported).health, h.name).toEqual(h.system.health);
      expect(sys(imported).karmaStart, h.name).toBe(h.system.karma.value);
    }
  });

  it("each hero's prototype token is a player character's (core PLAYER_TOKEN) with Health as its bar, as a hero made in the world gets", async () => {
    const { PLAYER_TOKEN } = await import("../../../../src/foundry/documents/actor.js");
    for (const h of heroes()) {
      expect(h.prototypeToken, h.name).toMatchObject({ ...PLAYER_TOKEN(), name: h.name, bar1: { attribute: "health" }, displayBars: CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER });
      // The same hero made by the GM with no token data gets these defaults from the actor document.
      const made = (await Actor.create({ name: h.name, type: h.type, system: { side: h.system.side } } as never)) as unknown as FakeActor;
      const { actorLink, disposition, sight, bar1, displayBars } = made.prototypeToken;
      expect(h.prototypeToken, h.name).toMatchObject({ actorLink, disposition, sight, bar1, displayBars });
    }
  });

  it("a power that stands for Body Armor has the hero's Body Armor rank; a power that attacks has its weapon at the power's rank", () => {
    let armorPowers = 0;
    let attackPowers = 0;
    for (const h of heroes()) {
      for (const p of h.items.filter((i) => i.type === "faseripPower")) {
        const effect = String(p.system["effect"]);
        if (/Body Armor/.test(effect)) {
          armorPowers++;
          expect(h.system.armor, `${h.name}: ${p.name}`).toBe(p.system["rank"]);
        }
        const weapon = /attack with the (.+) weapon/.exec(effect)?.[1];
        if (weapon) {
          attackPowers++;
          const w = h.items.find((i) => i.type === "faseripWeapon" && i.name === weapon);
          expect(w, `${h.name}: ${p.name} names ${weapon}`).toBeDefined();
          expect(w!.system["damage"], `${h.name}: ${weapon}`).toBe(p.system["rank"]);
        }
      }
      // Body Armor without a power naming it is fine (none here); armor a power claims must be on the field.
      if (h.system.armor > 0) expect(h.items.some((i) => i.type === "faseripPower" && /Body Armor/.test(String(i.system["effect"]))), h.name).toBe(true);
    }
    expect(armorPowers).toBeGreaterThan(0);
    expect(attackPowers).toBeGreaterThan(0);
  });
});

describe("faserip talents pack", () => {
  it("each talent helps one ability by a column shift, marked provisional (the seed gives talents no number)", () => {
    const all = talents();
    expect(all.map((t) => t.name)).toEqual(expect.arrayContaining(["Martial Arts", "Guns", "Acrobatics"]));
    for (const t of all) {
      expect(t.type, t.name).toBe("faseripTalent");
      expect(ABILITY_KEYS as readonly string[], t.name).toContain(t.system["ability"]);
      expect(t.system["shift"], t.name).not.toBe(0);
      expect(String(t.system["description"]), t.name).toMatch(/provisional/);
    }
  });

  it("the sample heroes' talents are the pack's talents (same ability, shift and text)", () => {
    const byName = new Map(talents().map((t) => [t.name, t.system]));
    const held = heroes().flatMap((h) => h.items.filter((i) => i.type === "faseripTalent"));
    expect(held.length).toBeGreaterThan(0);
    for (const t of held) expect(t.system, t.name).toEqual(byName.get(t.name));
  });
});

describe("review-s10-content P8, P9, P11: the FASERIP packs' texts", () => {
  it("the sample heroes are the four original ones, none themed on a published hero's moon and crescents (P9)", () => {
    const all = heroes();
    expect(all.map((h) => h.name).sort()).toEqual(["Millstone", "Signal Fire", "Weathervane", "Wireframe"]);
    for (const h of all) {
      const text = JSON.stringify([h.name, h.system["notes"], h.items.map((i) => [i.name, i.system["description"]])]);
      expect(text, h.name).not.toMatch(/moon|crescent/i);
      expect(h.prototypeToken["name"], h.name).toBe(h.name);
    }
  });

  it("each hero's notes say the abilities are invented (the seed makes no heroes), and every weapon the packs give says its numbers are provisional (P8)", () => {
    for (const h of heroes()) {
      expect(String(h.system["notes"]), h.name).toMatch(/<em>Provisional:<\/em> the seed has no rules for making a hero/);
      for (const w of h.items.filter((i) => i.type === "faseripWeapon")) expect(String(w.system["description"]), `${h.name}: ${w.name}`).toMatch(/provisional/i);
    }
    const weapons = docs<PackItem>("faserip-weapons");
    expect(weapons.length).toBeGreaterThan(0);
    for (const w of weapons) {
      const description = String(w.system["description"]);
      expect(description, w.name).toMatch(/<em>Provisional:<\/em> the seed gives no weapon table/);
      // The numbers it marks are the item's own.
      expect(description, w.name).toContain(`(${String(w.system["damage"])})`);
      if (Number(w.system["range"]) > 0) expect(description, w.name).toContain(`(${String(w.system["range"])} areas)`);
    }
  });

  it("Millstone's notes say a thrown object is Throwing on Agility for his Strength in damage (P11)", () => {
    const millstone = heroes().find((h) => h.name === "Millstone")!;
    expect(String(millstone.system["notes"])).toContain("Throwing (Agility, his weak spot) that deals his Strength as damage");
    expect(millstone.system.abilities["agility"]).toBeLessThan(millstone.system.abilities["strength"]!);
  });
});
