import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { actionOrder, declarationOrder } from "../../../../src/rulesets/bond/rules/index.js";
import type { OrderEntry } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("declarationOrder / actionOrder", () => {
  const bond = { id: "bond", speed: 3 };
  const thug = { id: "thug", speed: 1 };
  const jaws = { id: "jaws", speed: 2 };

  it("declares in ascending Speed and acts in descending Speed", () => {
    expect(declarationOrder([bond, thug, jaws])).toEqual(["thug", "jaws", "bond"]);
    expect(actionOrder([bond, thug, jaws])).toEqual(["bond", "jaws", "thug"]);
  });
  it("a tie goes to the lowest D6, who counts as faster (declares later, acts earlier)", () => {
    const may = { id: "may", speed: 2, tieRolls: [3] };
    const jaws2 = { ...jaws, tieRolls: [5] };
    expect(declarationOrder([bond, thug, jaws2, may])).toEqual(["thug", "jaws", "may", "bond"]);
    expect(actionOrder([bond, thug, jaws2, may])).toEqual(["bond", "may", "jaws", "thug"]);
  });
  it("equal rolls are re-rolled until broken", () => {
    const a = { id: "a", speed: 1, tieRolls: [4, 2] };
    const b = { id: "b", speed: 1, tieRolls: [4, 6] };
    const c = { id: "c", speed: 1, tieRolls: [1] };
    expect(actionOrder([a, b, c])).toEqual(["c", "a", "b"]);
  });
  it("throws tieUnresolved naming the ids still tied", () => {
    const e = expectRuleError(
      () => declarationOrder([bond, { id: "x", speed: 1, tieRolls: [4] }, { id: "w", speed: 1, tieRolls: [4] }, { id: "z", speed: 1, tieRolls: [2] }]),
      "tieUnresolved",
    );
    expect(e.data.ids).toBe("w, x");
    expect(expectRuleError(() => declarationOrder([{ id: "p", speed: 0 }, { id: "q", speed: 0 }]), "tieUnresolved").data.ids).toBe("p, q");
  });
  it("an empty list gives an empty order", () => {
    expect(declarationOrder([])).toEqual([]);
  });
  it("refuses bad entries", () => {
    expectRuleError(() => declarationOrder([{ id: "a", speed: 4 }]), "badNumber");
    expectRuleError(() => declarationOrder([{ id: "", speed: 1 }]), "badInput");
    expectRuleError(() => declarationOrder([{ id: "a", speed: 1 }, { id: "a", speed: 2 }]), "duplicateId");
    expectRuleError(() => declarationOrder([{ id: "a", speed: 1, tieRolls: [7] }]), "badNumber");
    expectRuleError(() => declarationOrder(null as unknown as OrderEntry[]), "badInput");
  });

  const entries = fc.uniqueArray(
    fc.record({
      // Ids without ", ": tieUnresolved names the tied ids joined by ", " (DECISIONS D1), which this check splits.
      id: fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), minLength: 1, maxLength: 4 }),
      speed: fc.integer({ min: 0, max: 3 }),
      tieRolls: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
    }),
    { selector: (e) => e.id, maxLength: 8 },
  );

  it("property: a permutation in ascending Speed, action order its reverse — or a justified tieUnresolved", () => {
    let ordered = 0;
    fc.assert(
      fc.property(entries, (list) => {
        let order: string[];
        try {
          order = declarationOrder(list);
        } catch (e) {
          const ids = String((e as { data?: { ids?: string } }).data?.ids).split(", ");
          expect((e as { code?: string }).code).toBe("tieUnresolved");
          // each named id really does share its Speed and a prefix of rolls with another named id
          for (const id of ids) {
            const me = list.find((x) => x.id === id)!;
            const clash = list.some((o) => {
              if (o.id === id || o.speed !== me.speed) return false;
              const n = Math.min(o.tieRolls.length, me.tieRolls.length);
              return o.tieRolls.slice(0, n).join() === me.tieRolls.slice(0, n).join();
            });
            expect(clash).toBe(true);
          }
          return;
        }
        expect([...order].sort()).toEqual(list.map((x) => x.id).sort());
        const speedOf = (id: string): number => list.find((x) => x.id === id)!.speed;
        for (let i = 1; i < order.length; i++) expect(speedOf(order[i]!)).toBeGreaterThanOrEqual(speedOf(order[i - 1]!));
        expect(actionOrder(list)).toEqual([...order].reverse());
        ordered++;
      }),
      { numRuns: 1000 },
    );
    expect(ordered).toBeGreaterThan(300); // most random lists resolve, so the ordering checks really ran
  });
});
