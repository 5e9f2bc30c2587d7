/** The faserip adapter's pure parts: state bridge, card effects, combat mapping, views. */
import { describe, expect, it } from "vitest";
import { resolveAttack, resolveSecondary } from "../../../../src/rulesets/faserip/rules/index.js";
import { attackEffect, dyingTickEffect, featEffect, secondaryEffect } from "../../../../src/rulesets/faserip/cards/effects.js";
import { stateOf, updateOf } from "../../../../src/rulesets/faserip/data/state.js";
import { dodgeRefusal, faseripCombat, sideOf, storedDodge } from "../../../../src/rulesets/faserip/combat.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { normaliseForm, targetDodge } from "../../../../src/rulesets/faserip/sheets/feat-form.js";
import { colorOdds } from "../../../../src/rulesets/faserip/rules/index.js";
import { knockBackPosition } from "../../../../src/rulesets/faserip/cards/knockback.js";
import type { CombatantInfo, JsonObject } from "../../../../src/foundry/registry.js";

const status = (s: Record<string, unknown> = {}) => ({ endurance: "", stunnedRounds: 0, unconscious: false, dying: false, dead: false, prone: false, restrained: false, ...s });
const target = (system: Record<string, unknown>) => ({ type: "faseripHero", name: "T", system: system as JsonObject });
const abilities = { fighting: 10, agility: 10, strength: 10, endurance: 20, reason: 6, intuition: 6, psyche: 6 };
const heroSys = (extra: Record<string, unknown> = {}) => ({ abilities, armor: 0, health: { value: 50, max: 50 }, status: status(), ...extra });

describe("state bridge", () => {
  it("reads statuses and the reduced Endurance, and writes every path the rules change", () => {
    const sys = heroSys({ status: status({ endurance: "good", dying: true, unconscious: true, stunnedRounds: 2 }) });
    expect(stateOf(sys)).toEqual({ health: 50, healthMax: 50, endurance: "good", statuses: ["unconscious", "dying", "stunned"], stunnedRounds: 2 });
    const u = updateOf(sys, { health: 0, endurance: "typical", statuses: ["dying"], stunnedRounds: 0 });
    expect(u).toMatchObject({ "system.health.value": 0, "system.status.dying": true, "system.status.unconscious": false, "system.status.endurance": "typical", "system.status.stunnedRounds": 0 });
    expect(updateOf(heroSys(), { health: 1, endurance: "excellent", statuses: [], stunnedRounds: 0 })).not.toHaveProperty("system.status.endurance");
  });
});

