// The radio combat mapping: initiative per PC and per NPC group (re-rolled each round), the
// kernel's tie rules, and the four-phase plan from each declared action.
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../../src/engine/dice.js";
import { radioCombat, groupOf } from "../../../../src/rulesets/radio/combat.js";
import type { CombatantInfo } from "../../../../src/foundry/registry.js";

const c = (id: string, over: Partial<CombatantInfo> = {}): CombatantInfo => ({
  defeated: false,
  statuses: [],  id,
  name: id,
  actorType: "radioHero",
  system: {},
  isPC: true,
  declaration: "",
  initiative: null,
  memory: {},
  ...over,
});

const cast = () => [
  c("jake"),
  c("malefice"),
  c("falzetti", { actorType: "radioOpponent", isPC: false }),
  c("sal", { actorType: "radioOpponent", isPC: false }),
  c("goons", { actorType: "radioHenchmen", isPC: false }),
];

describe("radio combat mapping", () => {
  const mapping = radioCombat();

  it("groups: each PC alone, a henchmen actor alone, other NPCs together unless the GM split them", () => {
    expect(cast().map(groupOf)).toEqual(["pc:jake", "pc:malefice", "gm", "gm", "group:goons"]);
    expect(groupOf(c("sal", { isPC: false, actorType: "radioOpponent", memory: { group: "dockers" } }))).toBe("gm:dockers");
  });

  it("rolls one d6 per PC and per NPC group; a PC wins a tie with the GM; tied PCs re-roll", () => {
    // jake 4, malefice 4, gm 4, goons 2; then Jake and Malefice re-roll: 1 and 5.
    const start = mapping.startRound({ round: 1, combatants: cast(), combatMemory: {}, die: scriptedDice([4, 4, 4, 2, 1, 5]) });
    expect(start.initiative).toEqual({ jake: 4, malefice: 4, falzetti: 4, sal: 4, goons: 2 });
    expect(start.combatMemory.order).toEqual(["pc:malefice", "pc:jake", "gm", "group:goons"]);
    expect(start.combatMemory.rerolls).toEqual({ "pc:jake": [1], "pc:malefice": [5] });
  });

  it("plans declarations, then four phases: each combatant acts only in its action's phases; undeclared and defensive get no act steps", () => {
    const start = mapping.startRound({ round: 2, combatants: cast(), combatMemory: {}, die: scriptedDice([3, 6, 5, 1]) });
    const declared = cast().map((x) => ({ ...x, initiative: start.initiative[x.id] ?? null }));
    const decl: Record<string, string> = { jake: "standard", malefice: "spell", falzetti: "frenzied", sal: "defensive", goons: "" };
    const plan = mapping.plan({ round: 2, combatants: declared.map((x) => ({ ...x, declaration: decl[x.id]! })), combatMemory: start.combatMemory, die: scriptedDice([]) });
    expect(plan.mode).toBe("phased");
    expect(plan.round).toBe(2);
    expect(plan.order).toEqual(["malefice", "falzetti", "sal", "jake", "goons"]);
    // One declare step per PC, per henchmen group and per NPC group (session 5): Falzetti and Sal
    // are the GM's group and declare together, in Falzetti's step (Sal's own choice is still his).
    expect(plan.steps.map((s) => `${s.phase}:${s.combatantId}`)).toEqual([
      "0:malefice",
      "0:falzetti",
      "0:jake",
      "0:goons",
      "1:falzetti",
      "1:jake",
      "2:malefice",
      "2:falzetti",
      "3:falzetti",
      "3:jake",
      "4:malefice",
      "4:falzetti",
    ]);
    expect(plan.steps.map((s) => s.kind)).toEqual([...Array(4).fill("declare"), ...Array(8).fill("act")]);
    expect(plan.steps.map((s) => s.index)).toEqual([...plan.steps.keys()]);
  });

  it("the plan is stable when rebuilt (declarations arriving one by one never re-roll ties)", () => {
    const start = mapping.startRound({ round: 1, combatants: cast(), combatMemory: {}, die: scriptedDice([2, 3, 4, 5]) });
    const infos = cast().map((x) => ({ ...x, declaration: "frenzied", initiative: start.initiative[x.id] ?? null }));
    const a = mapping.plan({ round: 1, combatants: infos, combatMemory: start.combatMemory, die: scriptedDice([]) });
    const b = mapping.plan({ round: 1, combatants: infos, combatMemory: start.combatMemory, die: scriptedDice([]) });
    expect(a).toEqual(b);
  });

  it("re-rolls initiative every round (nothing carries over)", () => {
    const r1 = mapping.startRound({ round: 1, combatants: cast(), combatMemory: {}, die: scriptedDice([6, 5, 4, 3]) });
    const r2 = mapping.startRound({ round: 2, combatants: cast(), combatMemory: r1.combatMemory, die: scriptedDice([1, 2, 3, 4]) });
    expect(r1.combatMemory.order).toEqual(["pc:jake", "pc:malefice", "gm", "group:goons"]);
    expect(r2.combatMemory.order).toEqual(["group:goons", "gm", "pc:malefice", "pc:jake"]);
  });

  it("offers the five actions, with the spell +1 variant when the option is on", () => {
    expect(mapping.declarations(c("jake")).map((o) => o.value)).toEqual(["frenzied", "standard", "targeted", "spell", "defensive"]);
    const withBonus = radioCombat(() => ({ spellBonus: true }));
    expect(withBonus.declarations(c("jake")).find((o) => o.value === "spell")?.label).toBe("FRACAS.Radio.Action.spellBonus");
  });
});

