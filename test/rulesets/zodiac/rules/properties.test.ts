/** Invariants over thousands of random inputs. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRuleError } from "../../../../src/engine/errors.js";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import type { AgentHealth, OtherAgentHealth, TotalMode } from "../../../../src/rulesets/zodiac/rules/index.js";

const RUNS = { numRuns: 1000 };
const mode = fc.constantFrom<TotalMode>("keepArea", "sumWithoutOnes");
const calledShot = fc.option(fc.constantFrom(...zodiac.CALLED_SHOTS), { nil: undefined });

/** Brute force: every one of the 6^pool rolls, totalled the plain way. Returns counts by total. */
const bruteCache = new Map<string, number[]>();
function bruteCounts(pool: number, keep: number, m: TotalMode): number[] {
  const key = `${pool}/${keep}/${m}`;
  const hit = bruteCache.get(key);
  if (hit) return hit;
  const counts = new Array<number>(6 * pool + 1).fill(0);
  const dice = new Array<number>(pool).fill(1);
  for (let n = 0; n < 6 ** pool; n++) {
    let x = n;
    for (let d = 0; d < pool; d++) {
      dice[d] = (x % 6) + 1;
      x = Math.floor(x / 6);
    }
    const total =
      m === "keepArea"
        ? [...dice].sort((p, q) => q - p).slice(0, keep).reduce((s, v) => s + v, 0)
        : dice.reduce((s, v) => s + (v === 1 ? 0 : v), 0);
    counts[total]! += 1;
  }
  bruteCache.set(key, counts);
  return counts;
}

/** Either a value or a FracasRuleError — anything else (TypeError, NaN) fails. */
function ruleErrorOr<T>(f: () => T): T | "error" {
  try {
    return f();
  } catch (e) {
    if (isRuleError(e)) return "error";
    throw e;
  }
}

describe("odds properties", () => {
  it("chanceToMeet equals brute-force enumeration for pools up to 5 dice", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 32 }), mode, (pool, keep, tn, m) => {
        const counts = bruteCounts(pool, keep, m);
        const meeting = counts.slice(tn).reduce((s, c) => s + c, 0);
        expect(zodiac.chanceToMeet({ pool, keep, tn, mode: m })).toBe(meeting / 6 ** pool);
      }),
      RUNS,
    );
  });

  it("the whole distribution matches enumeration too", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 6 }), mode, (pool, keep, m) => {
        const counts = bruteCounts(pool, keep, m);
        const dist = zodiac.totalDistribution({ pool, keep, mode: m });
        // Either array may carry trailing impossible totals; compare over the longer one.
        const length = Math.max(dist.length, counts.length);
        for (let t = 0; t < length; t++) expect(dist[t] ?? 0).toBe((counts[t] ?? 0) / 6 ** pool);
      }),
      RUNS,
    );
  });

  it("more dice never lower the chance", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 40 }), mode, (pool, keep, tn, m) => {
        const fewer = zodiac.chanceToMeet({ pool, keep, tn, mode: m });
        const more = zodiac.chanceToMeet({ pool: pool + 1, keep, tn, mode: m });
        expect(more).toBeGreaterThanOrEqual(fewer - 1e-12);
      }),
      RUNS,
    );
  });

  it("a higher TN never raises the chance, and every chance is a probability", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 60 }), mode, (pool, keep, tn, m) => {
        const easy = zodiac.chanceToMeet({ pool, keep, tn, mode: m });
        const hard = zodiac.chanceToMeet({ pool, keep, tn: tn + 1, mode: m });
        expect(hard).toBeLessThanOrEqual(easy + 1e-12);
        expect(easy).toBeGreaterThanOrEqual(0);
        expect(easy).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });
});

