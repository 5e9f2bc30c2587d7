/** faseripWeapon, faseripPower and faseripTalent item models. */
import { MAX_SHEET_RANK, ABILITY_KEYS } from "./hero.js";

const fields = foundry.data.fields;

export const WEAPON_EDGES = ["blunt", "edged"] as const;
export const MAX_RANGE_AREAS = 100;

const rank = (initial: number) => new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_SHEET_RANK, initial });
const description = () => new fields.HTMLField({ required: true, blank: true, initial: "" });

function weaponSchema() {
  return {
    /** Damage rank number. */
    damage: rank(10),
    /** Range in areas; 0 = melee only. */
    range: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_RANGE_AREAS, initial: 0 }),
    edge: new fields.StringField({ required: true, blank: false, initial: "blunt", choices: [...WEAPON_EDGES] } as never),
    thrown: new fields.BooleanField({ required: true, initial: false }),
    /** Carried out of sight (a holdout gun): a Snatching's card does not list it (cards/feat-roll.ts objectsOf). */
    concealed: new fields.BooleanField({ required: true, initial: false }),
    description: description(),
  };
}

function powerSchema() {
  return {
    rank: rank(20),
    effect: new fields.StringField({ required: true, blank: true, initial: "", maxLength: 200 } as never),
    description: description(),
  };
}

function talentSchema() {
  return {
    /** The ability the talent helps ("" = none in particular). */
    ability: new fields.StringField({ required: true, blank: true, initial: "", choices: ["", ...ABILITY_KEYS] } as never),
    /** Column shift the talent gives: the FEAT dialog offers it (a box) on FEATs with its ability. */
    shift: new fields.NumberField({ required: true, nullable: false, integer: true, min: -3, max: 3, initial: 1 }),
    description: description(),
  };
}

export class FaseripWeaponData extends foundry.abstract.TypeDataModel<ReturnType<typeof weaponSchema>, Item.Implementation> {
  static override defineSchema() {
    return weaponSchema();
  }
}

export class FaseripPowerData extends foundry.abstract.TypeDataModel<ReturnType<typeof powerSchema>, Item.Implementation> {
  static override defineSchema() {
    return powerSchema();
  }
}

export class FaseripTalentData extends foundry.abstract.TypeDataModel<ReturnType<typeof talentSchema>, Item.Implementation> {
  static override defineSchema() {
    return talentSchema();
  }
}
