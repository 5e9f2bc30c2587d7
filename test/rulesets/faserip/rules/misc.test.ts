import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { COLORS, RANK_KEYS, ROUND_SECONDS, colorAtLeast, rankBelow, spendKarma } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("small rules", () => {
  it("a combat round is about eight seconds (seed)", () => {
    expect(ROUND_SECONDS).toBe(8);
  });

  it("colorAtLeast orders White < Green < Yellow < Red", () => {
    expect(colorAtLeast("yellow", "green")).toBe(true);
    expect(colorAtLeast("green", "yellow")).toBe(false);
    expect(colorAtLeast("white", "white")).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...COLORS), fc.constantFrom(...COLORS), (a, b) => colorAtLeast(a, b) === COLORS.indexOf(a) >= COLORS.indexOf(b)),
      { numRuns: 1000 },
    );
  });

  it("rankBelow walks the whole ladder down and stops below Shift 0", () => {
    expect(rankBelow("good")).toBe("typical");
    expect(rankBelow("beyond")).toBe("class5000");
    expect(rankBelow("shift0")).toBeNull();
    expectRuleError(() => rankBelow("huge" as never), "badChoice");
    for (let i = 1; i < RANK_KEYS.length; i++) expect(rankBelow(RANK_KEYS[i]!)).toBe(RANK_KEYS[i - 1]);
  });

  it("spendKarma deducts from the pool and refuses overspending", () => {
    expect(spendKarma({ points: 5, pool: 12 })).toEqual({ spent: 5, poolAfter: 7 });
    expect(spendKarma({ points: 0, pool: 0 })).toEqual({ spent: 0, poolAfter: 0 });
    expectRuleError(() => spendKarma({ points: 3, pool: 2 }), "notEnoughKarma");
    expectRuleError(() => spendKarma({ points: -1, pool: 2 }), "badNumber");
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), (points, pool) => {
        if (points > pool) {
          try {
            spendKarma({ points, pool });
            return false;
          } catch {
            return true;
          }
        }
        const r = spendKarma({ points, pool });
        return r.spent === points && r.poolAfter === pool - points && r.poolAfter >= 0;
      }),
      { numRuns: 1000 },
    );
  });
});
