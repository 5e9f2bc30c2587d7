/** An attack for the chat flow: the FEAT, damage after armor, and the Slam?/Stun? follow-up. */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { ATTACK_ACTIONS, DAMAGING_EFFECTS } from "./actions.js";
import type { AttackAction } from "./actions.js";
import type { Color } from "./colors.js";
import { damage, rawDamageOf, slamStunApplies } from "./damage.js";
import type { DamageFrom } from "./damage.js";
import { resolveFeat } from "./feat.js";
import type { FeatResult, FeatShifts, FeatTables } from "./feat.js";
import { requireArray, requireObject } from "./input.js";
import { spendKarma } from "./karma.js";
import type { KarmaSpend } from "./karma.js";
import type { RankKey } from "./rank-keys.js";
import type { RankValue } from "./ranks.js";
import { toRankKey, toRankNumber } from "./ranks.js";
import { DEFAULT_KNOCKBACK_AREAS, slamResult, stunOutcome, stunResult } from "./secondary.js";
import { rankNumbersTable } from "./tables/rank-numbers.js";
import { slamStunTable } from "./tables/slam-stun.js";
import type { SlamResult, StunResult } from "./tables/slam-stun.js";
import { universalTable } from "./tables/universal-table.js";
import { colorOnColumn } from "./universal.js";

export interface AttackTables extends FeatTables {
  slamStun?: Grid;
}

export interface SecondaryInput {
  kind: "slam" | "stun";
  /** The defender's Endurance. */
  enduranceRank: RankValue;
  /** The defender's d100. */
  roll: number;
  karma?: KarmaSpend;
  /** Rounds stunned on a White Stun? result (1..10); needed only then. */
  d10?: number;
  /** Areas for a White Slam? result ("several"; GM's call). */
  knockbackAreas?: number;
}

export interface SecondaryCheck {
  kind: "slam" | "stun";
  enduranceRank: RankKey;
  roll: number;
  karmaSpent: number;
  karmaPoolAfter: number | null;
  effectiveRoll: number;
  color: Color;
  result: SlamResult | StunResult;
  /** Areas knocked back (Slam?), else 0. */
  areas: number;
  /** Rounds stunned (Stun?), else 0. */
  rounds: number;
}

/** The defender's Endurance FEAT on the Slam? or Stun? column (no column shifts apply). */
export function resolveSecondary(input: SecondaryInput, tables: AttackTables = {}): SecondaryCheck {
  const i = requireObject("secondary", input);
  const kind = requireChoice("kind", i["kind"], ["slam", "stun"] as const);
  const enduranceRank = toRankKey("enduranceRank", i["enduranceRank"], tables.ranks ?? rankNumbersTable);
  const roll = requireInt("roll", i["roll"], 1, 100);
  const karma = i["karma"] === undefined ? null : spendKarma(i["karma"] as KarmaSpend);
  const effectiveRoll = Math.min(100, roll + (karma?.spent ?? 0));
  const color = colorOnColumn(effectiveRoll, enduranceRank, tables.universal ?? universalTable);
  const table = tables.slamStun ?? slamStunTable;
  const base = { kind, enduranceRank, roll, karmaSpent: karma?.spent ?? 0, karmaPoolAfter: karma?.poolAfter ?? null, effectiveRoll, color };
  if (kind === "slam") {
    const areasIn = i["knockbackAreas"] === undefined ? DEFAULT_KNOCKBACK_AREAS : i["knockbackAreas"];
    const slam = slamResult(color, areasIn as number, table);
    return { ...base, result: slam.result, areas: slam.areas, rounds: 0 };
  }
  const rounds = stunResult(color, i["d10"] as number | undefined, table);
  return { ...base, result: stunOutcome(color, table), areas: 0, rounds };
}

export interface AttackInput {
  action: AttackAction;
  /** The attacker's rank in the action's ability (Fighting, Agility, Strength or Endurance). */
  abilityRank: RankValue;
  roll: number;
  shifts?: FeatShifts;
  karma?: KarmaSpend;
  attacker: { strength: RankValue; endurance?: RankValue; weaponDamage?: RankValue };
  defender: { endurance: RankValue; armor?: RankValue };
  /** The defender's Endurance FEAT d100 for Slam?/Stun?, when already rolled. */
  secondaryRoll?: number;
  stunD10?: number;
  knockbackAreas?: number;
}

