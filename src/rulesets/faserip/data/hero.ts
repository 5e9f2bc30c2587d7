/**
 * faseripHero: a hero or villain. Abilities are stored as rank numbers (the sheet shows each
 * one's rank name); Health's max and the starting Karma are derived through the kernel; Karma
 * itself is a ledger pool with a plain `value` mirror for token bars.
 */
import * as ledger from "../../../engine/ledger.js";
import { COVER_LEVELS, health, karma, rankFromNumber, rankNumbersTable, RANK_KEYS, type RankKey } from "../rules/index.js";
import { activeTable } from "../../../foundry/tables.js";
import { heroView } from "./state.js";
import { ABILITY_KEYS, MAX_SHEET_RANK, SIDES, type AbilityKey } from "./keys.js";
import { isMigrationUpdate } from "../../../foundry/migration-option.js";

export { ABILITY_KEYS, MAX_SHEET_RANK, SIDES, type AbilityKey };

const fields = foundry.data.fields;

export const MAX_HEALTH = 100_000;
export const MAX_STUN_ROUNDS = 1000;
export const MAX_ROLLED = 20;
/** An actor UUID's length bound (a token actor's is the longest: Scene.x.Token.y.Actor.z). */
export const MAX_UUID = 200;

const rank = (initial: number) => new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_SHEET_RANK, initial });
const flag = () => new fields.BooleanField({ required: true, initial: false });

function heroSchema() {
  return {
    abilities: new fields.SchemaField({
      fighting: rank(6),
      agility: rank(6),
      strength: rank(6),
      endurance: rank(6),
      reason: rank(6),
      intuition: rank(6),
      psyche: rank(6),
    }),
    /** Body Armor rank number (0 = none). */
    armor: rank(0),
    health: new fields.SchemaField({
      value: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_HEALTH, initial: 24 }),
      max: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_HEALTH, initial: 24 }),
    }),
    karma: new fields.SchemaField({
      /** The engine's ledger Pool JSON (value, max, base, entries). */
      pool: new fields.ObjectField({ required: true, initial: () => ledger.createPool(18) as unknown as Record<string, unknown> }),
      /** Mirror of pool.value for token bars and sorting. */
      value: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: ledger.POOL_LIMIT, initial: 18 }),
    }),
    status: new fields.SchemaField({
      /** Endurance rank while it falls (dying); "" = the base Endurance. */
      endurance: new fields.StringField({ required: true, blank: true, initial: "", choices: ["", ...RANK_KEYS] } as never),
      stunnedRounds: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_STUN_ROUNDS, initial: 0 }),
      unconscious: flag(),
      dying: flag(),
      dead: flag(),
      prone: flag(),
      restrained: flag(),
      /**
       * Who holds this character (the holder's actor UUID), written with Restrained by a Hold or a
       * Reverse applied from the attack card; "" = nobody recorded (set by hand, or from before). The
       * hold ends when the holder cannot act, either leaves the fight, or the fight ends (holds.ts).
       */
      heldBy: new fields.StringField({ required: true, blank: true, initial: "", maxLength: MAX_UUID }),
      /** Stabilised by the GM while dying: no more 0-Health Endurance FEATs until hurt again or healed. */
      stabilised: flag(),
    }),
    /**
     * Legacy, read only: rolls made from a card's button ("<message id>:<roll>") before the core
     * claims (cards/once.ts) replaced this record. Kept so existing worlds validate and their old
     * cards' spent rolls stay spent; nothing writes it now (DECISIONS.md).
     */
    rolled: new fields.ArrayField(new fields.StringField({ required: true, blank: false }), { required: true, initial: [], max: MAX_ROLLED }),
    /**
     * The cover this character is behind now, as the GM judges it (RULES.md: "Cover shifts left (GM
     * chooses)"): attacks on it take at least that shift. Only the GM writes it (_preUpdate).
     */
    cover: new fields.StringField({ required: true, blank: false, initial: "none", choices: [...COVER_LEVELS] } as never),
    /** Side in combat; "auto" = heroes when a player owns the actor, else villains. */
    side: new fields.StringField({ required: true, blank: false, initial: "auto", choices: [...SIDES] } as never),
    notes: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export type HeroSchema = ReturnType<typeof heroSchema>;

