/**
 * Exact odds for the roll dialogs, never sampling: the to-hit count from the shared odds engine
 * (ways2d10Over), damage by enumerating the 6 faces of the doubling d6, initiative from the 36 pairs.
 */
import { ways2d10Over } from "../../../engine/odds.js";
import type { Grid } from "../../../engine/tables.js";
import { HIT_THRESHOLD, attackModifiers } from "./attack.js";
import type { AttackSetup } from "./attack.js";
import { damage } from "./damage.js";
import type { DamageInput } from "./damage.js";
import type { RadioOptions } from "./options.js";
import { actionModifiersTable } from "./tables/action-modifiers.js";
import { damageTable } from "./tables/damage.js";
import { flag } from "./vocabulary.js";

/** Number of the 100 equally likely 2d10 outcomes whose total beats the hit threshold. */
export function hitOutcomes(setup: AttackSetup, options: RadioOptions = {}, table: Grid = actionModifiersTable): number {
  const { modifiers, calledShot } = attackModifiers(setup, options, table);
  if (calledShot.autoFail) return 0;
  const bonus = modifiers.reduce((sum, m) => sum + m.value, 0);
  return ways2d10Over(bonus, HIT_THRESHOLD);
}

/** P(2d10 + modifiers > 11), exactly (a multiple of 1/100). */
export function hitChance(setup: AttackSetup, options: RadioOptions = {}, table: Grid = actionModifiersTable): number {
  return hitOutcomes(setup, options, table) / 100;
}

export interface DamageOutcome {
  damage: number;
  chance: number;
}

export interface DamageOdds {
  /** Chance the d6 shows the doubling 6. */
  doubleChance: number;
  /** Each possible damage of a hit with its chance, lowest first. */
  outcomes: DamageOutcome[];
}

export function damageOdds(input: Omit<DamageInput, "critRoll">, table: Grid = damageTable): DamageOdds {
  const counts = new Map<number, number>();
  for (let critRoll = 1; critRoll <= 6; critRoll++) {
    const d = damage({ ...input, critRoll }, table);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  const outcomes = [...counts].sort((x, y) => x[0] - y[0]).map(([d, n]) => ({ damage: d, chance: n / 6 }));
  return { doubleChance: 1 / 6, outcomes };
}

/** A consequence roll: the 6 (flee, stay in the fight, only lose the weapon) against the rest. */
export function consequenceOdds(): { six: number; notSix: number } {
  return { six: 1 / 6, notSix: 5 / 6 };
}

export interface InitiativeOdds {
  before: number;
  after: number;
  /** Left to the GM: two GM groups tying (the seed settles only ties involving players). */
  undecided: number;
}

/** Chance that one participant acts before one opponent, ties settled as the seed says. */
export function initiativeOdds(input: { isPC: boolean; opponentIsPC: boolean }): InitiativeOdds {
  const me = flag("isPC", input?.isPC);
  const them = flag("opponentIsPC", input?.opponentIsPC);
  const higher = 15 / 36;
  const tie = 6 / 36;
  if (me && them) return { before: 0.5, after: 0.5, undecided: 0 };
  if (me) return { before: higher + tie, after: higher, undecided: 0 };
  if (them) return { before: higher, after: higher + tie, undecided: 0 };
  return { before: higher, after: higher, undecided: tie };
}
