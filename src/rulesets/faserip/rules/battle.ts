/** Battle Effects and dodging. */
import { choiceAt, intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { requireChoice } from "../../../engine/errors.js";
import { ATTACK_ACTIONS } from "./actions.js";
import type { AttackAction, BattleEffect } from "./actions.js";
import { COLORS } from "./colors.js";
import type { Color } from "./colors.js";
import { battleEffectsTable } from "./tables/battle-effects.js";
import { dodgeShiftsTable } from "./tables/dodge-shifts.js";

export function requireColor(name: string, v: unknown): Color {
  return requireChoice(name, v, COLORS);
}

/** The Battle Effects Table outcome of an attack action for a colour. */
export function battleEffect(action: AttackAction, color: Color, table: Grid = battleEffectsTable): BattleEffect {
  requireChoice("action", action, ATTACK_ACTIONS);
  return choiceAt(table, action, requireColor("color", color)) as BattleEffect;
}

/** The column shift a dodge of this colour imposes on attackers: 0, −2, −4 or −6. */
export function dodgeShift(color: Color, table: Grid = dodgeShiftsTable): number {
  return intAt(table, "shift", requireColor("color", color));
}
