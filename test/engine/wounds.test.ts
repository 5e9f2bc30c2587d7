import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  compareLevels,
  createGroup,
  createLadder,
  createPoints,
  damageGroup,
  damagePoints,
  groupRemaining,
  healPoints,
  isAtLeast,
  levelIndex,
  maxLevel,
  minLevel,
  normaliseStatuses,
  type PointsTrack,
  statusesAtLevel,
  statusesAtPoints,
  stepDown,
  stepLevel,
  stepUp,
  trackChange,
} from "../../src/engine/wounds.js";
import { STATUSES, type Status } from "../../src/engine/events.js";
import { codeOf, RUNS } from "./helpers.js";



const BOND_LEVELS = ["none", "ST", "LW", "MW", "HW", "IN", "KL"] as const;
type BondLevel = (typeof BOND_LEVELS)[number];
const bond = createLadder(BOND_LEVELS);
const levelArb = fc.constantFrom(...BOND_LEVELS);

describe("ladder", () => {
  it("steps up and down, clamped at the ends", () => {
    expect(stepUp(bond, "LW", 2)).toBe("HW");
    expect(stepUp(bond, "IN", 5)).toBe("KL");
    expect(stepUp(bond, "ST")).toBe("LW");
    expect(stepDown(bond, "MW", 2)).toBe("ST"); // Shake Off drops a wound two levels
    expect(stepDown(bond, "LW", 2)).toBe("none");
    expect(stepLevel(bond, "HW", -1)).toBe("MW");
  });
  it("compares and picks the worst and the least", () => {
    expect(compareLevels(bond, "MW", "LW")).toBe(1);
    expect(compareLevels(bond, "ST", "ST")).toBe(0);
    expect(compareLevels(bond, "none", "KL")).toBe(-1);
    expect(maxLevel(bond, "LW", "HW", "ST")).toBe("HW");
    expect(minLevel(bond, "LW", "HW", "ST")).toBe("ST");
    expect(isAtLeast(bond, "IN", "HW")).toBe(true);
    expect(isAtLeast(bond, "LW", "HW")).toBe(false);
    expect(levelIndex(bond, "KL")).toBe(6);
  });
  it("refuses unknown levels, bad ladders, negative step counts and an empty max", () => {
    expect(codeOf(() => stepUp(bond, "XX" as BondLevel))).toBe("badChoice");
    expect(codeOf(() => createLadder([]))).toBe("badLadder");
    expect(codeOf(() => createLadder(["a", "a"]))).toBe("badLadder");
    expect(codeOf(() => stepUp(bond, "ST", -1))).toBe("badNumber");
    expect(codeOf(() => maxLevel(bond))).toBe("badLadder");
    expect(codeOf(() => maxLevel(bond, "ST", "nope" as BondLevel))).toBe("badChoice");
  });
  it("property: stepLevel moves the index by n, clamped", () => {
    fc.assert(
      fc.property(levelArb, fc.integer({ min: -10, max: 10 }), (level, n) => {
        const i = BOND_LEVELS.indexOf(level);
        expect(levelIndex(bond, stepLevel(bond, level, n))).toBe(Math.min(6, Math.max(0, i + n)));
      }),
      RUNS,
    );
  });
  it("property: maxLevel/minLevel are members at least/most as severe as every input", () => {
    fc.assert(
      fc.property(fc.array(levelArb, { minLength: 1, maxLength: 6 }), (levels) => {
        const hi = maxLevel(bond, ...levels);
        const lo = minLevel(bond, ...levels);
        expect(levels).toContain(hi);
        expect(levels).toContain(lo);
        for (const l of levels) {
          expect(compareLevels(bond, hi, l)).toBeGreaterThanOrEqual(0);
          expect(isAtLeast(bond, l, lo)).toBe(true);
        }
      }),
      RUNS,
    );
  });
  it("property: compareLevels is antisymmetric and agrees with ladder order", () => {
    fc.assert(
      fc.property(levelArb, levelArb, (a, b) => {
        expect(compareLevels(bond, a, b)).toBe(-compareLevels(bond, b, a) || 0);
        expect(compareLevels(bond, a, b)).toBe(Math.sign(BOND_LEVELS.indexOf(a) - BOND_LEVELS.indexOf(b)));
      }),
      RUNS,
    );
  });
});

