/**
 * bondCharacter: player characters and NPCs (the `npc` flag; Hero Points for PCs, Survival Points
 * for NPCs, both an engine ledger pool). Derived in prepareDerivedData: Speed, the wound state
 * and its penalty, Hand-to-Hand DC, Primary Chances of the skills, the firearms' shots-per-round cap.
 */
import { createPool } from "../../../engine/ledger.js";
import { COVER_AMOUNTS, HOSPITAL_DAYS_PER_LEVEL, HOSPITAL_MAX_LEVELS, MAX_STUN_ROUNDS, SCAR_LOCATIONS, WOUND_LEVELS, type DamageClass, type Speed, type WoundState } from "../rules/index.js";
import { CHARACTERISTICS, MAX_CHARACTERISTIC, deriveCharacter, droppedIds, fireShotsCap, weaponInHand, type SkillLike } from "./derive.js";
import { BondSkillData } from "./skill.js";
import { BondWeaponData } from "./weapon.js";

const fields = foundry.data.fields;

const int = (min: number, max: number, initial: number) =>
  new fields.NumberField({ required: true, nullable: false, integer: true, min, max, initial });
const bool = (initial = false) => new fields.BooleanField({ required: true, initial });

function characteristicsSchema() {
  const out: Record<string, ReturnType<typeof int>> = {};
  for (const c of CHARACTERISTICS) out[c] = int(1, MAX_CHARACTERISTIC, 8);
  return out as Record<(typeof CHARACTERISTICS)[number], ReturnType<typeof int>>;
}