describe("card effects", () => {
  const hit = resolveAttack({ action: "slugfest", abilityRank: 30, roll: 50, attacker: { strength: 20 }, defender: { endurance: 20, armor: 6 } });
  it("attack: damage off Health; refuses a miss and a non-hero", () => {
    const e = attackEffect({ result: { attack: hit } as unknown as JsonObject, target: target(heroSys()) });
    expect(e).toMatchObject({ update: { "system.health.value": 36 }, statuses: [], summary: { key: "FRACAS.Faserip.Summary.Damage", data: { damage: 14 } } });
    const miss = resolveAttack({ action: "slugfest", abilityRank: 30, roll: 1, attacker: { strength: 20 }, defender: { endurance: 20 } });
    expect(attackEffect({ result: { attack: miss } as unknown as JsonObject, target: target(heroSys()) })).toEqual({ refused: "FRACAS.Faserip.Refused.NoEffect" });
    expect(attackEffect({ result: { attack: hit } as unknown as JsonObject, target: { ...target(heroSys()), type: "bondCharacter" } })).toEqual({ refused: "FRACAS.Faserip.Refused.NotAHero" });
  });
  it("attack: 0 Health → unconscious; Kill → dying", () => {
    const low = attackEffect({ result: { attack: hit } as unknown as JsonObject, target: target(heroSys({ health: { value: 5, max: 50 } })) });
    expect(low).toMatchObject({ update: { "system.health.value": 0, "system.status.unconscious": true }, statuses: [{ status: "unconscious", on: true }] });
    const kill = resolveAttack({ action: "hackSlash", abilityRank: 30, roll: 99, attacker: { strength: 20 }, defender: { endurance: 20 } });
    const e = attackEffect({ result: { attack: kill } as unknown as JsonObject, target: target(heroSys()) });
    expect(e).toMatchObject({ update: { "system.health.value": 0, "system.status.dying": true }, summary: { key: "FRACAS.Faserip.Summary.Kill" } });
  });
  it("secondary: stun rounds; 0-Health Endurance FEAT; refuses outside 0 Health with the kernel's error", () => {
    const check = resolveSecondary({ kind: "stun", enduranceRank: 20, roll: 3, d10: 4 });
    expect(secondaryEffect({ result: { kind: "stun", check } as unknown as JsonObject, target: target(heroSys()) })).toMatchObject({ update: { "system.status.stunnedRounds": 4 }, statuses: [{ status: "stunned", on: true }] });
    const zero = heroSys({ health: { value: 0, max: 50 }, status: status({ unconscious: true }) });
    expect(secondaryEffect({ result: { kind: "zeroHealth", roll: 2 } as unknown as JsonObject, target: target(zero) })).toMatchObject({ update: { "system.status.dying": true }, summary: { key: "FRACAS.Faserip.Summary.StartsDying" } });
    expect(secondaryEffect({ result: { kind: "zeroHealth", roll: 2 } as unknown as JsonObject, target: target(heroSys()) })).toEqual({ refused: "FRACAS.Error.notAtZeroHealth", data: { health: 50 } });
  });
  it("dyingTick: one Endurance rank per round, dead below Shift 0; refused when not dying", () => {
    const dying = heroSys({ health: { value: 0, max: 50 }, status: status({ dying: true, unconscious: true }) });
    expect(dyingTickEffect({ result: {}, target: target(dying) })).toMatchObject({ update: { "system.status.endurance": "good" }, summary: { data: { before: 20, after: 10 } } });
    const last = heroSys({ health: { value: 0, max: 50 }, status: status({ dying: true, unconscious: true, endurance: "shift0" }) });
    expect(dyingTickEffect({ result: {}, target: target(last) })).toMatchObject({ update: { "system.status.dead": true, "system.status.dying": false }, summary: { key: "FRACAS.Faserip.Summary.Died" } });
    expect(dyingTickEffect({ result: {}, target: target(heroSys()) })).toMatchObject({ refused: "FRACAS.Error.notDying" });
    expect(featEffect()).toEqual({ refused: "FRACAS.Faserip.Refused.NothingToApply" });
  });
});

describe("combat mapping", () => {
  const info = (id: string, intuition: number, isPC: boolean, side = "auto"): CombatantInfo => ({ defeated: false, statuses: [], id, name: id, actorType: "faseripHero", system: { abilities: { ...abilities, intuition }, side } as unknown as JsonObject, isPC, declaration: "", initiative: null, memory: {} });
  const dice = (...faces: number[]) => (sides: number) => {
    const f = faces.shift();
    if (f === undefined || f > sides) throw new Error("no die");
    return f;
  };
  it("sides from the actor's side or player ownership; modes seed, plain, advanced", () => {
    expect(sideOf(info("a", 6, true))).toBe("heroes");
    expect(sideOf(info("a", 6, true, "villains"))).toBe("villains");
    const cs = [info("h", 30, true), info("v", 50, false)];
    const seed = faseripCombat({ mode: () => "seed", tables: () => ({}) }).startRound({ round: 1, combatants: cs, combatMemory: {}, die: dice(5, 1) });
    expect(seed.initiative).toEqual({ h: 35, v: 51 });
    expect(seed.combatMemory["order"]).toEqual(["villains", "heroes"]);
    const plain = faseripCombat({ mode: () => "plain", tables: () => ({}) }).startRound({ round: 1, combatants: cs, combatMemory: {}, die: dice(5, 1) });
    expect(plain.combatMemory["order"]).toEqual(["heroes", "villains"]);
    const adv = faseripCombat({ mode: () => "advanced", tables: () => ({}) }).startRound({ round: 1, combatants: cs, combatMemory: {}, die: dice(5, 4) });
    expect(adv.initiative).toEqual({ h: 7, v: 8 }); // Intuition 30 → +2, 50 → +4
  });
  it("ties re-roll with the die; the plan follows the kept order; dodge memory cleared", () => {
    const cs = [info("h", 10, true), info("v", 10, false)];
    const m = faseripCombat({ mode: () => "seed", tables: () => ({}) });
    const start = m.startRound({ round: 2, combatants: cs, combatMemory: {}, die: dice(4, 4, 2, 9) });
    expect(start.combatMemory["order"]).toEqual(["villains", "heroes"]);
    // Last round's dodges are cleared here, and only here.
    expect(start.memory).toEqual({ h: { dodge: null }, v: { dodge: null } });
    const plan = m.plan({ round: 2, combatants: cs, combatMemory: start.combatMemory, die: dice() });
    expect(plan.steps.map((s) => `${s.kind}:${s.combatantId}`)).toEqual(["declare:v", "act:v", "declare:h", "act:h"]);
  });
});

