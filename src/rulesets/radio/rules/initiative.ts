/**
 * Round initiative (cheat sheet Step 1): 1d6 per PC and per NPC group, highest first. A PC beats
 * the GM's side on a tie. Tied PCs roll again among themselves; without a die source their input
 * order is kept and the tie is reported so the adapter can ask for the re-roll.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { flag, requireD6 } from "./vocabulary.js";
import type { DieSource } from "./vocabulary.js";

export interface InitiativeEntry {
  id: string;
  roll: number;
  isPC: boolean;
}

export interface TieReroll {
  id: string;
  rolls: number[];
}

export interface InitiativeResult {
  /** Ids, first to act first. */
  order: string[];
  /** Groups of PCs still tied (in the order they stand); empty when a die source broke them. */
  ties: string[][];
  /** Re-rolls made to break PC ties, for the chat card. */
  rerolls: TieReroll[];
}

/** A die source that keeps rolling the same numbers would never end; this many rounds is plenty. */
export const MAX_TIE_ROUNDS = 100;

export function initiativeOrder(entries: readonly InitiativeEntry[], reroll?: DieSource): InitiativeResult {
  if (!Array.isArray(entries)) throw new FracasRuleError("badInput", "initiative entries must be a list");
  if (reroll !== undefined && typeof reroll !== "function") throw new FracasRuleError("badInput", "reroll must be a die source");
  const seen = new Set<string>();
  const checked = entries.map((e, index) => {
    if (typeof e?.id !== "string") throw new FracasRuleError("badInput", "every initiative entry needs an id");
    if (seen.has(e.id)) throw new FracasRuleError("duplicateId", `${e.id} rolled initiative twice`, { id: e.id });
    seen.add(e.id);
    return { id: e.id, roll: requireD6("roll", e.roll), isPC: flag("isPC", e.isPC), index };
  });
  checked.sort((a, b) => b.roll - a.roll || Number(b.isPC) - Number(a.isPC) || a.index - b.index);

  const order: string[] = [];
  const ties: string[][] = [];
  const rerolls = new Map<string, number[]>();
  for (let i = 0; i < checked.length; ) {
    let j = i + 1;
    const first = checked[i]!;
    while (j < checked.length && checked[j]!.isPC && first.isPC && checked[j]!.roll === first.roll) j++;
    const group = checked.slice(i, j).map((e) => e.id);
    if (group.length === 1) order.push(...group);
    else if (reroll === undefined) {
      order.push(...group);
      ties.push(group);
    } else order.push(...breakTie(group, reroll, rerolls));
    i = j;
  }
  return { order, ties, rerolls: [...rerolls].map(([id, rolls]) => ({ id, rolls })) };
}

/** Everyone in the group rolls again; still-tied subgroups keep rolling among themselves. */
function breakTie(group: readonly string[], die: DieSource, log: Map<string, number[]>, depth = 1): string[] {
  if (depth > MAX_TIE_ROUNDS) {
    throw new FracasRuleError("tieUnbroken", `tie between ${group.join(", ")} not broken after ${MAX_TIE_ROUNDS} re-rolls`, { ids: group.join(", "), sides: group.join(", ") });
  }
  const rolled = group.map((id) => {
    const roll = requireD6("reroll", die(6));
    log.set(id, [...(log.get(id) ?? []), roll]);
    return { id, roll };
  });
  const out: string[] = [];
  for (let face = 6; face >= 1; face--) {
    const same = rolled.filter((r) => r.roll === face).map((r) => r.id);
    if (same.length === 1) out.push(same[0]!);
    else if (same.length > 1) out.push(...breakTie(same, die, log, depth + 1));
  }
  return out;
}
