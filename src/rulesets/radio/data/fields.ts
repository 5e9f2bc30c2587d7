/** Schema pieces the radio documents share; every field bounded (min/max/choices/initial). */
import { WEAPONS, TIERS } from "../rules/index.js";
import { MAX_BONUS, MAX_WOUNDS } from "../rules/vocabulary.js";

const fields = foundry.data.fields;

import { LIMBS, SKILLS, STATES } from "./vocab.js";

export { LIMBS, SKILLS, STATES };

const choices = (list: readonly string[]) => Object.fromEntries(list.map((v) => [v, v]));

export const bonus = (initial = 0) => new fields.NumberField({ required: true, nullable: false, integer: true, min: -MAX_BONUS, max: MAX_BONUS, initial });

export const count = (initial: number, max: number, min = 0) => new fields.NumberField({ required: true, nullable: false, integer: true, min, max, initial });

export function woundsField(initial = 5) {
  return new fields.SchemaField({
    value: new fields.NumberField({ required: true, nullable: false, integer: true, min: -MAX_WOUNDS, max: MAX_WOUNDS, initial }),
    max: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_WOUNDS, initial }),
  });
}

export const stateField = () => new fields.StringField({ required: true, blank: false, initial: "active", choices: choices(STATES) });
export const tierField = () => new fields.StringField({ required: true, blank: false, initial: "standard", choices: choices(TIERS) });
export const weaponField = (initial = "hand") => new fields.StringField({ required: true, blank: false, initial, choices: choices(WEAPONS) });
export const skillField = (initial = "melee") => new fields.StringField({ required: true, blank: false, initial, choices: choices(SKILLS) });
export const limbsField = () =>
  new fields.ArrayField(new fields.StringField({ required: true, blank: false, choices: choices(LIMBS) }), { required: true, initial: () => [], max: LIMBS.length } as never);
export const flagField = (initial = false) => new fields.BooleanField({ required: true, initial });
export const uuidText = () => new fields.StringField({ required: true, blank: true, initial: "", maxLength: 200 });
export const text = (maxLength = 100) => new fields.StringField({ required: true, blank: true, initial: "", maxLength });
/** The engine's ledger Pool JSON (src/engine/ledger.ts); always written through ledger functions. */
export const poolField = () => new fields.ObjectField({ required: true, initial: () => ({ value: 0, max: null, base: 0, entries: [] }) });
export const notesField = () => new fields.HTMLField({ required: true, blank: true, initial: "" });
