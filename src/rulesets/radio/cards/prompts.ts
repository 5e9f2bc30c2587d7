/**
 * Pure decisions behind the round's chat prompts: when a dying hero's final heroic action is due,
 * and who spent the round just ended on the defensive action (and so may try to escape).
 */
import type { RoundPlan } from "../../../engine/order.js";
import type { Json, JsonObject } from "../../../foundry/registry.js";

/** Combat-memory keys written by the radio startRound. */
export const DEFENSIVE_KEY = "defensive";
export const DEFENSIVE_ROUND_KEY = "defensiveRound";

/** What startRound keeps of the round that just ended: the combatants that declared defensive. */
export function defensiveMemory(round: number, combatants: readonly { id: string; declaration: string }[]): JsonObject {
  return {
    [DEFENSIVE_KEY]: combatants.filter((c) => c.declaration === "defensive").map((c) => c.id),
    [DEFENSIVE_ROUND_KEY]: round - 1,
  };
}

/** The combatants that were defensive in the round before `round` (none when the memory is older). */
export function defensiveLastRound(memory: JsonObject, round: number): string[] {
  const ids: Json | undefined = memory[DEFENSIVE_KEY];
  if (memory[DEFENSIVE_ROUND_KEY] !== round - 1 || !Array.isArray(ids)) return [];
  return ids.filter((id): id is string => typeof id === "string");
}

/**
 * Is `step` a dying combatant's next action phase? Its own act step; or, when the plan gives it no
 * act step this round (undeclared, or defensive), the round's first act step — so the prompt never
 * waits on a declaration a dead hero's player may not think to make.
 */
export function finalActionDue(plan: RoundPlan, step: number, combatantId: string): boolean {
  const current = plan.steps[step];
  if (!current || current.kind !== "act") return false;
  if (current.combatantId === combatantId) return true;
  const acts = plan.steps.filter((s) => s.kind === "act");
  return acts[0]?.index === current.index && !acts.some((s) => s.combatantId === combatantId);
}