describe("points track", () => {
  it("Faserip-style Health: damage clamps at 0 and reports reaching 0", () => {
    const health = createPoints(40);
    expect(damagePoints(health, 15)).toEqual({ track: { current: 25, max: 40, min: 0 }, applied: 15, excess: 0, crossings: [] });
    const down = damagePoints({ current: 25, max: 40, min: 0 }, 30, [0]);
    expect(down).toEqual({ track: { current: 0, max: 40, min: 0 }, applied: 25, excess: 5, crossings: [{ threshold: 0, direction: "down" }] });
  });
  it("Radio-style wounds: 0 unconscious, below 0 dead, crossings in the order passed", () => {
    const pc = createPoints(3, 1, -1);
    expect(damagePoints(pc, 2, [0, -1]).crossings).toEqual([
      { threshold: 0, direction: "down" },
      { threshold: -1, direction: "down" },
    ]);
    const healed = healPoints({ current: -1, max: 3, min: -1 }, 2, [0, -1]);
    expect(healed.track.current).toBe(1);
    expect(healed.crossings).toEqual([
      { threshold: -1, direction: "up" },
      { threshold: 0, direction: "up" },
    ]);
  });
  it("healing clamps at max", () => {
    expect(healPoints({ current: 38, max: 40, min: 0 }, 5)).toMatchObject({ track: { current: 40 }, applied: 2, excess: 3 });
  });
  it("refuses negative amounts and malformed tracks", () => {
    expect(codeOf(() => damagePoints(createPoints(5), -1))).toBe("badNumber");
    expect(codeOf(() => damagePoints({ current: 6, max: 5, min: 0 }, 1))).toBe("badNumber");
    expect(codeOf(() => damagePoints(null as unknown as PointsTrack, 1))).toBe("badTrack");
    expect(codeOf(() => createPoints(5, 6))).toBe("badNumber");
    expect(codeOf(() => damagePoints(createPoints(5), 1, [0.5]))).toBe("badNumber");
  });

  const trackArb = fc
    .tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }))
    .map(([min, span, at]): PointsTrack => ({ min, max: min + span, current: min + Math.min(span, at) }));

  it("property: stays in [min, max], applied + excess = amount, crossings are exactly the thresholds passed", () => {
    fc.assert(
      fc.property(trackArb, fc.integer({ min: 0, max: 30 }), fc.boolean(), fc.uniqueArray(fc.integer({ min: -8, max: 28 }), { maxLength: 5 }), (t, amount, harm, marks) => {
        const r = harm ? damagePoints(t, amount, marks) : healPoints(t, amount, marks);
        expect(r.track.current).toBeGreaterThanOrEqual(t.min);
        expect(r.track.current).toBeLessThanOrEqual(t.max);
        expect(r.applied + r.excess).toBe(amount);
        expect(r.track.current).toBe(t.current + (harm ? -r.applied : r.applied));
        const reached = (v: number, m: number) => v <= m;
        const expected = marks
          .filter((m) => reached(t.current, m) !== reached(r.track.current, m))
          .sort((a, b) => (harm ? b - a : a - b))
          .map((threshold) => ({ threshold, direction: harm ? "down" : "up" }));
        expect(r.crossings).toEqual(expected);
      }),
      RUNS,
    );
  });
});

