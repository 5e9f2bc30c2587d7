/**
 * The radio combat board on the order engine. Each round: 1d6 per PC and per NPC group (a
 * henchmen actor is its own group; other NPCs share the GM's group unless the GM split them with
 * combatant memory `group`; a split made during a round counts from the next round's roll),
 * re-rolled every round; the kernel's initiativeOrder settles ties
 * (PC before GM, tied PCs re-roll); then phases 1–4, each combatant acting in the phases its
 * declared action gives (phasesFor). The round opens with one declare step per PC, henchmen group
 * and NPC group (phase 0; an NPC group's members declare together);
 * undeclared combatants have no act steps yet. The combat memory also keeps who spent the round
 * just ended on the defensive action (the escape offers at round start).
 * isDown (data/down.ts) says who cannot act: the plan keeps their steps, the GM's advance passes
 * over them, except a dying hero's step while the final heroic action is owed.
 */
import { phasedPlan, type RoundPlan } from "../../engine/order.js";
import type { DieSource } from "../../engine/dice.js";
import type { CombatantInfo, CombatMapping, JsonObject, NumberColumn } from "../../foundry/registry.js";
import { activeTable } from "../../foundry/tables.js";
import { ACTIONS, actionPhasesTable, initiativeOrder, phasesFor } from "./rules/index.js";
import type { Action } from "./rules/index.js";
import { defensiveMemory } from "./cards/prompts.js";
import { downReason } from "./data/down.js";
import { declaresWith, declareStepIds } from "./group-declaration.js";
import { groupOf, groupsInForce } from "./initiative-group.js";
import { groupChangePatch } from "./combat-groups.js";

export const PHASE_COUNT = 4;

export interface RadioCombatOptions {
  spellBonus: boolean;
}

export { groupOf };

function groups(combatants: readonly CombatantInfo[]): Map<string, CombatantInfo[]> {
  const out = new Map<string, CombatantInfo[]>();
  for (const c of combatants) {
    const g = groupOf(c);
    out.set(g, [...(out.get(g) ?? []), c]);
  }
  return out;
}

const isAction = (v: string): v is Action => (ACTIONS as readonly string[]).includes(v);

export function radioCombat(options: () => RadioCombatOptions = () => ({ spellBonus: false })): CombatMapping {
  return {
    startRound({ round, combatants, die }): { initiative: Record<string, number | null>; memory: Record<string, JsonObject>; combatMemory: JsonObject } {
      // A change of group the GM made during the last round counts from this roll on (initiative-group.ts).
      const promoted = groupsInForce(combatants);
      const byGroup = groups(combatants.map((c) => (promoted[c.id] ? { ...c, memory: { ...c.memory, ...promoted[c.id] } } : c)));
      const rolls: Record<string, number> = {};
      for (const g of byGroup.keys()) rolls[g] = die(6);
      const entries = [...byGroup.keys()].map((id) => ({ id, roll: rolls[id]!, isPC: id.startsWith("pc:") }));
      const result = initiativeOrder(entries, die);
      const initiative: Record<string, number | null> = {};
      for (const [g, members] of byGroup) for (const c of members) initiative[c.id] = rolls[g]!;
      const rerolls: JsonObject = {};
      for (const r of result.rerolls) rerolls[r.id] = r.rolls;
      // The declarations are those of the round that just ended (the core clears them after this):
      // who spent it defensive may try to escape now (onRoundStart offers the check).
      return { initiative, memory: promoted, combatMemory: { round, rolls, order: result.order, rerolls, ...defensiveMemory(round, combatants) } };
    },

    plan({ round, combatants, combatMemory, die }): RoundPlan {
      const byGroup = groups(combatants);
      const stored = Array.isArray(combatMemory.order) ? (combatMemory.order as unknown[]).filter((g): g is string => typeof g === "string") : [];
      // Groups the stored order does not know (joined mid-round) go last, by initiative.
      const known = stored.filter((g) => byGroup.has(g));
      const late = [...byGroup.keys()].filter((g) => !known.includes(g)).sort((a, b) => (byGroup.get(b)![0]!.initiative ?? 0) - (byGroup.get(a)![0]!.initiative ?? 0));
      const order = [...known, ...late];
      const table = activeTable(actionPhasesTable);
      // Each combatant gets a distinct score (group rank, then place in the group) so the engine
      // never rolls off ties the kernel has already settled, and the order stays put on refresh.
      const size = combatants.length + 1;
      const list = order.flatMap((g, rank) =>
        byGroup.get(g)!.map((c, i) => ({
          id: c.id,
          initiative: (order.length - rank) * size - i,
          isPC: c.isPC,
          actsIn: isAction(c.declaration) ? [...phasesFor(c.declaration, table)] : [],
        })),
      );
      const acts = phasedPlan(list, PHASE_COUNT, die, { round });
      // Step 2 of the cheat sheet: "Players and NPC groups choose one of five combat actions" before
      // phase 1 (declare steps, kept as phase 0 and shown as "—" in the tracker, in initiative order): one step per PC, henchmen
      // group and NPC group, whose members declare together (group-declaration.ts); the core
      // accepts declarations while on these steps.
      const declare = declareStepIds(acts.order, combatants).map((combatantId) => ({ phase: 0, combatantId, kind: "declare" as const }));
      return { ...acts, steps: [...declare, ...acts.steps].map((step, index) => ({ ...step, index })) };
    },

    isDown(c: CombatantInfo): string | null {
      return downReason(c.actorType, c.system, c.defeated);
    },

    numberColumn: RADIO_NUMBER_COLUMN,

    declaresWith,

    // The only memory a request may write is the GM's change of initiative group (combat-groups.ts),
    // sent this way so that it queues on the combat's lock with the round starts.
    memoryPatch({ combatant, patch, round, byGM }): JsonObject | { refused: string } {
      // A player who owns an NPC (given it by the GM) still may not move its group.
      if (!byGM) return { refused: "FRACAS.Chat.Refused.NotGM" };
      return groupChangePatch(combatant, patch, round);
    },

    declarations(): { value: string; label: string }[] {
      const spellBonus = options().spellBonus;
      return ACTIONS.map((a) => ({ value: a, label: a === "spell" && spellBonus ? "FRACAS.Radio.Action.spellBonus" : `FRACAS.Radio.Action.${a}` }));
    },
  };
}

/**
 * The tracker's Phase column: an act step's phase (1-4); a declaration, kept as phase 0 in the plan,
 * comes before the phases and shows "—" (audit s15 F5: "Phase 0" read as an error).
 */
export const RADIO_NUMBER_COLUMN: NumberColumn = {
  heading: "FRACAS.Tracker.Number.phased",
  width: "digit",
  cell: (step) =>
    step.kind === "declare"
      ? { shown: "FRACAS.Tracker.Number.None", spoken: "FRACAS.Radio.Tracker.DeclareSpoken" }
      : { shown: "FRACAS.Tracker.Number.Value", spoken: "FRACAS.Tracker.Number.PhaseSpoken" },
};

/** The die type CombatMapping passes around (re-exported for tests). */
export type { DieSource };
