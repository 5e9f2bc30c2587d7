/**
 * Session 10, wave 2 (review s10 GM: G2 and G5) for Zodiac:
 * - G2: the "Zodiac: Sample Agents" pack (four ready-to-play Agents, linked friendly tokens as core
 *   gives a player's character) and the "Zodiac: Weapons" pack (the zodiacWeapon items the model has).
 * - G5: an Other Agent's Wagers still needed out of Rank, and a crowd's people still standing out of
 *   its whole, as token bars (descriptor.trackable → CONFIG.Actor.trackableAttributes; the first bar
 *   is a new token's bar1).
 * packs.test.ts checks every declared pack's data against the models; these check what it cannot.
 */
import { readdirSync, readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { AREA_MAX, AREA_MIN, DEFAULT_AREAS } from "../../../../src/rulesets/zodiac/rules/index.js";
import { AREA_SLOTS } from "../../../../src/rulesets/zodiac/data/areas.js";

const packsDir = new URL("../../../../src/packs/", import.meta.url);
interface PackDoc {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: unknown[];
  prototypeToken?: Record<string, unknown>;
}
const docsOf = (pack: string): PackDoc[] =>
  readdirSync(new URL(`${pack}/`, packsDir))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(new URL(`${pack}/${f}`, packsDir), "utf8")) as PackDoc);
const declared = (JSON.parse(readFileSync(new URL("packs.json", packsDir), "utf8")) as { packs: { name: string; type: string }[] }).packs;

type AreaEntry = { name: string; rating: number };
type AgentSystem = { areas: Record<string, AreaEntry>; agentPoints: { value: number; max: number }; health: { status: string; wagersAgainst: number }; profile: { rank: number; tn: number } };
type Token = { actorLink: boolean; disposition: number; sight: { enabled: boolean }; bar1: { attribute: string | null }; displayBars: number };

/** V13's TokenDocument#getBarAttribute for an object attribute: {value, max} read from the actor's system (derived data included). */
function barOf(actor: FakeActor, attribute: string): { value: number; max: number } | null {
  const data = foundry.utils.getProperty(actor.system as object, attribute) as Record<string, unknown> | undefined;
  if (!data || typeof data !== "object" || !("value" in data) || !("max" in data)) return null;
  return { value: parseInt(String(data.value || 0)), max: parseInt(String(data.max || 0)) };
}

let world: FakeWorld;
// Imported after loadAdapter (they need Foundry's globals), the instances the adapter registered.
let PLAYER_TOKEN: typeof import("../../../../src/foundry/documents/actor.js").PLAYER_TOKEN;
let zodiac: typeof import("../../../../src/rulesets/zodiac/index.js").zodiac;
beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  ({ PLAYER_TOKEN } = await import("../../../../src/foundry/documents/actor.js"));
  ({ zodiac } = await import("../../../../src/rulesets/zodiac/index.js"));
});

describe("G2: Zodiac: Sample Agents", () => {
  const agents = docsOf("zodiac-sample-agents");
  // What each sample Agent is built to be: "the team's <Area>" (their one highest Area, the seed's
  // naming: "the team's Capricorn"), and the Rank/TN another Agent meets (seed ¶11).
  const BUILT: Record<string, { sign: string; rank: number; tn: number }> = {
    "Ines Varga": { sign: "Aries", rank: 5, tn: 5 },
    "Tobias Reyne": { sign: "Scorpio", rank: 4, tn: 10 },
    "Mirela Kask": { sign: "Virgo", rank: 5, tn: 5 },
    "Kwame Osei": { sign: "Gemini", rank: 4, tn: 10 },
  };

  it("is declared as an Actor pack, with 3–4 Agents", () => {
    expect(declared).toContainEqual({ name: "zodiac-sample-agents", label: "Zodiac: Sample Agents", type: "Actor" });
    expect(agents.length).toBeGreaterThanOrEqual(3);
    expect(agents.length).toBeLessThanOrEqual(4);
    expect(agents.map((a) => a.name).sort()).toEqual(Object.keys(BUILT).sort());
  });

  it("each Agent derives through the model as built: seed Areas in slot order (Aries the killing slot), each 1–5, 13 in all, one highest Area, Rank and TN from it, healthy, 3 of 3 Agent Points", () => {
    for (const doc of agents) {
      expect(doc.type, doc.name).toBe("zodiacAgent");
      const actor = world.createActor({ name: doc.name, type: doc.type, system: doc.system });
      const s = actor.system as unknown as AgentSystem;
      const areas = AREA_SLOTS.map((slot) => s.areas[slot]!);
      expect(areas.map((a) => a.name), doc.name).toEqual([...DEFAULT_AREAS]);
      for (const a of areas) expect(a.rating >= AREA_MIN && a.rating <= AREA_MAX, `${doc.name} ${a.name}`).toBe(true);
      // Provisional (DECISIONS.md, session 10): 13 Area points, as the seed's Jeremy has.
      expect(areas.reduce((n, a) => n + a.rating, 0), doc.name).toBe(13);
      const top = Math.max(...areas.map((a) => a.rating));
      const tops = areas.filter((a) => a.rating === top).map((a) => a.name);
      expect(tops, doc.name).toEqual([BUILT[doc.name]!.sign]);
      expect(s.profile, doc.name).toEqual({ rank: BUILT[doc.name]!.rank, tn: BUILT[doc.name]!.tn });
      expect([s.health.status, s.health.wagersAgainst, s.agentPoints], doc.name).toEqual(["healthy", 0, { value: 3, max: 3 }]);
      // Their notes say the Rank and TN the sheet shows.
      expect(String(doc.system.notes), doc.name).toContain(`Rank ${BUILT[doc.name]!.rank} and TN ${BUILT[doc.name]!.tn}`);
    }
    // Four different roles: no two Agents are "the team's" same Area.
    expect(new Set(agents.map((d) => BUILT[d.name]!.sign)).size).toBe(agents.length);
  });

  it("each Agent's token is a player character's (core PLAYER_TOKEN: linked, friendly, vision), showing Agent Points, and stays so when imported", async () => {
    for (const doc of agents) {
      expect(doc.prototypeToken, doc.name).toMatchObject({ ...PLAYER_TOKEN(), name: doc.name, bar1: { attribute: zodiac.trackable.zodiacAgent!.bar[0] }, displayBars: CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER });
      // An import is a create with the pack's data (FracasActor._preCreate runs: data naming its token keeps it).
      const imported = (await Actor.create({ name: doc.name, type: doc.type, system: doc.system, prototypeToken: doc.prototypeToken } as never)) as unknown as { prototypeToken: Token };
      expect(imported.prototypeToken, doc.name).toMatchObject({ ...PLAYER_TOKEN(), bar1: { attribute: "agentPoints" } });
    }
  });
});

