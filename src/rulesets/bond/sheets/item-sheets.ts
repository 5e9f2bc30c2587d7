/** Item sheets for bondWeapon and bondSkill. */
import { handlebarsItemSheet } from "../../../foundry/typed.js";
import { BondSkillData } from "../data/skill.js";
import { BondWeaponData } from "../data/weapon.js";
import { enrichField } from "./enrich.js";
import { skillView, weaponView } from "./item-views.js";

const Base = handlebarsItemSheet();

export class BondWeaponSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "bond", "bond-item-sheet"],
    position: { width: 460, height: 560 },
    form: { submitOnChange: true },
  } as never;

  static PARTS = { main: { template: "systems/fracas/templates/bond/sheets/weapon.hbs" } };

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const sys = this.item.system;
    if (!(sys instanceof BondWeaponData)) return base as never;
    return { ...base, view: weaponView(this.item.name, this.item.img ?? "", this.isEditable, sys.asWeapon(), await enrichField(this.item, sys.description)) } as never;
  }
}

export class BondSkillSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "bond", "bond-item-sheet"],
    position: { width: 420, height: 440 },
    form: { submitOnChange: true },
  } as never;

  static PARTS = { main: { template: "systems/fracas/templates/bond/sheets/skill.hbs" } };

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const sys = this.item.system;
    if (!(sys instanceof BondSkillData)) return base as never;
    // The use the rules read (D68): a General skill named "Fire Combat" shows, and is, Fire Combat.
    const role = sys.asSkill(this.item.id ?? "", this.item.name).role;
    const skill = { role, characteristic1: sys.characteristic1, characteristic2: sys.characteristic2, level: sys.level };
    return { ...base, view: skillView(this.item.name, this.item.img ?? "", this.isEditable, skill, await enrichField(this.item, sys.description)) } as never;
  }
}
