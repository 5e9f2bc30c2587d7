import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { canChange, change, createPool, history, HISTORY_LIMIT, POOL_LIMIT, type Pool, poolOrEmpty, requirePool, undo } from "../../src/engine/ledger.js";
import { FracasRuleError } from "../../src/engine/errors.js";

const RUNS = { numRuns: 1000 };

function caught(f: () => unknown): FracasRuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof FracasRuleError) return e;
    throw e;
  }
  throw new Error("expected a FracasRuleError");
}

let n = 0;
const ch = (delta: number, reason = "test") => ({ id: `e${++n}`, delta, reason, by: "gm", at: 1000 + n });
const un = () => ({ id: `u${++n}`, by: "gm", at: 1000 + n });

describe("createPool", () => {
  it("starts empty at 0 with no max by default", () => {
    expect(createPool()).toEqual({ value: 0, max: null, base: 0, entries: [] });
  });
  it("takes an initial value and a max", () => {
    expect(createPool(3, 5)).toEqual({ value: 3, max: 5, base: 3, entries: [] });
  });
  it("refuses a negative start, a start above max, and fractions", () => {
    expect(caught(() => createPool(-1)).code).toBe("badNumber");
    expect(caught(() => createPool(6, 5)).code).toBe("badNumber");
    expect(caught(() => createPool(1.5)).code).toBe("badNumber");
  });
});

describe("change", () => {
  it("adds and spends, recording each entry", () => {
    const p1 = change(createPool(), { id: "a", delta: 3, reason: "miss", by: "gm", at: 1 });
    const p2 = change(p1, { id: "b", delta: -2, reason: "shoot Mike", by: "gm", at: 2 });
    expect(p2.value).toBe(1);
    expect(p2.entries).toEqual([
      { id: "a", delta: 3, reason: "miss", by: "gm", at: 1 },
      { id: "b", delta: -2, reason: "shoot Mike", by: "gm", at: 2 },
    ]);
    expect(p1.value).toBe(3); // the input pool is untouched
  });
  it("refuses to spend more than held, saying how much was asked and held", () => {
    const e = caught(() => change(createPool(2), ch(-3)));
    expect(e.code).toBe("insufficient");
    expect(e.message).toBe("cannot spend 3: the pool holds only 2");
    expect(e.data).toEqual({ asked: 3, held: 2 });
  });
  it("refuses to go above max", () => {
    const e = caught(() => change(createPool(4, 5), ch(2)));
    expect(e.code).toBe("overMax");
    expect(e.data).toEqual({ asked: 2, held: 4, max: 5 });
  });
  it("a pool with no max still holds at most POOL_LIMIT: what it stores is always a pool requirePool accepts (audit s14 H5)", () => {
    const full = change(createPool(), ch(POOL_LIMIT));
    expect(requirePool(full).value).toBe(POOL_LIMIT);
    const e = caught(() => change(full, ch(7)));
    expect(e.code).toBe("overMax");
    expect(e.data).toEqual({ asked: 7, held: POOL_LIMIT, max: POOL_LIMIT });
  });
  it("allows spending down to exactly zero and filling to exactly max", () => {
    expect(change(createPool(2), ch(-2)).value).toBe(0);
    expect(change(createPool(4, 5), ch(1)).value).toBe(5);
  });
  it("refuses a zero change, a repeated entry id and malformed fields", () => {
    expect(caught(() => change(createPool(), ch(0))).code).toBe("zeroChange");
    const p = change(createPool(), { id: "x", delta: 1, reason: "", by: "gm", at: 0 });
    expect(caught(() => change(p, { id: "x", delta: 1, reason: "", by: "gm", at: 0 })).code).toBe("duplicateEntry");
    expect(caught(() => change(p, { id: "", delta: 1, reason: "", by: "gm", at: 0 })).code).toBe("badEntry");
    expect(caught(() => change(p, { id: "y", delta: 1, reason: "", by: "", at: 0 })).code).toBe("badEntry");
    expect(caught(() => change(p, { id: "y", delta: 1, reason: "", by: "gm", at: -5 })).code).toBe("badEntry");
    expect(caught(() => change(p, { id: "y", delta: 0.5, reason: "", by: "gm", at: 0 })).code).toBe("badNumber");
    expect(caught(() => change(p, null as unknown as ReturnType<typeof ch>)).code).toBe("badEntry");
  });
  it("canChange agrees with change", () => {
    const p = createPool(2, 4);
    expect([canChange(p, -2), canChange(p, -3), canChange(p, 2), canChange(p, 3)]).toEqual([true, false, true, false]);
  });
});