describe("pool and totals properties", () => {
  it("poolSize is Area + gathered − Wagers, never negative, or a typed error", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3, max: 8 }),
        fc.integer({ min: -3, max: 70 }),
        fc.integer({ min: -3, max: 80 }),
        fc.boolean(),
        (area, gathered, wagers, almostDead) => {
          const r = ruleErrorOr(() => zodiac.poolSize({ area, gathered, wagers, almostDead }));
          if (r === "error") {
            const valid = area >= 1 && area <= 5 && gathered >= 0 && gathered <= zodiac.MAX_GATHERED && wagers >= 0 && wagers <= area + gathered && !(almostDead && wagers > 0);
            expect(valid).toBe(false);
          } else {
            expect(r).toBe(area + gathered - wagers);
            expect(r).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      RUNS,
    );
  });

  it("keptTotal grows with keep and never exceeds the sum of all dice", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 12 }), fc.integer({ min: 0, max: 12 }), (dice, keep) => {
        const all = dice.reduce((s, d) => s + d, 0);
        const k = zodiac.keptTotal(dice, keep);
        expect(k).toBeLessThanOrEqual(all);
        expect(zodiac.keptTotal(dice, keep + 1)).toBeGreaterThanOrEqual(k);
        expect(k).toBeLessThanOrEqual(6 * keep);
      }),
      RUNS,
    );
  });
});

describe("killing properties", () => {
  it("kills ≤ 1 + Wagers, captured ≤ 1, a miss kills nobody and gains Setback", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 12 }), fc.boolean(), calledShot, (total, wagers, captureAlive, shot) => {
        const r = ruleErrorOr(() => zodiac.killEveryoneElse({ total, wagers, captureAlive, ...(shot ? { calledShot: shot } : {}) }));
        if (r === "error") {
          const cost = shot ? zodiac.calledShotCost(shot) : 0;
          expect((captureAlive && (wagers < 2 || shot !== undefined)) || wagers < cost).toBe(true);
          return;
        }
        expect(r.kills).toBeLessThanOrEqual(1 + wagers);
        expect(r.kills).toBeGreaterThanOrEqual(0);
        expect(r.captured).toBeLessThanOrEqual(1);
        if (total < 5) expect(r).toMatchObject({ kills: 0, captured: 0, setbackGained: 1 });
        else expect(r.kills + r.captured).toBeGreaterThanOrEqual(captureAlive ? 1 : 1);
      }),
      RUNS,
    );
  });

  it("applyKills never goes negative and moves at most one captive", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 2, max: 12 }), fc.boolean(), (standing, captured, total, wagers, captureAlive) => {
        const result = zodiac.killEveryoneElse({ total, wagers, captureAlive });
        const after = zodiac.applyKills({ standing, captured }, result);
        expect(after.standing).toBeGreaterThanOrEqual(0);
        expect(after.standing).toBeLessThanOrEqual(standing);
        expect(after.captured - captured).toBeGreaterThanOrEqual(0);
        expect(after.captured - captured).toBeLessThanOrEqual(1);
        const gone = standing - after.standing;
        expect(gone).toBe(Math.min(standing, result.kills + result.captured));
      }),
      RUNS,
    );
  });
});

