/**
 * Dice values in, never dice. The kernel only sees numbers the adapter (Foundry `Roll`) or a test
 * rolled; where a rule needs an unknown number of extra dice (re-rolled ties) it takes a
 * DieSource callback, and checks every value that callback returns.
 */
import { FracasRuleError, requireInt } from "./errors.js";

/** Rolls one die with `sides` faces and returns its face (1..sides). */
export type DieSource = (sides: number) => number;

/** Largest die the kernel accepts; d1000 covers every ruleset with room to spare. */
export const MAX_SIDES = 1000;

/** Throws unless `sides` is a whole number from 1 to MAX_SIDES. */
export function requireSides(name: string, sides: unknown): number {
  return requireInt(name, sides, 1, MAX_SIDES);
}

/** Throws (code `badDie`) unless `value` is a face of a `sides`-sided die. */
export function requireDie(name: string, value: unknown, sides: number): number {
  requireSides(`${name} sides`, sides);
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > sides) {
    throw new FracasRuleError("badDie", `${name} must be a d${sides} result from 1 to ${sides} (got ${String(value)})`, {
      name,
      sides,
      value: String(value),
    });
  }
  return value;
}

/** Calls `die(sides)` and checks the answer, so a faulty callback fails here and not deep inside a rule. */
export function rollWith(die: DieSource, sides: number, name = "die"): number {
  if (typeof die !== "function") {
    throw new FracasRuleError("badDieSource", `${name}: a die callback is needed to roll a d${sides}`, { name, sides });
  }
  return requireDie(name, die(sides), sides);
}

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  requireInt("seed", seed, -0x80000000, 0xffffffff);
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A reproducible DieSource (mulberry32) for tests and the simulator. */
export function seededDice(seed: number): DieSource {
  const next = seededRandom(seed);
  return (sides: number) => {
    requireSides("sides", sides);
    return 1 + Math.floor(next() * sides);
  };
}

/** A DieSource that returns the given faces in order and refuses to roll past the end (for tests and replays). */
export function scriptedDice(faces: readonly number[]): DieSource {
  let i = 0;
  return (sides: number) => {
    const face = faces[i];
    if (face === undefined) {
      throw new FracasRuleError("diceExhausted", `scripted dice ran out after ${faces.length} rolls`, { count: faces.length });
    }
    i++;
    return requireDie(`scripted roll ${i}`, face, sides);
  };
}