describe("undo", () => {
  it("adds a reversing entry, marks the original and restores the value", () => {
    const p1 = change(createPool(1), { id: "a", delta: -1, reason: "hero point", by: "u1", at: 5 });
    const p2 = undo(p1, "a", { id: "z", by: "gm", at: 6 });
    expect(p2.value).toBe(1);
    expect(p2.entries).toEqual([
      { id: "a", delta: -1, reason: "hero point", by: "u1", at: 5, undone: true },
      { id: "z", delta: 1, reason: "undo: hero point", by: "gm", at: 6, undoes: "a" },
    ]);
  });
  it("refuses to undo twice", () => {
    const p = undo(change(createPool(), { id: "a", delta: 2, reason: "r", by: "gm", at: 1 }), "a", un());
    const e = caught(() => undo(p, "a", un()));
    expect(e.code).toBe("alreadyUndone");
    expect(e.message).toMatch(/already been undone/);
  });
  it("refuses an undo that would take the pool below zero", () => {
    // +3 then −2 leaves 1; taking back the +3 would leave −2.
    let p = change(createPool(), { id: "gain", delta: 3, reason: "miss", by: "gm", at: 1 });
    p = change(p, ch(-2));
    const e = caught(() => undo(p, "gain", un()));
    expect(e.code).toBe("insufficient");
    expect(e.message).toMatch(/cannot undo gain \(miss\), which takes back 3: the pool holds only 1/);
  });
  it("refuses an undo that would overfill the pool", () => {
    let p = change(createPool(5, 5), { id: "spend", delta: -2, reason: "r", by: "gm", at: 1 });
    p = change(p, ch(2));
    expect(caught(() => undo(p, "spend", un())).code).toBe("overMax");
  });
  it("refuses to undo an undo, or an unknown entry", () => {
    const p = undo(change(createPool(), { id: "a", delta: 2, reason: "r", by: "gm", at: 1 }), "a", { id: "ua", by: "gm", at: 2 });
    expect(caught(() => undo(p, "ua", un())).code).toBe("undoOfUndo");
    expect(caught(() => undo(p, "nope", un())).code).toBe("unknownEntry");
  });
  it("an undo naming a ref reverses only an entry with that ref (entries without one, from before refs, still undo)", () => {
    let p = change(createPool(), { id: "mine", delta: 1, reason: "miss", by: "gm", at: 1, ref: "card-1" });
    p = change(p, { id: "theirs", delta: 2, reason: "miss", by: "gm", at: 2, ref: "card-2" });
    p = change(p, { id: "old", delta: 1, reason: "miss", by: "gm", at: 3 });
    expect(p.entries.map((e) => e.ref)).toEqual(["card-1", "card-2", undefined]);
    const e = caught(() => undo(p, "theirs", { ...un(), ref: "card-1" }));
    expect(e.code).toBe("wrongRef");
    const after = undo(undo(p, "mine", { ...un(), ref: "card-1" }), "old", { ...un(), ref: "card-1" });
    expect(after.value).toBe(2);
    expect(after.entries.at(-2)).toMatchObject({ undoes: "mine", ref: "card-1" });
    // Without a ref, an undo (the GM's own) may reverse any entry.
    expect(undo(p, "theirs", un()).value).toBe(2);
    expect(caught(() => change(createPool(), { ...ch(1), ref: "" })).code).toBe("badEntry");
  });
});

