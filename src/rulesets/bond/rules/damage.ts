/** Damage Class: shifting it, Hand-to-Hand DC from Strength, and the wound it does at each QR. */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { choiceAt, intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { hthDamageClassTable } from "./tables/hth-damage-class.js";
import { woundTable } from "./tables/wound-table.js";
import {
  DAMAGE_CLASSES,
  damageClassIndex,
  requireDamageClass,
  requireSuccessfulQuality,
  requireWoundLevel,
} from "./vocabulary.js";
import type { DamageClass, WoundLevel } from "./vocabulary.js";

/** Moves a Damage Class up (positive) or down the A…L ladder, stopping at the ends. */
export function shiftDamageClass(dc: DamageClass, steps: number): DamageClass {
  const from = damageClassIndex(requireDamageClass("damageClass", dc));
  const by = requireInt("steps", steps, -100, 100);
  return DAMAGE_CLASSES[Math.max(0, Math.min(DAMAGE_CLASSES.length - 1, from + by))]!;
}

/** The Wound Level a successful attack of this Damage Class and Quality Rating inflicts. */
export function woundLevel(damageClass: DamageClass, qualityRating: number, table: Grid = woundTable): WoundLevel {
  const dc = requireDamageClass("damageClass", damageClass);
  const qr = requireSuccessfulQuality("qualityRating", qualityRating);
  return requireWoundLevel(`${table.id} ${dc}/QR${qr}`, choiceAt(table, dc, `QR${qr}`));
}

/** Melee weapons that add to the wielder's Hand-to-Hand DC (seed: knife +1, sword +2). */
export const HTH_WEAPON_BONUS = { none: 0, knife: 1, sword: 2 } as const;
export type HthWeaponWithBonus = keyof typeof HTH_WEAPON_BONUS;

export const MIN_STRENGTH = 1;
export const MAX_STRENGTH = 30;

/** Hand-to-Hand Damage Class from Strength (up to C), raised by a knife or a sword. */
export function hthDamageClass(strength: number, weapon: HthWeaponWithBonus = "none", table: Grid = hthDamageClassTable): DamageClass {
  const str = requireInt("strength", strength, MIN_STRENGTH, MAX_STRENGTH);
  const w = requireChoice("weapon", weapon, ["none", "knife", "sword"] as const);
  let base: string | null = null;
  for (const row of table.rows) {
    if (str >= intAt(table, row, "minimumStrength")) base = row;
  }
  if (base === null) {
    throw new FracasRuleError("badTableKey", `table ${table.id} has no row for Strength ${str}`, { table: table.id, value: str });
  }
  return shiftDamageClass(requireDamageClass(`${table.id} row`, base), HTH_WEAPON_BONUS[w]);
}

/** Which combat skill a weapon uses: Fire Combat for anything that looses a projectile. */
export function combatSkillFor(loosesProjectile: boolean): "fireCombat" | "handToHand" {
  if (typeof loosesProjectile !== "boolean") {
    throw new FracasRuleError("badBoolean", "loosesProjectile must be true or false", { name: "loosesProjectile", value: String(loosesProjectile) });
  }
  return loosesProjectile ? "fireCombat" : "handToHand";
}

/** The weapons the seed itself quotes (compendium seeds and test fixtures). */
export const SEED_WEAPONS = [
  { id: "waltherPpk", attackKind: "fire", shotsPerRound: 2, damageClass: null },
  { id: "beretta", attackKind: "fire", shotsPerRound: null, damageClass: "E" },
  { id: "heavySpearGun", attackKind: "fire", shotsPerRound: null, damageClass: "G" },
] as const;
