import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { overrideGrid } from "../../../../src/engine/tables.js";
import {
  RANK_KEYS,
  rankFromNumber,
  rankNumber,
  rankNumbersTable,
  toRankKey,
  toRankNumber,
} from "../../../../src/rulesets/faserip/rules/index.js";
import type { RankKey } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

// RULES.md §4 rank numbers and the 1984 ranges given in the brief.
const EXPECTED: readonly [RankKey, number, number, number][] = [
  ["shift0", 0, 0, 0],
  ["feeble", 2, 1, 2],
  ["poor", 4, 3, 4],
  ["typical", 6, 5, 7],
  ["good", 10, 8, 15],
  ["excellent", 20, 16, 25],
  ["remarkable", 30, 26, 35],
  ["incredible", 40, 36, 45],
  ["amazing", 50, 46, 62],
  ["monstrous", 75, 63, 87],
  ["unearthly", 100, 88, 125],
  ["shiftX", 150, 126, 175],
  ["shiftY", 200, 176, 350],
  ["shiftZ", 500, 351, 999],
  ["class1000", 1000, 1000, 2999],
  ["class3000", 3000, 3000, 4999],
  ["class5000", 5000, 5000, 5000],
];

describe("rank numbers", () => {
  it.each(EXPECTED)("%s is %i", (key, n) => {
    expect(rankNumber(key)).toBe(n);
  });

  it("Beyond sits above Class 5000", () => {
    expect(rankNumber("beyond")).toBeGreaterThan(rankNumber("class5000"));
    expect(rankFromNumber(5001)).toBe("beyond");
    expect(rankFromNumber(1_000_000)).toBe("beyond");
  });

  it.each(EXPECTED)("%s covers its range ends", (key, _n, lo, hi) => {
    expect(rankFromNumber(lo)).toBe(key);
    expect(rankFromNumber(hi)).toBe(key);
    if (lo > 0) expect(rankFromNumber(lo - 1)).not.toBe(key);
    expect(rankFromNumber(hi + 1)).not.toBe(key);
  });

  it("every rank's own number maps back to it", () => {
    for (const k of RANK_KEYS) expect(rankFromNumber(rankNumber(k))).toBe(k);
  });

  it("rank numbers strictly ascend along the ladder", () => {
    for (let i = 1; i < RANK_KEYS.length; i++) expect(rankNumber(RANK_KEYS[i]!)).toBeGreaterThan(rankNumber(RANK_KEYS[i - 1]!));
  });

  it("toRankNumber/toRankKey accept keys and raw numbers", () => {
    expect(toRankNumber("x", "good")).toBe(10);
    expect(toRankNumber("x", 22)).toBe(22);
    expect(toRankKey("x", 22)).toBe("excellent");
    expect(toRankKey("x", "amazing")).toBe("amazing");
  });

  it("bad input is a typed error", () => {
    expectRuleError(() => rankNumber("mighty" as RankKey), "badChoice");
    expectRuleError(() => rankFromNumber(-1), "badNumber");
    expectRuleError(() => rankFromNumber(2.5), "badNumber");
    expectRuleError(() => rankFromNumber(Number.NaN), "badNumber");
    expectRuleError(() => toRankNumber("x", null), "badChoice");
    expectRuleError(() => toRankKey("x", -3), "badNumber");
  });

  it("rankFromNumber is monotone and total over whole numbers (property)", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return RANK_KEYS.indexOf(rankFromNumber(lo)) <= RANK_KEYS.indexOf(rankFromNumber(hi));
      }),
      { numRuns: 1000 },
    );
  });

  it("any non-integer or negative number is refused with a rule error (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noInteger: true }), fc.integer({ max: -1 })), (n) => throwsRuleError(() => rankFromNumber(n))),
      { numRuns: 1000 },
    );
  });
});

describe("rank numbers table", () => {
  it("passes its own check", () => {
    expect(rankNumbersTable.check?.(rankNumbersTable.cells)).toBeNull();
    expect(() => overrideGrid(rankNumbersTable, rankNumbersTable.cells)).not.toThrow();
  });

  it("refuses a rank number outside its own range", () => {
    const cells = rankNumbersTable.cells.map((r) => [...r]);
    cells[4]![0] = 16; // Good 16 would sit in Excellent's range
    expectRuleError(() => overrideGrid(rankNumbersTable, cells), "badTableCell");
  });

  it("refuses ranges that do not ascend", () => {
    const cells = rankNumbersTable.cells.map((r) => [...r]);
    cells[5]![1] = 8;
    expectRuleError(() => overrideGrid(rankNumbersTable, cells), "badTableCell");
  });

  it("a GM override changes the numbers read", () => {
    const cells = rankNumbersTable.cells.map((r) => [...r]);
    cells[4]![0] = 12;
    const g = overrideGrid(rankNumbersTable, cells);
    expect(rankNumber("good", g)).toBe(12);
  });
});
