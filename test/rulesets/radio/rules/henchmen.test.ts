import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError, throwsOnlyRuleErrors } from "./helpers.js";

describe("applyToHenchmen", () => {
  it("removes one henchman per wound by default", () => {
    const r = radio.applyToHenchmen(radio.henchmenGroup(6), 3);
    expect(r.group).toEqual({ count: 3, woundsEach: 1, carried: 0 });
    expect(r.removed).toBe(3);
    expect(r.wasted).toBe(0);
    expect(r.events).toEqual([]);
  });

  it("carries the remainder when each henchman takes several wounds", () => {
    // 2 wounds each: 5 damage drops two and leaves the third with 1.
    const first = radio.applyToHenchmen(radio.henchmenGroup(4, 2), 5);
    expect(first.group).toEqual({ count: 2, woundsEach: 2, carried: 1 });
    expect(first.removed).toBe(2);
    // 1 more finishes that third one.
    const second = radio.applyToHenchmen(first.group, 1);
    expect(second.group).toEqual({ count: 1, woundsEach: 2, carried: 0 });
    expect(second.removed).toBe(1);
  });

  it("emptying the group marks it dead and wastes the excess", () => {
    const r = radio.applyToHenchmen({ count: 2, woundsEach: 1, carried: 0 }, 5);
    expect(r.group).toEqual({ count: 0, woundsEach: 1, carried: 0 });
    expect(r.removed).toBe(2);
    expect(r.wasted).toBe(3);
    expect(r.events).toEqual([{ status: "dead", on: true }]);
    expect(radio.applyToHenchmen(r.group, 1).events).toEqual([]);
  });

  it("refuses impossible groups", () => {
    expectRuleError(() => radio.henchmenGroup(3, 0), "badNumber");
    expectRuleError(() => radio.applyToHenchmen({ count: 3, woundsEach: 2, carried: 2 }, 1), "badNumber");
    expectRuleError(() => radio.applyToHenchmen({ count: 0, woundsEach: 2, carried: 1 }, 1), "emptyGroupCarries");
    expectRuleError(() => radio.applyToHenchmen({ count: -1, woundsEach: 1, carried: 0 }, 1), "badNumber");
    expectRuleError(() => radio.applyToHenchmen(radio.henchmenGroup(3), 0), "badNumber");
  });

  const group = fc
    .record({ count: fc.integer({ min: 0, max: 50 }), woundsEach: fc.integer({ min: 1, max: 6 }) })
    .chain(({ count, woundsEach }) =>
      fc.record({ count: fc.constant(count), woundsEach: fc.constant(woundsEach), carried: count === 0 ? fc.constant(0) : fc.integer({ min: 0, max: woundsEach - 1 }) }),
    );

  it("never removes more than the group holds and conserves every wound (property)", () => {
    fc.assert(
      fc.property(group, fc.integer({ min: 1, max: 400 }), (g, dmg) => {
        const r = radio.applyToHenchmen(g, dmg);
        expect(r.removed).toBeGreaterThanOrEqual(0);
        expect(r.removed).toBeLessThanOrEqual(g.count);
        expect(r.group.count).toBe(g.count - r.removed);
        expect(r.group.carried).toBeLessThan(g.woundsEach);
        expect(r.wasted).toBeGreaterThanOrEqual(0);
        // Wounds in = wounds accounted for: removed henchmen's wounds + change in carried + waste.
        expect(r.removed * g.woundsEach + r.group.carried - g.carried + r.wasted).toBe(dmg);
        expect(radio.henchmenPool(g) - radio.henchmenPool(r.group) + r.wasted).toBe(dmg);
        if (r.wasted > 0) expect(r.group.count).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it("two hits remove the same henchmen as one hit of their sum, short of overkill (property)", () => {
    fc.assert(
      fc.property(group, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (g, a, b) => {
        const once = radio.applyToHenchmen(g, a + b);
        const first = radio.applyToHenchmen(g, a);
        const twice = radio.applyToHenchmen(first.group, b);
        expect(first.removed + twice.removed).toBe(once.removed);
        expect(twice.group).toEqual(once.group);
      }),
      { numRuns: 1000 },
    );
  });

  it("throws only typed errors on arbitrary input (property)", () => {
    fc.assert(
      fc.property(fc.record({ count: fc.anything(), woundsEach: fc.anything(), carried: fc.anything() }), fc.anything(), (g, d) =>
        throwsOnlyRuleErrors(() => radio.applyToHenchmen(g as unknown as radio.HenchmenGroup, d as number)),
      ),
      { numRuns: 1000 },
    );
  });
});

describe("henchmen on the shared wounds engine's group track", () => {
  /** applyToHenchmen's and henchmenPool's own arithmetic before they called damageGroup/groupRemaining (audit s15). */
  const former = (g: radio.HenchmenGroup, dmg: number) => {
    const soaked = g.carried + dmg;
    const removed = Math.min(g.count, Math.floor(soaked / g.woundsEach));
    const count = g.count - removed;
    const carried = count === 0 ? 0 : soaked - removed * g.woundsEach;
    const wasted = count === 0 ? soaked - removed * g.woundsEach : 0;
    return { group: { count, woundsEach: g.woundsEach, carried }, removed, wasted, pool: g.count * g.woundsEach - g.carried };
  };
  const check = (g: radio.HenchmenGroup, dmg: number) => {
    const want = former(g, dmg);
    const got = radio.applyToHenchmen(g, dmg);
    expect({ group: got.group, removed: got.removed, wasted: got.wasted }).toEqual({ group: want.group, removed: want.removed, wasted: want.wasted });
    expect(got.events).toEqual(g.count > 0 && want.group.count === 0 ? [{ status: "dead", on: true }] : []);
    expect(radio.henchmenPool(g)).toBe(want.pool);
  };
  it("gives the former results for every small group and hit (count 0–12, 1–5 wounds each, every carried, damage 1–70)", () => {
    for (let count = 0; count <= 12; count++)
      for (let woundsEach = 1; woundsEach <= 5; woundsEach++)
        for (let carried = 0; carried < (count === 0 ? 1 : woundsEach); carried++)
          for (let dmg = 1; dmg <= 70; dmg++) check({ count, woundsEach, carried }, dmg);
  });
  it("property: gives the former results over the whole accepted range", () => {
    const group = fc
      .record({ count: fc.integer({ min: 0, max: radio.MAX_HENCHMEN }), woundsEach: fc.integer({ min: 1, max: radio.MAX_WOUNDS_EACH }) })
      .chain(({ count, woundsEach }) => fc.record({ count: fc.constant(count), woundsEach: fc.constant(woundsEach), carried: fc.integer({ min: 0, max: count === 0 ? 0 : woundsEach - 1 }) }));
    fc.assert(
      fc.property(group, fc.integer({ min: 1, max: radio.MAX_DAMAGE }), (g, dmg) => check(g, dmg)),
      { numRuns: 1000 },
    );
  });
});
