import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  currentStep,
  freePlan,
  nextStep,
  phasedPlan,
  type RoundPlan,
  sidePlan,
  speedPlan,
  stepsFor,
  type Step,
} from "../../src/engine/order.js";
import { type DieSource, scriptedDice, seededDice } from "../../src/engine/dice.js";
import { codeOf, RUNS } from "./helpers.js";



const noDice: DieSource = () => {
  throw new Error("the die must not be rolled when kept tie rolls suffice");
};

const who = (plan: RoundPlan, kind: Step["kind"], phase?: number) =>
  plan.steps.filter((s) => s.kind === kind && (phase === undefined || s.phase === phase)).map((s) => s.combatantId);

/** True when a's roll-off sequence beats b's at the first place they differ (false if never broken). */
function beats(a: readonly number[], b: readonly number[], lowWins: boolean): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return lowWins ? a[i]! < b[i]! : a[i]! > b[i]!;
  }
  return false; // a prefix of the other or equal: the tie was never broken
}

function expectWellNumbered(plan: RoundPlan) {
  plan.steps.forEach((s, i) => expect(s.index).toBe(i));
}

function expectPermutation(list: readonly string[], ids: readonly string[]) {
  expect(new Set(list).size).toBe(list.length);
  expect([...list].sort()).toEqual([...ids].sort());
}

const idList = (min: number, max: number) =>
  fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/), { minLength: min, maxLength: max });