describe("radio isDown: who cannot act", () => {
  const isDown = radioCombat().isDown!;
  const hero = (system: Record<string, unknown>, over: Partial<CombatantInfo> = {}) => c("jake", { system: { wounds: { value: 3, max: 5 }, state: "active", ...system } as never, ...over });
  const npc = (system: Record<string, unknown>, over: Partial<CombatantInfo> = {}) => c("sal", { actorType: "radioOpponent", isPC: false, system: { kind: "minion", wounds: { value: 3, max: 5 }, state: "active", ...system } as never, ...over });
  const goons = (count: number, over: Partial<CombatantInfo> = {}) => c("goons", { actorType: "radioHenchmen", isPC: false, system: { count, woundsEach: 1, carried: 0 }, ...over });

  it("standing combatants act; unconscious, dead, fled and escaped ones do not, each with its reason", () => {
    expect(isDown(hero({}))).toBeNull();
    expect(isDown(npc({}))).toBeNull();
    expect(isDown(hero({ wounds: { value: 0, max: 5 }, state: "unconscious" }))).toBe("FRACAS.Radio.Down.unconscious");
    // A knocked-out NPC stays unconscious below 0; a hand-edited wound total wins over a stale state.
    expect(isDown(npc({ wounds: { value: -2, max: 5 }, state: "unconscious" }))).toBe("FRACAS.Radio.Down.unconscious");
    expect(isDown(npc({ wounds: { value: 0, max: 5 }, state: "active" }))).toBe("FRACAS.Radio.Down.unconscious");
    expect(isDown(npc({ wounds: { value: 2, max: 5 }, state: "dead" }))).toBeNull();
    expect(isDown(npc({ wounds: { value: -1, max: 5 }, state: "dead" }))).toBe("FRACAS.Radio.Down.dead");
    expect(isDown(npc({ fled: true }))).toBe("FRACAS.Radio.Down.fled");
    expect(isDown(hero({ escaped: true }))).toBe("FRACAS.Radio.Down.escaped");
  });

  it("a dying hero owed the final heroic action can act, even with the defeated mark; once taken, dead", () => {
    const dying = { wounds: { value: -1, max: 5 }, state: "dead", finalAction: true };
    expect(isDown(hero(dying))).toBeNull();
    expect(isDown(hero(dying, { defeated: true, statuses: ["fracas-dying", "fracas-dead"] }))).toBeNull();
    expect(isDown(hero({ ...dying, finalAction: false }))).toBe("FRACAS.Radio.Down.dead");
    expect(isDown(hero({ ...dying, finalAction: false }, { defeated: true }))).toBe("FRACAS.Radio.Down.dead");
    // Only a hero is owed one: an NPC's stray finalAction flag changes nothing.
    expect(isDown(npc(dying))).toBe("FRACAS.Radio.Down.dead");
  });

  it("a henchmen group with nobody left is down", () => {
    expect(isDown(goons(3))).toBeNull();
    expect(isDown(goons(0))).toBe("FRACAS.Radio.Down.noneLeft");
    // Data without a count (or wound total) is not a document's: it says nothing about being down.
    expect(isDown(c("g", { actorType: "radioHenchmen", isPC: false, system: {} }))).toBeNull();
    expect(isDown(c("j", { system: {} }))).toBeNull();
  });

  it("respects Foundry's defeated mark otherwise (also for a group, and for a non-radio actor)", () => {
    expect(isDown(hero({}, { defeated: true }))).toBe("FRACAS.Tracker.Down.defeated");
    expect(isDown(npc({}, { defeated: true }))).toBe("FRACAS.Tracker.Down.defeated");
    expect(isDown(goons(3, { defeated: true }))).toBe("FRACAS.Tracker.Down.defeated");
    expect(isDown(c("x", { actorType: null, system: {}, defeated: true }))).toBe("FRACAS.Tracker.Down.defeated");
    expect(isDown(c("x", { actorType: null, system: {} }))).toBeNull();
  });
});
