import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError, throwsOnlyRuleErrors } from "./helpers.js";

const pc = (wounds: number): radio.PcState => ({ kind: "pc", wounds, state: radio.woundStateOf(wounds), finalAction: false, piercingWounds: 0, disabledLimbs: [], disarmed: false });
const minion = (wounds: number): radio.OpponentState => ({ kind: "minion", wounds, state: radio.woundStateOf(wounds), disabledLimbs: [], disarmed: false });

const jakeShoots = (over: Partial<radio.ResolveAttackInput> = {}): radio.ResolveAttackInput => ({
  attacker: { kind: "pc", skill: 2, tokens: 5 },
  action: "standard",
  dice: [6, 5],
  weapon: "projectile",
  ...over,
});

describe("resolveAttack", () => {
  it("totals the test, lists the modifiers and carries the declaration", () => {
    const r = radio.resolveAttack(jakeShoots({ terrain: true, described: true, phase: 1 }));
    // 6 + 5 + 2 skill + 0 standard + 1 terrain = 14 > 11.
    expect(r.total).toBe(14);
    expect(r.hit).toBe(true);
    expect(r.modifiers).toEqual([
      { source: "skill", value: 2 },
      { source: "action", value: 0 },
      { source: "terrain", value: 1 },
    ]);
    // Needs 9+ on 2d10: 100 − (1+…+7) = 72.
    expect(r.chance).toBe(0.72);
    expect(r.piercing).toBe(true);
    expect(r.tokensEarned).toBe(2);
    expect(r.phase).toBe(1);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it("uses an NPC's tier when it has no skill", () => {
    const r = radio.resolveAttack({ attacker: { kind: "minion", tier: "expert" }, action: "frenzied", dice: [3, 4], weapon: "hand" });
    // 3 + 4 + 5 expert − 2 frenzied = 10: a miss.
    expect(r.total).toBe(10);
    expect(r.hit).toBe(false);
  });

  it("charges declared tokens only when the attack hits", () => {
    expect(radio.resolveAttack(jakeShoots({ tokensSpent: 5 })).tokensCharged).toBe(5);
    expect(radio.resolveAttack(jakeShoots({ tokensSpent: 5, dice: [1, 1] })).tokensCharged).toBe(0);
    expectRuleError(() => radio.resolveAttack(jakeShoots({ tokensSpent: 5, attacker: { kind: "pc", skill: 2, tokens: 4 } })), "notEnoughTokens");
  });

  it("fails a head shot against armour whatever the dice", () => {
    const r = radio.resolveAttack(jakeShoots({ action: "targeted", called: "head", dice: [10, 10], target: { armoured: true } }));
    expect(r.total).toBe(20 + 2 + 2 - 6);
    expect(r.autoFail).toBe(true);
    expect(r.hit).toBe(false);
    expect(r.chance).toBe(0);
  });

  it("refuses declarations the rules forbid", () => {
    expectRuleError(() => radio.resolveAttack(jakeShoots({ phase: 2 })), "notActingThisPhase");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ action: "defensive" })), "noTestForAction");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ called: "limb" })), "calledShotNeedsTargeted");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ action: "targeted", called: "head", weapon: "club" })), "calledShotNeedsPiercing");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ attacker: { kind: "pc" } })), "missingSkill");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ attacker: { kind: "boss", skill: 1, tier: "skilled" } })), "ambiguousSkill");
    expectRuleError(() => radio.resolveAttack({ attacker: { kind: "henchmen", tier: "novice" }, action: "standard", dice: [5, 5], weapon: "club", terrain: true }), "henchmenNoBonus");
    expectRuleError(() => radio.resolveAttack({ attacker: { kind: "henchmen", tier: "novice" }, action: "standard", dice: [5, 5], weapon: "club", tokensSpent: 5 }), "henchmenNoBonus");
    expectRuleError(() => radio.resolveAttack({ attacker: { kind: "minion", tier: "novice" }, action: "standard", dice: [5, 5], weapon: "club", knockout: true }), "knockoutNeedsPC");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ weapon: "area", knockout: true })), "knockoutWithArea");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ action: "targeted", called: "heart", knockout: true })), "knockoutHeadShot");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ limb: "left arm" })), "limbNeedsLimbShot");
  });

  it("a spell action attacks only with a spell, and a spell only with the spell action (when the caller says which is a spell)", () => {
    expectRuleError(() => radio.resolveAttack(jakeShoots({ action: "spell", magic: false })), "spellActionNeedsSpell");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ action: "standard", magic: true })), "spellNeedsSpellAction");
    expectRuleError(() => radio.resolveAttack(jakeShoots({ action: "targeted", weapon: "area", magic: true })), "spellNeedsSpellAction");
    expect(radio.resolveAttack(jakeShoots({ action: "spell", weapon: "area", magic: true })).hit).toBe(true);
    expect(radio.resolveAttack(jakeShoots({ magic: false })).hit).toBe(true);
    // Not given: not checked (the kernel cannot tell a spell from its damage category).
    expect(radio.resolveAttack(jakeShoots({ action: "spell", weapon: "area" })).action).toBe("spell");
  });

  it("henchmen earn no tokens for describing", () => {
    expect(radio.resolveAttack({ attacker: { kind: "henchmen", tier: "novice" }, action: "standard", dice: [5, 5], weapon: "club", described: true }).tokensEarned).toBe(0);
  });
});

