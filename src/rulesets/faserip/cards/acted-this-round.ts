/** Whether an actor has used this round's action in the fight it is in (for when a stun lands). */
import type { FracasCombat } from "../../../foundry/documents/combat.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { combatantOf } from "../../../foundry/documents/combatant-of.js";
import { actedThisRound } from "../combat.js";

/**
 * Has `actor` used this round's action (combat.ts actedThisRound: its act step is past, or it
 * dodged)? Outside a started fight there is no round to have acted in: false.
 */
export function actedThisRoundOf(actor: { uuid: string; id: string | null }): boolean {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent as unknown as FracasCombat | null | undefined;
  if (!combatant?.id || !combat?.started) return false;
  const { plan, step } = combat.fracas;
  return actedThisRound(combatant.id, combatantStateOf(combatant).memory, plan, step, combat.round ?? 0);
}
