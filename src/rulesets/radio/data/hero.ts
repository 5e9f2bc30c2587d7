/** A player character: skill bonuses, wound points, action tokens (a ledger pool), injuries. */
import { bonus, count, flagField, limbsField, notesField, poolField, skillField, stateField, text, woundsField } from "./fields.js";
import { tokenCount, effectiveState } from "./state.js";
import { keepWoundsWithinMax } from "./bounds.js";
import { isMigrationUpdate } from "../../../foundry/migration-option.js";

const fields = foundry.data.fields;

function heroSchema() {
  return {
    skills: new fields.SchemaField({ melee: bonus(), ranged: bonus(), brawl: bonus() }),
    weaponSkills: new fields.ArrayField(new fields.SchemaField({ name: text(60), skill: skillField(), bonus: bonus() }), { required: true, initial: () => [], max: 20 } as never),
    wounds: woundsField(5),
    state: stateField(),
    finalAction: flagField(),
    piercingWounds: count(0, 10_000),
    disabledLimbs: limbsField(),
    disarmed: flagField(),
    armoured: flagField(),
    escaped: flagField(),
    tokens: poolField(),
    notes: notesField(),
  };
}

export class RadioHeroData extends foundry.abstract.TypeDataModel<ReturnType<typeof heroSchema>, Actor.Implementation> {
  static override defineSchema() {
    return heroSchema();
  }

  /** Action tokens held (the ledger's value), for the token bar and the sheet. */
  declare tokenCount: number;
  /** The wound state the stored state and wounds agree on (a hand-edited wound total wins). */
  declare condition: string;

  override prepareDerivedData(): void {
    this.tokenCount = tokenCount(this.tokens);
    this.condition = effectiveState(this.wounds.value, this.state, true);
  }

  /** Wounds typed above the maximum are lowered to it, and the typist told (data/bounds.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<ReturnType<typeof heroSchema>, Actor.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    // A migration reshapes stored data; it is not a typing slip to correct (migration-option.ts).
    if (isMigrationUpdate(args[1])) return;
    keepWoundsWithinMax(this.wounds, args[0], this.parent?.name ?? "");
  }
}
