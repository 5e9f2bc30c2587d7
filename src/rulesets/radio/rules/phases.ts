/**
 * Which phases each action acts in, and the round's phase-by-phase running order: "the result of
 * each phase is calculated (in initiative order) one phase at a time".
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { choiceAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { actionPhasesTable } from "./tables/action-phases.js";
import type { PhaseActivity } from "./tables/action-phases.js";
import { PHASES, requireAction, requirePhase } from "./vocabulary.js";
import type { Action, Phase } from "./vocabulary.js";

export type { PhaseActivity } from "./tables/action-phases.js";

/** What `action` does in `phase`: makes a test (spell: releases), prepares a spell, or nothing. */
export function phaseActivity(action: Action, phase: Phase, table: Grid = actionPhasesTable): PhaseActivity {
  return choiceAt(table, requireAction(action), `phase${requirePhase(phase)}`) as PhaseActivity;
}

/** Phases in which `action` makes a combat test (for a spell: the phases that release it). */
export function phasesFor(action: Action, table: Grid = actionPhasesTable): Phase[] {
  requireAction(action);
  return PHASES.filter((p) => phaseActivity(action, p, table) === "test");
}

/** Phases in which `action` prepares or sustains a spell instead of testing. */
export function preparesIn(action: Action, table: Grid = actionPhasesTable): Phase[] {
  requireAction(action);
  return PHASES.filter((p) => phaseActivity(action, p, table) === "prepare");
}

/** The spell action's preparing phases ([1, 3] in the seed). */
export function spellPreparesIn(table: Grid = actionPhasesTable): Phase[] {
  return preparesIn("spell", table);
}

export interface PlanStep {
  phase: Phase;
  id: string;
  activity: Exclude<PhaseActivity, "none">;
}

/**
 * The round's steps: phase 1 to 4, and within a phase the participants in initiative order,
 * leaving out participants with nothing to do in that phase (defensive ones never appear —
 * their defence works passively through the −4 and the halving).
 */
export function roundPlan(
  order: readonly string[],
  actions: Readonly<Record<string, Action>>,
  table: Grid = actionPhasesTable,
): PlanStep[] {
  if (!Array.isArray(order)) throw new FracasRuleError("badOrder", "order must be a list of ids");
  if (!order.every((id): id is string => typeof id === "string")) throw new FracasRuleError("badOrder", "order must be a list of ids");
  if (new Set(order).size !== order.length) throw new FracasRuleError("duplicateId", "an id appears twice in the order");
  if (typeof actions !== "object" || actions === null) throw new FracasRuleError("badInput", "actions must map ids to actions");
  const steps: PlanStep[] = [];
  for (const phase of PHASES) {
    for (const id of order) {
      const action = Object.prototype.hasOwnProperty.call(actions, id) ? actions[id] : undefined;
      if (action === undefined) {
        throw new FracasRuleError("missingAction", `${id} has not chosen an action for the round`, { id });
      }
      const activity = phaseActivity(action, phase, table);
      if (activity !== "none") steps.push({ phase, id, activity });
    }
  }
  return steps;
}