describe("resolveDamage", () => {
  it("doubles on the d6 and with the declared tokens", () => {
    const attack = radio.resolveAttack(jakeShoots({ tokensSpent: 5 }));
    const r = radio.resolveDamage({ attack, critRoll: 6 });
    expect(r.damage).toBe(12);
    expect(r.breakdown.steps.map((s) => s.step)).toEqual(["base", "critical", "tokens"]);
    expect(r.piercing).toBe(true);
    expect(r.lethal).toBe(false);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it("a head shot that hits is lethal unless the world turns that off", () => {
    const attack = radio.resolveAttack(jakeShoots({ action: "targeted", called: "head", dice: [10, 9] }));
    expect(attack.hit).toBe(true);
    expect(radio.resolveDamage({ attack, critRoll: 1 }).lethal).toBe(true);
    expect(radio.resolveDamage({ attack, critRoll: 1 }, { headShotsKill: false }).lethal).toBe(false);
  });

  it("a limb shot needs the victim's consequence roll", () => {
    const attack = radio.resolveAttack(jakeShoots({ action: "targeted", called: "limb", limb: "right arm" }));
    expect(radio.resolveDamage({ attack, critRoll: 2, limbRoll: 6 }).limb).toEqual({ name: "right arm", roll: 6, outcome: "weaponLost" });
    expect(radio.resolveDamage({ attack, critRoll: 2, limbRoll: 3 }).limb?.outcome).toBe("limbDisabled");
    expectRuleError(() => radio.resolveDamage({ attack, critRoll: 2 }), "missingLimbRoll");
    expectRuleError(() => radio.resolveDamage({ attack: radio.resolveAttack(jakeShoots()), critRoll: 2, limbRoll: 3 }), "limbNeedsLimbShot");
  });

  it("a miss deals no damage", () => {
    expectRuleError(() => radio.resolveDamage({ attack: radio.resolveAttack(jakeShoots({ dice: [1, 2] })), critRoll: 6 }), "noDamageOnMiss");
  });

  it("a defensive target halves", () => {
    const attack = radio.resolveAttack(jakeShoots({ dice: [10, 10], target: { defensive: true } }));
    expect(radio.resolveDamage({ attack, critRoll: 6 }).damage).toBe(3);
  });
});

describe("applyDamage", () => {
  const hit = (over: Partial<radio.ResolveAttackInput> = {}, critRoll = 1, limbRoll?: number) =>
    radio.resolveDamage({ attack: radio.resolveAttack(jakeShoots({ dice: [10, 10], ...over })), critRoll, ...(limbRoll === undefined ? {} : { limbRoll }) });

  it("wounds a PC and records a piercing wound for a stab or a shot", () => {
    const r = radio.applyDamage(pc(5), hit());
    expect(r.state).toEqual({ ...pc(2), piercingWounds: 1 });
    expect(r.events).toEqual([]);
    expect(r.removed).toBe(0);
    expect(radio.applyDamage(pc(5), hit({ weapon: "club" })).state.piercingWounds).toBe(0);
  });

  it("gives a PC dealt a lethal blow their final action, shown as dying", () => {
    const r = radio.applyDamage(pc(2), hit());
    expect(r.state.state).toBe("dead");
    expect(r.state.finalAction).toBe(true);
    expect(r.events).toEqual([{ status: "dying", on: true }]);
  });

  it("knocks an NPC out when the PC chose to", () => {
    const r = radio.applyDamage(minion(1), hit({ knockout: true }));
    expect(r.state).toEqual({ kind: "minion", wounds: -2, state: "unconscious", disabledLimbs: [], disarmed: false });
    expect(r.events).toEqual([{ status: "unconscious", on: true }]);
  });

  it("kills with a head shot even when the wounds would not", () => {
    const r = radio.applyDamage(minion(10), hit({ action: "targeted", called: "head" }));
    expect(r.state.state).toBe("dead");
    expect(r.state.wounds).toBe(-1);
    expect(r.events).toEqual([{ status: "dead", on: true }]);
    const boss = radio.applyDamage({ ...minion(10), kind: "boss" }, hit({ action: "targeted", called: "heart" }, 6));
    expect(boss.state.kind).toBe("boss");
    expect(boss.state.state).toBe("dead");
  });

  it("disables a limb, or takes the weapon on a 6", () => {
    expect(radio.applyDamage(minion(10), hit({ action: "targeted", called: "limb", limb: "left arm" }, 1, 2)).state.disabledLimbs).toEqual(["left arm"]);
    const lost = radio.applyDamage(minion(10), hit({ action: "targeted", called: "limb", limb: "left arm" }, 1, 6)).state;
    expect(lost.disabledLimbs).toEqual([]);
    expect(lost.disarmed).toBe(true);
  });

  it("removes henchmen from a group, a head shot taking at least one", () => {
    const thugs: radio.HenchmenState = { kind: "henchmen", count: 5, woundsEach: 2, carried: 0 };
    const r = radio.applyDamage(thugs, hit());
    expect(r.state).toEqual({ kind: "henchmen", count: 4, woundsEach: 2, carried: 1 });
    expect(r.removed).toBe(1);
    const weak = radio.resolveDamage({ attack: radio.resolveAttack(jakeShoots({ dice: [10, 10], weapon: "hand", action: "targeted" })), critRoll: 1 });
    expect(radio.applyDamage({ ...thugs, woundsEach: 3 }, weak).removed).toBe(0);
    const head = radio.resolveDamage({ attack: radio.resolveAttack(jakeShoots({ dice: [10, 10], weapon: "blade", action: "targeted", called: "head" })), critRoll: 1 });
    expect(radio.applyDamage({ ...thugs, woundsEach: 5 }, head).removed).toBe(1);
  });

  it("refuses a target it does not know", () => {
    expectRuleError(() => radio.applyDamage({ kind: "dragon" } as unknown as radio.TargetState, hit()), "badChoice");
  });

  it("throws only typed errors on arbitrary attack input (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          attacker: fc.record({ kind: fc.constantFrom("pc", "minion", "henchmen", "x"), skill: fc.option(fc.integer({ min: -60, max: 60 }), { nil: undefined }), tier: fc.option(fc.constantFrom(...radio.TIERS), { nil: undefined }) }),
          action: fc.constantFrom(...radio.ACTIONS),
          dice: fc.tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 0, max: 11 })),
          weapon: fc.constantFrom(...radio.WEAPONS),
          called: fc.constantFrom(...radio.CALLED_SHOTS),
          terrain: fc.boolean(),
          knockout: fc.boolean(),
          tokensSpent: fc.constantFrom(0, 3, 5),
          phase: fc.integer({ min: 0, max: 5 }),
        }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (input, critRoll, limbRoll) =>
          throwsOnlyRuleErrors(() => {
            const attack = radio.resolveAttack(input as radio.ResolveAttackInput);
            if (!attack.hit) return;
            const result = radio.resolveDamage({ attack, critRoll, ...(attack.called === "limb" ? { limbRoll } : {}) });
            expect(result.damage).toBeGreaterThanOrEqual(1);
            radio.applyDamage(minion(3), result);
          }),
      ),
      { numRuns: 1000 },
    );
  });
});
