/**
 * Every Ease Factor modifier the attack dialog offers, totalled and itemised. Fire Combat: weapon
 * Performance, range, cover. Hand-to-Hand: the target's Speed, kick, Specific Blow. Both: the
 * attacker's wound penalty and a GM modifier. Base 5; the total is clamped to ½…10.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { KICK_EASE, SPECIFIC_BLOWS, SPECIFIC_BLOW_EASE, specificBlowEase } from "./specific-blows.js";
import type { SpecificBlow } from "./specific-blows.js";
import { BASE_ATTACK_EASE, clampEase } from "./success.js";
import { COVER_AMOUNTS, coverModifiersTable } from "./tables/cover-modifiers.js";
import type { CoverAmount } from "./tables/cover-modifiers.js";
import { RANGE_BANDS, rangeModifiersTable } from "./tables/range-modifiers.js";
import type { RangeBand } from "./tables/range-modifiers.js";
import { woundPenalty } from "./wound-levels.js";
import { requireAttackKind, requireBoolean, requireRecord, requireSpeed, requireWoundLevel } from "./vocabulary.js";
import type { AttackKind, WoundLevel } from "./vocabulary.js";

export interface EaseInput {
  attackKind: AttackKind;
  /** Fire Combat: the weapon's Performance Rating modifier. */
  performanceModifier?: number;
  /** Fire Combat: range band. */
  range?: RangeBand;
  /** Fire Combat: the target's cover. */
  cover?: CoverAmount;
  /** Hand-to-Hand: the target's Speed, taken as a negative modifier. */
  targetSpeed?: number;
  /** Hand-to-Hand: a kick (−1 EF, +1 DC). */
  kick?: boolean;
  /** Hand-to-Hand: a Specific Blow (−2 EF; knockout −4). */
  specificBlow?: SpecificBlow | null;
  /** The attacker's own wound: its penalty applies to every task. */
  attackerWound?: WoundLevel;
  /** Anything else the GM rules. */
  gmModifier?: number;
}

export interface EaseItem {
  /** i18n key of the line's label. */
  labelKey: string;
  value: number;
}

export interface EaseTotal {
  /** The Ease Factor the roll uses: the sum clamped to ½…10. */
  total: number;
  /** The plain sum of the items. */
  unclamped: number;
  items: EaseItem[];
}

export interface EaseTables {
  range?: Grid;
  cover?: Grid;
}

const FIRE_ONLY = ["performanceModifier", "range", "cover"] as const;
const HTH_ONLY = ["targetSpeed", "kick", "specificBlow"] as const;

/** Refuses a modifier that belongs to the other kind of attack, so a dialog bug cannot slip through. */
function refuseOtherKind(input: Record<string, unknown>, kind: AttackKind): void {
  const foreign = kind === "fire" ? HTH_ONLY : FIRE_ONLY;
  for (const key of foreign) {
    const v = input[key];
    if (v !== undefined && v !== null && v !== false) {
      throw new FracasRuleError("modifierNotAllowed", `${key} does not apply to ${kind === "fire" ? "Fire Combat" : "Hand-to-Hand"}`, {
        modifier: key,
        attackKind: kind,
      });
    }
  }
}

/** Totals the attack's Ease Factor; zero-valued modifiers are left out of the itemised list. */
export function easeFactor(input: EaseInput, tables: EaseTables = {}): EaseTotal {
  const i = requireRecord("input", input);
  const kind = requireAttackKind("attackKind", i.attackKind);
  refuseOtherKind(i, kind);
  const items: EaseItem[] = [{ labelKey: "FRACAS.Bond.Ease.Base", value: BASE_ATTACK_EASE }];
  const add = (labelKey: string, value: number): void => {
    if (value !== 0) items.push({ labelKey, value });
  };
  if (kind === "fire") {
    if (i.performanceModifier !== undefined) add("FRACAS.Bond.Ease.Performance", requireInt("performanceModifier", i.performanceModifier, -10, 10));
    if (i.range !== undefined) {
      const band = requireChoice("range", i.range, RANGE_BANDS);
      add(`FRACAS.Bond.Ease.Range.${band}`, intAt(tables.range ?? rangeModifiersTable, band, "ease"));
    }
    if (i.cover !== undefined) {
      const cover = requireChoice("cover", i.cover, COVER_AMOUNTS);
      add(`FRACAS.Bond.Ease.Cover.${cover}`, intAt(tables.cover ?? coverModifiersTable, cover, "ease"));
    }
  } else {
    if (i.targetSpeed !== undefined) add("FRACAS.Bond.Ease.TargetSpeed", -requireSpeed("targetSpeed", i.targetSpeed));
    if (i.kick !== undefined && requireBoolean("kick", i.kick)) add("FRACAS.Bond.Ease.Kick", KICK_EASE);
    if (i.specificBlow !== undefined && i.specificBlow !== null) {
      const blow = requireChoice("specificBlow", i.specificBlow, SPECIFIC_BLOWS);
      add(`FRACAS.Bond.Ease.SpecificBlow.${blow}`, SPECIFIC_BLOW_EASE);
      if (blow === "knockout") add("FRACAS.Bond.Ease.Knockout", specificBlowEase(blow) - SPECIFIC_BLOW_EASE);
    }
  }
  if (i.attackerWound !== undefined) add("FRACAS.Bond.Ease.Wound", woundPenalty(requireWoundLevel("attackerWound", i.attackerWound)));
  if (i.gmModifier !== undefined) add("FRACAS.Bond.Ease.Gm", requireInt("gmModifier", i.gmModifier, -20, 20));
  const unclamped = items.reduce((sum, item) => sum + item.value, 0);
  return { total: clampEase(unclamped), unclamped, items };
}

/** Damage Class shift the range band gives a Fire Combat attack (close +1, long −1). */
export function rangeDamageShift(range: RangeBand, table: Grid = rangeModifiersTable): number {
  return intAt(table, requireChoice("range", range, RANGE_BANDS), "damageClass");
}
