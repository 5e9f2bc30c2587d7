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

/** Damage before armor; null when the action deals none (grappling, escaping, snatching). */
export function rawDamage(input: DamageInput, table: Grid = rankNumbersTable): number | null {
  const i = requireObject("damage input", input);
  const action = requireChoice("action", i["action"], ATTACK_ACTIONS);
  const strength = toRankNumber("strength", i["strength"], table);
  const weapon = i["weaponDamage"] === undefined ? null : toRankNumber("weaponDamage", i["weaponDamage"], table);
  switch (action) {
    case "slugfest":
      return strength;
    case "hackSlash":
      return Math.max(strength, weapon ?? 0);
    case "shooting":
      if (weapon === null) {
        throw new FracasRuleError("missingWeaponDamage", "Shooting needs the weapon's damage", { action });
      }
      return weapon;
    case "throwing":
      return weapon ?? strength;
    case "charging": {
      const endurance = i["endurance"] === undefined ? 0 : toRankNumber("endurance", i["endurance"], table);
      return Math.max(strength, endurance);
    }
    case "grappling":
    case "escaping":
    case "snatching":
      return null;
  }
}

/** Where damage before armor comes from (the card says it: DECISIONS.md "A card shows its derivation"); null when none is dealt. */
export type DamageFrom = "strength" | "weapon" | "endurance";

/** Which rank `rawDamage` used: the action's own (Slugfest: Strength), or the higher of two (ties: Strength). */
export function rawDamageFrom(input: DamageInput, table: Grid = rankNumbersTable): DamageFrom | null {
  const i = requireObject("damage input", input);
  const action = requireChoice("action", i["action"], ATTACK_ACTIONS);
  const strength = toRankNumber("strength", i["strength"], table);
  const weapon = i["weaponDamage"] === undefined ? null : toRankNumber("weaponDamage", i["weaponDamage"], table);
  switch (action) {
    case "slugfest":
      return "strength";
    case "hackSlash":
      return weapon !== null && weapon > strength ? "weapon" : "strength";
    case "shooting":
      return "weapon";
    case "throwing":
      return weapon === null ? "strength" : "weapon";
    case "charging": {
      const endurance = i["endurance"] === undefined ? 0 : toRankNumber("endurance", i["endurance"], table);
      return endurance > strength ? "endurance" : "strength";
    }
    case "grappling":
    case "escaping":
    case "snatching":
      return null;
  }
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
