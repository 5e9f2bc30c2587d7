/**
 * Whose step it is. Seed 001: "The result of each phase is calculated (in initiative order) one
 * phase at a time"; Cheat Sheet Step 3 repeats Steps 4–6 for each acting participant, and Step 5's
 * test is made by "the acting participant". So in a started radio combat an attack belongs to the
 * attacker's current act step, and one attack is that step's test.
 *
 * A player is refused an attack outside their combatant's current act step, or a second one in the
 * same step; the GM (who runs the NPCs and adjudicates) is told, never refused; a dying hero's final
 * heroic action is exempt (it comes "upon their next action phase", which the prompt already finds).
 * Pure over the combat's plan: cards/turn.ts reads Foundry and claims the step (core claimRoll).
 */
import { pluralKey } from "../../../foundry/i18n.js";
import { nameList } from "../cards/views.js";

export interface PlanStep {
  combatantId: string;
  phase: number;
  kind?: string;
}

export interface TurnInput {
  combatId: string;
  round: number;
  /** The attacker's combatant. */
  combatantId: string;
  /** The attacker's name, for the reason's text. */
  name: string;
  steps: readonly PlanStep[];
  /** The current step's index. */
  step: number;
  isGM: boolean;
  /** A dying hero's final heroic action. */
  final: boolean;
  /** Whether an attack was already made in the step with this key. */
  claimed: (key: string) => boolean;
  /**
   * The name of the combatant whose act step it is now, when this user may see it (null for a
   * combatant hidden from players): the reason then says who acts now.
   */
  currentName?: string | null;
  /**
   * Whether a combatant cannot act now (the combat's downReason: unconscious, dead, fled, escaped,
   * marked defeated…). Their steps stay in the plan but the GM's advance passes over them, so they
   * do not stand between the attacker and their turn. Absent: nobody is down.
   */
  isDown?: (combatantId: string) => boolean;
}

export interface Turn {
  /** The attacker holds the current act step: the key its one attack claims. Null otherwise. */
  key: string | null;
  /** That step's phase (1–4), else null. */
  phase: number | null;
  /** Why the attack is out of turn (i18n key), or null when it is in turn (or free). */
  reason: string | null;
  data: Record<string, string | number>;
  /** A player's out-of-turn attack is refused; the GM's is only pointed out. */
  refused: boolean;
}

/** No restriction: outside a started radio combat, or the final heroic action. */
export const FREE_TURN: Turn = { key: null, phase: null, reason: null, data: {}, refused: false };

/**
 * The claim key of one act step: combat, combatant, round and phase. The phase, not the step's
 * index, because a late declaration rebuilds the plan and shifts indices; a combatant acts at most
 * once per phase (phasesFor lists distinct phases).
 */
export function stepKey(combatId: string, combatantId: string, round: number, phase: number): string {
  return `radio.attack.${combatId}.${combatantId}.${round}.${phase}`;
}

export function attackTurn(input: TurnInput): Turn {
  if (input.final) return FREE_TURN;
  const current = input.steps[input.step];
  const data: Record<string, string | number> = { name: input.name };
  let reason: string | null = null;
  let key: string | null = null;
  let phase: number | null = null;
  if (current?.kind === "act" && current.combatantId === input.combatantId) {
    phase = current.phase;
    key = stepKey(input.combatId, input.combatantId, input.round, phase);
    if (input.claimed(key)) {
      reason = "FRACAS.Radio.Turn.Acted";
      data.phase = phase;
    }
  } else if (current?.kind === "declare") {
    reason = "FRACAS.Radio.Turn.Declaring";
  } else {
    const ahead = input.steps.filter((s, i) => i > input.step && s.kind === "act" && s.combatantId === input.combatantId).map((s) => s.phase);
    const any = input.steps.some((s) => s.kind === "act" && s.combatantId === input.combatantId);
    // The first act step after this one that the GM's advance stops at (a down combatant's is
    // passed over): when it is the attacker's, they are simply next.
    const next = input.steps.find((s, i) => i > input.step && s.kind === "act" && !input.isDown?.(s.combatantId));
    if (current?.kind === "act" && input.currentName) data.current = input.currentName;
    if (ahead.length > 0 && next?.combatantId === input.combatantId) {
      reason = "FRACAS.Radio.Turn.Next";
    } else if (ahead.length > 0) {
      reason = pluralKey("FRACAS.Radio.Turn.NotYourStep", ahead.length);
      // "1 and 3" in the user's language (Intl.ListFormat), not "1, 3".
      data.phases = nameList(ahead.map(String));
    } else {
      reason = any ? "FRACAS.Radio.Turn.StepsDone" : "FRACAS.Radio.Turn.NoStep";
    }
  }
  return { key, phase, reason, data, refused: reason !== null && !input.isGM };
}
