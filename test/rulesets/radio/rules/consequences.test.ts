import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("leader falls", () => {
  it("a 6 flees, anything else stays", () => {
    expect(radio.fleeCheck(6)).toBe("flees");
    for (const r of [1, 2, 3, 4, 5]) expect(radio.fleeCheck(r)).toBe("stays");
    expectRuleError(() => radio.fleeCheck(0), "badNumber");
  });

  it("each member rolls for themself", () => {
    const r = radio.leaderFalls(["lt1", "lt2", "lt3"], [6, 2, 6]);
    expect(r.flees).toEqual(["lt1", "lt3"]);
    expect(r.stays).toEqual(["lt2"]);
    expect(r.results).toEqual([
      { id: "lt1", roll: 6, outcome: "flees" },
      { id: "lt2", roll: 2, outcome: "stays" },
      { id: "lt3", roll: 6, outcome: "flees" },
    ]);
    expectRuleError(() => radio.leaderFalls(["a", "b"], [1]), "rollCountMismatch");
    expectRuleError(() => radio.leaderFalls(["a", "a"], [1, 2]), "duplicateId");
  });

  it("henchmen groups lose one henchman per 6 and keep the carried damage", () => {
    expect(radio.henchmenFlee({ count: 4, woundsEach: 2, carried: 1 }, [6, 1, 6, 3])).toEqual({
      group: { count: 2, woundsEach: 2, carried: 1 },
      fled: 2,
    });
    expect(radio.henchmenFlee({ count: 1, woundsEach: 2, carried: 1 }, [6]).group).toEqual({ count: 0, woundsEach: 2, carried: 0 });
    expectRuleError(() => radio.henchmenFlee(radio.henchmenGroup(3), [1, 2]), "rollCountMismatch");
  });

  it("partitions the members (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 10 }).chain((ids) => fc.tuple(fc.constant(ids), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: ids.length, maxLength: ids.length }))), ([ids, rolls]) => {
        const r = radio.leaderFalls(ids, rolls);
        expect([...r.flees, ...r.stays].sort()).toEqual([...ids].sort());
        expect(r.flees.length).toBe(rolls.filter((x) => x === 6).length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("escapeCheck", () => {
  it("after a defensive round: not a 6 escapes, a 6 stays another round", () => {
    expect(radio.escapeCheck({ action: "defensive", roll: 1 })).toBe("escapes");
    expect(radio.escapeCheck({ action: "defensive", roll: 5 })).toBe("escapes");
    expect(radio.escapeCheck({ action: "defensive", roll: 6 })).toBe("stays");
  });

  it("only after a defensive round", () => {
    expectRuleError(() => radio.escapeCheck({ action: "standard", roll: 1 }), "escapeNeedsDefensive");
    expectRuleError(() => radio.escapeCheck({ action: "defensive", roll: 7 }), "badNumber");
  });
});

describe("combatOver", () => {
  it("ends when at most one side has anyone standing", () => {
    expect(radio.combatOver([{ id: "heroes", standing: 3 }, { id: "corpses", standing: 1 }])).toBe(false);
    expect(radio.combatOver([{ id: "heroes", standing: 3 }, { id: "corpses", standing: 0 }])).toBe(true);
    expect(radio.combatWinner([{ id: "heroes", standing: 3 }, { id: "corpses", standing: 0 }])).toBe("heroes");
    expect(radio.combatWinner([{ id: "heroes", standing: 2 }, { id: "corpses", standing: 2 }])).toBeNull();
    expect(radio.combatOver([{ id: "heroes", standing: 0 }, { id: "corpses", standing: 0 }])).toBe(true);
    expect(radio.combatWinner([{ id: "heroes", standing: 0 }, { id: "corpses", standing: 0 }])).toBeNull();
  });

  it("counts rival NPC groups as sides of their own", () => {
    const sides = [
      { id: "heroes", standing: 0 },
      { id: "mob", standing: 2 },
      { id: "cultists", standing: 1 },
    ];
    expect(radio.combatOver(sides)).toBe(false);
  });

  it("refuses bad sides", () => {
    expectRuleError(() => radio.combatOver([{ id: "a", standing: -1 }]), "badNumber");
    expectRuleError(() => radio.combatOver([{ id: "a", standing: 1 }, { id: "a", standing: 1 }]), "duplicateId");
  });
});
