/**
 * bondWeapon: Fire Combat (anything that looses a projectile) or Hand-to-Hand; Performance
 * modifier, Damage Class, shots per round, range bands (metres), draw modifier, point/edge flag.
 */
import { DAMAGE_CLASSES, MELEE_WEAPONS, RANGE_BANDS, type AttackKind, type DamageClass, type MeleeWeapon, type RangeBand } from "../rules/index.js";

const fields = foundry.data.fields;
const int = (min: number, max: number, initial: number) =>
  new fields.NumberField({ required: true, nullable: false, integer: true, min, max, initial });

import { DEFAULT_RANGES } from "./derive.js";

export { DEFAULT_RANGES };

function weaponSchema() {
  const ranges: Record<string, ReturnType<typeof int>> = {};
  for (const band of RANGE_BANDS) ranges[band] = int(0, 10000, DEFAULT_RANGES[band]);
  return {
    attackKind: new fields.StringField({ required: true, blank: false, choices: ["fire", "hth"], initial: "fire" }),
    meleeWeapon: new fields.StringField({ required: true, blank: false, choices: [...MELEE_WEAPONS], initial: "none" }),
    performance: int(-10, 10, 0),
    damageClass: new fields.StringField({ required: true, blank: false, choices: [...DAMAGE_CLASSES], initial: "D" }),
    /** 0 = no limit beyond Speed. */
    shotsPerRound: int(0, 99, 0),
    drawModifier: int(-10, 10, 0),
    pointOrEdge: new fields.BooleanField({ required: true, initial: false }),
    ranges: new fields.SchemaField(ranges as Record<RangeBand, ReturnType<typeof int>>),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export interface WeaponLike {
  attackKind: AttackKind;
  meleeWeapon: MeleeWeapon;
  performance: number;
  damageClass: DamageClass;
  shotsPerRound: number;
  drawModifier: number;
  pointOrEdge: boolean;
  ranges: Record<RangeBand, number>;
}

export class BondWeaponData extends foundry.abstract.TypeDataModel<ReturnType<typeof weaponSchema>, Item.Implementation> {
  static override defineSchema() {
    return weaponSchema();
  }

  asWeapon(): WeaponLike {
    return {
      attackKind: this.attackKind as AttackKind,
      meleeWeapon: this.meleeWeapon as MeleeWeapon,
      performance: this.performance,
      damageClass: this.damageClass as DamageClass,
      shotsPerRound: this.shotsPerRound,
      drawModifier: this.drawModifier,
      pointOrEdge: this.pointOrEdge,
      ranges: { ...(this.ranges as Record<RangeBand, number>) },
    };
  }
}
