/**
 * Whose action it is. Seed 000: a round is a Declaration part, in ascending Speed, then an Action
 * part, in descending Speed; so in a started Bond combat an attack belongs to the attacker's action
 * step (every attack Speed allows is made in it: round-attacks.ts counts them). The one exception
 * is the draw: a player character fired at before firing this round who calls a draw and wins it
 * "shoots first" — then, out of step, with a firearm, once (the shot marks the round fired).
 *
 * A player is refused an attack outside their action step; the GM (who runs the NPCs and rules on
 * circumstances) is told, never refused. Pure over the combat's plan; attack-setup.ts reads Foundry.
 */

export interface TurnStep {
  combatantId: string;
  kind?: string;
}

export interface BondTurnInput {
  /** The attacker's combatant in the started combat. */
  combatantId: string;
  steps: readonly TurnStep[];
  /** The current step's index. */
  step: number;
  isGM: boolean;
  /** Fire Combat: only a firearm shoots first after a draw. */
  attackKind: "fire" | "hth";
  /**
   * The attacker won a draw this round and has not fired since (the draw's one shot is still to
   * come). False when no draw was called, or it was lost, or the shot was fired.
   */
  drawWon: boolean;
  /** The name of the combatant acting now, when this user may see it (null: hidden from players). */
  currentName?: string | null;
  /**
   * Whether a combatant cannot act now (the combat's downReason): the GM's advance passes over their
   * steps, so they do not stand between the attacker and their action. Absent: nobody is down.
   */
  isDown?: (combatantId: string) => boolean;
}

export interface BondTurn {
  /** Why the attack is out of turn (i18n key, FRACAS.Bond.Turn.*), or null when it may be made now. */
  reason: string | null;
  /** The reason's data: who acts now, when known (`current`). */
  data: Record<string, string>;
  /** A player's out-of-turn attack is refused; the GM's is only pointed out. */
  refused: boolean;
  /** Made now only by the draw's exception (the dialog says so). */
  byDraw: boolean;
}

/** No restriction: outside a started Bond combat, or the attacker's own action step. */
export const FREE_TURN: BondTurn = { reason: null, data: {}, refused: false, byDraw: false };

export function bondAttackTurn(input: BondTurnInput): BondTurn {
  const current = input.steps[input.step];
  if (current?.kind === "act" && current.combatantId === input.combatantId) return FREE_TURN;
  if (input.drawWon && input.attackKind === "fire") return { ...FREE_TURN, byDraw: true };
  const data: Record<string, string> = {};
  let reason: string;
  if (current?.kind === "declare") {
    reason = "FRACAS.Bond.Turn.Declaring";
  } else {
    if (current?.kind === "act" && input.currentName) data.current = input.currentName;
    const ahead = input.steps.some((s, i) => i > input.step && s.kind === "act" && s.combatantId === input.combatantId);
    const any = input.steps.some((s) => s.kind === "act" && s.combatantId === input.combatantId);
    // The next action step the GM's advance stops at (a down combatant's is passed over).
    const next = input.steps.find((s, i) => i > input.step && s.kind === "act" && !input.isDown?.(s.combatantId));
    if (ahead && next?.combatantId === input.combatantId) reason = "FRACAS.Bond.Turn.Next";
    else if (ahead) reason = "FRACAS.Bond.Turn.Later";
    else reason = any ? "FRACAS.Bond.Turn.Acted" : "FRACAS.Bond.Turn.NoStep";
  }
  return { reason, data, refused: !input.isGM, byDraw: false };
}