describe("Rank accounting properties", () => {
  const strikeArb = fc.record({
    total: fc.integer({ min: 0, max: 30 }),
    tn: fc.integer({ min: 0, max: 30 }),
    wagers: fc.integer({ min: 0, max: 8 }),
    cancel: fc.integer({ min: 0, max: 8 }),
    shot: calledShot,
  });

  it("Wagers against an Other Agent never decrease over a fight; they die exactly at Rank or to a head shot", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(strikeArb, { maxLength: 8 }), (rank, strikes) => {
        let state: OtherAgentHealth = zodiac.healthyOtherAgent();
        for (const s of strikes) {
          if (state.status === "dead") break;
          const r = ruleErrorOr(() =>
            zodiac.strike({ total: s.total, tn: s.tn, wagers: s.wagers, rank, accumulated: state.wagersAgainst, target: "otherAgent", ...(s.shot ? { calledShot: s.shot } : {}) }),
          );
          if (r === "error") continue;
          const next = zodiac.applyStrikeToOtherAgent(state, r).state;
          expect(next.wagersAgainst).toBeGreaterThanOrEqual(state.wagersAgainst);
          expect(next.status === "dead").toBe(r.headShot || next.wagersAgainst >= rank);
          state = next;
        }
      }),
      RUNS,
    );
  });

  it("only a Setback cancel lowers what a strike applies, by exactly the Wagers cancelled", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 11 }), strikeArb, (rank, prior, s) => {
        fc.pre(prior < rank);
        const base = { total: s.total, tn: s.tn, wagers: s.wagers, rank, accumulated: prior, target: "otherAgent" as const, ...(s.shot ? { calledShot: s.shot } : {}) };
        const plain = ruleErrorOr(() => zodiac.strike(base));
        if (plain === "error") return;
        expect(plain.accumulated).toBeGreaterThanOrEqual(prior);
        const cut = ruleErrorOr(() => zodiac.strike({ ...base, cancelled: s.cancel }));
        if (cut === "error") {
          expect(s.cancel > 0 && (!plain.success || s.cancel > plain.rankWagers || s.shot === "head")).toBe(true);
          return;
        }
        expect(plain.accumulated - cut.accumulated).toBe(s.cancel);
        expect(cut.accumulated).toBeGreaterThanOrEqual(prior + (cut.success ? 1 : 0)); // the free Wager survives
      }),
      RUNS,
    );
  });

  it("an Agent is killed by a strike only through a landed head shot: otherwise Healthy → Almost Dead, Wagers never decrease", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(strikeArb, { maxLength: 8 }), (rank, strikes) => {
        let state: AgentHealth = zodiac.healthyAgent();
        strikes.forEach((s, round) => {
          if (state.status === "dead") return; // a dead Agent is struck no more
          const r = ruleErrorOr(() =>
            zodiac.strike({ total: s.total, tn: s.tn, wagers: s.wagers, rank, accumulated: state.wagersAgainst, target: "agent", round: round + 1, ...(s.shot ? { calledShot: s.shot } : {}) }),
          );
          if (r === "error") return;
          const next = zodiac.applyStrikeToAgent(state, r).state;
          expect(next.status === "dead").toBe(r.headShot);
          expect(next.wagersAgainst).toBeGreaterThanOrEqual(state.wagersAgainst);
          if (state.status === "almostDead") expect(next.almostDeadSince).toBe(state.almostDeadSince);
          state = next;
        });
      }),
      RUNS,
    );
  });
});

describe("robustness", () => {
  it("every entry point answers arbitrary junk with a FracasRuleError, never a TypeError", () => {
    const calls: ((v: unknown) => unknown)[] = [
      (v) => zodiac.poolSize(v as never),
      (v) => zodiac.strike(v as never),
      (v) => zodiac.killEveryoneElse(v as never),
      (v) => zodiac.finishAlmostDead(v as never),
      (v) => zodiac.agentProfile(v as never),
      (v) => zodiac.chanceToMeet(v as never),
      (v) => zodiac.agentVsAgent(v as never),
      (v) => zodiac.applyStrikeToAgent(v as never, v as never),
      (v) => zodiac.applyKills(v as never, v as never),
      (v) => zodiac.reveal(v as never),
      (v) => zodiac.operationsOrder(v as never),
      (v) => zodiac.resolveStrike(v as never),
      (v) => zodiac.cancelWagers(v as never),
      (v) => zodiac.keptTotal(v as never, v as never),
    ];
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 0, max: calls.length - 1 }), (v, k) => {
        ruleErrorOr(() => calls[k]!(v));
      }),
      RUNS,
    );
  });

  it("operationsOrder always returns a permutation of the table", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
        (ids, raw) => {
          const moves = raw.map(([a, b]) => ({ id: ids[a % ids.length]!, to: b % ids.length }));
          const order = zodiac.operationsOrder(ids, moves);
          expect([...order].sort()).toEqual([...ids].sort());
        },
      ),
      RUNS,
    );
  });

  it("reveal shows amounts only when every side has committed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 }), fc.integer({ min: 0, max: 5 }), (n, amounts, commits) => {
        const ids = Array.from({ length: n }, (_, k) => `agent${k}`);
        let sealed = zodiac.openWagers(ids);
        for (let k = 0; k < Math.min(commits, n); k++) sealed = zodiac.sealWagers(sealed, ids[k]!, amounts[k]!);
        const r = zodiac.reveal(sealed);
        expect(r.revealed).toBe(commits >= n);
        if (r.revealed) expect(Object.values(r.wagers)).toEqual(amounts.slice(0, n));
        else expect("wagers" in r).toBe(false);
      }),
      RUNS,
    );
  });
});
