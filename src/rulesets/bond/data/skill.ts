/** bondSkill: a skill with its characteristic(s) and level; Primary Chance = characteristic (or average) + level. */
import { CHARACTERISTICS, ROLE_CHARACTERISTICS, SKILL_ROLES, effectiveRole, roleFromName, type Characteristic, type SkillLike, type SkillRole } from "./derive.js";

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

type Schema = ReturnType<typeof skillSchema>;
type Base = foundry.abstract.TypeDataModel<Schema, Item.Implementation>;

/**
 * The uses' names in the GM's language (the sheet's "Use" labels), beside the seed's English ones
 * (D68): a French GM's « Premiers soins » is First Aid too. None before the translations are loaded.
 */
export function localRoleNames(): Partial<Record<SkillRole, string[]>> {
  const i18n = (globalThis as { game?: { i18n?: { localize?(key: string): string } } }).game?.i18n;
  if (typeof i18n?.localize !== "function") return {};
  const out: Partial<Record<SkillRole, string[]>> = {};
  for (const role of ["fireCombat", "handToHand", "firstAid"] as const) {
    const key = `FRACAS.Bond.SkillRole.${role}`;
    const name = i18n.localize(key);
    if (name && name !== key) out[role] = [name];
  }
  return out;
}

export class BondSkillData extends foundry.abstract.TypeDataModel<Schema, Item.Implementation> {
  static override defineSchema() {
    return skillSchema();
  }

  /**
   * A skill created with a use's name and no use of its own (a GM's "Fire Combat" from the sheet or
   * a macro) takes that use, and that use's characteristics when none were given (D68).
   */
  override async _preCreate(...args: Parameters<Base["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const data = args[0] as { name?: unknown; system?: Record<string, unknown> };
    if (typeof data.name !== "string" || (data.system?.role ?? "general") !== "general") return;
    const role = roleFromName(data.name, localRoleNames());
    if (role === "general") return;
    const changes: Record<string, unknown> = { "system.role": role };
    if (data.system?.characteristic1 === undefined && data.system?.characteristic2 === undefined) {
      [changes["system.characteristic1"], changes["system.characteristic2"]] = ROLE_CHARACTERISTICS[role];
    }
    // The pending document's source is the parent's (what the server receives), so write it there.
    this.parent.updateSource(changes as never);
  }

  /**
   * A General skill renamed to a use's name ("New skill" → "Fire Combat") takes that use; a skill
   * still on the new skill's characteristic (Dexterity alone) takes the use's pair too (D68).
   */
  override async _preUpdate(...args: Parameters<Base["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const changes = args[0] as { name?: unknown; system?: Record<string, unknown> };
    if (typeof changes.name !== "string") return;
    const system = changes.system ?? {};
    if ((system.role ?? this.role) !== "general") return;
    const role = roleFromName(changes.name, localRoleNames());
    if (role === "general") return;
    const first = system.characteristic1 ?? this.characteristic1;
    const second = system.characteristic2 ?? this.characteristic2;
    const pair = first === "dex" && second === "" ? { characteristic1: ROLE_CHARACTERISTICS[role][0], characteristic2: ROLE_CHARACTERISTICS[role][1] } : {};
    changes.system = { ...system, role, ...pair };
  }

  /** The skill as the rules read it: a General skill named for a use is that use (D68). */
  asSkill(id: string, name: string): SkillLike {
    return {
      id,
      name,
      role: effectiveRole(this.role as SkillRole, name, localRoleNames()),
      characteristic1: this.characteristic1 as Characteristic,
      characteristic2: this.characteristic2 as Characteristic | "",
      level: this.level,
    };
  }
}
