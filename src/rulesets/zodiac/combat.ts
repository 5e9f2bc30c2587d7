/**
 * Zodiac combat: no initiative. Operations' order — by default the combat's combatant order (the
 * table's clockwise seating), reorderable by the GM through moves kept in combat memory `order`
 * (the kernel's operationsOrder) — one act step per Agent; every Agent rolls every round.
 *
 * No `isDown`: the seed's only states are Healthy, Almost Dead (who still rolls, without Wagers)
 * and Dead (dropped from the plan below), so the core's rule — Foundry's defeated mark — is right.
 */
import { freePlan, type RoundPlan } from "../../engine/order.js";
import type { CombatantInfo, CombatMapping, JsonObject, RoundStart } from "../../foundry/registry.js";
import { operationsOrder, roundComplete, type OrderMove, type RoundStatus } from "./rules/index.js";

export const DECLARATIONS = ["kill", "strike", "duel", "other"] as const;

/** Agents roll; Other Agents and Everyone Else never act against Agents directly (seed ¶9). */
export function agentIds(combatants: readonly CombatantInfo[]): string[] {
  return combatants.filter((c) => c.actorType === "zodiacAgent" && (c.system.health as { status?: string } | undefined)?.status !== "dead").map((c) => c.id);
}

/** The GM's stored moves, kept only for Agents still in the fight. */
export function storedMoves(memory: JsonObject, ids: readonly string[]): OrderMove[] {
  const raw = Array.isArray(memory.order) ? memory.order : [];
  const out: OrderMove[] = [];
  for (const m of raw) {
    if (m && typeof m === "object" && !Array.isArray(m) && typeof m.id === "string" && ids.includes(m.id) && typeof m.to === "number") {
      out.push({ id: m.id, to: Math.max(0, Math.min(ids.length - 1, Math.trunc(m.to))) });
    }
  }
  return out;
}

/** Operations' order for this fight. */
export function rollingOrder(combatants: readonly CombatantInfo[], memory: JsonObject): string[] {
  const ids = agentIds(combatants);
  return operationsOrder(ids, storedMoves(memory, ids));
}

/** The memory after the GM moves one Agent to place `to` (0-based) of the current order. */
export function withMove(memory: JsonObject, combatants: readonly CombatantInfo[], id: string, to: number): JsonObject {
  const ids = agentIds(combatants);
  const moves = [...storedMoves(memory, ids), { id, to }];
  operationsOrder(ids, moves); // refuses an unknown id or a place out of range
  return { ...memory, order: moves as unknown as JsonObject[] };
}

/**
 * Who still has to roll this round (ids that rolled come from this round's cards). An Agent marked
 * defeated in Foundry (tracker skull, or the dead status) cannot act, so nobody waits for them:
 * the core passes over their step (zodiac defines no `isDown`, so core's `defeated` rule applies).
 */
export function roundStatus(combatants: readonly CombatantInfo[], memory: JsonObject, rolled: readonly string[]): RoundStatus {
  const defeated = new Set(combatants.filter((c) => c.defeated).map((c) => c.id));
  const order = rollingOrder(combatants, memory).filter((id) => !defeated.has(id));
  return roundComplete(order, rolled.filter((id) => order.includes(id)));
}

export const zodiacCombat: CombatMapping = {
  startRound({ combatants, combatMemory }): RoundStart {
    return {
      initiative: Object.fromEntries(combatants.map((c) => [c.id, null])),
      memory: {},
      combatMemory: { ...combatMemory },
    };
  },
  plan({ round, combatants, combatMemory }): RoundPlan {
    return freePlan(rollingOrder(combatants, combatMemory), { round: Math.max(1, round) });
  },
  declarations(combatant) {
    if (combatant.actorType !== "zodiacAgent") return [];
    return DECLARATIONS.map((value) => ({ value, label: `FRACAS.Zodiac.Declare.${value}` }));
  },
};
