import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { requireDie, rollWith, scriptedDice, seededDice, seededRandom } from "../../src/engine/dice.js";
import { codeOf, RUNS } from "./helpers.js";



describe("requireDie", () => {
  it("accepts every face of the die", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 999 }), (sides, k) => {
        const face = 1 + (k % sides);
        expect(requireDie("d", face, sides)).toBe(face);
      }),
      RUNS,
    );
  });
  it("refuses 0, sides + 1, fractions, NaN and strings with badDie", () => {
    for (const v of [0, 7, 2.5, NaN, "3", null, undefined]) expect(codeOf(() => requireDie("d", v, 6))).toBe("badDie");
  });
  it("refuses a die with no faces", () => {
    expect(codeOf(() => requireDie("d", 1, 0))).toBe("badNumber");
  });
  it("names the value and die in its message", () => {
    expect(() => requireDie("tie roll", 9, 6)).toThrow(/tie roll must be a d6 result from 1 to 6 \(got 9\)/);
  });
});

describe("seededDice (mulberry32)", () => {
  it("is reproducible: same seed, same sequence", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 1, max: 100 }), (seed, sides) => {
        const a = seededDice(seed);
        const b = seededDice(seed);
        for (let i = 0; i < 20; i++) expect(a(sides)).toBe(b(sides));
      }),
      RUNS,
    );
  });
  it("always returns a face of the asked die", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 1, max: 1000 }), (seed, sides) => {
        const die = seededDice(seed);
        for (let i = 0; i < 20; i++) requireDie("face", die(sides), sides);
      }),
      RUNS,
    );
  });
  it("matches the widely published mulberry32 (bryc's one-liner, copied independently)", () => {
    const reference = (a: number) => () => {
      let t = (a += 0x6d2b79f5);
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    for (const seed of [0, 1, 42, 123456789]) {
      const mine = seededRandom(seed);
      const ref = reference(seed);
      for (let i = 0; i < 50; i++) expect(mine()).toBe(ref());
    }
  });
  it("is roughly uniform (chi-square on 60,000 d6 rolls)", () => {
    const die = seededDice(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[die(6) - 1]! += 1;
    const chi = counts.reduce((s, c) => s + (c - 10000) ** 2 / 10000, 0);
    expect(chi).toBeLessThan(20.5); // p ≈ 0.001 for 5 degrees of freedom
  });
  it("refuses a non-integer seed", () => {
    expect(codeOf(() => seededDice(1.5))).toBe("badNumber");
  });
});

describe("scriptedDice and rollWith", () => {
  it("returns the script in order then refuses to go on", () => {
    const die = scriptedDice([3, 1, 6]);
    expect([die(6), die(6), die(6)]).toEqual([3, 1, 6]);
    expect(codeOf(() => die(6))).toBe("diceExhausted");
  });
  it("refuses a scripted face the die does not have", () => {
    expect(codeOf(() => scriptedDice([7])(6))).toBe("badDie");
  });
  it("rollWith checks what a callback returns", () => {
    expect(rollWith(() => 4, 6)).toBe(4);
    expect(codeOf(() => rollWith(() => 0, 6))).toBe("badDie");
    expect(codeOf(() => rollWith(() => 2.5, 6))).toBe("badDie");
    expect(codeOf(() => rollWith(undefined as unknown as () => number, 6))).toBe("badDieSource");
  });
});