describe("G2: each sample Agent carries the weapons their notes name", () => {
  type PackItem = Record<string, unknown> & { _id: string; _key: string; name: string };
  const weapons = docsOf("zodiac-weapons") as unknown as PackItem[];
  /** The Weapons pack's weapons the notes name (by name, any case: "his bare hands"). */
  const named = (notes: string) => weapons.filter((w) => notes.toLowerCase().includes(w.name.toLowerCase())).map((w) => w.name).sort();

  it("embedded as copies of the Weapons pack's (all but the id and key), each with its own id and an !actors.items! key under the Agent", () => {
    const ids = new Set<string>();
    for (const doc of docsOf("zodiac-sample-agents")) {
      const notes = String(doc.system.notes);
      const items = (doc.items ?? []) as PackItem[];
      expect(named(notes).length, doc.name).toBeGreaterThan(0);
      expect(items.map((i) => i.name).sort(), doc.name).toEqual(named(notes));
      for (const item of items) {
        const { _id, _key, ...rest } = item;
        const original = weapons.find((w) => w.name === item.name)!;
        const { _id: _, _key: __, ...copy } = original;
        expect(rest, `${doc.name}: ${item.name}`).toEqual(copy);
        expect(_id, `${doc.name}: ${item.name}`).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(_key, `${doc.name}: ${item.name}`).toBe(`!actors.items!${doc._id}.${_id}`);
        expect(ids.has(_id), `${doc.name} repeats ${_id}`).toBe(false);
        ids.add(_id);
      }
      // The notes say where the weapons are now, and where more are.
      expect(notes, doc.name).toMatch(/on (his|her) sheet's Weapons list; more are in the Zodiac: Weapons compendium/);
    }
  });

  it("an imported Agent carries them as zodiacWeapon items whose data the model keeps unchanged (packs.test.ts checks the actor's own only)", () => {
    for (const doc of docsOf("zodiac-sample-agents")) {
      const items = (doc.items ?? []) as PackItem[];
      expect(items.length, doc.name).toBeGreaterThan(0);
      const actor = world.createActor({ name: doc.name, type: doc.type, system: doc.system, items: items.map((i) => ({ name: i.name, type: i.type, system: i.system })) } as never);
      const carried = actor.items.contents.map((i) => [i.name, i.type, (i as unknown as { toObject(): { system: unknown } }).toObject().system]);
      expect(carried, doc.name).toEqual(items.map((i) => [i.name, "zodiacWeapon", i.system]));
    }
  });
});

describe("G2: Zodiac: Weapons (the model has zodiacWeapon items)", () => {
  it("is declared as an Item pack of zodiacWeapons, guns and reach weapons both, each saying its range and that a kill rolls the same", () => {
    expect(declared).toContainEqual({ name: "zodiac-weapons", label: "Zodiac: Weapons", type: "Item" });
    const weapons = docsOf("zodiac-weapons");
    expect(weapons.length).toBeGreaterThan(0);
    for (const w of weapons) {
      expect(w.type, w.name).toBe("zodiacWeapon");
      const description = String(w.system.description);
      expect(description, w.name).toContain(w.system.range === "gun" ? "line of sight" : "can reach");
      expect(description, w.name).toContain("a kill rolls the same");
    }
    expect(new Set(weapons.map((w) => w.system.range))).toEqual(new Set(["gun", "unarmed"]));
  });
});

describe("G5: Other Agents' and crowds' token bars", () => {
  it("the ruleset offers them as bars (CONFIG.Actor.trackableAttributes), first, so a new token shows them to its owners on hover", async () => {
    const trackable = CONFIG.Actor.trackableAttributes as unknown as Record<string, { bar: string[] }>;
    expect(trackable.zodiacOtherAgent!.bar[0]).toBe("wagersLeft");
    expect(trackable.zodiacCrowd!.bar[0]).toBe("stillStanding");
    for (const [type, bar] of [["zodiacOtherAgent", "wagersLeft"], ["zodiacCrowd", "stillStanding"]] as const) {
      const made = (await Actor.create({ name: "New", type } as never)) as unknown as { prototypeToken: Token };
      expect([type, made.prototypeToken.bar1.attribute, made.prototypeToken.displayBars]).toEqual([type, bar, CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER]);
    }
  });

  it("an Other Agent's bar is the Wagers still needed out of Rank, and empty once dead (a head shot short of Rank too)", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    expect(barOf(baron, "wagersLeft")).toEqual({ value: 4, max: 4 });
    await baron.update({ system: { wagersAgainst: 3 } });
    expect(barOf(baron, "wagersLeft")).toEqual({ value: 1, max: 4 });
    await baron.update({ system: { rank: 6 } });
    expect(barOf(baron, "wagersLeft")).toEqual({ value: 3, max: 6 });
    await baron.update({ system: { status: "dead", headShot: true } });
    expect(barOf(baron, "wagersLeft")).toEqual({ value: 0, max: 6 });
  });

  it("a crowd's bar is those still standing out of everyone it had (standing + taken alive + killed)", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    expect(barOf(goons, "stillStanding")).toEqual({ value: 3, max: 3 });
    await goons.update({ system: { standing: 0, captured: 1, killed: 2 } });
    expect(barOf(goons, "stillStanding")).toEqual({ value: 0, max: 3 });
  });

  it("the Other Agents and Everyone Else pack's tokens name those bars", () => {
    for (const doc of docsOf("zodiac-agents")) {
      const bar = zodiac.trackable[doc.type]!.bar[0];
      expect([doc.name, doc.prototypeToken?.bar1]).toEqual([doc.name, { attribute: bar }]);
      expect(doc.prototypeToken, doc.name).toMatchObject({ actorLink: false, disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE });
    }
  });
});

