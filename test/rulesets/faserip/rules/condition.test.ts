import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  RANK_KEYS,
  applyAttack,
  applySecondary,
  dyingTick,
  endOfFight,
  readState,
  releaseHold,
  resolveAttack,
  resolveSecondary,
  stabilise,
  standUp,
  stunCount,
  stunTick,
  zeroHealthFeat,
  checkZeroHealthFeat,
  restoreHealth,
  CANNOT_ACT,
  cannotActStatus,
  keepsDown,
} from "../../../../src/rulesets/faserip/rules/index.js";
import type { AttackInput, CombatantState } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

const target: CombatantState = { health: 50, healthMax: 60, endurance: "good", statuses: [], stunnedRounds: 0 };
const blow: AttackInput = { action: "slugfest", abilityRank: "remarkable", roll: 50, attacker: { strength: "incredible" }, defender: { endurance: "good", armor: "typical" } };

describe("applyAttack", () => {
  it("a Hit takes damage off Health", () => {
    const { state, events } = applyAttack(target, resolveAttack(blow));
    expect(state.health).toBe(16); // 50 − (40 − 6)
    expect(events).toEqual([]);
  });

  it("Health never goes below 0, and 0 Health means unconscious", () => {
    const { state, events } = applyAttack({ ...target, health: 20 }, resolveAttack(blow));
    expect(state.health).toBe(0);
    expect(state.statuses).toEqual(["unconscious"]);
    expect(events).toEqual([{ status: "unconscious", on: true }]);
  });

  it("Kill: Health drops to 0 and the target is dying", () => {
    const kill = resolveAttack({ ...blow, action: "hackSlash", roll: 97 });
    const { state, events } = applyAttack(target, kill);
    expect(state.health).toBe(0);
    expect(events).toEqual([
      { status: "unconscious", on: true },
      { status: "dying", on: true },
    ]);
  });

  it("D RF2: a Kill Body Armor stopped whole changes nothing; an older card without `kill: false` still kills", () => {
    const kill = resolveAttack({ ...blow, action: "hackSlash", roll: 97, defender: { ...blow.defender, armor: "unearthly" } });
    expect(kill.kill).toBe(false);
    const { state, events } = applyAttack(target, kill);
    expect(state.health).toBe(target.health);
    expect(events).toEqual([]);
    const { kill: _dropped, armorStopped: _also, ...older } = resolveAttack({ ...blow, action: "hackSlash", roll: 97 });
    expect(applyAttack(target, older as never).state.health).toBe(0);
  });

  it("a knocked-back target is prone; a staggered one is not", () => {
    const slam = resolveAttack({ ...blow, roll: 70, secondaryRoll: 10 });
    expect(applyAttack(target, slam).events).toEqual([{ status: "prone", on: true }]);
    const oneArea = resolveAttack({ ...blow, roll: 70, secondaryRoll: 50 });
    expect(applyAttack(target, oneArea).state.statuses).toEqual(["prone"]);
    const stagger = resolveAttack({ ...blow, roll: 70, secondaryRoll: 80 });
    expect(applyAttack(target, stagger).events).toEqual([]);
  });

  it("a stunned target is stunned for the rolled rounds", () => {
    const stun = resolveAttack({ ...blow, roll: 96, secondaryRoll: 5, stunD10: 4 });
    const { state, events } = applyAttack(target, stun);
    expect(state.stunnedRounds).toBe(4);
    expect(events).toEqual([{ status: "stunned", on: true }]);
  });

  it("a Hold restrains the target", () => {
    const hold = resolveAttack({ ...blow, action: "grappling", roll: 99 });
    expect(applyAttack(target, hold).events).toEqual([{ status: "restrained", on: true }]);
  });

  it("a dead target is not changed", () => {
    const dead = { ...target, health: 0, statuses: ["dead" as const] };
    expect(applyAttack(dead, resolveAttack(blow))).toEqual({ state: { ...dead, stunnedRounds: 0 }, events: [] });
  });

  it("refuses a malformed result or state", () => {
    expectRuleError(() => applyAttack(target, { feat: { effect: "boom" } } as never), "badChoice");
    expectRuleError(() => applyAttack({ ...target, health: 70 }, resolveAttack(blow)), "badNumber");
    expectRuleError(() => applyAttack({ ...target, statuses: ["asleep" as never] }, resolveAttack(blow)), "badChoice");
  });

  it("Health stays in 0..max and events match the status change (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 100 }), fc.constantFrom(...RANK_KEYS), fc.integer({ min: 1, max: 100 }), (hp, extra, roll, endurance, secondaryRoll) => {
        const state = { health: hp, healthMax: hp + extra, endurance, statuses: [], stunnedRounds: 0 };
        const r = resolveAttack({ ...blow, roll, defender: { endurance, armor: "typical" }, secondaryRoll, stunD10: 3 });
        const out = applyAttack(state, r);
        const ons = out.events.filter((e) => e.on).map((e) => e.status).sort();
        return out.state.health >= 0 && out.state.health <= state.health && ons.join() === [...out.state.statuses].sort().join() && (out.state.health > 0 || out.state.statuses.includes("unconscious"));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("applySecondary (a check rolled after the attack)", () => {
  it("applies the stun", () => {
    const check = resolveSecondary({ kind: "stun", enduranceRank: "good", roll: 50 });
    expect(applySecondary(target, check).state).toMatchObject({ stunnedRounds: 1, statuses: ["stunned"] });
  });

  it("a stun received after the stunned one acted this round still costs its rounds' actions (one more round start counted)", () => {
    const check = resolveSecondary({ kind: "stun", enduranceRank: "good", roll: 50 });
    expect(check.rounds).toBe(1);
    const after = applySecondary(target, check, { actedThisRound: true }).state;
    expect(after).toMatchObject({ stunnedRounds: 2, statuses: ["stunned"] });
    // The next round start leaves it stunned for that whole round (its action lost); the one after frees it.
    const next = stunTick(after).state;
    expect(cannotActStatus(next)).toBe("stunned");
    expect(cannotActStatus(stunTick(next).state)).toBeNull();
    // Before acting, the current round is the stun's round: the next round start frees them.
    expect(cannotActStatus(stunTick(applySecondary(target, check, { actedThisRound: false }).state).state)).toBeNull();
  });

  it("endOfFight: a counted stun's rounds run out and the status goes; a stun with no count (set by hand) and the rest stay", () => {
    const stunned: CombatantState = { ...target, statuses: ["prone", "stunned"], stunnedRounds: 4 };
    expect(endOfFight(stunned)).toEqual({ state: { ...stunned, statuses: ["prone"], stunnedRounds: 0 }, events: [{ status: "stunned", on: false }] });
    expect(endOfFight({ ...target, statuses: ["stunned"], stunnedRounds: 0 })).toEqual({ state: { ...target, statuses: ["stunned"], stunnedRounds: 0 }, events: [] });
    expect(endOfFight(target).events).toEqual([]);
  });

  it("stunCount adds the round only to a real stun after acting, and the longer count still wins", () => {
    expect(stunCount(3, { actedThisRound: true })).toBe(4);
    expect(stunCount(3, {})).toBe(3);
    expect(stunCount(0, { actedThisRound: true })).toBe(0);
    const check = resolveSecondary({ kind: "stun", enduranceRank: "good", roll: 50 });
    expect(applySecondary({ ...target, statuses: ["stunned"], stunnedRounds: 5 }, check, { actedThisRound: true }).state.stunnedRounds).toBe(5);
  });
});

describe("stun and holds wear off", () => {
  it("stunTick counts down and ends the status at 0", () => {
    const s = { ...target, statuses: ["stunned" as const], stunnedRounds: 2 };
    const one = stunTick(s);
    expect(one.state.stunnedRounds).toBe(1);
    expect(one.events).toEqual([]);
    expect(stunTick(one.state).events).toEqual([{ status: "stunned", on: false }]);
  });

  it("releaseHold ends restrained", () => {
    expect(releaseHold({ ...target, statuses: ["restrained"] }).events).toEqual([{ status: "restrained", on: false }]);
  });
});

describe("standUp (D: prone ends when a character who can act gets up)", () => {
  it("ends prone and nothing else", () => {
    const { state, events } = standUp({ ...target, statuses: ["prone"] });
    expect(state.statuses).toEqual([]);
    expect(state.health).toBe(50);
    expect(events).toEqual([{ status: "prone", on: false }]);
  });

  it("refuses one who is not prone, and one kept down (dead, dying, unconscious, stunned, held)", () => {
    expectRuleError(() => standUp(target), "notProne");
    for (const s of ["dead", "dying", "unconscious", "stunned", "restrained"] as const) {
      expectRuleError(() => standUp({ ...target, statuses: ["prone", s], stunnedRounds: s === "stunned" ? 2 : 0 }), "cannotStand");
    }
    // A stun count alone (the status list not yet updated) also keeps them down.
    expectRuleError(() => standUp({ ...target, statuses: ["prone"], stunnedRounds: 1 }), "cannotStand");
  });

  it("refuses exactly on keepsDown: the one cannot-act list, plus held (a held hero still acts)", () => {
    expect(CANNOT_ACT).toEqual(["dead", "dying", "unconscious", "stunned"]);
    fc.assert(
      fc.property(fc.subarray(["dead", "dying", "unconscious", "stunned", "restrained", "prone"] as const), fc.integer({ min: 0, max: 10 }), (list, stunnedRounds) => {
        const statuses = [...new Set(["prone", ...list])];
        const keeps = keepsDown({ statuses, stunnedRounds });
        const acts = cannotActStatus({ statuses, stunnedRounds });
        expect(keeps).toBe(acts ?? (statuses.includes("restrained") ? "restrained" : null));
        if (keeps) expectRuleError(() => standUp({ ...target, statuses: statuses as never, stunnedRounds }), "cannotStand");
        else expect(standUp({ ...target, statuses: statuses as never, stunnedRounds }).state.statuses).not.toContain("prone");
      }),
    );
    // The most telling first: dead before stunned.
    expect(cannotActStatus({ statuses: ["stunned", "dead"], stunnedRounds: 3 })).toBe("dead");
  });
});

describe("dying", () => {
  const dying: CombatantState = { health: 0, healthMax: 60, endurance: "poor", statuses: ["unconscious", "dying"], stunnedRounds: 0 };

  it("loses one Endurance rank each round", () => {
    const t = dyingTick(dying);
    expect(t).toMatchObject({ enduranceBefore: "poor", enduranceAfter: "feeble", died: false, events: [] });
    expect(dyingTick(t.state).state.endurance).toBe("shift0");
  });

  it("dies when Endurance would fall below Shift 0 (P)", () => {
    const t = dyingTick({ ...dying, endurance: "shift0" });
    expect(t.died).toBe(true);
    expect(t.enduranceAfter).toBeNull();
    expect(t.state.statuses).toEqual(["dead"]);
    expect(t.events).toEqual([
      { status: "unconscious", on: false },
      { status: "dying", on: false },
      { status: "dead", on: true },
    ]);
  });

  it("Class ranks lose rank down the full ladder", () => {
    expect(dyingTick({ ...dying, endurance: "class1000" }).enduranceAfter).toBe("shiftZ");
  });

  it("stabilise stops dying; the character stays unconscious", () => {
    const s = stabilise(dying);
    expect(s.state.statuses).toEqual(["unconscious"]);
    expect(s.events).toEqual([{ status: "dying", on: false }]);
    expectRuleError(() => dyingTick(s.state), "notDying");
    expectRuleError(() => stabilise(s.state), "notDying");
  });

  it("always dies within the number of ranks + 1 ticks (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...RANK_KEYS), (endurance) => {
        let s: CombatantState = { ...dying, endurance };
        let ticks = 0;
        while (!s.statuses.includes("dead")) {
          s = dyingTick(s).state;
          ticks++;
        }
        return ticks === RANK_KEYS.indexOf(endurance) + 1;
      }),
      { numRuns: 1000 },
    );
  });
});

