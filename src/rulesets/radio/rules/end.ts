/**
 * Combat ends when there is no one left to oppose the winning side: at most one side still has
 * anyone standing (not dead, unconscious, fled or escaped — the caller counts them).
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { wholeNumber } from "./vocabulary.js";

export interface Side {
  id: string;
  /** Members still able to fight (a henchmen group counts its remaining henchmen). */
  standing: number;
}

function requireSides(sides: readonly Side[]): readonly Side[] {
  if (!Array.isArray(sides)) throw new FracasRuleError("badInput", "sides must be a list");
  const ids = new Set<string>();
  for (const s of sides) {
    if (typeof s?.id !== "string") throw new FracasRuleError("badInput", "every side needs an id");
    if (ids.has(s.id)) throw new FracasRuleError("duplicateId", `side ${s.id} appears twice`, { id: s.id });
    ids.add(s.id);
    wholeNumber("standing", s.standing, 0, Number.MAX_SAFE_INTEGER);
  }
  return sides;
}

export function combatOver(sides: readonly Side[]): boolean {
  return requireSides(sides).filter((s) => s.standing > 0).length <= 1;
}

/** The side left standing when combat is over; null while it goes on or if nobody is left. */
export function combatWinner(sides: readonly Side[]): string | null {
  const standing = requireSides(sides).filter((s) => s.standing > 0);
  return standing.length === 1 ? standing[0]!.id : null;
}
