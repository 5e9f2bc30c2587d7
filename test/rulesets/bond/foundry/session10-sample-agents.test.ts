/**
 * Session 10 wave 2 (review-s10-gm G2, content): the "Bond: Sample agents" pack
 * (src/packs/bond-sample-agents), the "Bond: Skills" pack (src/packs/bond-skills) and the hoods'
 * combat skills (src/packs/bond-npcs). An agent imported from the pack must be a player character
 * with a player character's token (core PLAYER_TOKEN), and derive through the data model and the
 * attack dialog the numbers its notes give (Speed, Primary Chances, Damage Class); its skills and
 * weapons are the packs' own. test/foundry/packs.test.ts checks the documents validate unchanged.
 */
import { readdirSync, readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { firstAidChance, readCharacteristics, roleFromName, type SkillLike } from "../../../../src/rulesets/bond/data/derive.js";
import { bondModules, bruteWorld } from "./helpers.js";

interface PackItem {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
}
interface PackActor extends PackItem {
  items: PackItem[];
  prototypeToken: Record<string, unknown>;
}

const packDir = (name: string) => new URL(`../../../../src/packs/${name}/`, import.meta.url);
function docs<T>(pack: string): T[] {
  const dir = packDir(pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")) as T);
}
const agents = () => docs<PackActor>("bond-sample-agents");
const skills = () => docs<PackItem>("bond-skills");
const hoods = () => docs<PackActor>("bond-npcs");
const equipment = () => docs<PackItem>("bond-equipment");

type Derived = { speed: number; fireCombatChance: number; handToHandChance: number; hthDamageClass: string; heroPointsValue: number; npc: boolean };
const sys = (a: FakeActor) => a.system as unknown as Derived;

let world: FakeWorld;
beforeEach(async () => {
  ({ world } = await bruteWorld());
  world.login("gm");
});

/** A pack actor in the world with its embedded items, as an import makes it. */
const imported = (doc: PackActor): FakeActor =>
  world.createActor({ name: doc.name, type: doc.type, img: doc.img, system: doc.system, items: doc.items.map((i) => ({ name: i.name, type: i.type, system: i.system })) } as never);

// What each agent's notes promise, by the rules (RULES.md §1: Speed from DEX + PER, PC = the
// characteristics' average + level, H-t-H DC from STR), and the attack dialog's PC per weapon.
const EXPECTED: Record<string, { speed: number; fire: number; hth: number; dc: string; firstAid: number | null; weapons: Record<string, number> }> = {
  "Marguerite Vance": { speed: 3, fire: 15, hth: 11, dc: "A", firstAid: null, weapons: { "Walther PPK": 15 } },
  "Tomas Riedel": { speed: 1, fire: 10, hth: 15, dc: "C", firstAid: null, weapons: { Knife: 15, Beretta: 10 } },
  "Dr Anjali Mehra": { speed: 2, fire: 12, hth: 9, dc: "A", firstAid: 15, weapons: { Beretta: 12 } },
  "Callum Reyes": { speed: 2, fire: 12, hth: 14, dc: "B", firstAid: null, weapons: { "Heavy spear gun": 12, Knife: 14 } },
};

describe("Bond: Sample agents", () => {
  it("holds 3–4 player characters (not NPCs) with 3 Hero Points, their skills and weapons, ids and keys well formed", () => {
    const all = agents();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.length).toBeLessThanOrEqual(4);
    for (const a of all) {
      expect(a.type, a.name).toBe("bondCharacter");
      expect(a.system.npc, a.name).toBe(false);
      expect(a.system.heroPoints, a.name).toEqual({ value: 3, max: null, base: 3, entries: [] });
      expect(a.items.some((i) => i.type === "bondSkill"), a.name).toBe(true);
      expect(a.items.some((i) => i.type === "bondWeapon"), a.name).toBe(true);
      for (const i of a.items) expect(i._key, `${a.name}: ${i.name}`).toBe(`!actors.items!${a._id}.${i._id}`);
      // The seed has no character creation: the notes say which numbers are Fracas's.
      expect(String(a.system.notes), a.name).toMatch(/Provisional/);
    }
  });

  it("each agent's token is a player character's as Fracas makes one (core PLAYER_TOKEN: linked, friendly, vision)", async () => {
    const { PLAYER_TOKEN } = await import("../../../../src/foundry/documents/actor.js");
    for (const a of agents()) {
      expect(a.prototypeToken, a.name).toMatchObject({ ...PLAYER_TOKEN(), name: a.name });
      // The same agent made by the GM with no token data gets the same defaults from the actor document.
      const made = (await Actor.create({ name: a.name, type: a.type, system: { npc: false } } as never)) as unknown as FakeActor & { prototypeToken: Record<string, unknown> };
      const { actorLink, disposition, sight } = made.prototypeToken;
      expect(a.prototypeToken, a.name).toMatchObject({ actorLink, disposition, sight });
      // And an import keeps it.
      const kept = (await Actor.create({ name: a.name, type: a.type, system: a.system, prototypeToken: a.prototypeToken } as never)) as unknown as { prototypeToken: Record<string, unknown> };
      expect(kept.prototypeToken, a.name).toMatchObject(PLAYER_TOKEN());
    }
  });

  it("imported, each agent derives through the data model and the attack dialog the Speed, chances and Damage Class its notes give", async () => {
    const m = await bondModules();
    expect(agents().map((a) => a.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const doc of agents()) {
      const want = EXPECTED[doc.name]!;
      const a = imported(doc);
      const s = sys(a);
      expect({ speed: s.speed, fire: s.fireCombatChance, hth: s.handToHandChance, dc: s.hthDamageClass, heroPoints: s.heroPointsValue }, doc.name).toEqual({
        speed: want.speed,
        fire: want.fire,
        hth: want.hth,
        dc: want.dc,
        heroPoints: 3,
      });
      const skillList = a.items.contents.filter((i) => i.type === "bondSkill").map((i) => (i.system as unknown as { asSkill(id: string, n: string): SkillLike }).asSkill(i.id, i.name));
      const chars = readCharacteristics((a.system as unknown as { characteristics: unknown }).characteristics);
      expect(firstAidChance(chars, skillList)?.primaryChance ?? null, doc.name).toBe(want.firstAid);
      const seen: Record<string, number> = {};
      for (const w of a.items.contents.filter((i) => i.type === "bondWeapon")) seen[w.name] = m.buildSetup(a as never, w as never).primaryChance;
      expect(seen, doc.name).toEqual(want.weapons);
      // Every number the notes state is one of these.
      for (const n of String(doc.system.notes).match(/Primary Chance (\d+)/g) ?? []) {
        expect([want.fire, want.hth, want.firstAid].map(String), `${doc.name}: ${n}`).toContain(n.replace("Primary Chance ", ""));
      }
    }
  });

  it("their skills are the Skills pack's (use, characteristics, text) and their weapons the Equipment pack's", () => {
    const byName = new Map(skills().map((s) => [s.name, s.system]));
    const gear = new Map(equipment().map((w) => [w.name, w]));
    for (const a of [...agents(), ...hoods()]) {
      for (const i of a.items) {
        if (i.type === "bondSkill") {
          const { level, ...rest } = i.system;
          const { level: packLevel, ...packRest } = byName.get(i.name)!;
          expect(rest, `${a.name}: ${i.name}`).toEqual(packRest);
          expect(packLevel).toBe(0);
          expect(level as number, `${a.name}: ${i.name}`).toBeGreaterThan(0);
        } else {
          expect(i.system, `${a.name}: ${i.name}`).toEqual(gear.get(i.name)!.system);
          expect(i.img, `${a.name}: ${i.name}`).toBe(gear.get(i.name)!.img);
        }
      }
    }
  });
});

describe("Bond: Skills", () => {
  it("holds Fire Combat, Hand-to-Hand and First Aid, each on its use, the characteristics Fracas reads, marked provisional", () => {
    const all = new Map(skills().map((s) => [s.name, s.system]));
    expect([...all.keys()].sort()).toEqual(["Fire Combat", "First Aid", "Hand-to-Hand"]);
    expect(all.get("Fire Combat")).toMatchObject({ role: "fireCombat", characteristic1: "dex", characteristic2: "per", level: 0 });
    expect(all.get("Hand-to-Hand")).toMatchObject({ role: "handToHand", characteristic1: "str", characteristic2: "dex", level: 0 });
    expect(all.get("First Aid")).toMatchObject({ role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 0 });
    for (const [name, s] of all) {
      // Its name means its use (D68), so a copy left on General would still be read right.
      expect(roleFromName(name), name).toBe(s.role);
      expect(String(s.description), name).toMatch(/Provisional/);
    }
  });

  it("a skill dropped from the pack onto an agent is used by the attack at once", async () => {
    const doc = skills().find((s) => s.name === "Fire Combat")!;
    const a = world.createActor({ name: "Agent", type: "bondCharacter", system: { characteristics: { str: 10, dex: 12, wil: 10, per: 10, int: 10 } } });
    await a.createEmbeddedDocuments("Item", [{ name: doc.name, type: doc.type, system: { ...doc.system, level: 3 } }] as never);
    (a as unknown as { _initialize(): void })._initialize();
    expect(sys(a).fireCombatChance).toBe(14);
  });
});

describe("the pack hoods have the combat skill their notes name", () => {
  it("the gunman shoots with Fire Combat 2 (PC 11), the bruiser fights with Hand-to-Hand 2 (PC 13), as their notes say, provisional", () => {
    const want: Record<string, { fire: number; hth: number; skill: string }> = {
      "Hood (gunman)": { fire: 11, hth: 10, skill: "Fire Combat" },
      "Hood (bruiser)": { fire: 7, hth: 13, skill: "Hand-to-Hand" },
    };
    for (const doc of hoods()) {
      const w = want[doc.name]!;
      expect(doc.system.npc, doc.name).toBe(true);
      expect(doc.items.filter((i) => i.type === "bondSkill").map((i) => i.name), doc.name).toEqual([w.skill]);
      const a = imported(doc);
      expect([sys(a).fireCombatChance, sys(a).handToHandChance], doc.name).toEqual([w.fire, w.hth]);
      expect(String(doc.system.notes), doc.name).toContain(`Primary Chance ${w.skill === "Fire Combat" ? w.fire : w.hth}`);
      expect(String(doc.system.notes), doc.name).toMatch(/provisional/);
    }
  });
});
