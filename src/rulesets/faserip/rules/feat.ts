/** One FEAT roll for the chat flow: column, shifts, Karma, colour and what the colour means. */
import { requireChoice, requireInt } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { ACTION_ABILITY, ATTACK_ACTIONS } from "./actions.js";
import type { AttackAction, BattleEffect, CombatAbility } from "./actions.js";
import { battleEffect, dodgeShift } from "./battle.js";
import type { Color } from "./colors.js";
import { requireObject } from "./input.js";
import { spendKarma } from "./karma.js";
import type { KarmaSpend } from "./karma.js";
import type { RankKey } from "./rank-keys.js";
import type { RankValue } from "./ranks.js";
import { toRankKey } from "./ranks.js";
import { MAX_SHIFT, shiftRank } from "./shifts.js";
import { battleEffectsTable } from "./tables/battle-effects.js";
import { dodgeShiftsTable } from "./tables/dodge-shifts.js";
import { rankNumbersTable } from "./tables/rank-numbers.js";
import { universalTable } from "./tables/universal-table.js";
import { colorOnColumn } from "./universal.js";

/** An attack action, a Dodging FEAT, or a plain ability FEAT (White fails, anything else succeeds). */
export const FEAT_ACTIONS = [...ATTACK_ACTIONS, "dodging", "feat"] as const;
export type FeatAction = (typeof FEAT_ACTIONS)[number];
export type FeatEffect = BattleEffect | "dodge" | "success" | "fail";

/** Signed column shifts (negative = left). Missing ones are 0. */
export interface FeatShifts {
  dodge?: number;
  cover?: number;
  multipleTargets?: number;
  other?: number;
}

export interface FeatInput {
  action: FeatAction;
  abilityRank: RankValue;
  /** The d100 as rolled, 1..100. */
  roll: number;
  shifts?: FeatShifts;
  karma?: KarmaSpend;
}

export interface FeatResult {
  action: FeatAction;
  ability: CombatAbility | null;
  abilityRank: RankKey;
  roll: number;
  karmaSpent: number;
  /** The Karma pool after spending, or null when no Karma was offered. */
  karmaPoolAfter: number | null;
  effectiveRoll: number;
  shifts: { dodge: number; cover: number; multipleTargets: number; other: number };
  totalShift: number;
  column: RankKey;
  color: Color;
  effect: FeatEffect;
  /** Anything but White. */
  success: boolean;
  /** For a Dodging FEAT, the shift every attacker suffers; 0 otherwise. */
  dodgeShift: number;
}

export interface FeatTables {
  universal?: Grid;
  battleEffects?: Grid;
  dodgeShifts?: Grid;
  ranks?: Grid;
}

/** Resolves a FEAT from the rolled value; the adapter stores the result on the chat card. */
export function resolveFeat(input: FeatInput, tables: FeatTables = {}): FeatResult {
  const i = requireObject("feat", input);
  const action = requireChoice("action", i["action"], FEAT_ACTIONS);
  const abilityRank = toRankKey("abilityRank", i["abilityRank"], tables.ranks ?? rankNumbersTable);
  const roll = requireInt("roll", i["roll"], 1, 100);
  const shifts = readShifts(i["shifts"]);
  const karma = i["karma"] === undefined ? null : spendKarma(i["karma"] as KarmaSpend);
  const karmaSpent = karma?.spent ?? 0;
  const totalShift = shifts.dodge + shifts.cover + shifts.multipleTargets + shifts.other;
  const column = shiftRank(abilityRank, Math.max(-MAX_SHIFT, Math.min(MAX_SHIFT, totalShift)));
  const effectiveRoll = Math.min(100, roll + karmaSpent);
  const color = colorOnColumn(effectiveRoll, column, tables.universal ?? universalTable);
  const isAttack = (ATTACK_ACTIONS as readonly string[]).includes(action);
  let effect: FeatEffect;
  let dodge = 0;
  if (isAttack) effect = battleEffect(action as AttackAction, color, tables.battleEffects ?? battleEffectsTable);
  else if (action === "dodging") {
    dodge = dodgeShift(color, tables.dodgeShifts ?? dodgeShiftsTable);
    effect = color === "white" ? "miss" : "dodge";
  } else effect = color === "white" ? "fail" : "success";
  return {
    action,
    ability: action === "feat" ? null : ACTION_ABILITY[action],
    abilityRank,
    roll,
    karmaSpent,
    karmaPoolAfter: karma?.poolAfter ?? null,
    effectiveRoll,
    shifts,
    totalShift,
    column,
    color,
    effect,
    success: color !== "white",
    dodgeShift: dodge,
  };
}

function readShifts(v: unknown): FeatResult["shifts"] {
  if (v === undefined) return { dodge: 0, cover: 0, multipleTargets: 0, other: 0 };
  const s = requireObject("shifts", v);
  const read = (name: string, min: number, max: number): number => (s[name] === undefined ? 0 : requireInt(`shifts.${name}`, s[name], min, max));
  return {
    dodge: read("dodge", -MAX_SHIFT, 0),
    cover: read("cover", -MAX_SHIFT, 0),
    multipleTargets: read("multipleTargets", -MAX_SHIFT, 0),
    other: read("other", -MAX_SHIFT, MAX_SHIFT),
  };
}
