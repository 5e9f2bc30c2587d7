/** The pure parts of findings F1, F2, F4 and X1: who is down, side initiative, the escaper's card effect, stabilised. */
import { describe, expect, it } from "vitest";
import { downAtRoundStart, downReason } from "../../../../src/rulesets/faserip/down.js";
import { faseripCombat } from "../../../../src/rulesets/faserip/combat.js";
import { attackEffect, freesEscaper } from "../../../../src/rulesets/faserip/cards/effects.js";
import { isStabilised, needsZeroHealthFeat, updateOf } from "../../../../src/rulesets/faserip/data/state.js";
import { sidesPanelView } from "../../../../src/rulesets/faserip/sheets/sides-panel-view.js";
import { resolveAttack } from "../../../../src/rulesets/faserip/rules/index.js";
import type { CombatantInfo, JsonObject } from "../../../../src/foundry/registry.js";

const status = (s: Record<string, unknown> = {}) => ({ endurance: "", stunnedRounds: 0, unconscious: false, dying: false, dead: false, prone: false, restrained: false, stabilised: false, ...s });
const abilities = { fighting: 10, agility: 10, strength: 20, endurance: 20, reason: 6, intuition: 6, psyche: 6 };
const heroSys = (s: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ abilities, armor: 0, health: { value: 50, max: 50 }, status: status(s), ...extra });
const down = (s: Record<string, unknown> = {}, statuses: string[] = [], defeated = false) => downReason({ system: heroSys(s), statuses, defeated });

describe("X1: isDown (down.ts)", () => {
  it("dead, dying, unconscious and stunned cannot act, the most telling reason first", () => {
    expect(down()).toBeNull();
    expect(down({ prone: true, restrained: true })).toBeNull(); // prone or held: still acts (escaping, getting up)
    expect(down({ stunnedRounds: 3 })).toBe("FRACAS.Faserip.Down.stunned");
    expect(down({ unconscious: true })).toBe("FRACAS.Faserip.Down.unconscious");
    expect(down({ unconscious: true, dying: true, stunnedRounds: 2 })).toBe("FRACAS.Faserip.Down.dying");
    expect(down({ dead: true }, [], true)).toBe("FRACAS.Faserip.Down.dead");
  });

  it("a status icon the GM set by hand counts too; Foundry's defeated mark alone takes a combatant out", () => {
    expect(down({}, ["fracas-stunned"])).toBe("FRACAS.Faserip.Down.stunned");
    expect(down({}, ["fracas-unconscious", "fracas-prone"])).toBe("FRACAS.Faserip.Down.unconscious");
    expect(down({}, ["fracas-prone"])).toBeNull();
    expect(down({}, [], true)).toBe("FRACAS.Tracker.Down.defeated");
    expect(downReason({ system: {}, statuses: [], defeated: false })).toBeNull(); // no actor data: not down
  });

  it("the combat mapping's isDown is that reason", () => {
    const m = faseripCombat({ mode: () => "seed", tables: () => ({}) });
    const info = (s: Record<string, unknown>, defeated = false): CombatantInfo => ({ defeated, statuses: [], id: "c", name: "C", actorType: "faseripHero", system: heroSys(s) as unknown as JsonObject, isPC: true, declaration: "", initiative: null, memory: {} });
    expect(m.isDown!(info({}))).toBeNull();
    expect(m.isDown!(info({ stunnedRounds: 1 }))).toBe("FRACAS.Faserip.Down.stunned");
    expect(m.isDown!(info({}, true))).toBe("FRACAS.Tracker.Down.defeated");
  });

  it("at a round's start (round 2 on) the stun about to be counted down is read one round shorter", () => {
    const one = { system: heroSys({ stunnedRounds: 1 }), statuses: ["fracas-stunned"], defeated: false };
    const two = { system: heroSys({ stunnedRounds: 2 }), statuses: ["fracas-stunned"], defeated: false };
    expect(downAtRoundStart(one, 1)).toBe("FRACAS.Faserip.Down.stunned"); // combat start: nothing counted down
    expect(downAtRoundStart(one, 2)).toBeNull();
    expect(downAtRoundStart(two, 2)).toBe("FRACAS.Faserip.Down.stunned");
    expect(downAtRoundStart({ ...one, system: heroSys({ stunnedRounds: 1, unconscious: true }) }, 2)).toBe("FRACAS.Faserip.Down.unconscious");
  });
});

