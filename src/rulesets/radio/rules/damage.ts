/**
 * Wounds dealt by a hit: the weapon table, doubled by a 6 on the d6, doubled again by cashing in
 * five tokens, and only then halved (rounding down, minimum 1) against a defensive target —
 * doubling first so that halving can undo exactly one doubling and the minimum of 1 always holds.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { damageTable } from "./tables/damage.js";
import { TOKENS_TO_DOUBLE, requireTokenSpend } from "./tokens.js";
import { flag, requireD6, requireWeapon } from "./vocabulary.js";
import type { Weapon } from "./vocabulary.js";

export const CRITICAL_ROLL = 6;

export interface DamageInput {
  weapon: Weapon;
  /** The attacker is skilled with the weapon (only rocks deal more in the seed). */
  skilled?: boolean;
  /** The d6 rolled after a hit; a 6 doubles. Missing = not rolled (no doubling). */
  critRoll?: number;
  /** 0 or 5 action tokens cashed in for this attack. */
  tokensSpent?: number;
  targetDefensive?: boolean;
}

export type DamageStepKind = "base" | "critical" | "tokens" | "defensive";
export interface DamageStep {
  step: DamageStepKind;
  /** How the step changed the number: "=", "×2", "÷2 (min 1)". */
  operation: string;
  value: number;
}

export interface DamageBreakdown {
  weapon: Weapon;
  skilled: boolean;
  critRoll: number | null;
  tokensSpent: number;
  steps: DamageStep[];
  total: number;
}

/** Pierces the skin, so it records a piercing wound and may aim at a head or heart. */
export function isPiercing(weapon: Weapon): boolean {
  const w = requireWeapon(weapon);
  return w === "blade" || w === "projectile";
}

export function damageBreakdown(input: DamageInput, table: Grid = damageTable): DamageBreakdown {
  if (typeof input !== "object" || input === null) throw new FracasRuleError("badInput", "damage input missing");
  const weapon = requireWeapon(input.weapon);
  const skilled = flag("skilled", input.skilled);
  const critRoll = input.critRoll === undefined ? null : requireD6("critRoll", input.critRoll);
  const tokensSpent = requireTokenSpend(input.tokensSpent);
  const defensive = flag("targetDefensive", input.targetDefensive);

  let value = intAt(table, weapon, skilled ? "skilled" : "unskilled");
  const steps: DamageStep[] = [{ step: "base", operation: "=", value }];
  if (critRoll === CRITICAL_ROLL) steps.push({ step: "critical", operation: "×2", value: (value *= 2) });
  if (tokensSpent === TOKENS_TO_DOUBLE) steps.push({ step: "tokens", operation: "×2", value: (value *= 2) });
  if (defensive) steps.push({ step: "defensive", operation: "÷2 (min 1)", value: (value = Math.max(1, Math.floor(value / 2))) });
  return { weapon, skilled, critRoll, tokensSpent, steps, total: value };
}

export function damage(input: DamageInput, table: Grid = damageTable): number {
  return damageBreakdown(input, table).total;
}
