/**
 * A dodge kept for the round in the dodger's combatant memory: attacks on the dodger that round
 * take its column shift, and it was the dodger's action.
 */
import { dodgeShift } from "../rules/index.js";
import type { Color } from "../rules/index.js";
import { dodgeThisRound } from "../combat.js";
import { requestCombatantMemory } from "../../../foundry/queries.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { faseripTables } from "./tables.js";

export interface DodgeMemory {
  round: number;
  color: Color;
  /** The column shift of the dodge's colour on the dodge table in force. */
  shift: number;
}

/** The dodge this combatant made this round (its combatant memory), with its shift. */
export function readDodge(combatant: Combatant.Implementation | null, round: number): DodgeMemory | null {
  if (!combatant) return null;
  const d = dodgeThisRound(combatantStateOf(combatant).memory, round);
  return d ? { ...d, shift: dodgeShift(d.color, faseripTables().dodgeShifts) } : null;
}

/**
 * Keeps a dodge for the round in the dodger's combatant memory. Players may not write combatant
 * system data, so the write goes through the GM (requestCombatantMemory); the combat mapping's
 * memoryPatch decides, for the GM's own dodges too. Returns the refusal, if any.
 */
export async function recordDodge(combatant: Combatant.Implementation, round: number, color: Color): Promise<string | null> {
  const combatId = combatant.parent?.id ?? game.combat?.id ?? "";
  const patch = { dodge: { round, color } };
  const done = await requestCombatantMemory(combatId, combatant.id ?? "", patch);
  return done.ok ? null : (done.reason ?? "FRACAS.Chat.Failed");
}
