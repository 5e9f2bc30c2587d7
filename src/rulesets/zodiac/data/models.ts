/**
 * The zodiac TypeDataModels: Agent, Other Agent, Everyone Else (a crowd) and Weapon. Every field
 * is bounded by the kernel's limits; derived values (Rank, TN as another Agent sees them) come
 * from the kernel's agentProfile in prepareDerivedData.
 */
import { AREA_MAX, AREA_MIN, MAX_ACCUMULATED, MAX_CROWD, MAX_POINTS, MAX_RANK, MAX_ROUND, MAX_TN, agentProfile, type AgentProfile } from "../rules/index.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { ALMOST_DEAD_CAUSES } from "../cards/effects.js";
import { AREA_NAME_MAX, AREA_NAMES_DEFAULT, AREA_SLOTS, areaNamesFrom, areaRecord, type AreaEntry } from "./areas.js";

const fields = foundry.data.fields;

/** The lists already warned about, so one bad setting logs once, not once per Area per Agent. */
const warned = new Set<string>();

/** The world's Area names (option `areaNames`) for a new Agent; a bad list gives the seed's, with a console warning. */
export function worldAreaNames(): string[] {
  const list = rulesetOption("zodiac", "areaNames", AREA_NAMES_DEFAULT);
  return areaNamesFrom(list, (problem) => {
    if (warned.has(list)) return;
    warned.add(list);
    console.warn(`Fracas | zodiac: the world setting "areaNames" (${JSON.stringify(list)}) is not five distinct names of 1-${AREA_NAME_MAX} characters: ${problem}. Using "${AREA_NAMES_DEFAULT}".`);
  });
}

function areaField(index: number) {
  return new fields.SchemaField({
    name: new fields.StringField({ required: true, blank: false, trim: true, initial: () => worldAreaNames()[index]! }),
    rating: new fields.NumberField({ required: true, nullable: false, integer: true, min: AREA_MIN, max: AREA_MAX, initial: AREA_MIN }),
  });
}

function agentSchema() {
  return {
    areas: new fields.SchemaField({
      a1: areaField(0),
      a2: areaField(1),
      a3: areaField(2),
      a4: areaField(3),
      a5: areaField(4),
    }),
    agentPoints: new fields.SchemaField({
      value: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_POINTS, initial: 3 }),
      max: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_POINTS, initial: 3 }),
    }),
    health: new fields.SchemaField({
      status: new fields.StringField({ required: true, blank: false, initial: "healthy", choices: ["healthy", "almostDead", "dead"] }),
      wagersAgainst: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_ACCUMULATED, initial: 0 }),
      almostDeadSince: new fields.NumberField({ required: true, nullable: true, integer: true, min: 0, max: MAX_ROUND, initial: null }),
      /**
       * How the Wagers against Rank got there, as duel applications recorded them (as an Other
       * Agent's breakdown): spent (Setback may cancel these) and free (it never may). Wagers typed
       * in by hand are in neither. Existing Agents read 0 and 0: nothing to cancel, nothing breaks.
       */
      spent: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_ACCUMULATED, initial: 0 }),
      free: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_ACCUMULATED, initial: 0 }),
      /** Why Almost Dead: Wagers reaching Rank (a cancel below Rank heals) or Setback's shot (it never does). */
      almostDeadBy: new fields.StringField({ required: true, blank: false, initial: "none", choices: [...ALMOST_DEAD_CAUSES] }),
      /**
       * The fight (combat id) whose round `almostDeadSince` counts: another fight reads it as "before
       * this fight" (cards/duel-round.ts). Null outside a fight, and in older data (read as before).
       */
      almostDeadIn: new fields.StringField({ required: true, nullable: true, blank: false, initial: null }),
    }),
    notes: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export class ZodiacAgentData extends foundry.abstract.TypeDataModel<ReturnType<typeof agentSchema>, Actor.Implementation> {
  static override defineSchema() {
    return agentSchema();
  }

  /** Rank and TN when another Agent fights this one (kernel agentProfile). */
  declare profile: AgentProfile;

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const areas = this.areas as unknown as Record<string, AreaEntry>;
    try {
      this.profile = agentProfile(areaRecord(areas));
    } catch {
      this.profile = { rank: AREA_MIN, tn: AREA_MIN * 5 };
    }
  }
}

function otherAgentSchema() {
  return {
    rank: new fields.NumberField({ required: true, nullable: false, integer: true, min: 1, max: MAX_RANK, initial: 3 }),
    tn: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_TN, initial: 10 }),
    wagersAgainst: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_ACCUMULATED, initial: 0 }),
    /**
     * How the Wagers against Rank got there, as strike applications recorded them: spent (declared
     * before a roll; Setback may cancel these) and free (one per hit; Setback never cancels it).
     * Wagers the GM typed in by hand are in neither, so Setback cannot cancel them either.
     */
    breakdown: new fields.SchemaField({
      spent: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_ACCUMULATED, initial: 0 }),
      free: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_ACCUMULATED, initial: 0 }),
    }),
    /** Killed by a landed head shot: Setback cannot save them. */
    headShot: new fields.BooleanField({ required: true, nullable: false, initial: false }),
    status: new fields.StringField({ required: true, blank: false, initial: "healthy", choices: ["healthy", "dead"] }),
    notes: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export class ZodiacOtherAgentData extends foundry.abstract.TypeDataModel<ReturnType<typeof otherAgentSchema>, Actor.Implementation> {
  static override defineSchema() {
    return otherAgentSchema();
  }

  /** Wagers still needed to kill (a token value and the sheet). */
  declare remaining: number;
  /**
   * The token bar (descriptor.trackable, review s10 G5): the Wagers still needed out of Rank, so the
   * GM sees on the map how close each Other Agent is. Empty once dead, a head shot's or set by hand,
   * whatever Wagers stand. Derived, so V13's HUD offers no edit (Wagers land through cards).
   */
  declare wagersLeft: { value: number; max: number };

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.remaining = Math.max(0, (this.rank as number) - (this.wagersAgainst as number));
    this.wagersLeft = { value: this.status === "dead" ? 0 : this.remaining, max: this.rank as number };
  }
}

function crowdSchema() {
  return {
    standing: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_CROWD, initial: 3 }),
    captured: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_CROWD, initial: 0 }),
    killed: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_CROWD, initial: 0 }),
    notes: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export class ZodiacCrowdData extends foundry.abstract.TypeDataModel<ReturnType<typeof crowdSchema>, Actor.Implementation> {
  static override defineSchema() {
    return crowdSchema();
  }

  /**
   * The token bar (review s10 G5): those still standing out of everyone the crowd started with
   * (standing + taken alive + killed: a kill moves people between these, never out of them).
   */
  declare stillStanding: { value: number; max: number };

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const standing = this.standing as number;
    this.stillStanding = { value: standing, max: standing + (this.captured as number) + (this.killed as number) };
  }
}

export const WEAPON_RANGES = ["gun", "unarmed"] as const;

function weaponSchema() {
  return {
    range: new fields.StringField({ required: true, blank: false, initial: "gun", choices: [...WEAPON_RANGES] }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export class ZodiacWeaponData extends foundry.abstract.TypeDataModel<ReturnType<typeof weaponSchema>, Item.Implementation> {
  static override defineSchema() {
    return weaponSchema();
  }
}

export { AREA_SLOTS };