describe("F2: side initiative from members who can act", () => {
  const m = faseripCombat({ mode: () => "seed", tables: () => ({}) });
  const info = (id: string, intuition: number, isPC: boolean, s: Record<string, unknown> = {}, defeated = false): CombatantInfo => ({
    defeated,
    statuses: [],
    id,
    name: id.toUpperCase(),
    actorType: "faseripHero",
    system: heroSys(s, { abilities: { ...abilities, intuition } }) as unknown as JsonObject,
    isPC,
    declaration: "",
    initiative: null,
    memory: {},
  });
  const dice = (...faces: number[]) => (sides: number) => {
    const f = faces.shift();
    if (f === undefined || f > sides) throw new Error("no die");
    return f;
  };

  it("a fallen Incredible-Intuition hero adds nothing: the best who stands does", () => {
    for (const fallen of [{ dead: true }, { dying: true, unconscious: true }, { unconscious: true }, { stunnedRounds: 3 }]) {
      const cs = [info("ace", 40, true, fallen), info("kid", 10, true), info("v", 20, false)];
      const start = m.startRound({ round: 1, combatants: cs, combatMemory: {}, die: dice(5, 5) });
      expect(start.initiative, JSON.stringify(fallen)).toEqual({ ace: 15, kid: 15, v: 25 });
      expect(start.combatMemory["sides"]).toEqual([
        { id: "villains", roll: 5, bonus: 20, total: 25, rerolls: [], leader: "v" },
        { id: "heroes", roll: 5, bonus: 10, total: 15, rerolls: [], leader: "kid" },
      ]);
    }
    // Foundry's defeated mark counts as down too.
    const defeated = m.startRound({ round: 1, combatants: [info("ace", 40, true, {}, true), info("kid", 10, true), info("v", 20, false)], combatMemory: {}, die: dice(5, 5) });
    expect(defeated.initiative["kid"]).toBe(15);
  });

  it("a hero whose last round of stun ends at this round's start counts again", () => {
    const cs = [info("ace", 40, true, { stunnedRounds: 1 }), info("kid", 10, true), info("v", 20, false)];
    expect(m.startRound({ round: 3, combatants: cs, combatMemory: {}, die: dice(5, 5) }).initiative["ace"]).toBe(45);
    expect(m.startRound({ round: 1, combatants: cs, combatMemory: {}, die: dice(5, 5) }).initiative["ace"]).toBe(15);
  });

  it("a side with nobody standing rolls nothing, goes last and is named in memory; all fallen: no roll at all", () => {
    const cs = [info("h", 10, true), info("v1", 50, false, { dead: true }), info("v2", 30, false, { unconscious: true })];
    const start = m.startRound({ round: 2, combatants: cs, combatMemory: {}, die: dice(4) });
    expect(start.initiative).toEqual({ h: 14 });
    expect(start.combatMemory).toMatchObject({ order: ["heroes", "villains"], fallen: ["villains"], sides: [{ id: "heroes", total: 14 }] });
    const plan = m.plan({ round: 2, combatants: cs, combatMemory: start.combatMemory, die: dice() });
    expect(plan.steps.map((s) => `${s.kind}:${s.combatantId}`)).toEqual(["declare:h", "act:h", "declare:v1", "declare:v2", "act:v1", "act:v2"]);

    const none = m.startRound({ round: 2, combatants: [info("h", 10, true, { dead: true }), info("v", 10, false, { dead: true })], combatMemory: {}, die: dice() });
    expect(none.combatMemory).toMatchObject({ order: ["heroes", "villains"], sides: [], fallen: ["heroes", "villains"] });
    expect(none.initiative).toEqual({});
  });

  it("the panel names the standing leader kept at the round start, and lists a fallen side last", () => {
    const cs = [info("ace", 40, true, { dead: true }), info("kid", 10, true), info("v", 20, false, { dead: true })];
    const start = m.startRound({ round: 2, combatants: cs, combatMemory: {}, die: dice(6) });
    const view = sidesPanelView({ combatMemory: start.combatMemory, combatants: cs });
    expect(view.sides.map((s) => [s.id, s.leader, s.fallen, s.total])).toEqual([
      ["heroes", "KID", false, 16],
      ["villains", "", true, 0],
    ]);
    // A memory from before the leader was kept: the highest Intuition of all.
    const old = sidesPanelView({ combatMemory: { mode: "seed", sides: [{ id: "heroes", roll: 6, bonus: 40, total: 46, rerolls: [] }] }, combatants: cs });
    expect(old.sides[0]!.leader).toBe("ACE");
  });
});

