/**
 * The chat flow's damage card (cheat sheet Steps 5–6): the d6, the tokens, the defensive halving,
 * and the consequences to note — piercing wound, knockout, a lethal head shot, a limb.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { limbConsequence } from "./called-shots.js";
import type { LimbOutcome } from "./called-shots.js";
import { damageBreakdown } from "./damage.js";
import type { DamageBreakdown } from "./damage.js";
import type { RadioOptions } from "./options.js";
import type { AttackResult } from "./resolve-attack.js";
import { damageTable } from "./tables/damage.js";
import { flag, requireCalled, requireD6 } from "./vocabulary.js";
import type { CalledShot, Weapon } from "./vocabulary.js";

export interface ResolveDamageInput {
  attack: AttackResult;
  /** The attacker's d6 after the hit: a 6 doubles. */
  critRoll: number;
  /** The victim's consequence roll after a limb shot. */
  limbRoll?: number;
}

export interface LimbResult {
  name: string;
  roll: number;
  outcome: LimbOutcome;
}

export interface DamageResult {
  damage: number;
  breakdown: DamageBreakdown;
  weapon: Weapon;
  /** Stabbed or shot: a PC target records a piercing wound. */
  piercing: boolean;
  areaWeapon: boolean;
  knockout: boolean;
  /** A head or heart shot that landed: the target dies whatever its wounds. */
  lethal: boolean;
  called: CalledShot;
  limb: LimbResult | null;
}

export function resolveDamage(input: ResolveDamageInput, options: RadioOptions = {}, table: Grid = damageTable): DamageResult {
  const attack = input?.attack;
  if (typeof attack !== "object" || attack === null) throw new FracasRuleError("badInput", "damage needs the attack result");
  if (attack.hit !== true) throw new FracasRuleError("noDamageOnMiss", "only a hit deals damage");
  const breakdown = damageBreakdown(
    {
      weapon: attack.weapon,
      skilled: attack.skilled,
      critRoll: requireD6("critRoll", input.critRoll),
      tokensSpent: attack.tokensSpent,
      targetDefensive: attack.targetDefensive,
    },
    table,
  );
  const called = requireCalled(attack.called);
  let limb: LimbResult | null = null;
  if (called === "limb") {
    if (input.limbRoll === undefined) throw new FracasRuleError("missingLimbRoll", "a limb shot needs the victim's consequence roll");
    const roll = requireD6("limbRoll", input.limbRoll);
    const name = typeof attack.limb === "string" ? attack.limb : "limb";
    limb = { name, roll, outcome: limbConsequence(roll, name) };
  } else if (input.limbRoll !== undefined) {
    throw new FracasRuleError("limbNeedsLimbShot", "a limb roll is only made after a limb shot", { called });
  }
  const headShotsKill = options.headShotsKill === undefined ? true : flag("headShotsKill", options.headShotsKill);
  return {
    damage: breakdown.total,
    breakdown,
    weapon: breakdown.weapon,
    piercing: flag("piercing", attack.piercing),
    areaWeapon: breakdown.weapon === "area",
    knockout: flag("knockout", attack.knockout),
    lethal: headShotsKill && (called === "head" || called === "heart"),
    called,
    limb,
  };
}
