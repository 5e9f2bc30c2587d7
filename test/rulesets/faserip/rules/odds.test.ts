import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { RANK_KEYS, colorCounts, colorOdds, rollWithKarma, universalColor } from "../../../../src/rulesets/faserip/rules/index.js";
import type { Color } from "../../../../src/rulesets/faserip/rules/index.js";
import { colorOnColumn } from "../../../../src/rulesets/faserip/rules/universal.js";
import { shiftRank as shiftRankOf } from "../../../../src/rulesets/faserip/rules/shifts.js";
import { universalTable } from "../../../../src/rulesets/faserip/rules/tables/universal-table.js";
import type { Grid } from "../../../../src/engine/tables.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

/** The loop colorCounts ran before it asked the shared engine (audit s15): every face, Karma added, graded by colorOnColumn. */
function formerColorCounts(rank: (typeof RANK_KEYS)[number], shift: number, karma: number, table: Grid = universalTable) {
  const column = shiftRankOf(rank, shift);
  const counts = { white: 0, green: 0, yellow: 0, red: 0 };
  for (let face = 1; face <= 100; face++) counts[colorOnColumn(Math.min(100, face + karma), column, table)] += 1;
  return counts;
}

const rank = fc.constantFrom(...RANK_KEYS);
const shift = fc.integer({ min: -20, max: 20 });
const karmaBonus = fc.nat(120);

describe("colorOdds", () => {
  it("Typical unshifted: White 50, Green 30, Yellow 17, Red 3 (from 51/81/98)", () => {
    expect(colorCounts("typical")).toEqual({ white: 50, green: 30, yellow: 17, red: 3 });
    expect(colorOdds("typical")).toEqual({ white: 0.5, green: 0.3, yellow: 0.17, red: 0.03 });
  });

  it("Shift 0: only a 100 is Red", () => {
    expect(colorCounts("shift0").red).toBe(1);
  });

  it("Karma adds to every face and is capped at 100", () => {
    // Typical + 10 Karma: faces 41..90 reach Green..Yellow; 88+ reach Red (98).
    expect(colorCounts("typical", 0, 10)).toEqual({ white: 40, green: 30, yellow: 17, red: 13 });
    expect(colorCounts("shift0", 0, 99)).toEqual({ white: 0, green: 0, yellow: 0, red: 100 });
  });

  it("sums to 1 and matches counting faces through universalColor (property)", () => {
    fc.assert(
      fc.property(rank, shift, karmaBonus, (r, s, k) => {
        const odds = colorOdds(r, s, k);
        const counted: Record<Color, number> = { white: 0, green: 0, yellow: 0, red: 0 };
        for (let face = 1; face <= 100; face++) counted[universalColor(rollWithKarma(face, k), r, s)] += 1;
        const c = colorCounts(r, s, k);
        return (
          c.white + c.green + c.yellow + c.red === 100 &&
          Math.abs(odds.white + odds.green + odds.yellow + odds.red - 1) < 1e-12 &&
          (["white", "green", "yellow", "red"] as const).every((col) => c[col] === counted[col] && odds[col] === counted[col] / 100)
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("a higher rank never has worse odds of each colour-or-better (property)", () => {
    fc.assert(
      fc.property(fc.nat(RANK_KEYS.length - 1), fc.nat(RANK_KEYS.length - 1), shift, karmaBonus, (a, b, s, k) => {
        const lo = colorCounts(RANK_KEYS[Math.min(a, b)]!, s, k);
        const hi = colorCounts(RANK_KEYS[Math.max(a, b)]!, s, k);
        return (
          hi.red >= lo.red &&
          hi.red + hi.yellow >= lo.red + lo.yellow &&
          hi.red + hi.yellow + hi.green >= lo.red + lo.yellow + lo.green
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("more Karma never lowers the odds of any colour-or-better (property)", () => {
    fc.assert(
      fc.property(rank, shift, karmaBonus, (r, s, k) => {
        const a = colorCounts(r, s, k);
        const b = colorCounts(r, s, k + 1);
        return b.red >= a.red && b.red + b.yellow >= a.red + a.yellow && b.white <= a.white;
      }),
      { numRuns: 1000 },
    );
  });

  it("bad input is a typed error", () => {
    expectRuleError(() => colorOdds("typical", 0, -1), "badNumber");
    expectRuleError(() => colorOdds("nope" as never), "badChoice");
    expectRuleError(() => rollWithKarma(0, 5), "badNumber");
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (k) => throwsRuleError(() => colorOdds("good", 0, k))),
      { numRuns: 1000 },
    );
  });
});

describe("colorCounts from the shared engine's d100 bands", () => {
  const karmas = [...Array.from({ length: 106 }, (_, k) => k), 150, 1_000, 999_999_999, 1_000_000_000];
  it("equals the former face-by-face count on every column for every Karma 0–105 and far beyond", () => {
    for (const r of RANK_KEYS) for (const k of karmas) expect(colorCounts(r, 0, k)).toEqual(formerColorCounts(r, 0, k));
  });
  it("property: equals it for any column shift and any thresholds a table might hold (unordered, out of 1–100, fractional, not a number)", () => {
    const threshold = fc.oneof(fc.integer({ min: -10, max: 120 }), fc.double({ min: -10, max: 120, noNaN: true }), fc.constant(NaN), fc.constant(Infinity), fc.constant(-Infinity));
    fc.assert(
      fc.property(rank, fc.integer({ min: -100, max: 100 }), fc.oneof(fc.nat(120), fc.constantFrom(...karmas)), fc.array(fc.tuple(threshold, threshold, threshold), { minLength: RANK_KEYS.length, maxLength: RANK_KEYS.length }), fc.boolean(), (r, s, k, cells, custom) => {
        const table: Grid = custom ? { ...universalTable, cells } : universalTable;
        expect(colorCounts(r, s, k, table)).toEqual(formerColorCounts(r, s, k, table));
      }),
      { numRuns: 1000 },
    );
  });
});