describe("the descriptor's sample Mike is the seed's", () => {
  it("Rank 5 Capricorn with a lowest Area of 1 Virgo: TN 5 (seed ¶11's example)", () => {
    const mike = world.createActor(zodiac.sample!.source as never);
    expect((mike.system as unknown as AgentSystem).profile).toEqual({ rank: 5, tn: 5 });
  });
});

describe("review-s10-content P8, P11, P15, P16: the Zodiac packs' texts and pictures", () => {
  it("each sample Agent's notes say their Areas carry the seed's names and may be renamed on the sheet (P15)", () => {
    for (const doc of docsOf("zodiac-sample-agents")) {
      const notes = String(doc.system.notes);
      expect(notes, doc.name).toMatch(/Areas carry the seed's names \(slot 1, Aries, is the one that kills\)/);
      expect(notes, doc.name).toMatch(/rename them on (his|her) sheet/);
    }
  });

  it("an Other Agent whose Rank and TN the seed does not give is marked provisional (P8)", () => {
    for (const doc of docsOf("zodiac-agents").filter((d) => d.type === "zodiacOtherAgent")) {
      const notes = String(doc.system.notes);
      expect(notes, doc.name).toContain("Operations may re-set both");
    }
  });

  it("a weapon's description says its range once (P11)", () => {
    for (const w of docsOf("zodiac-weapons")) {
      const description = String(w.system.description);
      const says = description.match(w.system.range === "gun" ? /line of sight/g : /can reach/g) ?? [];
      expect([w.name, says.length]).toEqual([w.name, 1]);
    }
  });

  it("the pack's crowd has the picture a crowd made in the world gets (the descriptor's defaultArt) (P16)", () => {
    const art = (zodiac as unknown as { defaultArt: Record<string, string> }).defaultArt;
    for (const doc of docsOf("zodiac-agents").filter((d) => d.type === "zodiacCrowd")) {
      expect([doc.name, (doc as unknown as { img: string }).img]).toEqual([doc.name, art.zodiacCrowd]);
    }
  });
});