export class FaseripHeroData extends foundry.abstract.TypeDataModel<HeroSchema, Actor.Implementation> {
  /** Rank key of each ability (derived). */
  declare ranks: Record<AbilityKey | "armor", RankKey>;
  /** Reason + Intuition + Psyche: the starting Karma (derived). */
  declare karmaStart: number;
  /** The Endurance rank the rules use now (reduced while dying) (derived). */
  declare enduranceNow: RankKey;

  static override defineSchema() {
    return heroSchema();
  }

  /**
   * A new hero starts at full Health (F+A+S+E) and with a Karma pool of Reason + Intuition + Psyche,
   * each unless the creation data gives one (a compendium hero keeps its own).
   */
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<HeroSchema, Actor.Implementation>["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const data = args[0] as object;
    const table = activeTable(rankNumbersTable);
    const changes: Record<string, unknown> = {};
    if (foundry.utils.getProperty(data, "system.karma.pool") === undefined) {
      const start = karma(this.abilities, table);
      changes["system.karma.pool"] = ledger.createPool(start);
      changes["system.karma.value"] = start;
    }
    if (foundry.utils.getProperty(data, "system.health.value") === undefined) changes["system.health.value"] = Math.min(MAX_HEALTH, health(this.abilities, table));
    // The pending document's source is the parent's (what the server receives), so write it there.
    if (Object.keys(changes).length > 0) this.parent.updateSource(changes as never);
  }

  /**
   * A hero at full Health stays at full when an ability changes (Health = F+A+S+E): raising
   * Endurance on an unhurt hero raises their Health too. A hurt hero keeps their Health (it is
   * clamped to the new maximum when derived); an edit that sets Health itself (to another value) wins.
   * The cover is the GM's: a change to it from anyone else is dropped (the rest goes through).
   */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<HeroSchema, Actor.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const changes = args[0] as { system?: { abilities?: Record<string, unknown>; health?: { value?: unknown }; cover?: unknown } };
    // The cover is the GM's ruling: anyone else's change of it (a player's sheet, a macro) is dropped.
    if (changes.system && !args[2].isGM) delete changes.system.cover;
    // A migration reshapes stored data: its abilities are not a raise to follow (migration-option.ts).
    if (isMigrationUpdate(args[1])) return;
    const edited = changes.system?.abilities;
    // V13's sheet submits the whole form, Health included: it is an edit of Health only when it differs.
    const named = changes.system?.health?.value;
    const stored = (this.parent as unknown as { _source: { system: { health: { value: unknown } } } })._source.system.health.value;
    if (!edited || (named !== undefined && named !== stored) || this.health.value < this.health.max) return;
    const abilities = { ...this.abilities };
    for (const k of ABILITY_KEYS) {
      const v = edited[k];
      if (Number.isInteger(v)) abilities[k] = v as number;
    }
    foundry.utils.setProperty(changes, "system.health.value", Math.min(MAX_HEALTH, health(abilities, activeTable(rankNumbersTable))));
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const table = activeTable(rankNumbersTable);
    const a = this.abilities;
    const ranks = {} as Record<AbilityKey | "armor", RankKey>;
    for (const k of ABILITY_KEYS) ranks[k] = rankFromNumber(a[k], table);
    ranks.armor = rankFromNumber(this.armor, table);
    this.ranks = ranks;
    this.health.max = Math.min(MAX_HEALTH, health(a, table));
    this.health.value = Math.min(this.health.value, this.health.max);
    this.karmaStart = karma(a, table);
    try {
      this.karma.value = ledger.requirePool(this.karma.pool).value;
    } catch {
      // A malformed stored pool keeps the mirror; the sheet offers a reset.
    }
    const e = heroView({ abilities: a, status: this.status, health: this.health, armor: this.armor }).status.endurance;
    this.enduranceNow = (RANK_KEYS as readonly string[]).includes(e) ? (e as RankKey) : ranks.endurance;
  }
}
