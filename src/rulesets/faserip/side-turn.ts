/**
 * Whose side is acting. Seed 004, The Combat Round: "Initiative… High roll acts first. Declare
 * actions. Each character on the winning side declares… Resolve actions. Roll FEATs, apply Battle
 * Effects, deal damage. Other side acts. Same procedure for the losing-initiative side." So in a
 * started fight an attack is rolled while its side resolves its actions: any of the side's act
 * steps (the seed orders nobody within a side, so a hero need not wait for a teammate's step).
 *
 * A player's attack outside that is refused; the GM (who runs the villains and rules on what
 * happens) is told, never refused. A dodge is a reaction to an attack and stays free (combat.ts).
 * One attack roll a round (against one target or several at once): each character declares what
 * they are doing and resolves it, so a second roll in the same round — a player hoping for a
 * better colour — is refused as well; the GM may still roll one (a power that grants more). A
 * dodge is not an attack, and "movement, attacking, and defending can all happen in the same
 * round" (DECISIONS.md). Pure over the combat's plan: cards/may-act.ts reads Foundry.
 */

export interface SideStep {
  combatantId: string;
  kind?: string;
  side?: string;
}

export interface SideTurnInput {
  /** The attacker's combatant in the started fight. */
  combatantId: string;
  steps: readonly SideStep[];
  /** The current step's index (past the last: the round is over). */
  step: number;
  isGM: boolean;
  /** The name of the combatant whose step it is, when this user may see it (null: hidden from players). */
  currentName?: string | null;
  /** The attacker has rolled this round's attack already (its claim, cards/may-act.ts). */
  attacked?: boolean;
}

export interface SideTurn {
  /** Why the attack waits (i18n key taking {name}, FRACAS.Faserip.Turn.*), or null when it may be rolled now. */
  reason: string | null;
  /** Who acts now, when known (`current`), for FRACAS.Faserip.Turn.ActsNow. */
  data: Record<string, string>;
  /** A player's attack out of their side's turn is refused; the GM's is only pointed out. */
  refused: boolean;
}

/** No restriction: outside a started FASERIP fight, or while the attacker's side resolves. */
export const FREE_SIDE_TURN: SideTurn = { reason: null, data: {}, refused: false };

export function sideTurn(input: SideTurnInput): SideTurn {
  const side = input.steps.find((s) => s.combatantId === input.combatantId)?.side;
  const current = input.steps[input.step];
  if (side !== undefined && current?.kind === "act" && current.side === side) {
    return input.attacked ? { reason: "FRACAS.Faserip.Turn.Attacked", data: {}, refused: !input.isGM } : FREE_SIDE_TURN;
  }
  const data: Record<string, string> = {};
  if (current?.kind === "act" && input.currentName) data.current = input.currentName;
  let reason: string;
  if (side === undefined) {
    reason = "FRACAS.Faserip.Turn.NoStep";
  } else if (!input.steps.some((s, i) => i > input.step && s.kind === "act" && s.side === side)) {
    reason = "FRACAS.Faserip.Turn.Acted";
  } else if (current?.side === side) {
    reason = "FRACAS.Faserip.Turn.Declaring";
  } else {
    reason = "FRACAS.Faserip.Turn.OtherSide";
  }
  return { reason, data, refused: !input.isGM };
}
