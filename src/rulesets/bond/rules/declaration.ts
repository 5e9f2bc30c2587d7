/**
 * Round order: Declarations in ascending Speed, Actions in descending Speed (the reverse). A tie
 * is broken by D6 rolls, repeated until broken; the lowest roll wins and counts as the faster.
 * The order is fixed once at the start of a battle and kept (the adapter stores it).
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { compareLowestWins, sortOrThrowTies } from "./tie-break.js";
import { requireRecord, requireSpeed } from "./vocabulary.js";

export interface OrderEntry {
  id: string;
  speed: number;
  /** The D6 tie-break rolls so far, first roll first. Only read when tied on Speed. */
  tieRolls?: readonly number[];
}

interface CheckedEntry {
  id: string;
  speed: number;
  tieRolls: readonly number[];
}

function checkEntries(combatants: readonly OrderEntry[]): CheckedEntry[] {
  if (!Array.isArray(combatants)) throw new FracasRuleError("badInput", "combatants must be an array", { name: "combatants" });
  const seen = new Set<string>();
  return combatants.map((raw, i) => {
    const c = requireRecord(`combatants[${i}]`, raw);
    if (typeof c.id !== "string" || c.id === "") {
      throw new FracasRuleError("badInput", `combatants[${i}].id must be a non-empty string`, { name: `combatants[${i}].id` });
    }
    if (seen.has(c.id)) throw new FracasRuleError("duplicateId", `combatant ${c.id} is listed twice`, { id: c.id });
    seen.add(c.id);
    const rolls = c.tieRolls ?? [];
    if (!Array.isArray(rolls)) throw new FracasRuleError("badInput", `combatants[${i}].tieRolls must be an array`, { name: `combatants[${i}].tieRolls` });
    return {
      id: c.id,
      speed: requireSpeed(`combatants[${i}].speed`, c.speed),
      tieRolls: rolls.map((r: unknown, k: number) => requireInt(`combatants[${i}].tieRolls[${k}]`, r, 1, 6)),
    };
  });
}

/** Slower first; on equal Speed the tie loser (higher D6) declares first. */
function slowerFirst(a: CheckedEntry, b: CheckedEntry): number | null {
  if (a.speed !== b.speed) return a.speed - b.speed;
  const lowest = compareLowestWins(a.tieRolls, b.tieRolls);
  return lowest === null ? null : -lowest;
}

/** Ids in Declaration order (ascending Speed). Throws `tieUnresolved` naming ids whose rolls still tie. */
export function declarationOrder(combatants: readonly OrderEntry[]): string[] {
  return sortOrThrowTies(checkEntries(combatants), slowerFirst, "declaration order").map((c) => c.id);
}

/** Ids in Action order: the reverse of the Declaration order (descending Speed). */
export function actionOrder(combatants: readonly OrderEntry[]): string[] {
  return declarationOrder(combatants).reverse();
}
