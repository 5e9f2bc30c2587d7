/** A minion or boss: full statistics — tier, an extra combat skill modifier, wounds, tokens. */
import { bonus, flagField, limbsField, notesField, poolField, stateField, text, tierField, uuidText, woundsField } from "./fields.js";
import { effectiveState, tokenCount } from "./state.js";
import { keepWoundsWithinMax } from "./bounds.js";
import { isMigrationUpdate } from "../../../foundry/migration-option.js";

const fields = foundry.data.fields;

function opponentSchema() {
  return {
    kind: new fields.StringField({ required: true, blank: false, initial: "minion", choices: { minion: "minion", boss: "boss" } }),
    tier: tierField(),
    skillBonus: bonus(),
    wounds: woundsField(4),
    state: stateField(),
    disabledLimbs: limbsField(),
    disarmed: flagField(),
    armoured: flagField(),
    fled: flagField(),
    /** The actor UUID of the boss this minion follows (leader falls → flee check). */
    leader: uuidText(),
    /**
     * This actor's current fall already has its followers' flee prompt (data/leader-fall.ts): set by
     * the damage card's Apply that felled it, or by the GM's fall check; cleared when it stands again.
     */
    fallNoted: flagField(),
    /**
     * Which fall `fallNoted` notes (a random id, or the felling damage card's id; "" when standing):
     * the followers' flee checks are claimed by it, once per fall whichever card offers them (cards/flee.ts).
     */
    fallId: text(40),
    tokens: poolField(),
    notes: notesField(),
  };
}

export class RadioOpponentData extends foundry.abstract.TypeDataModel<ReturnType<typeof opponentSchema>, Actor.Implementation> {
  static override defineSchema() {
    return opponentSchema();
  }

  declare tokenCount: number;
  declare condition: string;

  override prepareDerivedData(): void {
    this.tokenCount = tokenCount(this.tokens);
    this.condition = effectiveState(this.wounds.value, this.state, false);
  }

  /** Wounds typed above the maximum are lowered to it, and the typist told (data/bounds.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<ReturnType<typeof opponentSchema>, Actor.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    // A migration reshapes stored data; it is not a typing slip to correct (migration-option.ts).
    if (isMigrationUpdate(args[1])) return;
    keepWoundsWithinMax(this.wounds, args[0], this.parent?.name ?? "");
  }
}
