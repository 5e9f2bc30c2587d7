/**
 * Scars: a Medium or worse wound from Fire Combat, or from a knife or sword in Hand-to-Hand, may
 * leave a permanent, recognisable scar (the GM is prompted; the seed says "may"). Location from
 * the Scar Location Chart; each visible scar adds 20 Fame Points.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { choiceAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { SCAR_LOCATIONS, VISIBLE_SCAR_LOCATIONS, scarLocationTable } from "./tables/scar-location.js";
import type { ScarLocation } from "./tables/scar-location.js";
import { MELEE_WEAPONS, levelIndex, requireAttackKind, requireWoundLevel } from "./vocabulary.js";
import type { AttackKind, MeleeWeapon, WoundLevel } from "./vocabulary.js";

export const FAME_PER_VISIBLE_SCAR = 20;

/**
 * Should the GM be asked about a scar? MW, HW or IN from Fire Combat or a knife or sword.
 * A Killed character is not asked (a scar no longer matters).
 */
export function scarPossible(woundLevel: WoundLevel, attackKind: AttackKind, meleeWeapon: MeleeWeapon = "none"): boolean {
  const level = requireWoundLevel("woundLevel", woundLevel);
  const kind = requireAttackKind("attackKind", attackKind);
  const weapon = requireChoice("meleeWeapon", meleeWeapon, MELEE_WEAPONS);
  if (level === "KL" || levelIndex(level) < levelIndex("MW")) return false;
  return kind === "fire" || weapon === "knife" || weapon === "sword";
}

export interface Scar {
  location: ScarLocation;
  visible: boolean;
  /** Fame Points this scar adds. */
  fame: number;
}

/** Reads the Scar Location Chart for a d10 roll. */
export function resolveScar(d10: number, table: Grid = scarLocationTable): Scar {
  const roll = requireInt("d10", d10, 1, 10);
  const location = requireChoice(`${table.id} ${roll}`, choiceAt(table, String(roll), "location"), SCAR_LOCATIONS);
  const visible = VISIBLE_SCAR_LOCATIONS.includes(location);
  return { location, visible, fame: visible ? FAME_PER_VISIBLE_SCAR : 0 };
}

/** Fame Points from a character's scars: 20 per visible one. */
export function scarFame(locations: readonly ScarLocation[]): number {
  if (!Array.isArray(locations)) throw new FracasRuleError("badInput", "locations must be an array", { name: "locations" });
  return locations.reduce((sum, l, i) => {
    const loc = requireChoice(`locations[${i}]`, l, SCAR_LOCATIONS);
    return sum + (VISIBLE_SCAR_LOCATIONS.includes(loc) ? FAME_PER_VISIBLE_SCAR : 0);
  }, 0);
}