describe("views and knock-back", () => {
  it("the dialog shows colorOdds exactly and clamps the form", () => {
    const v = featDialogView({ actorName: "A", abilities: { ...abilities, fighting: 10 }, karmaPool: 5, weapons: [], targets: [], form: { ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 0 } });
    expect(v.odds.map((o) => o.percent)).toEqual(["45%", "30%", "22%", "3%"]);
    expect(normaliseForm({ ability: "fighting", action: "slugfest", weaponId: "", dodge: 3, cover: -1, multipleTargets: 0, other: 200, karma: 9 }, 5)).toMatchObject({ dodge: 0, other: 100, karma: 5 });
  });
  it("knock-back pushes straight away from the attacker by whole grid spaces", () => {
    expect(knockBackPosition({ x: 0, y: 0 }, { x: 100, y: 0 }, 2, 100)).toEqual({ x: 300, y: 0 });
    expect(knockBackPosition({ x: 100, y: 100 }, { x: 100, y: 0 }, 1, 100)).toEqual({ x: 100, y: -100 });
    // Against the scene's edge the token stops there (its whole body stays on the scene).
    const bounds = { x: 0, y: 0, width: 1000, height: 800, tokenWidth: 100, tokenHeight: 100 };
    expect(knockBackPosition({ x: 100, y: 100 }, { x: 100, y: 0 }, 3, 100, bounds)).toEqual({ x: 100, y: 0 });
    expect(knockBackPosition({ x: 700, y: 300 }, { x: 800, y: 300 }, 5, 100, bounds)).toEqual({ x: 900, y: 300 });
    expect(knockBackPosition({ x: 0, y: 0 }, { x: 200, y: 200 }, 2, 100, bounds)).toEqual({ x: 300, y: 300 });
  });
});