describe("Endurance FEAT at 0 Health", () => {
  const down: CombatantState = { health: 0, healthMax: 60, endurance: "good", statuses: ["unconscious"], stunnedRounds: 0 };

  it("a failure (White) starts dying", () => {
    const r = zeroHealthFeat(down, 45);
    expect(r).toMatchObject({ color: "white", startsDying: true });
    expect(r.events).toEqual([{ status: "dying", on: true }]);
  });

  it("a success leaves them unconscious, not dying", () => {
    expect(zeroHealthFeat(down, 46)).toMatchObject({ color: "green", startsDying: false, events: [] });
  });

  it("Karma can save them", () => {
    expect(zeroHealthFeat(down, 40, { points: 6, pool: 6 })).toMatchObject({ effectiveRoll: 46, startsDying: false, karmaPoolAfter: 0 });
  });

  it("only at 0 Health and not already dying", () => {
    expectRuleError(() => zeroHealthFeat({ ...down, health: 5 }, 10), "notAtZeroHealth");
    expectRuleError(() => zeroHealthFeat({ ...down, statuses: ["dying"] }, 10), "alreadyDying");
  });

  it("checkZeroHealthFeat refuses the same cases with no roll (asked before any die is claimed)", () => {
    expect(checkZeroHealthFeat(down)).toMatchObject({ health: 0, endurance: "good" });
    expectRuleError(() => checkZeroHealthFeat({ ...down, health: 5 }), "notAtZeroHealth");
    expectRuleError(() => checkZeroHealthFeat({ ...down, statuses: ["dead"] }), "alreadyDying");
  });
});