describe("F1: the escaper's row on an Escaping card", () => {
  const escape = resolveAttack({ action: "escaping", abilityRank: 20, roll: 80, attacker: { strength: 20 }, defender: { endurance: 20 } });
  const reverse = resolveAttack({ action: "escaping", abilityRank: 20, roll: 97, attacker: { strength: 20 }, defender: { endurance: 20 } });
  const miss = resolveAttack({ action: "escaping", abilityRank: 20, roll: 50, attacker: { strength: 20 }, defender: { endurance: 20 } });
  const held = { type: "faseripHero", name: "Escaper", uuid: "Actor.esc", system: heroSys({ restrained: true }) as unknown as JsonObject };
  const holder = { type: "faseripHero", name: "Holder", uuid: "Actor.hold", system: heroSys() as unknown as JsonObject };
  const result = (attack: unknown, escaperUuid = "Actor.esc") => ({ action: "escaping", attack, escaperUuid }) as unknown as JsonObject;

  it("Escape and Reverse free the escaper (restrained off); Reverse still restrains the holder", () => {
    expect(freesEscaper("escaping", escape)).toBe(true);
    expect(freesEscaper("escaping", reverse)).toBe(true);
    expect(freesEscaper("escaping", miss)).toBe(false);
    expect(freesEscaper("grappling", reverse)).toBe(false);
    for (const attack of [escape, reverse]) {
      expect(attackEffect({ result: result(attack), target: held })).toMatchObject({
        update: { "system.status.restrained": false },
        statuses: [{ status: "restrained", on: false }],
        summary: { key: "FRACAS.Faserip.Summary.Released" },
      });
    }
    expect(attackEffect({ result: result(reverse), target: holder })).toMatchObject({ update: { "system.status.restrained": true }, summary: { key: "FRACAS.Faserip.Summary.Hold" } });
    expect(attackEffect({ result: result(escape), target: holder })).toEqual({ refused: "FRACAS.Faserip.Refused.NoEffect" });
  });

  it("a forged escaper on a failed roll frees no one", () => {
    expect(attackEffect({ result: result(miss), target: held })).toEqual({ refused: "FRACAS.Faserip.Refused.NoEffect" });
    expect(attackEffect({ result: { ...result(escape), action: "grappling" }, target: held })).toEqual({ refused: "FRACAS.Faserip.Refused.NoEffect" });
  });
});

describe("F4: stabilised, and who owes the 0-Health Endurance FEAT", () => {
  const zero = (s: Record<string, unknown>, health = 0) => heroSys(s, { health: { value: health, max: 50 } });
  const state = (health: number, statuses: string[] = []) => ({ health, statuses: statuses as never[] });

  it("at 0 Health and neither dying, dead nor stabilised", () => {
    expect(needsZeroHealthFeat(zero({ unconscious: true }), state(0, ["unconscious"]))).toBe(true);
    expect(needsZeroHealthFeat(zero({}), state(3))).toBe(false);
    expect(needsZeroHealthFeat(zero({ dying: true }), state(0, ["dying"]))).toBe(false);
    expect(needsZeroHealthFeat(zero({ dead: true }), state(0, ["dead"]))).toBe(false);
    expect(needsZeroHealthFeat(zero({ stabilised: true, unconscious: true }), state(0, ["unconscious"]))).toBe(false);
    // A stale mark (Health had risen since) does not spare the next fall to 0.
    expect(isStabilised(zero({ stabilised: true }, 5))).toBe(false);
    expect(needsZeroHealthFeat(zero({ stabilised: true }, 5), state(0, ["unconscious"]))).toBe(true);
  });

  it("every card's update keeps the mark only while still at 0 Health and not dying", () => {
    const base = { endurance: "excellent" as const, stunnedRounds: 0 };
    expect(updateOf(zero({ stabilised: true, unconscious: true }), { ...base, health: 0, statuses: ["unconscious"] })["system.status.stabilised"]).toBe(true);
    expect(updateOf(zero({ stabilised: true, unconscious: true }), { ...base, health: 0, statuses: ["unconscious", "dying"] })["system.status.stabilised"]).toBe(false);
    expect(updateOf(zero({ stabilised: true }, 5), { ...base, health: 0, statuses: ["unconscious"] })["system.status.stabilised"]).toBe(false);
    expect(updateOf(zero({}), { ...base, health: 0, statuses: ["unconscious"] })["system.status.stabilised"]).toBe(false);
  });
});