describe("speedPlan (Bond)", () => {
  it("declares in ascending speed and acts in descending speed", () => {
    const plan = speedPlan([
      { id: "bond", speed: 3 },
      { id: "thug", speed: 0 },
      { id: "jaws", speed: 2 },
    ]);
    expect(who(plan, "declare")).toEqual(["thug", "jaws", "bond"]);
    expect(who(plan, "act")).toEqual(["bond", "jaws", "thug"]);
    expect(plan.order).toEqual(["bond", "jaws", "thug"]);
    expect(plan.steps.filter((s) => s.kind === "declare").every((s) => s.phase === 1)).toBe(true);
    expect(plan.steps.filter((s) => s.kind === "act").every((s) => s.phase === 2)).toBe(true);
    expect(plan.mode).toBe("speed");
    expect(plan.round).toBe(1);
    expectWellNumbered(plan);
  });

  it("the lowest tie roll wins: the winner declares later and acts earlier", () => {
    // bond rolls 4, jaws rolls 2: jaws wins the tie and counts as the faster character.
    const plan = speedPlan(
      [
        { id: "bond", speed: 2 },
        { id: "jaws", speed: 2 },
      ],
      scriptedDice([4, 2]),
    );
    expect(who(plan, "declare")).toEqual(["bond", "jaws"]);
    expect(who(plan, "act")).toEqual(["jaws", "bond"]);
    expect(plan.tieBreaks).toEqual({ bond: [4], jaws: [2] });
  });

  it("equal tie rolls are rolled again until broken, and every roll is kept", () => {
    const plan = speedPlan(
      [
        { id: "a", speed: 1 },
        { id: "b", speed: 1 },
      ],
      scriptedDice([3, 3, 5, 1]),
    );
    expect(who(plan, "act")).toEqual(["b", "a"]);
    expect(plan.tieBreaks).toEqual({ a: [3, 5], b: [3, 1] });
  });

  it("a three-way tie only re-rolls among those still tied", () => {
    // a 2, b 2, c 5 → c is the slowest of the three; a and b re-roll 6 and 1 → b is the fastest.
    const plan = speedPlan(
      [
        { id: "a", speed: 1 },
        { id: "b", speed: 1 },
        { id: "c", speed: 1 },
        { id: "d", speed: 3 },
      ],
      scriptedDice([2, 2, 5, 6, 1]),
    );
    expect(who(plan, "act")).toEqual(["d", "b", "a", "c"]);
    expect(plan.tieBreaks).toEqual({ a: [2, 6], b: [2, 1], c: [5], d: [] });
  });

  it("kept tie rolls give the same order next round without rolling", () => {
    const first = speedPlan(
      [
        { id: "a", speed: 2 },
        { id: "b", speed: 2 },
      ],
      scriptedDice([6, 1]),
    );
    const second = speedPlan(
      [
        { id: "a", speed: 2, tieRolls: first.tieBreaks.a! },
        { id: "b", speed: 2, tieRolls: first.tieBreaks.b! },
      ],
      noDice,
      { round: 2 },
    );
    expect(second.order).toEqual(first.order);
    expect(second.round).toBe(2);
  });

  it("a newcomer tied with kept rolls rolls at the first place, then re-rolls with whoever matches", () => {
    // a kept [3], b kept [5]; c rolls 3 → ties a; then a rolls 4, c rolls 2 → c beats a; b (5) is slowest.
    const plan = speedPlan(
      [
        { id: "a", speed: 2, tieRolls: [3] },
        { id: "b", speed: 2, tieRolls: [5] },
        { id: "c", speed: 2 },
      ],
      scriptedDice([3, 4, 2]),
    );
    expect(plan.order).toEqual(["c", "a", "b"]);
    expect(plan.tieBreaks).toEqual({ a: [3, 4], b: [5], c: [3, 2] });
  });

  it("keeps tie rolls of combatants who are not tied this round", () => {
    const plan = speedPlan([{ id: "a", speed: 1, tieRolls: [4, 2] }], noDice);
    expect(plan.tieBreaks).toEqual({ a: [4, 2] });
  });

  it("refuses bad input with typed errors", () => {
    expect(codeOf(() => speedPlan([{ id: "a", speed: 1 }, { id: "a", speed: 2 }]))).toBe("duplicateId");
    expect(codeOf(() => speedPlan([{ id: "", speed: 1 }]))).toBe("badId");
    expect(codeOf(() => speedPlan([{ id: "a", speed: 1.5 }]))).toBe("badNumber");
    expect(codeOf(() => speedPlan([{ id: "a", speed: 1, tieRolls: [7] }]))).toBe("badDie");
    expect(codeOf(() => speedPlan(null as unknown as []))).toBe("badList");
    expect(codeOf(() => speedPlan([{ id: "a", speed: 1 }], undefined, { round: -1 }))).toBe("badNumber");
  });

  it("needs a die only when a tie must be rolled", () => {
    expect(speedPlan([{ id: "a", speed: 1 }, { id: "b", speed: 2 }]).order).toEqual(["b", "a"]);
    expect(codeOf(() => speedPlan([{ id: "a", speed: 1 }, { id: "b", speed: 1 }]))).toBe("badDieSource");
  });

  it("gives up with unbrokenTie when the die never breaks the tie", () => {
    expect(codeOf(() => speedPlan([{ id: "a", speed: 1 }, { id: "b", speed: 1 }], () => 1))).toBe("unbrokenTie");
  });

  it("refuses a die callback that answers off the die", () => {
    expect(codeOf(() => speedPlan([{ id: "a", speed: 1 }, { id: "b", speed: 1 }], () => 9))).toBe("badDie");
  });

  it("an empty battle is an empty plan", () => {
    expect(speedPlan([])).toEqual({ mode: "speed", round: 1, steps: [], order: [], sideOrder: [], tieBreaks: {} });
  });

  const speedInput = idList(0, 12).chain((ids) =>
    fc.tuple(fc.constant(ids), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: ids.length, maxLength: ids.length }), fc.nat()),
  );

  it("property: each kind is a permutation, declaration is the exact reverse of action, no tie unresolved", () => {
    fc.assert(
      fc.property(speedInput, ([ids, speeds, seed]) => {
        const plan = speedPlan(ids.map((id, i) => ({ id, speed: speeds[i]! })), seededDice(seed));
        const speed = new Map(ids.map((id, i) => [id, speeds[i]!]));
        const acts = who(plan, "act");
        expectPermutation(acts, ids);
        expectPermutation(who(plan, "declare"), ids);
        expect(who(plan, "declare")).toEqual([...acts].reverse());
        expect(plan.order).toEqual(acts);
        expectWellNumbered(plan);
        for (let i = 1; i < acts.length; i++) {
          const a = acts[i - 1]!;
          const b = acts[i]!;
          expect(speed.get(a)!).toBeGreaterThanOrEqual(speed.get(b)!);
          if (speed.get(a) === speed.get(b)) expect(beats(plan.tieBreaks[a]!, plan.tieBreaks[b]!, true)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("property: the kept tieRolls reproduce the same plan, and the plan survives JSON", () => {
    fc.assert(
      fc.property(speedInput, ([ids, speeds, seed]) => {
        const plan = speedPlan(ids.map((id, i) => ({ id, speed: speeds[i]! })), seededDice(seed));
        const again = speedPlan(
          ids.map((id, i) => ({ id, speed: speeds[i]!, tieRolls: plan.tieBreaks[id]! })),
          noDice,
        );
        expect(again).toEqual(plan);
        expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
      }),
      RUNS,
    );
  });
});

describe("phasedPlan (Radio)", () => {
  const standard = [1, 3];
  const frenzied = [1, 2, 3, 4];
  const targeted = [2, 4];

  it("orders by initiative, a PC beats a non-PC on a tie, and lists act steps phase by phase", () => {
    const plan = phasedPlan(
      [
        { id: "hero", initiative: 5, isPC: true, actsIn: standard },
        { id: "goons", initiative: 5, isPC: false, actsIn: frenzied },
        { id: "sidekick", initiative: 3, isPC: true, actsIn: targeted },
        { id: "turtle", initiative: 6, isPC: true, actsIn: [] },
      ],
      4,
    );
    expect(plan.order).toEqual(["turtle", "hero", "goons", "sidekick"]);
    expect(who(plan, "act", 1)).toEqual(["hero", "goons"]);
    expect(who(plan, "act", 2)).toEqual(["goons", "sidekick"]);
    expect(who(plan, "act", 3)).toEqual(["hero", "goons"]);
    expect(who(plan, "act", 4)).toEqual(["goons", "sidekick"]);
    expect(who(plan, "declare")).toEqual([]);
    expect(stepsFor(plan, "turtle")).toEqual([]);
    expectWellNumbered(plan);
  });

  it("PC–PC ties roll off and the highest roll goes first", () => {
    const plan = phasedPlan(
      [
        { id: "ann", initiative: 4, isPC: true, actsIn: standard },
        { id: "bob", initiative: 4, isPC: true, actsIn: standard },
      ],
      4,
      scriptedDice([2, 5]),
    );
    expect(plan.order).toEqual(["bob", "ann"]);
    expect(plan.tieBreaks).toEqual({ ann: [2], bob: [5] });
  });

  it("non-PC ties roll off too, among themselves only", () => {
    const plan = phasedPlan(
      [
        { id: "g1", initiative: 2, isPC: false, actsIn: [1] },
        { id: "pc", initiative: 2, isPC: true, actsIn: [1] },
        { id: "g2", initiative: 2, isPC: false, actsIn: [1] },
      ],
      4,
      scriptedDice([1, 6]),
    );
    expect(plan.order).toEqual(["pc", "g2", "g1"]);
    expect(plan.tieBreaks.pc).toEqual([]);
  });

  it("refuses phases outside the round, repeated phases and a non-boolean isPC", () => {
    expect(codeOf(() => phasedPlan([{ id: "a", initiative: 1, isPC: true, actsIn: [5] }], 4))).toBe("badNumber");
    expect(codeOf(() => phasedPlan([{ id: "a", initiative: 1, isPC: true, actsIn: [1, 1] }], 4))).toBe("duplicatePhase");
    expect(codeOf(() => phasedPlan([{ id: "a", initiative: 1, isPC: 1 as unknown as boolean, actsIn: [] }], 4))).toBe("badFlag");
    expect(codeOf(() => phasedPlan([], 0))).toBe("badNumber");
    expect(codeOf(() => phasedPlan([{ id: "a", initiative: 1, isPC: true, actsIn: "1" as unknown as number[] }], 4))).toBe("badList");
  });

  const phasedInput = idList(0, 10).chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(
        fc.record({ initiative: fc.integer({ min: 1, max: 6 }), isPC: fc.boolean(), actsIn: fc.subarray([1, 2, 3, 4]) }),
        { minLength: ids.length, maxLength: ids.length },
      ),
      fc.nat(),
    ),
  );

  it("property: order is a permutation sorted by initiative then PC, ties broken, each phase lists exactly its actors once", () => {
    fc.assert(
      fc.property(phasedInput, ([ids, rows, seed]) => {
        const input = ids.map((id, i) => ({ id, ...rows[i]! }));
        const plan = phasedPlan(input, 4, seededDice(seed));
        const byId = new Map(input.map((c) => [c.id, c]));
        expectPermutation(plan.order, ids);
        expectWellNumbered(plan);
        for (let i = 1; i < plan.order.length; i++) {
          const a = byId.get(plan.order[i - 1]!)!;
          const b = byId.get(plan.order[i]!)!;
          expect(a.initiative).toBeGreaterThanOrEqual(b.initiative);
          if (a.initiative === b.initiative) {
            expect(Number(a.isPC)).toBeGreaterThanOrEqual(Number(b.isPC));
            if (a.isPC === b.isPC) expect(beats(plan.tieBreaks[a.id]!, plan.tieBreaks[b.id]!, false)).toBe(true);
          }
        }
        for (let phase = 1; phase <= 4; phase++) {
          expect(who(plan, "act", phase)).toEqual(plan.order.filter((id) => byId.get(id)!.actsIn.includes(phase)));
        }
        const again = phasedPlan(
          input.map((c) => ({ ...c, tieRolls: plan.tieBreaks[c.id]! })),
          4,
          noDice,
        );
        expect(again).toEqual(plan);
      }),
      RUNS,
    );
  });
});

describe("sidePlan (Faserip)", () => {
  it("the winning side declares then acts, then the other side", () => {
    const plan = sidePlan([
      { side: "villains", roll: 9, members: ["doom"] },
      { side: "heroes", roll: 14, members: ["spidey", "cap"] },
    ]);
    expect(plan.sideOrder).toEqual(["heroes", "villains"]);
    expect(plan.steps.map((s) => [s.kind, s.combatantId, s.side, s.phase])).toEqual([
      ["declare", "spidey", "heroes", 1],
      ["declare", "cap", "heroes", 1],
      ["act", "spidey", "heroes", 1],
      ["act", "cap", "heroes", 1],
      ["declare", "doom", "villains", 2],
      ["act", "doom", "villains", 2],
    ]);
    expect(plan.order).toEqual(["spidey", "cap", "doom"]);
    expectWellNumbered(plan);
  });

  it("tied sides re-roll (d10 by default), highest wins", () => {
    let asked = 0;
    const d10: DieSource = (sides) => {
      asked = sides;
      return scripted(sides);
    };
    const scripted = scriptedDice([3, 8]);
    const plan = sidePlan(
      [
        { side: "heroes", roll: 10, members: ["a"] },
        { side: "villains", roll: 10, members: ["b"] },
      ],
      d10,
    );
    expect(asked).toBe(10);
    expect(plan.sideOrder).toEqual(["villains", "heroes"]);
    expect(plan.tieBreaks).toEqual({ heroes: [3], villains: [8] });
  });

  it("refuses a combatant on two sides and duplicate side names", () => {
    expect(codeOf(() => sidePlan([{ side: "x", roll: 1, members: ["a"] }, { side: "y", roll: 2, members: ["a"] }]))).toBe("duplicateId");
    expect(codeOf(() => sidePlan([{ side: "x", roll: 1, members: [] }, { side: "x", roll: 2, members: [] }]))).toBe("duplicateId");
    expect(codeOf(() => sidePlan([{ side: "x", roll: 1, members: "a" as unknown as string[] }]))).toBe("badList");
  });

  const sideInput = idList(0, 12).chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: ids.length, maxLength: ids.length }),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
      fc.nat(),
    ),
  );

  it("property: each kind is a permutation, each side's turn is contiguous and declares before acting", () => {
    fc.assert(
      fc.property(sideInput, ([ids, sideOf, rolls, seed]) => {
        const sides = [0, 1, 2, 3].map((s) => ({ side: `s${s}`, roll: rolls[s]!, members: ids.filter((_, i) => sideOf[i] === s) }));
        const plan = sidePlan(sides, seededDice(seed));
        expectPermutation(who(plan, "declare"), ids);
        expectPermutation(who(plan, "act"), ids);
        expectPermutation(plan.sideOrder, ["s0", "s1", "s2", "s3"]);
        const turnOf = plan.steps.map((s) => plan.sideOrder.indexOf(s.side!));
        expect([...turnOf].sort((a, b) => a - b)).toEqual(turnOf);
        plan.steps.forEach((s, i) => expect(s.phase).toBe(turnOf[i]! + 1));
        for (const side of sides) {
          const mine = plan.steps.filter((s) => s.side === side.side);
          expect(mine.map((s) => s.kind)).toEqual([...side.members.map(() => "declare"), ...side.members.map(() => "act")]);
        }
        const roll = new Map(sides.map((s) => [s.side, s.roll]));
        for (let i = 1; i < plan.sideOrder.length; i++) {
          const a = plan.sideOrder[i - 1]!;
          const b = plan.sideOrder[i]!;
          expect(roll.get(a)!).toBeGreaterThanOrEqual(roll.get(b)!);
          if (roll.get(a) === roll.get(b)) expect(beats(plan.tieBreaks[a]!, plan.tieBreaks[b]!, false)).toBe(true);
        }
        expect(sidePlan(sides.map((s) => ({ ...s, tieRolls: plan.tieBreaks[s.side]! })), noDice)).toEqual(plan);
      }),
      RUNS,
    );
  });
});

