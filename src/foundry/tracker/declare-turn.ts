/**
 * Declarations made in turn (a mapping's `declareInTurn`: Bond, seed 000 "Declarations occur in
 * order of ascending Speed… Characters with greater Speed are at an advantage since they can react
 * to the Declarations of lower Speed characters"). Pure over the stored plan and step.
 * - A player declares for a combatant only while the plan stands on that combatant's declare step
 *   (the GM may declare for anyone at any time: a correction, an NPC set ahead).
 * - A declaration whose declare step is still ahead is not shown to players: a GM who set a fast
 *   NPC's declaration early does not hand it to the slower characters who declare before it.
 */
import type { RoundPlan } from "../../engine/order.js";

type Steps = Pick<RoundPlan, "steps">;

/** The index of the combatant's declare step, or -1 when it has none. */
export function declareStepOf(plan: Steps, combatantId: string): number {
  return plan.steps.findIndex((s) => s.kind === "declare" && s.combatantId === combatantId);
}

/** Whether the plan stands on this combatant's declare step. */
export function isDeclareTurn(plan: Steps, step: number, combatantId: string): boolean {
  const s = plan.steps[step];
  return s?.kind === "declare" && s.combatantId === combatantId;
}

/** Whether the combatant's declare step is still ahead of the current step (its declaration unheard). */
export function declaresAhead(plan: Steps, step: number, combatantId: string): boolean {
  return declareStepOf(plan, combatantId) > step;
}
