import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canCallDraw, resolveDraw } from "../../../../src/rulesets/bond/rules/index.js";
import type { DrawParticipant } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("canCallDraw", () => {
  it("only a PC who has not fired, against a firearm", () => {
    expect(canCallDraw({ attackKind: "fire", targetIsPlayerCharacter: true, targetHasFired: false })).toBe(true);
    expect(canCallDraw({ attackKind: "fire", targetIsPlayerCharacter: true, targetHasFired: true })).toBe(false);
    expect(canCallDraw({ attackKind: "fire", targetIsPlayerCharacter: false, targetHasFired: false })).toBe(false);
    expect(canCallDraw({ attackKind: "hth", targetIsPlayerCharacter: true, targetHasFired: false })).toBe(false);
    expectRuleError(() => canCallDraw({ attackKind: "fire", targetIsPlayerCharacter: "yes" as unknown as boolean, targetHasFired: false }), "badBoolean");
  });
});

describe("resolveDraw", () => {
  it("Speed + 1D6 + draw modifier; the higher shoots first", () => {
    // Bond 3 + 4 = 7; thug 1 + 5 + 0 = 6.
    const r = resolveDraw([
      { id: "thug", speed: 1, rolls: [5] },
      { id: "bond", speed: 3, rolls: [4] },
    ]);
    expect(r.order).toEqual(["bond", "thug"]);
    expect(r.participants.map((p) => p.totals[0])).toEqual([6, 7]);
  });
  it("the weapon's draw modifier counts", () => {
    // Bond 3 + 4 − 2 = 5; thug 1 + 5 + 0 = 6.
    const r = resolveDraw([
      { id: "bond", speed: 3, drawModifier: -2, rolls: [4] },
      { id: "thug", speed: 1, rolls: [5] },
    ]);
    expect(r.order).toEqual(["thug", "bond"]);
  });
  it("ties re-roll (Speed + new D6 + modifier again)", () => {
    // first: 3 + 2 = 5 vs 1 + 4 = 5 tie; re-roll: 3 + 1 = 4 vs 1 + 6 = 7 → thug first.
    const bond = { id: "bond", speed: 3, rolls: [2, 1] };
    const thug = { id: "thug", speed: 1, rolls: [4, 6] };
    expect(resolveDraw([bond, thug]).order).toEqual(["thug", "bond"]);
    expect(expectRuleError(() => resolveDraw([{ ...bond, rolls: [2] }, thug]), "tieUnresolved").data.ids).toBe("bond, thug");
  });
  it("refuses fewer than two, bad rolls, duplicates", () => {
    expectRuleError(() => resolveDraw([{ id: "a", speed: 1, rolls: [3] }]), "badInput");
    expectRuleError(() => resolveDraw([{ id: "a", speed: 1, rolls: [7] }, { id: "b", speed: 1, rolls: [3] }]), "badNumber");
    expectRuleError(() => resolveDraw([{ id: "a", speed: 1, rolls: [] }, { id: "b", speed: 1, rolls: [3] }]), "badInput");
    expectRuleError(() => resolveDraw([{ id: "a", speed: 1, rolls: [2] }, { id: "a", speed: 1, rolls: [3] }]), "duplicateId");
  });
  it("property: the order is a permutation with non-increasing first totals", () => {
    const arb = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 3 }),
        speed: fc.integer({ min: 0, max: 3 }),
        drawModifier: fc.integer({ min: -3, max: 3 }),
        rolls: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }),
      }),
      { selector: (p) => p.id, minLength: 2, maxLength: 5 },
    );
    let resolved = 0;
    fc.assert(
      fc.property(arb, (ps: DrawParticipant[]) => {
        try {
          const r = resolveDraw(ps);
          expect([...r.order].sort()).toEqual(ps.map((p) => p.id).sort());
          const first = (id: string): number => r.participants.find((p) => p.id === id)!.totals[0]!;
          for (let i = 1; i < r.order.length; i++) expect(first(r.order[i]!)).toBeLessThanOrEqual(first(r.order[i - 1]!));
          resolved++;
        } catch (e) {
          expect((e as { code?: string }).code).toBe("tieUnresolved");
        }
      }),
      { numRuns: 1000 },
    );
    expect(resolved).toBeGreaterThan(300);
  });
});