describe("group pool (henchmen)", () => {
  it("one wound each: damage removes that many henchmen", () => {
    expect(damageGroup(createGroup(5), 3)).toEqual({ track: { count: 2, eachMax: 1, carried: 0 }, removed: 3, excess: 0 });
  });
  it("the remainder carries to the next henchman", () => {
    const first = damageGroup(createGroup(3, 2), 3);
    expect(first).toEqual({ track: { count: 2, eachMax: 2, carried: 1 }, removed: 1, excess: 0 });
    const second = damageGroup(first.track, 1);
    expect(second).toEqual({ track: { count: 1, eachMax: 2, carried: 0 }, removed: 1, excess: 0 });
  });
  it("damage beyond the whole group is excess", () => {
    expect(damageGroup(createGroup(2, 2), 7)).toEqual({ track: { count: 0, eachMax: 2, carried: 0 }, removed: 2, excess: 3 });
  });
  it("refuses a malformed group", () => {
    expect(codeOf(() => damageGroup({ count: 2, eachMax: 2, carried: 2 }, 1))).toBe("badNumber");
    expect(codeOf(() => createGroup(2, 0))).toBe("badNumber");
  });
  const groupArb = fc
    .tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 4 }), fc.nat())
    .map(([count, eachMax, c]) => ({ count, eachMax, carried: count === 0 ? 0 : c % eachMax }));
  it("property: remaining drops by exactly min(damage, remaining); split damage equals whole damage", () => {
    fc.assert(
      fc.property(groupArb, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (g, a, b) => {
        const left = groupRemaining(g);
        const r = damageGroup(g, a);
        expect(groupRemaining(r.track)).toBe(Math.max(0, left - a));
        expect(r.excess).toBe(Math.max(0, a - left));
        expect(r.removed).toBe(g.count - r.track.count);
        const split = damageGroup(r.track, b);
        const whole = damageGroup(g, a + b);
        expect(split.track).toEqual(whole.track);
        expect(r.removed + split.removed).toBe(whole.removed);
      }),
      RUNS,
    );
  });
});

describe("statuses", () => {
  const radioBands = [
    { atOrBelow: 0, statuses: ["unconscious" as const] },
    { atOrBelow: -1, statuses: ["dead" as const] },
  ];
  it("statusesAtPoints picks the most severe band that holds", () => {
    expect(statusesAtPoints(1, radioBands)).toEqual([]);
    expect(statusesAtPoints(0, radioBands)).toEqual(["unconscious"]);
    expect(statusesAtPoints(-1, radioBands)).toEqual(["dead"]);
  });
  it("statusesAtLevel reads a level map", () => {
    const map = { IN: ["unconscious"], KL: ["dead"] } as const;
    expect(statusesAtLevel(bond, "IN", map)).toEqual(["unconscious"]);
    expect(statusesAtLevel(bond, "LW", map)).toEqual([]);
    expect(codeOf(() => statusesAtLevel(bond, "zz" as BondLevel, map))).toBe("badChoice");
  });
  it("trackChange packs the new track with the events to toggle", () => {
    const hit = damagePoints(createPoints(3, 1, -1), 1);
    const change = trackChange(createPoints(3, 1, -1), hit.track, (t) => statusesAtPoints(t.current, radioBands));
    expect(change).toEqual({ track: { current: 0, max: 3, min: -1 }, statuses: ["unconscious"], events: [{ status: "unconscious", on: true }] });
    const killed = trackChange<BondLevel>("HW", "KL", (l) => statusesAtLevel(bond, l, { IN: ["unconscious"], KL: ["dead"] }));
    expect(killed.events).toEqual([{ status: "dead", on: true }]);
  });
  it("normaliseStatuses de-duplicates, orders, and refuses unknown statuses", () => {
    expect(normaliseStatuses(["dead", "stunned", "dead"])).toEqual(["stunned", "dead"]);
    expect(codeOf(() => normaliseStatuses(["sleepy" as Status]))).toBe("badChoice");
  });
  it("property: applying trackChange's events to the old statuses gives the new ones", () => {
    const set = fc.subarray([...STATUSES]);
    fc.assert(
      fc.property(set, set, (before, after) => {
        const c = trackChange(before, after, (s) => s);
        const now = new Set<Status>(before);
        for (const e of c.events) {
          expect(now.has(e.status)).toBe(!e.on); // each event really changes something
          if (e.on) now.add(e.status);
          else now.delete(e.status);
        }
        expect(STATUSES.filter((s) => now.has(s))).toEqual(c.statuses);
        expect(c.statuses).toEqual(STATUSES.filter((s) => after.includes(s)));
      }),
      RUNS,
    );
  });
});
