/**
 * Where a round stands when its plan is rebuilt (FracasCombat#refreshPlan: a declaration, a
 * combatant added or removed mid-round). Pure: plain plans in, a step index out.
 */
import type { RoundPlan, Step } from "../../engine/order.js";

/** Whether two plan steps are the same step: one combatant's step of one kind in one phase. */
function sameStep(a: Step, b: Step): boolean {
  return a.combatantId === b.combatantId && a.kind === b.kind && a.phase === b.phase;
}

/**
 * Where the round stands in a rebuilt plan: on the step it stood on, found by what it is, not by
 * its position (a combatant added or removed mid-round shifts the positions: found by the tracker's
 * fuzz test, a declaration then moved the round onto someone else's step). A step no longer in the
 * plan (its combatant removed, or a Radio group's step passed from its fallen leader to the next
 * member) gives way to the first step of the rebuilt plan not already taken this round. With none,
 * the position is kept within the new plan.
 */
export function keptStep(old: RoundPlan, at: number, rebuilt: RoundPlan): number {
  const current = old.steps[at];
  const same = current ? rebuilt.steps.findIndex((s) => sameStep(s, current)) : -1;
  if (same >= 0) return same;
  const taken = old.steps.slice(0, Math.max(0, at));
  const next = rebuilt.steps.findIndex((s) => !taken.some((t) => sameStep(s, t)));
  return next >= 0 ? next : Math.min(at, Math.max(0, rebuilt.steps.length - 1));
}
