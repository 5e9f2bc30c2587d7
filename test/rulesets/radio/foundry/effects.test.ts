// The radio card effects (CardKind.effect) driven with plain data, as the core's apply.ts calls
// them: the attack → damage chain through the real kernel, then each kind of target.
import { describe, expect, it } from "vitest";
import { resolveAttack, resolveDamage } from "../../../../src/rulesets/radio/rules/index.js";
import type { AttackResult, DamageResult } from "../../../../src/rulesets/radio/rules/index.js";
import { attackEffect, damageEffect, escapeEffect, fleeEffect } from "../../../../src/rulesets/radio/cards/effects.js";
import { attackInput, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { attackSetupSample, henchmenSystem, heroSystem, opponentSystem } from "./samples.js";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";

const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as JsonObject;

function damageCard(over: Partial<ReturnType<typeof initialState>> = {}, dice: [number, number] = [9, 9], critRoll = 1, limbRoll?: number, attacker = attackSetupSample()): { attack: AttackResult; damage: DamageResult; result: JsonObject } {
  const state = { ...initialState(attacker), ...over };
  const attack = resolveAttack(attackInput(attacker, state, dice));
  const damage = resolveDamage(limbRoll === undefined ? { attack, critRoll } : { attack, critRoll, limbRoll });
  return { attack, damage, result: json({ damage, attack }) };
}

describe("radio card effects", () => {
  it("the attack card has nothing to apply (damage comes from its follow-up)", () => {
    expect(attackEffect()).toEqual({ refused: "FRACAS.Radio.Refused.RollDamageFirst" });
  });

  it("a revolver hit wounds a boss and records nothing PC-only", () => {
    const { result } = damageCard({ weaponId: "rev" });
    const effect = damageEffect({ result, target: { type: "radioOpponent", system: json(opponentSystem()), name: "Falzetti" } });
    expect(effect).toEqual({
      update: { "system.wounds.value": 3, "system.state": "active", "system.disabledLimbs": [], "system.disarmed": false },
      statuses: [],
      summary: { key: "FRACAS.Radio.Summary.Row.Wounded", data: { name: "Falzetti", damage: 3, wounds: 3 } },
    });
  });

  it("a hero shot records a piercing wound; a lethal blow leaves a final heroic action (dying)", () => {
    const { result } = damageCard({ weaponId: "rev" }, [9, 9], 6);
    const effect = damageEffect({ result, target: { type: "radioHero", system: json(heroSystem({ wounds: { value: 4, max: 5 } })), name: "Jake" } });
    if ("refused" in effect) throw new Error(effect.refused);
    expect(effect.update["system.wounds.value"]).toBe(-2);
    expect(effect.update["system.finalAction"]).toBe(true);
    expect(effect.update["system.piercingWounds"]).toBe(1);
    expect(effect.statuses).toEqual([{ status: "dying", on: true }]);
    expect(effect.summary.key).toBe("FRACAS.Radio.Summary.Row.FinalAction");
  });

  it("a PC's knock-out choice, stored on the card at roll time, leaves an NPC unconscious below 0", () => {
    const { result } = damageCard({ weaponId: "sap", knockout: true }, [9, 9], 6);
    const effect = damageEffect({ result, target: { type: "radioOpponent", system: json(opponentSystem({ wounds: { value: 2, max: 6 } })), name: "Sal" } });
    if ("refused" in effect) throw new Error(effect.refused);
    expect(effect.update["system.state"]).toBe("unconscious");
    expect(effect.update["system.wounds.value"]).toBe(-2);
    expect(effect.statuses).toEqual([{ status: "unconscious", on: true }]);
  });

  it("henchmen are removed from the pool, carried damage included; the last one gone is dead", () => {
    const { result } = damageCard({ weaponId: "rev" });
    const effect = damageEffect({ result, target: { type: "radioHenchmen", system: json(henchmenSystem()), name: "Goons" } });
    // 5 henchmen × 2 wounds, 1 carried: 3 more damage → 4 soaked → 2 down, 3 left, none carried.
    expect(effect).toMatchObject({ update: { "system.count": 3, "system.carried": 0 }, statuses: [], summary: { key: "FRACAS.Radio.Summary.Row.Henchmen", data: { removed: 2, count: 3 } } });
    const wipe = damageEffect({ result, target: { type: "radioHenchmen", system: json(henchmenSystem({ count: 1, carried: 0 })), name: "Goons" } });
    expect(wipe).toMatchObject({ update: { "system.count": 0 }, statuses: [{ status: "dead", on: true }], summary: { key: "FRACAS.Radio.Summary.Row.HenchmenGone", data: { removed: 1 } } });
  });

  it("a targeted limb shot disables the limb, or on a 6 only drops the weapon", () => {
    const limb = damageCard({ weaponId: "rev", action: "targeted", called: "limb", limb: "leftArm" }, [9, 9], 1, 2);
    const a = damageEffect({ result: limb.result, target: { type: "radioOpponent", system: json(opponentSystem({ wounds: { value: 9, max: 9 } })), name: "F" } });
    expect(a).toMatchObject({ update: { "system.disabledLimbs": ["leftArm"], "system.disarmed": false } });
    const six = damageCard({ weaponId: "rev", action: "targeted", called: "limb" }, [9, 9], 1, 6);
    const b = damageEffect({ result: six.result, target: { type: "radioOpponent", system: json(opponentSystem({ wounds: { value: 9, max: 9 } })), name: "F" } });
    expect(b).toMatchObject({ update: { "system.disabledLimbs": [], "system.disarmed": true } });
  });

  it("a defensive target halves the damage", () => {
    const { damage } = damageCard({ weaponId: "rev", targetDefensive: true }, [10, 10]);
    expect(damage.damage).toBe(1);
  });

  it("refuses a target that is not a radio character, and a broken result, with i18n keys", () => {
    const { result } = damageCard();
    expect(damageEffect({ result, target: { type: "bondCharacter", system: {}, name: "Bond" } })).toEqual({ refused: "FRACAS.Radio.Refused.NotRadio" });
    expect(damageEffect({ result: { damage: { damage: 0 } } as JsonObject, target: { type: "radioOpponent", system: json(opponentSystem()), name: "F" } })).toEqual({ refused: "FRACAS.Error.badNumber" });
  });

  it("flee checks: each 6 takes a henchman out of the group; a minion flees on a 6", async () => {
    // The group's summary is the base key and its numbers: each reader's client picks the forms (summaries.ts).
    installFoundry();
    await loadAdapter();
    const group = { type: "radioHenchmen", system: json(henchmenSystem()), name: "Goons" };
    expect(fleeEffect({ result: { rolls: [6, 1, 6, 2, 3] }, target: group })).toMatchObject({ update: { "system.count": 3, "system.carried": 1 }, summary: { key: "FRACAS.Radio.Summary.Row.HenchmenFlee", data: { name: "Goons", fled: 2, count: 3 } } });
    expect(fleeEffect({ result: { rolls: [6] }, target: group })).toEqual({ refused: "FRACAS.Radio.Refused.GroupGrew" });
    expect(fleeEffect({ result: { rolls: [6] }, target: { type: "radioOpponent", system: json(opponentSystem({ kind: "minion" })), name: "Sal" } })).toMatchObject({ update: { "system.fled": true } });
    expect(fleeEffect({ result: { rolls: [5] }, target: { type: "radioOpponent", system: json(opponentSystem({ kind: "minion" })), name: "Sal" } })).toMatchObject({ update: { "system.fled": false } });
    expect(fleeEffect({ result: { rolls: [6] }, target: { type: "radioHero", system: json(heroSystem()), name: "Jake" } })).toEqual({ refused: "FRACAS.Radio.Refused.NoFlee" });
  });

  it("escape: success marks the hero escaped; a 6 has nothing to apply", () => {
    expect(escapeEffect({ result: { roll: 2, outcome: "escapes" }, target: { type: "radioHero", system: json(heroSystem()), name: "Jake" } })).toMatchObject({ update: { "system.escaped": true } });
    expect(escapeEffect({ result: { roll: 6, outcome: "stays" }, target: { type: "radioHero", system: json(heroSystem()), name: "Jake" } })).toEqual({ refused: "FRACAS.Radio.Refused.EscapeFailed" });
  });

  it("applying, then restoring the saved prior values (what Undo does), round-trips the target", () => {
    const system = json(heroSystem({ wounds: { value: 3, max: 5 } }));
    const { result } = damageCard({ weaponId: "rev" });
    const effect = damageEffect({ result, target: { type: "radioHero", system, name: "Jake" } });
    if ("refused" in effect) throw new Error(effect.refused);
    const get = (o: JsonObject, path: string) => path.split(".").slice(1).reduce<unknown>((v, k) => (v as JsonObject)[k], o);
    const prior = Object.fromEntries(Object.keys(effect.update).map((p) => [p, get(system, p)]));
    expect(prior).toEqual({
      "system.wounds.value": 3,
      "system.state": "active",
      "system.disabledLimbs": [],
      "system.disarmed": false,
      "system.finalAction": false,
      "system.piercingWounds": 0,
    });
  });
});
