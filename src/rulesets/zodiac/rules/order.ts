/** Who rolls when: no initiative, Operations' order, and everyone rolls every round. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { requireIdList, requireRecord } from "./validate.js";

export interface OrderMove {
  id: string;
  /** The 0-based place the Agent moves to. */
  to: number;
}

/**
 * Seed: "Operations simply decides what order Agents roll dice in, we suggest Clockwise from
 * Operations." `ids` is the table's clockwise seating starting at Operations' left (RULES.md D:
 * default = table order); each move takes one Agent out and puts them at place `to`.
 */
export function operationsOrder(ids: readonly string[], moves: readonly OrderMove[] = []): string[] {
  const order = requireIdList("ids", ids);
  if (!Array.isArray(moves)) throw new FracasRuleError("badInput", "moves must be a list", {});
  for (const [k, move] of moves.entries()) {
    const m = requireRecord(`moves[${k}]`, move);
    const from = typeof m.id === "string" ? order.indexOf(m.id) : -1;
    if (from < 0) throw new FracasRuleError("unknownId", `${String(m.id)} is not in the scene`, { id: String(m.id) });
    const to = requireInt(`moves[${k}].to`, m.to, 0, order.length - 1);
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id!);
  }
  return order;
}

export interface RoundStatus {
  complete: boolean;
  /** Agents present who have not rolled yet, in the order given. */
  missing: string[];
}

/**
 * Seed: "Every round every Agent present decides what they are doing and makes a roll." The round
 * is complete once every present Agent has rolled; a roll from someone not present is refused.
 */
export function roundComplete(agentIds: readonly string[], rolledIds: readonly string[]): RoundStatus {
  const present = requireIdList("agentIds", agentIds);
  if (!Array.isArray(rolledIds)) throw new FracasRuleError("badInput", "rolledIds must be a list of ids", {});
  const rolled = new Set<string>();
  for (const id of rolledIds) {
    if (typeof id !== "string" || !present.includes(id)) {
      throw new FracasRuleError("unknownId", `${String(id)} rolled but is not present in the scene`, { id: String(id) });
    }
    rolled.add(id);
  }
  const missing = present.filter((id) => !rolled.has(id));
  return { complete: missing.length === 0, missing };
}
