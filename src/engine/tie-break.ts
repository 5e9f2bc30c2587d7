/**
 * Breaking ties by rolling off: every tied party rolls, equal rolls roll again among themselves,
 * until nobody shares a place. Rolls already made (kept from an earlier round, or stored on a chat
 * card) are used first, position by position, so the same kept rolls always give the same order
 * and the die is only called when they run out.
 */
import { FracasRuleError } from "./errors.js";
import { type DieSource, requireDie, rollWith } from "./dice.js";

/** More roll-offs than this means the die is not random (e.g. a stub that always answers 1). */
export const MAX_TIE_ROUNDS = 50;

export interface TieOptions {
  sides: number;
  /** true: the lowest roll wins the tie (Bond); false: the highest wins. */
  lowWins: boolean;
}

/**
 * Orders `ids` (all tied) winner first. `rolls` holds each party's kept rolls and is extended in
 * place with any new roll, so the caller can return it as the plan's tieBreaks.
 */
export function rollOff(ids: readonly string[], rolls: Record<string, number[]>, die: DieSource | undefined, opts: TieOptions): string[] {
  return rank(ids, 0);

  function rank(group: readonly string[], depth: number): string[] {
    if (group.length < 2) return [...group];
    if (depth >= MAX_TIE_ROUNDS) {
      throw new FracasRuleError("unbrokenTie", `a tie between ${group.join(", ")} was still unbroken after ${MAX_TIE_ROUNDS} roll-offs`, {
        ids: group.join(", "),
        rounds: MAX_TIE_ROUNDS,
      });
    }
    const byFace = new Map<number, string[]>();
    for (const id of group) {
      const kept = (rolls[id] ??= []);
      let face = kept[depth];
      if (face === undefined) {
        if (die === undefined) {
          throw new FracasRuleError("badDieSource", `a die is needed to break the tie between ${group.join(", ")}`, { ids: group.join(", ") });
        }
        face = rollWith(die, opts.sides, `tie roll for ${id}`);
        kept.push(face);
      }
      const same = byFace.get(face);
      if (same) same.push(id);
      else byFace.set(face, [id]);
    }
    const faces = [...byFace.keys()].sort((a, b) => (opts.lowWins ? a - b : b - a));
    return faces.flatMap((f) => rank(byFace.get(f)!, depth + 1));
  }
}

/** Copies and checks kept tie rolls supplied by the caller (each must be a face of the tie die). */
export function keptRolls(owner: string, rolls: unknown, sides: number): number[] {
  if (rolls === undefined) return [];
  if (!Array.isArray(rolls)) {
    throw new FracasRuleError("badTieRolls", `tie rolls of ${owner} must be a list of d${sides} results`, { id: owner });
  }
  return rolls.map((r, i) => requireDie(`tie roll ${i + 1} of ${owner}`, r, sides));
}

/**
 * Sorts `ids` by `compare` (best first) and rolls off inside every run the comparison calls equal.
 * Returns the full order, winner first.
 */
export function orderWithRollOffs(
  ids: readonly string[],
  compare: (a: string, b: string) => number,
  rolls: Record<string, number[]>,
  die: DieSource | undefined,
  opts: TieOptions,
): string[] {
  const sorted = [...ids].sort(compare);
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || compare(sorted[start]!, sorted[i]!) !== 0) {
      out.push(...rollOff(sorted.slice(start, i), rolls, die, opts));
      start = i;
    }
  }
  return out;
}
