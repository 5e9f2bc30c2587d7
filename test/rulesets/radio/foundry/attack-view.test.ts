// The attack dialog's pure view: the exact hit chance from the kernel before rolling, the
// kernel's refusals, attacker skills from the sheet, and form parsing.
import { describe, expect, it } from "vitest";
import { hitChance } from "../../../../src/rulesets/radio/rules/index.js";
import { attackInput, attackView, initialState, injuriesOf, isDescribed, stateFromForm } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import { attackerOf, standing, targetState, weaponChoice, BARE_HANDS } from "../../../../src/rulesets/radio/data/state.js";
import { attackSetupSample, henchmenSystem, heroSystem, opponentSystem } from "./samples.js";

describe("radio attack dialog view", () => {
  it("shows the kernel's exact chance for the chosen weapon skill, action, terrain and defensive target", () => {
    const setup = attackSetupSample();
    const state = { ...initialState(setup), weaponId: "rev", action: "targeted" as const, terrain: true };
    // Revolver weapon skill +4, targeted +2, terrain +1.
    expect(attackView(setup, state).chance).toBe(Math.round(hitChance({ skill: 4, action: "targeted", terrain: true }) * 100));
    const defensive = attackView(setup, { ...state, targetDefensive: true });
    expect(defensive.chance).toBe(Math.round(hitChance({ skill: 4, action: "targeted", terrain: true, targetDefensive: true }) * 100));
    expect(attackView(setup, state).damage).toEqual([
      { damage: 3, percent: "83.3" },
      { damage: 6, percent: "16.7" },
    ]);
  });

  it("prefills the declared action and reports the kernel's refusal (Roll disabled)", () => {
    const setup = attackSetupSample({ declared: "targeted", phase: 1 });
    const state = initialState(setup);
    expect(state.action).toBe("targeted");
    const view = attackView(setup, state);
    expect(view.error).toEqual({ key: "FRACAS.Error.notActingThisPhase", data: { action: "targeted", phase: 1 } });
    expect(view.canRoll).toBe(false);
    const head = attackView(attackSetupSample(), { ...initialState(attackSetupSample()), weaponId: "sap", action: "targeted", called: "head" });
    expect(head.error?.key).toBe("FRACAS.Error.calledShotNeedsPiercing");
  });

  it("henchmen attack by tier without terrain or tokens; cashing in needs 5 tokens", () => {
    const henchmen = attackSetupSample({ attacker: { name: "Goons", type: "radioHenchmen", system: henchmenSystem() } });
    const view = attackView(henchmen, initialState(henchmen));
    expect(view.earnsTokens).toBe(false);
    expect(view.chance).toBe(Math.round(hitChance({ skill: -2, action: "standard" }) * 100));
    expect(attackView(henchmen, { ...initialState(henchmen), terrain: true }).error?.key).toBe("FRACAS.Error.henchmenNoBonus");
    const poor = attackSetupSample({ attacker: { name: "Jake", type: "radioHero", system: heroSystem({ tokens: { value: 2, max: null, base: 2, entries: [] } }) } });
    expect(attackView(poor, { ...initialState(poor), cashIn: true }).error?.key).toBe("FRACAS.Error.notEnoughTokens");
  });

  it("describing the action earns tokens only with some detail", () => {
    expect(isDescribed("I shoot him")).toBe(false);
    expect(isDescribed("I vault the bar and brain him with a bottle")).toBe(true);
    const setup = attackSetupSample();
    expect(attackInput(setup, { ...initialState(setup), description: "I vault the bar and brain him" }, [5, 5]).described).toBe(true);
  });

  it("a disarmed attacker (consequence 6: the held weapon is lost) starts on bare hands, and the view says why", () => {
    const armed = attackSetupSample();
    expect(initialState(armed).weaponId).toBe("rev");
    expect(attackView(armed, initialState(armed))).toMatchObject({ disarmed: false, disabledLimbs: [] });
    const disarmed = attackSetupSample({ attacker: { name: "Jake", type: "radioHero", system: heroSystem({ disarmed: true }) } });
    const state = initialState(disarmed);
    expect(state.weaponId).toBe("");
    expect(attackInput(disarmed, state, [5, 5])).toMatchObject({ weapon: "hand", piercing: false });
    const view = attackView(disarmed, state);
    expect(view.disarmed).toBe(true);
    // Bare hands is selected; another weapon to hand stays selectable (the seed: "find another way").
    expect(view.weapons.map((w) => [w.value, w.selected])).toEqual([
      ["rev", false],
      ["sap", false],
    ]);
    expect(view.canRoll).toBe(true);
    // An NPC the same.
    const npc = attackSetupSample({ attacker: { name: "Falzetti", type: "radioOpponent", system: opponentSystem({ disarmed: true }) } });
    expect(initialState(npc).weaponId).toBe("");
  });

  it("lists the attacker's disabled limbs (no longer operational), in limb order, without refusing the roll", () => {
    expect(injuriesOf({ disabledLimbs: ["rightLeg", "leftArm", "leftArm", "tail", 3] })).toEqual({ disarmed: false, disabledLimbs: ["leftArm", "rightLeg"] });
    expect(injuriesOf({})).toEqual({ disarmed: false, disabledLimbs: [] });
    const setup = attackSetupSample({ attacker: { name: "Jake", type: "radioHero", system: heroSystem({ disabledLimbs: ["rightArm"] }) } });
    const view = attackView(setup, initialState(setup));
    expect(view.disabledLimbs).toEqual(["FRACAS.Radio.Limb.rightArm"]);
    expect(view.disarmed).toBe(false);
    expect(view.state.weaponId).toBe("rev");
    expect(view.canRoll).toBe(true);
  });

  it("reads the form, keeping unknown values out", () => {
    const prev = initialState(attackSetupSample());
    const next = stateFromForm(prev, { action: "frenzied", called: "nonsense", terrain: true, cashIn: false, limb: "leftLeg", description: "x" });
    expect(next).toMatchObject({ action: "frenzied", called: "none", terrain: true, cashIn: false, limb: "leftLeg", description: "x" });
  });
});

