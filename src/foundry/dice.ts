/**
 * Foundry's dice for the kernel's synchronous DieSource. V13's Roll#evaluateSync refuses dice
 * (they are async: Dice So Nice, custom randomness), so a ruleset step that needs dice runs
 * against dice rolled beforehand with `await roll.evaluate()`; when it asks for more than were
 * rolled it stops, more are rolled, and it runs again from the start. Kernel steps are pure, so a
 * rerun with the same dice makes the same choices and asks for the same dice in the same order.
 */
import type { DieSource } from "../engine/dice.js";

class NeedDice extends Error {
  constructor(readonly sides: number) {
    super(`needs another d${sides}`);
  }
}

export type DiceRoller = (sides: number, count: number) => Promise<number[]>;

/** Rolls `count` d`sides` with Foundry's Roll (visible to dice modules), returning the faces. */
export const foundryRoller: DiceRoller = async (sides, count) => {
  const roll = await new Roll(`${count}d${sides}`).evaluate();
  const faces = roll.dice.flatMap((d) => d.results.map((r) => r.result));
  if (faces.length !== count) throw new Error(`Fracas: expected ${count} dice from ${roll.formula}`);
  return faces;
};

const BATCH = 4;
const MAX_RERUNS = 64;

/** Runs a pure step that draws dice, supplying them from Foundry's Roll (or `roller` in tests). */
export async function withDice<T>(step: (die: DieSource) => T, roller: DiceRoller = foundryRoller): Promise<T> {
  const rolled = new Map<number, number[]>();
  for (let rerun = 0; rerun < MAX_RERUNS; rerun++) {
    const used = new Map<number, number>();
    const die: DieSource = (sides) => {
      const faces = rolled.get(sides) ?? [];
      const next = used.get(sides) ?? 0;
      if (next >= faces.length) throw new NeedDice(sides);
      used.set(sides, next + 1);
      return faces[next]!;
    };
    try {
      return step(die);
    } catch (e) {
      if (!(e instanceof NeedDice)) throw e;
      rolled.set(e.sides, [...(rolled.get(e.sides) ?? []), ...(await roller(e.sides, BATCH))]);
    }
  }
  throw new Error("Fracas: a round step asked for more dice than any round could need");
}