describe("readState", () => {
  it("normalises a raw Endurance number and a missing stun count", () => {
    expect(readState({ health: 1, healthMax: 2, endurance: 22, statuses: ["prone", "prone"] })).toEqual({
      health: 1,
      healthMax: 2,
      endurance: "excellent",
      statuses: ["prone"],
      stunnedRounds: 0,
    });
  });

  it("bad states are typed errors (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: -1 }), (h) => throwsRuleError(() => readState({ ...target, health: h }))),
      { numRuns: 1000 },
    );
    expectRuleError(() => readState(null as never), "badInput");
  });
});

describe("restoreHealth (the sheet's Restore)", () => {
  const dying: CombatantState = { health: 0, healthMax: 60, endurance: "typical", statuses: ["unconscious", "dying", "prone", "stunned"], stunnedRounds: 2 };

  it("Health to max, Endurance to its base rank; unconscious and dying end, other statuses stay", () => {
    const r = restoreHealth(dying, 20);
    expect(r.state).toMatchObject({ health: 60, healthMax: 60, endurance: "excellent", stunnedRounds: 2 });
    expect([...r.state.statuses].sort()).toEqual(["prone", "stunned"]);
    expect(r.events).toEqual(expect.arrayContaining([{ status: "unconscious", on: false }, { status: "dying", on: false }]));
    expect(r.events).toHaveLength(2);
  });

  it("a dead character is refused", () => {
    expectRuleError(() => restoreHealth({ ...dying, statuses: ["dead"] }, 20), "restoreDead");
  });
});
