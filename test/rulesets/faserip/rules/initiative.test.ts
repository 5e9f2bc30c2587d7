import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { overrideGrid } from "../../../../src/engine/tables.js";
import {
  RANK_KEYS,
  initiativeBonus,
  initiativeModifier,
  initiativeModifiersTable,
  roundSequence,
  sideInitiative,
} from "../../../../src/rulesets/faserip/rules/index.js";
import type { DieSource, InitiativeMode, InitiativeSide } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError } from "./helpers.js";

const heroes: InitiativeSide = { id: "heroes", intuitions: ["good", "excellent", "typical"] };
const villains: InitiativeSide = { id: "villains", intuitions: ["remarkable"] };

/** A die source that hands out the given faces in order. */
function faces(...list: number[]): DieSource {
  let i = 0;
  return () => {
    const f = list[i++];
    if (f === undefined) throw new Error("test die ran out");
    return f;
  };
}

describe("side initiative — seed: 1d10 + highest Intuition rank number", () => {
  it("adds the side's highest Intuition; high roll acts first", () => {
    const r = sideInitiative([heroes, villains], [9, 1]);
    expect(r.order.map((s) => [s.id, s.roll, s.bonus, s.total])).toEqual([
      ["villains", 1, 30, 31],
      ["heroes", 9, 20, 29],
    ]);
    expect(r.ties).toEqual([]);
    expect(r.mode).toBe("seed");
  });

  it("flags ties when no die source is given", () => {
    const r = sideInitiative([heroes, { id: "b", intuitions: ["excellent"] }], [5, 5]);
    expect(r.ties).toEqual([["heroes", "b"]]);
  });

  it("re-rolls ties (d10 + the same bonus) until broken", () => {
    const r = sideInitiative([heroes, { id: "b", intuitions: ["excellent"] }], [5, 5], "seed", faces(4, 4, 2, 8));
    expect(r.ties).toEqual([]);
    expect(r.order.map((s) => s.id)).toEqual(["b", "heroes"]);
    expect(r.order[0]!.rerolls).toEqual([24, 28]);
  });

  it("a die source that never breaks the tie is stopped with a typed error", () => {
    expectRuleError(() => sideInitiative([heroes, { id: "b", intuitions: [20] }], [3, 3], "seed", () => 6), "tieUnbroken");
  });

  it("a die source giving an impossible face is refused", () => {
    expectRuleError(() => sideInitiative([heroes, { id: "b", intuitions: [20] }], [3, 3], "seed", () => 11), "badNumber");
  });
});

describe("initiative settings", () => {
  it("plain: the d10 alone", () => {
    const r = sideInitiative([heroes, villains], [9, 1], "plain");
    expect(r.order.map((s) => s.id)).toEqual(["heroes", "villains"]);
    expect(r.order[0]!.bonus).toBe(0);
  });

  it("advanced (P): modifier +0…+6 by Intuition rank number bands", () => {
    expect(initiativeModifier(0)).toBe(0);
    expect(initiativeModifier(10)).toBe(0);
    expect(initiativeModifier(11)).toBe(1);
    expect(initiativeModifier(20)).toBe(1);
    expect(initiativeModifier(30)).toBe(2);
    expect(initiativeModifier(40)).toBe(3);
    expect(initiativeModifier(50)).toBe(4);
    expect(initiativeModifier(75)).toBe(5);
    expect(initiativeModifier(76)).toBe(6);
    expect(initiativeModifier(5000)).toBe(6);
    expect(initiativeBonus(villains, "advanced")).toBe(2);
  });

  it("advanced: a natural 1 stays 1", () => {
    const r = sideInitiative([{ id: "a", intuitions: ["unearthly"] }, { id: "b", intuitions: ["poor"] }], [1, 2], "advanced");
    expect(r.order.map((s) => [s.id, s.total])).toEqual([
      ["b", 2],
      ["a", 1],
    ]);
  });

  it("the modifier table is provisional, passes its check and refuses falling modifiers", () => {
    expect(initiativeModifiersTable.source).toBe("provisional");
    expect(initiativeModifiersTable.check?.(initiativeModifiersTable.cells)).toBeNull();
    const cells = initiativeModifiersTable.cells.map((r) => [...r]);
    cells[3]![1] = 1;
    expectRuleError(() => overrideGrid(initiativeModifiersTable, cells), "badTableCell");
  });
});

describe("side initiative — properties", () => {
  const side = fc.record({ intuitions: fc.array(fc.constantFrom(...RANK_KEYS), { minLength: 1, maxLength: 4 }) });
  const mode = fc.constantFrom<InitiativeMode>("seed", "plain", "advanced");

  it("order is a permutation sorted by total, ties exactly the equal totals (property)", () => {
    fc.assert(
      fc.property(fc.array(side, { minLength: 1, maxLength: 5 }), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 5, maxLength: 5 }), mode, (sides, dice, m) => {
        const list = sides.map((s, i) => ({ id: `s${i}`, intuitions: s.intuitions }));
        const r = sideInitiative(list, dice.slice(0, list.length), m);
        const ids = r.order.map((s) => s.id).sort();
        const sorted = r.order.every((s, i) => i === 0 || r.order[i - 1]!.total >= s.total);
        const tiedIds = new Set(r.ties.flat());
        const reallyTied = r.order.filter((s) => r.order.some((o) => o !== s && o.total === s.total)).map((s) => s.id);
        return JSON.stringify(ids) === JSON.stringify(list.map((s) => s.id).sort()) && sorted && reallyTied.every((id) => tiedIds.has(id)) && tiedIds.size === reallyTied.length;
      }),
      { numRuns: 1000 },
    );
  });

  it("with a die source, no ties remain and the order is a permutation (property)", () => {
    fc.assert(
      fc.property(fc.array(side, { minLength: 1, maxLength: 5 }), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 5, maxLength: 5 }), fc.integer(), mode, (sides, dice, seed, m) => {
        let state = seed | 0;
        const die: DieSource = (n) => {
          state = (Math.imul(state, 1103515245) + 12345) | 0;
          return (((state >>> 16) & 0x7fff) % n) + 1;
        };
        const list = sides.map((s, i) => ({ id: `s${i}`, intuitions: s.intuitions }));
        const r = sideInitiative(list, dice.slice(0, list.length), m, die);
        return r.ties.length === 0 && new Set(r.order.map((s) => s.id)).size === list.length;
      }),
      { numRuns: 1000 },
    );
  });
});

describe("initiative input errors", () => {
  it("are typed", () => {
    expectRuleError(() => sideInitiative([], []), "noSides");
    expectRuleError(() => sideInitiative([heroes], [1, 2]), "rollCount");
    expectRuleError(() => sideInitiative([heroes], [0]), "badNumber");
    expectRuleError(() => sideInitiative([heroes, { ...villains, id: "heroes" }], [1, 2]), "badSideId");
    expectRuleError(() => sideInitiative([{ id: "x", intuitions: [] }], [1]), "emptySide");
    expectRuleError(() => sideInitiative([heroes], [3], "fast" as InitiativeMode), "badChoice");
  });
});

describe("round sequence", () => {
  it("winning side declares then resolves; then the other side", () => {
    expect(roundSequence(["villains", "heroes"])).toEqual([
      { sideId: "villains", step: "declare" },
      { sideId: "villains", step: "resolve" },
      { sideId: "heroes", step: "declare" },
      { sideId: "heroes", step: "resolve" },
    ]);
  });
});
