/**
 * A combatant's declaration and ruleset memory, which Fracas keeps on its Combat (the Combat's
 * `system.combatants`, written only by the GM) rather than on the Combatant (whose owner may write
 * it). A module of its own, without document classes, so rulesets can read it anywhere.
 */
import type { JsonObject } from "./registry.js";

export interface CombatantState {
  declaration: string;
  memory: JsonObject;
}

/** Reads one combatant's state out of a combat's `system` (empty when it has none yet). */
export function stateIn(combatSystem: unknown, combatantId: string): CombatantState {
  const all = (combatSystem as { combatants?: Record<string, Partial<CombatantState> | undefined> } | null)?.combatants ?? {};
  const s = all[combatantId] ?? {};
  return {
    declaration: typeof s.declaration === "string" ? s.declaration : "",
    memory: s.memory && typeof s.memory === "object" && !Array.isArray(s.memory) ? s.memory : {},
  };
}

/** A combatant's declaration and memory, from its Combat (empty outside a combat). */
export function combatantStateOf(combatant: { id: string | null; parent?: unknown }): CombatantState {
  const combat = combatant.parent as { system?: unknown } | null | undefined;
  return stateIn(combat?.system, combatant.id ?? "");
}
