/** Damage from a landed blow, and when Slam and Stun results may take effect. */
import { FracasRuleError, requireChoice } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { ATTACK_ACTIONS } from "./actions.js";
import type { AttackAction } from "./actions.js";
import { requireObject } from "./input.js";
import type { RankValue } from "./ranks.js";
import { toRankNumber } from "./ranks.js";
import { rankNumbersTable } from "./tables/rank-numbers.js";

export interface DamageInput {
  action: AttackAction;
  /** The attacker's Strength. */
  strength: RankValue;
  /** The weapon's damage rank, when a weapon is used. */
  weaponDamage?: RankValue;
  /** The defender's Body Armor rank (0 / Shift 0 when none). */
  armor?: RankValue;
  /** The attacker's Endurance (read only for Charging). */
  endurance?: RankValue;
}

/** Where damage before armor comes from (the card says it: DECISIONS.md "A card shows its derivation"). */
export type DamageFrom = "strength" | "weapon" | "endurance";

/**
 * Damage before armor and the rank it is (one switch, so the card never names a rank the number
 * did not come from): the action's own (Slugfest: Strength), or the higher of two (ties: Strength).
 * Null when the action deals none (grappling, escaping, snatching).
 */
export function rawDamageOf(input: DamageInput, table: Grid = rankNumbersTable): { value: number; from: DamageFrom } | null {
  const i = requireObject("damage input", input);
  const action = requireChoice("action", i["action"], ATTACK_ACTIONS);
  const strength = toRankNumber("strength", i["strength"], table);
  const weapon = i["weaponDamage"] === undefined ? null : toRankNumber("weaponDamage", i["weaponDamage"], table);
  const higher = (other: number | null, from: DamageFrom) => (other !== null && other > strength ? { value: other, from } : { value: strength, from: "strength" as const });
  switch (action) {
    case "slugfest":
      return { value: strength, from: "strength" };
    case "hackSlash":
      return higher(weapon, "weapon");
    case "shooting":
      if (weapon === null) {
        throw new FracasRuleError("missingWeaponDamage", "Shooting needs the weapon's damage", { action });
      }
      return { value: weapon, from: "weapon" };
    case "throwing":
      return weapon === null ? { value: strength, from: "strength" } : { value: weapon, from: "weapon" };
    case "charging":
      return higher(i["endurance"] === undefined ? 0 : toRankNumber("endurance", i["endurance"], table), "endurance");
    case "grappling":
    case "escaping":
    case "snatching":
      return null;
  }
}

/** Damage before armor; null when the action deals none (grappling, escaping, snatching). */
export function rawDamage(input: DamageInput, table: Grid = rankNumbersTable): number | null {
  return rawDamageOf(input, table)?.value ?? null;
}

/** Damage of a landed blow after the defender's Body Armor, never below 0. */
export function damage(input: DamageInput, table: Grid = rankNumbersTable): number {
  const raw = rawDamage(input, table);
  const armorValue = requireObject("damage input", input)["armor"];
  const armor = armorValue === undefined ? 0 : toRankNumber("armor", armorValue, table);
  return raw === null ? 0 : Math.max(0, raw - armor);
}

/** Slam and Stun take effect only when the attacker's Strength ≥ the defender's Endurance. */
export function slamStunApplies(attackerStrength: RankValue, defenderEndurance: RankValue, table: Grid = rankNumbersTable): boolean {
  return toRankNumber("attackerStrength", attackerStrength, table) >= toRankNumber("defenderEndurance", defenderEndurance, table);
}