describe("freePlan (Zodiac)", () => {
  it("keeps the GM's order, one act step each", () => {
    const plan = freePlan(["mike", "jeremy", "ops"], { round: 3 });
    expect(who(plan, "act")).toEqual(["mike", "jeremy", "ops"]);
    expect(plan.round).toBe(3);
    expect(plan.mode).toBe("free");
    expect(plan.steps.every((s) => s.phase === 1 && s.side === undefined)).toBe(true);
  });
  it("refuses a repeated id", () => {
    expect(codeOf(() => freePlan(["a", "a"]))).toBe("duplicateId");
  });
  it("property: the act steps are exactly the given ids in order", () => {
    fc.assert(
      fc.property(idList(0, 20), (ids) => {
        const plan = freePlan(ids);
        expect(who(plan, "act")).toEqual(ids);
        expectWellNumbered(plan);
      }),
      RUNS,
    );
  });
});

describe("walking a plan", () => {
  const plan = speedPlan([
    { id: "a", speed: 3 },
    { id: "b", speed: 1 },
  ]);
  it("currentStep and nextStep walk the steps and answer null past the end", () => {
    expect(currentStep(plan, 0)).toEqual({ index: 0, phase: 1, combatantId: "b", kind: "declare" });
    expect(nextStep(plan, 0)).toEqual({ index: 1, phase: 1, combatantId: "a", kind: "declare" });
    expect(currentStep(plan, 3)?.combatantId).toBe("b");
    expect(nextStep(plan, 3)).toBeNull();
    expect(currentStep(plan, 4)).toBeNull();
  });
  it("stepsFor lists a combatant's steps in order", () => {
    expect(stepsFor(plan, "a").map((s) => [s.kind, s.index])).toEqual([
      ["declare", 1],
      ["act", 2],
    ]);
    expect(stepsFor(plan, "nobody")).toEqual([]);
  });
  it("refuses a negative or fractional index and a non-plan", () => {
    expect(codeOf(() => currentStep(plan, -1))).toBe("badNumber");
    expect(codeOf(() => nextStep(plan, 0.5))).toBe("badNumber");
    expect(codeOf(() => stepsFor({} as RoundPlan, "a"))).toBe("badPlan");
  });
  it("property: following nextStep from 0 visits every step once", () => {
    fc.assert(
      fc.property(idList(1, 10), fc.nat(), (ids, seed) => {
        const p = speedPlan(ids.map((id, i) => ({ id, speed: i % 3 })), seededDice(seed));
        const seen: Step[] = [];
        for (let s: Step | null = currentStep(p, 0); s; s = nextStep(p, s.index)) seen.push(s);
        expect(seen).toEqual(p.steps);
      }),
      RUNS,
    );
  });
});
