/** bondSkill: a skill with its characteristic(s) and level; Primary Chance = characteristic (or average) + level. */
import { CHARACTERISTICS, SKILL_ROLES, type Characteristic, type SkillLike, type SkillRole } from "./derive.js";

const fields = foundry.data.fields;

function skillSchema() {
  return {
    role: new fields.StringField({ required: true, blank: false, choices: [...SKILL_ROLES], initial: "general" }),
    characteristic1: new fields.StringField({ required: true, blank: false, choices: [...CHARACTERISTICS], initial: "dex" }),
    characteristic2: new fields.StringField({ required: true, blank: true, choices: ["", ...CHARACTERISTICS], initial: "" }),
    level: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: 99, initial: 0 }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export class BondSkillData extends foundry.abstract.TypeDataModel<ReturnType<typeof skillSchema>, Item.Implementation> {
  static override defineSchema() {
    return skillSchema();
  }

  asSkill(id: string, name: string): SkillLike {
    return {
      id,
      name,
      role: this.role as SkillRole,
      characteristic1: this.characteristic1 as Characteristic,
      characteristic2: this.characteristic2 as Characteristic | "",
      level: this.level,
    };
  }
}