describe("dodge in combatant memory (memoryPatch)", () => {
  const m = faseripCombat({ mode: () => "seed", tables: () => ({}) });
  const who = (declaration = "", memory: JsonObject = {}): CombatantInfo => ({ defeated: false, statuses: [], id: "c", name: "C", actorType: "faseripHero", system: {}, isPC: true, declaration, initiative: 5, memory });
  const patch = (p: unknown, c = who(), round = 2, phase = "act") => m.memoryPatch!({ combatant: c, patch: p as JsonObject, round, phase, byGM: false });

  it("accepts one well-formed dodge for the current round, from an undeclared or dodging combatant", () => {
    expect(patch({ dodge: { round: 2, color: "yellow" } })).toEqual({ dodge: { round: 2, color: "yellow" } });
    expect(patch({ dodge: { color: "white", round: 2 } }, who("dodging"), 2, "declare")).toEqual({ dodge: { round: 2, color: "white" } });
  });

  it("refuses junk, extra keys, a stale round, a second dodge and a combatant that declared another action", () => {
    for (const bad of [{}, { dodge: null }, { dodge: { round: 2, color: "purple" } }, { dodge: { round: 2, color: "red", shift: -99 } }, { dodge: { round: 2, color: "red" }, hp: 1 }, { dodge: { round: 2.5, color: "red" } }, { dodge: [2, "red"] }]) {
      expect(patch(bad)).toEqual({ refused: "FRACAS.Faserip.Refused.BadDodge" });
    }
    expect(patch({ dodge: { round: 1, color: "red" } })).toEqual({ refused: "FRACAS.Faserip.Refused.NotThisRound" });
    expect(patch({ dodge: { round: 2, color: "red" } }, who("", { dodge: { round: 2, color: "green" } }))).toEqual({ refused: "FRACAS.Faserip.Refused.AlreadyDodged" });
    expect(patch({ dodge: { round: 2, color: "red" } }, who("slugfest"))).toEqual({ refused: "FRACAS.Faserip.Refused.DeclaredOther" });
    // Last round's dodge (not cleared) does not block this round's.
    expect(patch({ dodge: { round: 2, color: "red" } }, who("", { dodge: { round: 1, color: "green" } }))).toEqual({ dodge: { round: 2, color: "red" } });
    expect(dodgeRefusal(who(), 0)).toBe("FRACAS.Faserip.Refused.NoRound");
    expect(storedDodge({ round: 3, color: "green" })).toEqual({ round: 3, color: "green" });
    expect(storedDodge("red")).toBeNull();
  });

  it("refuses a dodge from a hero who cannot act (re-checked on the GM's client)", () => {
    const ok = { dodge: { round: 2, color: "green" } };
    expect(patch(ok, { ...who(), statuses: ["fracas-stunned"] })).toEqual({ refused: "FRACAS.Faserip.Refused.CannotDodge" });
    expect(patch(ok, { ...who(), defeated: true })).toEqual({ refused: "FRACAS.Faserip.Refused.CannotDodge" });
    expect(patch(ok, { ...who(), system: { status: { stunnedRounds: 2 } } })).toEqual({ refused: "FRACAS.Faserip.Refused.CannotDodge" });
  });

  it("a recorded dodge spends the round's action: declarations narrow to dodging", () => {
    expect(m.declarations(who()).map((d) => d.value)).toContain("slugfest");
    expect(m.declarations(who("", { dodge: { round: 2, color: "red" } })).map((d) => d.value)).toEqual(["dodging"]);
    expect(m.declarations(who("", { dodge: null })).length).toBeGreaterThan(1);
  });
});

describe("FEAT dialog with several targets", () => {
  const base = { ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: -1, multipleTargets: -1, other: 0, karma: 5 } as const;
  it("shows each target's odds with its own recorded dodge, the form's dodge for the others", () => {
    const v = featDialogView({
      actorName: "A",
      abilities: { ...abilities, fighting: 30 },
      karmaPool: 20,
      weapons: [],
      targets: [
        { name: "Dodged", dodgeColor: "yellow", dodgeShift: -4 },
        { name: "Sitting", dodgeColor: null, dodgeShift: null },
      ],
      form: { ...base, dodge: -2 },
    });
    expect(v.perTarget).toBe(true);
    const pcts = (o: ReturnType<typeof colorOdds>) => [o.white, o.green, o.yellow, o.red].map((p) => `${Math.round(p * 100)}%`);
    // Remarkable −4 (dodge) −1 (cover) −1 (two targets) = −6; the sitting one: −2 (form) −2 = −4.
    expect(v.targets[0]).toMatchObject({ name: "Dodged", recorded: true, dodge: -4, shift: -6, columnLabel: "FRACAS.Faserip.Rank.shift0" });
    expect(v.targets[0]!.odds.map((o) => o.percent)).toEqual(pcts(colorOdds("remarkable", -6, 5)));
    expect(v.targets[1]).toMatchObject({ name: "Sitting", recorded: false, dodge: -2, shift: -4, columnLabel: "FRACAS.Faserip.Rank.poor" });
    expect(v.targets[1]!.odds.map((o) => o.percent)).toEqual(pcts(colorOdds("remarkable", -4, 5)));
    expect(targetDodge(-6, -2)).toBe(-6);
    expect(targetDodge(null, -2)).toBe(-2);
  });
  it("without targets, or for a dodge FEAT, the odds are shown once for the form", () => {
    const none = featDialogView({ actorName: "A", abilities, karmaPool: 0, weapons: [], targets: [], form: { ...base, karma: 0 } });
    expect(none.perTarget).toBe(false);
    const dodge = featDialogView({ actorName: "A", abilities, karmaPool: 0, weapons: [], targets: [{ name: "X", dodgeColor: null, dodgeShift: null }], form: { ...base, action: "dodging", ability: "agility", karma: 0 } });
    expect(dodge.perTarget).toBe(false);
  });
});