export interface AttackResult {
  feat: FeatResult;
  /** The blow landed (Hit, Bull's-Eye, Slam, Stun or Kill). */
  landed: boolean;
  rawDamage: number;
  /** Which rank the damage before armor is (absent on cards from before session 7; null: none dealt). */
  damageFrom?: DamageFrom | null;
  armor: number;
  /** Health lost after armor (0 when the blow did not land). */
  damage: number;
  /** Kill: Health drops to 0 and the defender is dying. */
  kill: boolean;
  /**
   * Body Armor stopped the whole blow (armor > 0, no damage through). **D** (review-s11 RF2): such a
   * blow has no Battle Effect either: no Kill, no Slam?/Stun? check. Absent on older cards.
   */
  armorStopped?: boolean;
  secondary: {
    kind: "slam" | "stun" | "none";
    /** Attacker's Strength ≥ defender's Endurance, and the blow not stopped by Body Armor. */
    applies: boolean;
    /** Strong enough, but not applied because Body Armor stopped the blow (absent otherwise, and on older cards). */
    armorStopped?: boolean;
    /**
     * The two rank numbers compared for `applies` (RULES.md: Slam/Stun only when the attacker's
     * Strength ≥ the defender's Endurance), so the card can show them. Present when kind is not
     * "none"; absent on cards from before session 7 wave 2.
     */
    strength?: number;
    endurance?: number;
    /** The defender's Endurance FEAT, or null when not (yet) rolled or not needed. */
    check: SecondaryCheck | null;
  };
}

/** Resolves one attacker's attack on one defender. */
export function resolveAttack(input: AttackInput, tables: AttackTables = {}): AttackResult {
  const i = requireObject("attack", input);
  const action = requireChoice("action", i["action"], ATTACK_ACTIONS);
  const attacker = requireObject("attacker", i["attacker"]);
  const defender = requireObject("defender", i["defender"]);
  const ranks = tables.ranks ?? rankNumbersTable;
  const feat = resolveFeat(
    { action, abilityRank: i["abilityRank"] as RankValue, roll: i["roll"] as number, shifts: i["shifts"] as FeatShifts, karma: i["karma"] as KarmaSpend },
    tables,
  );
  const damageInput = {
    action,
    strength: attacker["strength"] as RankValue,
    weaponDamage: attacker["weaponDamage"] as RankValue | undefined,
    endurance: attacker["endurance"] as RankValue | undefined,
    armor: defender["armor"] as RankValue | undefined,
  };
  const landed = (DAMAGING_EFFECTS as readonly string[]).includes(feat.effect);
  const blow = rawDamageOf(damageInput, ranks);
  const raw = blow?.value ?? 0;
  const armor = defender["armor"] === undefined ? 0 : toRankNumber("armor", defender["armor"], ranks);
  const dealt = landed ? damage(damageInput, ranks) : 0;
  const defenderEndurance = toRankNumber("defender endurance", defender["endurance"], ranks);
  const kind = feat.effect === "slam" ? "slam" : feat.effect === "stun" ? "stun" : "none";
  const armorStopped = landed && armor > 0 && dealt === 0;
  const strongEnough = kind !== "none" && slamStunApplies(attacker["strength"] as RankValue, defenderEndurance, ranks);
  const applies = strongEnough && !armorStopped;
  const compared = kind === "none" ? {} : { strength: toRankNumber("attacker strength", attacker["strength"], ranks), endurance: defenderEndurance };
  let check: SecondaryCheck | null = null;
  if (applies && i["secondaryRoll"] !== undefined) {
    check = resolveSecondary(
      {
        kind: kind as "slam" | "stun",
        enduranceRank: defender["endurance"] as RankValue,
        roll: i["secondaryRoll"] as number,
        d10: i["stunD10"] as number | undefined,
        knockbackAreas: i["knockbackAreas"] as number | undefined,
      },
      tables,
    );
  }
  return {
    feat,
    landed,
    rawDamage: landed ? raw : 0,
    damageFrom: landed ? (blow?.from ?? null) : null,
    armor,
    damage: dealt,
    kill: feat.effect === "kill" && !armorStopped,
    armorStopped,
    secondary: { kind, applies, check, ...compared, ...(strongEnough && armorStopped ? { armorStopped } : {}) },
  };
}

export interface MultipleAttackInput {
  /** The single shift the defender's best dodge gives (see defenderDodgeShift); 0 if none. */
  dodgeShift: number;
  attacks: readonly AttackInput[];
}

/**
 * Several attackers on one defender: each attacker rolls separately, and the defender's one
 * dodge result applies to every attack (it replaces any dodge shift given per attack).
 */
export function resolveAttacksOnDefender(input: MultipleAttackInput, tables: AttackTables = {}): AttackResult[] {
  const i = requireObject("attacks input", input);
  const dodge = requireInt("dodgeShift", i["dodgeShift"], -100, 0);
  const attacks = requireArray("attacks", i["attacks"]);
  if (attacks.length === 0) throw new FracasRuleError("noAttacks", "at least one attack is needed", {});
  return attacks.map((a) => {
    const attack = requireObject("attack", a) as unknown as AttackInput;
    const shifts = attack.shifts === undefined ? {} : requireObject("shifts", attack.shifts);
    return resolveAttack({ ...attack, shifts: { ...shifts, dodge } }, tables);
  });
}