describe("radio state bridges", () => {
  it("attackers: a hero's named weapon skill, else the general skill; an NPC's tier plus modifier", () => {
    const rev = weaponChoice({ id: "r", name: "Revolver", type: "radioWeapon", system: { category: "projectile", skill: "ranged", weaponSkill: "revolver", skilled: false, piercing: false } })!;
    expect(rev.piercing).toBe(true);
    expect(attackerOf("radioHero", heroSystem(), rev)).toEqual({ kind: "pc", skill: 4, tokens: 6 });
    expect(attackerOf("radioHero", heroSystem(), BARE_HANDS)).toEqual({ kind: "pc", skill: 1, tokens: 6 });
    expect(attackerOf("radioOpponent", opponentSystem(), BARE_HANDS)).toEqual({ kind: "boss", tier: "skilled", tokens: 1 });
    expect(attackerOf("radioOpponent", opponentSystem({ skillBonus: 1 }), BARE_HANDS)).toEqual({ kind: "boss", skill: 3, tokens: 1 });
    expect(attackerOf("radioHenchmen", henchmenSystem(), BARE_HANDS)).toEqual({ kind: "henchmen", tier: "novice" });
  });

  it("a hand-edited wound total wins over a stale stored state", () => {
    expect(targetState("radioHero", heroSystem({ wounds: { value: 0, max: 5 }, state: "active" }))).toMatchObject({ state: "unconscious" });
    expect(targetState("radioOpponent", opponentSystem({ wounds: { value: 3, max: 5 }, state: "dead" }))).toMatchObject({ state: "active" });
    expect(targetState("radioOpponent", opponentSystem({ wounds: { value: -2, max: 5 }, state: "unconscious" }))).toMatchObject({ state: "unconscious" });
  });

  it("counts who is still standing (for the end of combat)", () => {
    expect(standing("radioHenchmen", henchmenSystem())).toBe(5);
    expect(standing("radioHero", heroSystem({ escaped: true }))).toBe(0);
    expect(standing("radioOpponent", opponentSystem())).toBe(1);
  });
});
