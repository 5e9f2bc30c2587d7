import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { qualityOdds, qualityRating, qualityResultsTable } from "../../../../src/rulesets/bond/rules/index.js";
import type { Grid } from "../../../../src/engine/tables.js";
import { expectRuleError } from "./helpers.js";

/** An independent count: bands at 10/25/50/100 percent of SC, 100 always fails. */
function referenceCounts(sc: number): number[] {
  const counts = [0, 0, 0, 0, 0];
  const ceilings = [10, 25, 50, 100].map((p) => Math.floor((sc * p) / 100));
  for (let roll = 1; roll <= 100; roll++) {
    const band = roll === 100 ? -1 : ceilings.findIndex((c) => roll <= c);
    counts[band + 1]!++;
  }
  return counts;
}

describe("qualityOdds", () => {
  it("SC 50: QR1 5%, QR2 7%, QR3 13%, QR4 25%, failure 50%", () => {
    const o = qualityOdds(50);
    expect(o.counts).toEqual({ failure: 50, qr1: 5, qr2: 7, qr3: 13, qr4: 25 });
    expect(o.qr1).toBe(0.05);
    expect(o.success).toBe(0.5);
  });
  it("SC 150: only a 100 fails", () => {
    // ceilings 15, 37, 75, 150 → QR1 15, QR2 22, QR3 38, QR4 24 (76–99), failure 1.
    expect(qualityOdds(150).counts).toEqual({ failure: 1, qr1: 15, qr2: 22, qr3: 38, qr4: 24 });
  });
  it("SC 0 always fails", () => {
    expect(qualityOdds(0).counts).toEqual({ failure: 100, qr1: 0, qr2: 0, qr3: 0, qr4: 0 });
  });
  it("refuses a bad Success Chance", () => {
    expectRuleError(() => qualityOdds(-5), "badNumber");
  });
  it("property: sums to 1 and matches counting over 1..100", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (sc) => {
        const o = qualityOdds(sc);
        const c = o.counts;
        expect(c.failure + c.qr1 + c.qr2 + c.qr3 + c.qr4).toBe(100);
        expect(o.failure + o.qr1 + o.qr2 + o.qr3 + o.qr4).toBeCloseTo(1, 12);
        expect([c.failure, c.qr1, c.qr2, c.qr3, c.qr4]).toEqual(referenceCounts(sc));
        expect(o.success).toBeCloseTo(1 - o.failure, 12);
      }),
      { numRuns: 1000 },
    );
  });
});

/** The loop qualityOdds ran before it asked the shared engine (audit s15): qualityRating of each of the 100 faces. */
function formerCounts(sc: number, table: Grid = qualityResultsTable) {
  const keys = ["failure", "qr1", "qr2", "qr3", "qr4"] as const;
  const counts = { failure: 0, qr1: 0, qr2: 0, qr3: 0, qr4: 0 };
  for (let roll = 1; roll <= 100; roll++) counts[keys[qualityRating(roll, sc, table)]]++;
  return counts;
}

describe("qualityOdds from the shared engine's d100 bands", () => {
  it("equals the former face-by-face grading for every Success Chance 0–9990", () => {
    for (let sc = 0; sc <= 9990; sc++) {
      const o = qualityOdds(sc);
      const c = formerCounts(sc);
      expect(o.counts).toEqual(c);
      expect([o.failure, o.qr1, o.qr2, o.qr3, o.qr4, o.success]).toEqual([c.failure, c.qr1, c.qr2, c.qr3, c.qr4, 100 - c.failure].map((x) => x / 100));
    }
  });
  it("property: equals it under any Quality Results table, ordered or not, whole or fractional percents", () => {
    const percent = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9990 }), fc.tuple(percent, percent, percent, percent), (sc, [a, b, c, d]) => {
        const table: Grid = { ...qualityResultsTable, cells: [[a], [b], [c], [d]] };
        expect(qualityOdds(sc, table).counts).toEqual(formerCounts(sc, table));
      }),
      { numRuns: 1000 },
    );
  });
});

