/** A henchmen group: a count of henchmen sharing one pool of wounds, led (maybe) by another actor. */
import { MAX_HENCHMEN, MAX_WOUNDS_EACH } from "../rules/index.js";
import { bonus, count, flagField, notesField, tierField, uuidText } from "./fields.js";
import { henchmenPoolOf } from "./state.js";
import { keepCarriedBelowEach } from "./bounds.js";
import { groupSizeOf, keepSizeAtLeastCount } from "./group-size.js";
import { isMigrationUpdate } from "../../../foundry/migration-option.js";

function henchmenSchema() {
  return {
    count: count(4, MAX_HENCHMEN),
    /**
     * The group at full strength, the maximum of its pool and token bar: never lowered by damage or
     * flight, raised by more henchmen than it, lowered only by the GM typing it (data/group-size.ts).
     * Null on a group stored before it existed: its count then stands for it.
     */
    size: new foundry.data.fields.NumberField({ required: true, nullable: true, integer: true, min: 0, max: MAX_HENCHMEN, initial: null }),
    woundsEach: count(1, MAX_WOUNDS_EACH, 1),
    /** Damage already taken by the front henchman (below woundsEach). */
    carried: count(0, MAX_WOUNDS_EACH - 1),
    tier: tierField(),
    skillBonus: bonus(),
    /**
     * The whole group left the fight by a successful escape after a defensive round (seed 001:
     * escape; DECISIONS.md "A henchmen group escapes as one"), with its henchmen and pool kept.
     */
    fled: flagField(),
    /** The actor UUID of the group's leader (a minion or boss). */
    leader: uuidText(),
    notes: notesField(),
  };
}

export class RadioHenchmenData extends foundry.abstract.TypeDataModel<ReturnType<typeof henchmenSchema>, Actor.Implementation> {
  static override defineSchema() {
    return henchmenSchema();
  }

  /** Wounds the group can still take before the last henchman goes. */
  declare pool: number;
  /** The group's size (its stored size, never below the count). */
  declare groupSize: number;
  /** The whole group's pool, size × woundsEach: what the pool was before any loss. */
  declare poolMax: number;
  /**
   * The pool as a token bar ({value, max}: V13's TokenDocument#getBarAttribute shows an object with
   * both as a bar), so the GM sees on the map how many wounds each group can still take (review s10
   * G5), out of the whole group's (review-s10-content P3: a maximum that fell with the count kept
   * the bar full). Derived, so the bar is read-only on the token: the sheet's count, size and carried
   * damage change it.
   */
  declare woundPool: { value: number; max: number };

  override prepareDerivedData(): void {
    const carried = Math.min(this.carried, this.woundsEach - 1);
    this.pool = henchmenPoolOf({ count: this.count, woundsEach: this.woundsEach, carried });
    this.groupSize = groupSizeOf(this.size, this.count);
    this.poolMax = this.groupSize * this.woundsEach;
    this.woundPool = { value: this.pool, max: this.poolMax };
  }

  /** A new group's size is its count unless the creation data gives a larger one (data/group-size.ts). */
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<ReturnType<typeof henchmenSchema>, Actor.Implementation>["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const size = groupSizeOf(this.size, this.count);
    // The pending document's source is the parent's (what the server receives), so write it there.
    if (size !== this.size) this.parent.updateSource({ "system.size": size } as never);
  }

  /**
   * Carried damage of a whole henchman or more is lowered below it, and the typist told (data/bounds.ts).
   * A change of count keeps the size at least the count; one never stored is written before the count
   * falls (data/group-size.ts).
   */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<ReturnType<typeof henchmenSchema>, Actor.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    // A migration reshapes stored data; it is not a typing slip to correct (migration-option.ts).
    if (isMigrationUpdate(args[1])) return;
    keepCarriedBelowEach(this, args[0], this.parent?.name ?? "");
    keepSizeAtLeastCount(this, args[0], this.parent?.name ?? "");
  }
}
