/** Weapons, gadgets and spells: each rated by one of the seed's damage categories. */
import { flagField, notesField, skillField, text, weaponField } from "./fields.js";

const fields = foundry.data.fields;

function weaponSchema() {
  return {
    category: weaponField("club"),
    /** Uses the skill of this name on the hero's sheet; else the general skill below. */
    skill: skillField("melee"),
    weaponSkill: text(60),
    /** Skilled with this weapon (rocks deal 2). */
    skilled: flagField(),
    /** Pierces the skin even if its category does not (blades and projectiles always do). */
    piercing: flagField(),
    description: notesField(),
  };
}

function gadgetSchema() {
  return {
    kind: new fields.StringField({ required: true, blank: false, initial: "gadget", choices: { gadget: "gadget", spell: "spell" } }),
    category: weaponField("projectile"),
    skill: skillField("ranged"),
    weaponSkill: text(60),
    skilled: flagField(),
    piercing: flagField(),
    description: notesField(),
  };
}

export class RadioWeaponData extends foundry.abstract.TypeDataModel<ReturnType<typeof weaponSchema>, Item.Implementation> {
  static override defineSchema() {
    return weaponSchema();
  }
  /** An area weapon (no knock-outs): derived from the category. */
  declare area: boolean;
  override prepareDerivedData(): void {
    this.area = this.category === "area";
  }
}

export class RadioGadgetData extends foundry.abstract.TypeDataModel<ReturnType<typeof gadgetSchema>, Item.Implementation> {
  static override defineSchema() {
    return gadgetSchema();
  }
  declare area: boolean;
  override prepareDerivedData(): void {
    this.area = this.category === "area";
  }
}
