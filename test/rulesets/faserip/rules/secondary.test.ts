import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { overrideGrid } from "../../../../src/engine/tables.js";
import {
  COLORS,
  DEFAULT_KNOCKBACK_AREAS,
  RANK_KEYS,
  resolveSecondary,
  slamResult,
  slamStunTable,
  stunOutcome,
  stunResult,
} from "../../../../src/rulesets/faserip/rules/index.js";
import type { Color } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("Slam? (P)", () => {
  it("White knocked back several areas, Green 1 area, Yellow staggered, Red no effect", () => {
    expect(slamResult("white")).toEqual({ result: "knockedBack", areas: DEFAULT_KNOCKBACK_AREAS });
    expect(DEFAULT_KNOCKBACK_AREAS).toBeGreaterThan(1);
    expect(slamResult("white", 4)).toEqual({ result: "knockedBack", areas: 4 });
    expect(slamResult("green")).toEqual({ result: "oneArea", areas: 1 });
    expect(slamResult("yellow")).toEqual({ result: "staggered", areas: 0 });
    expect(slamResult("red")).toEqual({ result: "none", areas: 0 });
  });

  it("the GM may set a White result to 1 area or more (seed: \"1 or more\"), at most 100", () => {
    expect(slamResult("white", 1)).toEqual({ result: "knockedBack", areas: 1 });
    expect(slamResult("white", 100)).toEqual({ result: "knockedBack", areas: 100 });
    expectRuleError(() => slamResult("white", 0), "badNumber");
    expectRuleError(() => slamResult("white", 101), "badNumber");
  });
});

describe("Stun? (P)", () => {
  it("White stunned 1–10 rounds (the d10), Green 1 round, Yellow/Red none", () => {
    expect(stunResult("white", 7)).toBe(7);
    expect(stunResult("green")).toBe(1);
    expect(stunResult("yellow")).toBe(0);
    expect(stunResult("red", 3)).toBe(0);
    expect(stunOutcome("white")).toBe("stunnedD10");
  });

  it("White without the d10 asks for the die; a bad d10 is refused", () => {
    expectRuleError(() => stunResult("white"), "needDie");
    expectRuleError(() => stunResult("white", 11), "badNumber");
    expectRuleError(() => stunResult("green", 0), "badNumber");
  });

  it("a better Endurance colour never stuns longer (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.nat(3), fc.nat(3), (d10, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return stunResult(COLORS[hi]!, d10) <= stunResult(COLORS[lo]!, d10);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("Slam?/Stun? table", () => {
  it("passes its own check", () => {
    expect(slamStunTable.check?.(slamStunTable.cells)).toBeNull();
  });

  it("refuses a row in the wrong vocabulary or getting worse with a better colour", () => {
    expectRuleError(
      () => overrideGrid(slamStunTable, [["knockedBack", "oneArea", "staggered", "none"], ["knockedBack", "none", "none", "none"]]),
      "badTableCell",
    );
    expectRuleError(
      () => overrideGrid(slamStunTable, [["oneArea", "knockedBack", "staggered", "none"], ["stunnedD10", "stunnedOneRound", "none", "none"]]),
      "badTableCell",
    );
  });

  it("D RF1: the seed's strict reading (\"Failure =\": only White has an effect) is an override the GM can set", () => {
    const g = overrideGrid(slamStunTable, [["knockedBack", "none", "none", "none"], ["stunnedD10", "none", "none", "none"]]);
    expect(slamResult("green", 2, g).result).toBe("none");
    expect(slamResult("white", 2, g).result).toBe("knockedBack");
    expect(stunResult("green", 5, g)).toBe(0);
    expect(stunResult("white", 5, g)).toBe(5);
  });

  it("an override is read", () => {
    const g = overrideGrid(slamStunTable, [["knockedBack", "oneArea", "none", "none"], ["stunnedD10", "stunnedD10", "none", "none"]]);
    expect(slamResult("yellow", 2, g).result).toBe("none");
    expect(stunResult("green", 5, g)).toBe(5);
  });
});

describe("resolveSecondary — the defender's Endurance FEAT", () => {
  it("Good Endurance rolling 45 is White on Slam?: knocked back", () => {
    const r = resolveSecondary({ kind: "slam", enduranceRank: "good", roll: 45, knockbackAreas: 3 });
    expect(r).toMatchObject({ color: "white", result: "knockedBack", areas: 3, rounds: 0, karmaSpent: 0, karmaPoolAfter: null });
  });

  it("Good Endurance rolling 46 is Green on Stun?: 1 round", () => {
    expect(resolveSecondary({ kind: "stun", enduranceRank: "good", roll: 46 })).toMatchObject({ color: "green", result: "stunnedOneRound", rounds: 1 });
  });

  it("Karma lifts the roll before it is read", () => {
    const r = resolveSecondary({ kind: "stun", enduranceRank: "good", roll: 70, karma: { points: 6, pool: 10 } });
    expect(r).toMatchObject({ effectiveRoll: 76, color: "yellow", rounds: 0, karmaSpent: 6, karmaPoolAfter: 4 });
  });

  it("White Stun? needs the d10", () => {
    expectRuleError(() => resolveSecondary({ kind: "stun", enduranceRank: "good", roll: 10 }), "needDie");
    expect(resolveSecondary({ kind: "stun", enduranceRank: "good", roll: 10, d10: 9 }).rounds).toBe(9);
  });

  it("never throws on valid input and stays JSON (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom("slam", "stun"), fc.constantFrom(...RANK_KEYS), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 10 }), (kind, rank, roll, d10) => {
        const r = resolveSecondary({ kind: kind as "slam" | "stun", enduranceRank: rank, roll, d10 });
        return JSON.stringify(JSON.parse(JSON.stringify(r))) === JSON.stringify(r) && (COLORS as readonly Color[]).includes(r.color);
      }),
      { numRuns: 1000 },
    );
  });

  it("bad kind is a typed error", () => {
    expectRuleError(() => resolveSecondary({ kind: "kill" as never, enduranceRank: "good", roll: 5 }), "badChoice");
  });
});