describe("history and the entry cap", () => {
  it("history shows each entry with the value before and after", () => {
    let p = createPool(2);
    p = change(p, { id: "a", delta: 3, reason: "r", by: "gm", at: 1 });
    p = change(p, { id: "b", delta: -4, reason: "r", by: "gm", at: 2 });
    expect(history(p).map((h) => [h.id, h.before, h.after])).toEqual([
      ["a", 2, 5],
      ["b", 5, 1],
    ]);
  });
  it(`keeps only the last ${HISTORY_LIMIT} entries, folding older ones into base`, () => {
    let p = createPool();
    for (let i = 1; i <= 150; i++) p = change(p, { id: `e${i}`, delta: 1, reason: "r", by: "gm", at: i });
    expect(p.entries.length).toBe(HISTORY_LIMIT);
    expect(p.entries[0]!.id).toBe("e51");
    expect(p.value).toBe(150);
    expect(p.base).toBe(50);
    expect(history(p)[0]!.before).toBe(50);
    expect(caught(() => undo(p, "e1", un())).code).toBe("unknownEntry");
    expect(undo(p, "e150", un()).value).toBe(149);
  });
  it("requirePool refuses tampered stored data", () => {
    const good = change(createPool(), ch(2));
    expect(requirePool(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(caught(() => requirePool({ ...good, value: 7 })).code).toBe("badPool");
    expect(caught(() => requirePool({ ...good, value: -1 })).code).toBe("badPool");
    expect(caught(() => requirePool({ value: 0, base: 0, entries: [] })).code).toBe("badPool"); // max missing
    expect(caught(() => change(null as unknown as Pool, ch(1))).code).toBe("badPool");
  });
  it("poolOrEmpty reads a stored pool as it is, and a malformed one as an empty pool", () => {
    const good = change(createPool(), ch(2));
    expect(poolOrEmpty(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(poolOrEmpty({ ...good, value: 7 })).toEqual(createPool(0));
    expect(poolOrEmpty(undefined)).toEqual(createPool(0));
  });
});

type Op = { kind: "change"; delta: number } | { kind: "undo"; pick: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("change" as const), delta: fc.integer({ min: -6, max: 6 }) }),
  fc.record({ kind: fc.constant("undo" as const), pick: fc.nat() }),
);

describe("ledger properties", () => {
  it("property: value never negative nor above max, equals start + Σ accepted deltas, and survives JSON", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.option(fc.integer({ min: 10, max: 20 }), { nil: null }),
        fc.array(opArb, { maxLength: 140 }),
        (initial, max, ops) => {
          let p = createPool(initial, max);
          let expected = initial;
          let k = 0;
          for (const op of ops) {
            const before = JSON.stringify(p);
            const id = `x${k++}`;
            try {
              if (op.kind === "change") {
                p = change(p, { id, delta: op.delta, reason: "r", by: "gm", at: k });
                expected += op.delta;
              } else {
                const target = p.entries[op.pick % Math.max(1, p.entries.length)];
                p = undo(p, target?.id ?? "none", { id, by: "gm", at: k });
                expected -= target!.delta;
              }
            } catch (e) {
              expect(e).toBeInstanceOf(FracasRuleError);
              expect(JSON.stringify(p)).toBe(before); // a refusal changes nothing
            }
            expect(p.value).toBe(expected);
            expect(p.value).toBeGreaterThanOrEqual(0);
            if (max !== null) expect(p.value).toBeLessThanOrEqual(max);
            expect(p.base + p.entries.reduce((s, e) => s + e.delta, 0)).toBe(p.value);
            expect(p.entries.length).toBeLessThanOrEqual(HISTORY_LIMIT);
          }
          expect(JSON.parse(JSON.stringify(p))).toEqual(p);
          expect(requirePool(JSON.parse(JSON.stringify(p)))).toEqual(p);
        },
      ),
      RUNS,
    );
  });

  it("property: a change is refused exactly when it would leave [0, max], and undo restores the exact prior value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: -25, max: 25 }).filter((d) => d !== 0), fc.boolean(), (start, delta, capped) => {
        const max = capped ? 20 : null;
        const p = createPool(start, max);
        const fits = start + delta >= 0 && (max === null || start + delta <= max);
        expect(canChange(p, delta)).toBe(fits);
        if (!fits) {
          expect(caught(() => change(p, ch(delta))).code).toBe(start + delta < 0 ? "insufficient" : "overMax");
          return;
        }
        const changed = change(p, { id: "c", delta, reason: "r", by: "gm", at: 1 });
        expect(changed.value).toBe(start + delta);
        const back = undo(changed, "c", { id: "u", by: "gm", at: 2 });
        expect(back.value).toBe(start);
        expect(caught(() => undo(back, "c", un())).code).toBe("alreadyUndone");
      }),
      RUNS,
    );
  });
});
