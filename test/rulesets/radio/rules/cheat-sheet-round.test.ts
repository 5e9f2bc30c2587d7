/**
 * The seed's cheat sheet (Steps 1–7) run as scripted rounds, loosely following Episode 3: Jake,
 * Malefice and Dr Herbivore against Falzetti's corpse (a boss, the group's leader) and his two
 * lieutenants (minions). Every die value is chosen by hand; every expected number is worked out
 * in the comment beside it from the seed's rules, not read back from the implementation.
 */
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";

describe("cheat sheet flow: one round in the warehouse", () => {
  it("runs Steps 1–7", () => {
    // Step 1 — initiative, 1d6 per PC and one for the corpses (one NPC group).
    // Jake 5 ties the corpses' 5: the player goes first. Malefice and the Doctor tie on 3 and
    // re-roll: Malefice 4, Doctor 2.
    const init = radio.initiativeOrder(
      [
        { id: "corpses", roll: 5, isPC: false },
        { id: "jake", roll: 5, isPC: true },
        { id: "doc", roll: 3, isPC: true },
        { id: "malefice", roll: 3, isPC: true },
      ],
      ((faces) => () => faces.shift()!)([2, 4]),
    );
    expect(init.order).toEqual(["jake", "corpses", "malefice", "doc"]);
    expect(init.rerolls).toEqual([
      { id: "doc", rolls: [2] },
      { id: "malefice", rolls: [4] },
    ]);

    // Step 2 — actions for the round. The corpses' group acts as one participant on the board.
    const actions: Record<string, radio.Action> = { jake: "standard", corpses: "standard", malefice: "spell", doc: "targeted" };
    const plan = radio.roundPlan(init.order, actions);
    expect(plan.map((s) => `${s.phase}:${s.id}:${s.activity}`)).toEqual([
      "1:jake:test",
      "1:corpses:test",
      "1:malefice:prepare",
      "2:malefice:test",
      "2:doc:test",
      "3:jake:test",
      "3:corpses:test",
      "3:malefice:prepare",
      "4:malefice:test",
      "4:doc:test",
    ]);

    // The table: wound points from the GM's notes; PCs from their sheets.
    let falzetti: radio.OpponentState = { kind: "boss", wounds: 8, state: "active", disabledLimbs: [], disarmed: false };
    let lt1: radio.OpponentState = { kind: "minion", wounds: 5, state: "active", disabledLimbs: [], disarmed: false };
    let lt2: radio.OpponentState = { kind: "minion", wounds: 5, state: "active", disabledLimbs: [], disarmed: false };
    let doc: radio.PcState = { kind: "pc", wounds: 3, state: "active", finalAction: false, piercingWounds: 0, disabledLimbs: [], disarmed: false };
    const tokens: Record<string, number> = { jake: 0, malefice: 0, doc: 0 };

    // Steps 3–6, phase 1. Jake describes shooting the lead corpse from behind a crate (terrain).
    // 6 + 5 + skill 2 + standard 0 + terrain 1 = 14 > 11: hit. The d6 shows 3: projectile 3 wounds.
    const a1 = radio.resolveAttack({ attacker: { kind: "pc", skill: 2 }, action: "standard", phase: 1, dice: [6, 5], weapon: "projectile", terrain: true, described: true });
    expect([a1.total, a1.hit, a1.tokensEarned]).toEqual([14, true, 2]);
    tokens.jake! += a1.tokensEarned - a1.tokensCharged;
    const d1 = radio.resolveDamage({ attack: a1, critRoll: 3 });
    expect(d1.damage).toBe(3);
    falzetti = radio.applyDamage(falzetti, d1).state;
    expect([falzetti.wounds, falzetti.state]).toEqual([5, "active"]);

    // The corpses (skilled, +2) swing at the Doctor: 4 + 4 + 2 = 10, a miss.
    const a2 = radio.resolveAttack({ attacker: { kind: "boss", tier: "skilled" }, action: "standard", phase: 1, dice: [4, 4], weapon: "hand" });
    expect([a2.total, a2.hit]).toEqual([10, false]);

    // Malefice prepares her spell (no roll). Phase 2: she releases it at Falzetti.
    // 7 + 6 + skill 1 + spell 0 = 14: hit. A fire spell counts as an area weapon (4); the d6
    // shows 6: 8 wounds. 5 − 8 = −3: below 0, dead.
    const a3 = radio.resolveAttack({ attacker: { kind: "pc", skill: 1 }, action: "spell", phase: 2, dice: [7, 6], weapon: "area", described: true });
    expect([a3.total, a3.hit]).toEqual([14, true]);
    tokens.malefice! += a3.tokensEarned;
    const d3 = radio.resolveDamage({ attack: a3, critRoll: 6 });
    expect(d3.damage).toBe(8);
    const falls = radio.applyDamage(falzetti, d3);
    falzetti = falls.state;
    expect([falzetti.wounds, falzetti.state]).toEqual([-3, "dead"]);
    expect(falls.events).toEqual([{ status: "dead", on: true }]);

    // The leader has fallen: each lieutenant makes a consequence roll. 3 and 2 — neither is a 6,
    // both stay ("do not seem phased by the loss of their boss").
    expect(radio.leaderFalls(["lt1", "lt2"], [3, 2]).stays).toEqual(["lt1", "lt2"]);

    // The Doctor fires his gadget at a lieutenant: 2 + 3 + skill 1 + targeted 2 = 8, a miss.
    const a4 = radio.resolveAttack({ attacker: { kind: "pc", skill: 1 }, action: "targeted", phase: 2, dice: [2, 3], weapon: "projectile" });
    expect(a4.hit).toBe(false);

    // Phase 3. Jake shoots lieutenant 2: 5 + 5 + 2 = 12, hit; the d6 shows 6: 3 × 2 = 6 wounds.
    // 5 − 6 = −1: dead.
    const a5 = radio.resolveAttack({ attacker: { kind: "pc", skill: 2 }, action: "standard", phase: 3, dice: [5, 5], weapon: "projectile", described: true });
    tokens.jake! += a5.tokensEarned;
    lt2 = radio.applyDamage(lt2, radio.resolveDamage({ attack: a5, critRoll: 6 })).state;
    expect([lt2.wounds, lt2.state]).toEqual([-1, "dead"]);

    // Lieutenant 1 punches the Doctor: 6 + 4 + 2 = 12, hit; d6 2: 1 wound. 3 − 1 = 2, still up
    // ("sliding across the floor in a daze").
    const a6 = radio.resolveAttack({ attacker: { kind: "minion", tier: "skilled" }, action: "standard", phase: 3, dice: [6, 4], weapon: "hand" });
    expect(a6.hit).toBe(true);
    doc = radio.applyDamage(doc, radio.resolveDamage({ attack: a6, critRoll: 2 })).state;
    expect([doc.wounds, doc.state, doc.piercingWounds]).toEqual([2, "active", 0]);

    // Phase 4. Malefice is being choked; committed to magic, her release misses (1 + 2 + 1 = 4).
    expect(radio.resolveAttack({ attacker: { kind: "pc", skill: 1 }, action: "spell", phase: 4, dice: [1, 2], weapon: "area" }).hit).toBe(false);

    // The Doctor, prone, aims a head shot with his piercing gadget: 10 + 9 + 1 + 2 − 6 = 16, hit.
    // The lieutenant wears no helmet. A head shot that lands kills, whatever the wounds.
    const a7 = radio.resolveAttack({ attacker: { kind: "pc", skill: 1 }, action: "targeted", phase: 4, dice: [10, 9], weapon: "projectile", called: "head", described: true });
    expect([a7.total, a7.hit]).toEqual([16, true]);
    tokens.doc! += a7.tokensEarned;
    const d7 = radio.resolveDamage({ attack: a7, critRoll: 4 });
    expect(d7.lethal).toBe(true);
    lt1 = radio.applyDamage(lt1, d7).state;
    expect(lt1.state).toBe("dead");

    // Step 6 end check: no antagonist left standing — combat is over, the heroes win.
    const standing = (xs: { state: radio.WoundState }[]) => xs.filter((x) => x.state === "active").length;
    const sides = [
      { id: "heroes", standing: 3 },
      { id: "corpses", standing: standing([falzetti, lt1, lt2]) },
    ];
    expect(radio.combatOver(sides)).toBe(true);
    expect(radio.combatWinner(sides)).toBe("heroes");

    // Tokens earned on the way: Jake 2 + 2, Malefice 2, the Doctor 2 (his missed shot was not described).
    expect(tokens).toEqual({ jake: 4, malefice: 2, doc: 2 });
  });

  it("Step 7: a second round re-rolls initiative, and a defended PC can escape", () => {
    // Round 2 (fresh initiative, nothing carried over): the hero goes defensive.
    const init = radio.initiativeOrder([
      { id: "thugs", roll: 6, isPC: false },
      { id: "jake", roll: 2, isPC: true },
    ]);
    expect(init.order).toEqual(["thugs", "jake"]);
    const plan = radio.roundPlan(init.order, { thugs: "frenzied", jake: "defensive" });
    expect(plan.every((s) => s.id === "thugs")).toBe(true);

    // The thugs are henchmen (novice −2), 4 of them, 1 wound each. Against defensive Jake:
    // 9 + 9 − 2 − 2 frenzied − 4 defensive = 10, a miss; 10 + 10 − 8 = 12, a hit for a club's 2,
    // halved to 1.
    const miss = radio.resolveAttack({ attacker: { kind: "henchmen", tier: "novice" }, action: "frenzied", dice: [9, 9], weapon: "club", target: { defensive: true } });
    expect(miss.hit).toBe(false);
    const hit = radio.resolveAttack({ attacker: { kind: "henchmen", tier: "novice" }, action: "frenzied", dice: [10, 10], weapon: "club", target: { defensive: true } });
    expect(hit.total).toBe(12);
    const dmg = radio.resolveDamage({ attack: hit, critRoll: 1 });
    expect(dmg.damage).toBe(1);
    const jake: radio.PcState = { kind: "pc", wounds: 4, state: "active", finalAction: false, piercingWounds: 0, disabledLimbs: [], disarmed: false };
    expect(radio.applyDamage(jake, dmg).state.wounds).toBe(3);

    // End of the defensive round: Jake's consequence roll is a 4 — not a 6, he gets away.
    expect(radio.escapeCheck({ action: "defensive", roll: 4 })).toBe("escapes");
    // He described his defence: 1 token.
    expect(radio.tokensEarned("defensive", true)).toBe(1);
    // With Jake gone the henchmen have nobody to oppose: combat over.
    expect(radio.combatOver([{ id: "heroes", standing: 0 }, { id: "thugs", standing: 4 }])).toBe(true);
  });
});