function characterSchema() {
  return {
    npc: bool(false),
    characteristics: new fields.SchemaField(characteristicsSchema()),
    /** Hero Points (PC) or Survival Points (NPC): an engine ledger pool (value, history, undo). */
    heroPoints: new fields.ObjectField({ required: true, initial: () => createPool(0) as never }),
    fame: int(0, 99999, 0),
    wound: new fields.SchemaField({
      level: new fields.StringField({ required: true, blank: false, choices: [...WOUND_LEVELS], initial: "none" }),
      stunRollPending: bool(),
      stunCharacteristic: new fields.StringField({ required: true, nullable: true, blank: false, choices: ["willpower", "strength"], initial: null }),
      stunRounds: int(0, MAX_STUN_ROUNDS, 0),
      woundRollPending: bool(),
      unconsciousHours: int(0, 6, 0),
      knockedOut: bool(),
      firstAidUsed: bool(),
      // The hospital stay (D25): levels it healed, days carried towards the next. An actor stored
      // before these existed takes the initial 0s: a stay not yet begun (no migration needed).
      hospitalLevels: int(0, HOSPITAL_MAX_LEVELS, 0),
      hospitalDays: int(0, HOSPITAL_DAYS_PER_LEVEL - 1, 0),
    }),
    /**
     * The combat and round of the attack whose Stun made the pending Stun roll due (written by the
     * attack card's Apply; "" / 0 = outside a combat, or none): a roll failed in that same round
     * holds its countdown one round start more (DECISIONS D39).
     */
    stunLanded: new fields.SchemaField({
      combat: new fields.StringField({ required: true, blank: true, initial: "", maxLength: 64 }),
      round: int(0, 1_000_000, 0),
    }),
    scars: new fields.ArrayField(
      new fields.SchemaField({
        location: new fields.StringField({ required: true, blank: false, choices: [...SCAR_LOCATIONS], initial: "arm" }),
        visible: bool(),
        fame: int(0, 100, 0),
        /** The attack card's attack the scar was rolled for ("" = the sheet's own roll, or older scars): D40 may take it back. */
        attackId: new fields.StringField({ required: true, blank: true, initial: "", maxLength: 64 }),
      }),
      { initial: () => [] },
    ),
    /** Attacks made this round (attacks per round = Speed, capped by the weapon's shots). */
    roundAttacks: new fields.SchemaField({
      combat: new fields.StringField({ required: true, blank: true, initial: "", maxLength: 64 }),
      round: int(0, 1_000_000, 0),
      count: int(0, 99, 0),
      fired: bool(),
    }),
    /**
     * Weapons picked up this round in a fight (DECISIONS D46): each uses one of the round's attacks
     * (Speed), so it is counted against them, apart from the attacks made (`roundAttacks`, whose
     * count the firearm's shots cap). Read only for the same combat and round, like `roundAttacks`.
     */
    roundPickUps: new fields.SchemaField({
      combat: new fields.StringField({ required: true, blank: true, initial: "", maxLength: 64 }),
      round: int(0, 1_000_000, 0),
      count: int(0, 99, 0),
    }),
    /**
     * The weapon item in hand ("" = none recorded): set by attacking with it or picking it up; a
     * Disarm drops it into `dropped` until the sheet's "Pick up" (DECISIONS D41).
     */
    inHand: new fields.StringField({ required: true, blank: true, initial: "", maxLength: 64 }),
    /**
     * The weapons knocked away by a Disarm, by item id: `true` = on the floor, `null` = picked up
     * or the Disarm undone (read through `droppedIds`, at most MAX_DROPPED, into `droppedWeapons`).
     * One key per weapon, not one list, so a card's Undo (which writes back the values it changed)
     * restores only its own weapon: a list written back whole would also pick up a weapon a later
     * Disarm dropped. An older single id (a string) is migrated to one key (D41).
     */
    dropped: new fields.ObjectField({ required: true, initial: () => ({}) }),
    /**
     * The character's cover now, as the GM judges it (RULES.md: "cover (GM)"; DECISIONS D49): an
     * attack dialog aimed at this character starts from it and offers no less ("none" = not set:
     * the attacker picks). Only a GM changes it (`_preUpdate`); the sheet shows it to the others.
     * The end of a fight clears it (after-fight.ts, D51).
     */
    cover: new fields.StringField({ required: true, blank: false, choices: [...COVER_AMOUNTS], initial: "none" }),
    /** The target's answers to attacks on it, by attack id: Hero Points spent, a Shake Off roll. */
    attackResponses: new fields.ObjectField({ required: true, initial: () => ({}) }),
    notes: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export class BondCharacterData extends foundry.abstract.TypeDataModel<ReturnType<typeof characterSchema>, Actor.Implementation> {
  static override defineSchema() {
    return characterSchema();
  }

  /** An older `dropped` (one item id, "" = none) becomes one key per weapon (D41). */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    if (typeof source.dropped === "string" || Array.isArray(source.dropped)) {
      source.dropped = Object.fromEntries(droppedIds(source.dropped).map((id) => [id, true]));
    }
    return super.migrateData(source) as Record<string, unknown>;
  }

  /**
   * The cover is the GM's call (D49): a change to it from anyone else — a player's own sheet, a
   * macro — is dropped from the update (the rest of the update goes through).
   */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<ReturnType<typeof characterSchema>, Actor.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes, , user] = args;
    const system = (changes as { system?: Record<string, unknown> }).system;
    // The GM's rulings: a character's cover (D49), and whether it is a non-player character (which
    // swaps Hero for Survival Points and takes away the draw); a player's sheet or macro keeps the rest.
    if (system && !user.isGM) for (const key of ["cover", "npc"]) delete system[key];
  }

  declare speed: Speed;
  declare woundState: WoundState;
  declare woundPenalty: number;
  declare woundIndex: number;
  declare hthDamageClass: DamageClass;
  declare fireCombatChance: number;
  declare handToHandChance: number;
  declare skillChances: Record<string, number>;
  declare heroPointsValue: number;
  /** The best shots-per-round cap among the firearms (0 = none): the combat tracker's Fire Combat label. */
  declare fireShotsPerRound: number;
  /** The weapon in hand (D41): what a Disarm drops; null when none is known. */
  declare weaponInHand: { id: string; name: string } | null;
  /** The ids of the weapons knocked away and not picked up (D41). */
  declare droppedWeapons: string[];

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const skills: SkillLike[] = [];
    const weapons: { id: string; name: string; attackKind: string; shotsPerRound: number }[] = [];
    for (const item of this.parent?.items ?? []) {
      if (item.system instanceof BondSkillData) skills.push(item.system.asSkill(item.id ?? "", item.name));
      if (item.system instanceof BondWeaponData) weapons.push({ id: item.id ?? "", name: item.name, attackKind: item.system.attackKind, shotsPerRound: item.system.shotsPerRound });
    }
    const dropped = droppedIds(this.dropped);
    Object.assign(this, deriveCharacter(this as unknown as Parameters<typeof deriveCharacter>[0], skills), {
      fireShotsPerRound: fireShotsCap(weapons),
      droppedWeapons: dropped,
      weaponInHand: weaponInHand(this.inHand, dropped, weapons),
    });
  }
}
