import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError, throwsOnlyRuleErrors } from "./helpers.js";

const e = (id: string, roll: number, isPC: boolean): radio.InitiativeEntry => ({ id, roll, isPC });

/** A die source that hands out the given faces in turn. */
const script = (...faces: number[]): radio.DieSource => {
  let i = 0;
  return () => faces[i++ % faces.length]!;
};

describe("initiativeOrder", () => {
  it("acts from highest to lowest", () => {
    const r = radio.initiativeOrder([e("a", 2, true), e("b", 6, false), e("c", 4, true)]);
    expect(r.order).toEqual(["b", "c", "a"]);
    expect(r.ties).toEqual([]);
  });

  it("settles a PC–GM tie in the player's favour, whatever the input order", () => {
    expect(radio.initiativeOrder([e("gang", 4, false), e("jake", 4, true)]).order).toEqual(["jake", "gang"]);
    expect(radio.initiativeOrder([e("jake", 4, true), e("gang", 4, false)]).order).toEqual(["jake", "gang"]);
  });

  it("reports tied PCs for a re-roll and keeps their input order meanwhile", () => {
    const r = radio.initiativeOrder([e("doc", 3, true), e("gang", 3, false), e("mal", 3, true), e("jake", 5, true)]);
    expect(r.order).toEqual(["jake", "doc", "mal", "gang"]);
    expect(r.ties).toEqual([["doc", "mal"]]);
    expect(r.rerolls).toEqual([]);
  });

  it("re-rolls tied PCs with a die source, repeating for those still tied", () => {
    // doc, mal and ann tie on 3. First re-roll: doc 2, mal 5, ann 2 → mal first; doc and ann
    // tie again and roll on: doc 1, ann 4 → ann, then doc.
    const r = radio.initiativeOrder([e("doc", 3, true), e("mal", 3, true), e("ann", 3, true), e("gang", 3, false)], script(2, 5, 2, 1, 4));
    expect(r.order).toEqual(["mal", "ann", "doc", "gang"]);
    expect(r.ties).toEqual([]);
    expect(r.rerolls).toEqual([
      { id: "doc", rolls: [2, 1] },
      { id: "mal", rolls: [5] },
      { id: "ann", rolls: [2, 4] },
    ]);
  });

  it("leaves GM groups tied with each other in input order (the GM orders their own side)", () => {
    const r = radio.initiativeOrder([e("thugs", 2, false), e("boss", 2, false)], script(6, 1));
    expect(r.order).toEqual(["thugs", "boss"]);
    expect(r.ties).toEqual([]);
    expect(r.rerolls).toEqual([]);
  });

  it("gives up on a die source that never breaks a tie", () => {
    expectRuleError(() => radio.initiativeOrder([e("a", 1, true), e("b", 1, true)], () => 4), "tieUnbroken");
  });

  it("refuses bad entries", () => {
    expectRuleError(() => radio.initiativeOrder([e("a", 7, true)]), "badNumber");
    expectRuleError(() => radio.initiativeOrder([e("a", 0, true)]), "badNumber");
    expectRuleError(() => radio.initiativeOrder([e("a", 2.5, true)]), "badNumber");
    expectRuleError(() => radio.initiativeOrder([e("a", 2, true), e("a", 3, false)]), "duplicateId");
    expectRuleError(() => radio.initiativeOrder([e("a", 1, true), e("b", 1, true)], () => 9), "badNumber");
    expectRuleError(() => radio.initiativeOrder("x" as unknown as radio.InitiativeEntry[]), "badInput");
  });

  const entries = fc.uniqueArray(
    fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), roll: fc.integer({ min: 1, max: 6 }), isPC: fc.boolean() }),
    { selector: (x) => x.id, maxLength: 12 },
  );

  it("is a permutation, never puts a lower roll first, and puts PCs first on ties (property)", () => {
    fc.assert(
      fc.property(entries, fc.boolean(), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }), (list, useDie, faces) => {
        let i = 0;
        const die = useDie ? () => faces[i++ % faces.length]! : undefined;
        let r: radio.InitiativeResult;
        try {
          r = radio.initiativeOrder(list, die);
        } catch (err) {
          // Only a cyclic die source that keeps tying may fail, and only with the typed error.
          expect((err as { code?: string }).code).toBe("tieUnbroken");
          return;
        }
        expect([...r.order].sort()).toEqual(list.map((x) => x.id).sort());
        const byId = new Map(list.map((x) => [x.id, x]));
        for (let k = 1; k < r.order.length; k++) {
          const prev = byId.get(r.order[k - 1]!)!;
          const next = byId.get(r.order[k]!)!;
          expect(prev.roll).toBeGreaterThanOrEqual(next.roll);
          if (prev.roll === next.roll) expect(prev.isPC || !next.isPC).toBe(true);
        }
        for (const group of r.ties) {
          expect(group.length).toBeGreaterThan(1);
          expect(new Set(group.map((id) => byId.get(id)!.roll)).size).toBe(1);
          expect(group.every((id) => byId.get(id)!.isPC)).toBe(true);
        }
        if (useDie) expect(r.ties).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it("throws only typed errors on arbitrary input (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.anything(), roll: fc.anything(), isPC: fc.anything() })), (list) =>
        throwsOnlyRuleErrors(() => radio.initiativeOrder(list as radio.InitiativeEntry[])),
      ),
      { numRuns: 1000 },
    );
  });
});
