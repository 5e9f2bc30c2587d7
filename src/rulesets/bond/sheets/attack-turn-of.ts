/**
 * The attacker's turn now, read from Foundry for the pure bondAttackTurn (attack-turn.ts): the
 * started Bond combat's plan and step, who is down (as the core's advance sees it), and whether a
 * draw this round left the attacker a shot to fire first. Free outside a started Bond combat.
 */
import { startedCombatantOf } from "../../../foundry/documents/combatant-of.js";
import type { FracasCombat } from "../../../foundry/documents/combat.js";
import { t } from "../../../foundry/i18n.js";
import { bondSystem, targetHasFired } from "../cards/notes.js";
import { responseFor } from "../cards/effects.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { bondAttackTurn, FREE_TURN, type BondTurn, type TurnStep } from "./attack-turn.js";

/**
 * Won a draw in this combat round (draw.ts stamps its record with them) and not fired since: the
 * draw's one shot is still to come. A draw recorded before records were stamped counts for no round.
 */
export function drawWonThisRound(system: JsonObject, fired: boolean, combatId: string, round: number): boolean {
  if (fired || !combatId) return false;
  const all = system.attackResponses;
  if (!all || typeof all !== "object") return false;
  return Object.keys(all).some((attackId) => {
    const d = responseFor(system, attackId).draw;
    return d?.first === "target" && d.combat === combatId && d.round === round;
  });
}

export function attackTurnOf(actor: Actor.Implementation, attackKind: "fire" | "hth"): BondTurn {
  const combatant = startedCombatantOf(actor);
  const combat = combatant?.parent as Combat.Implementation | null | undefined;
  if (!combat || !combatant) return FREE_TURN;
  const sys = combat.system as unknown as { ruleset?: string; plan?: { steps?: TurnStep[] }; step?: number };
  if (sys.ruleset !== "bond") return FREE_TURN;
  const combatId = combat.id ?? "";
  const round = combat.round ?? 0;
  const steps = Array.isArray(sys.plan?.steps) ? sys.plan.steps : [];
  const step = sys.step ?? 0;
  // Who acts now, named only when this user may see them (Foundry hides hidden combatants from players).
  const acting = combat.combatants.get(steps[step]?.combatantId ?? "");
  const fracas = combat as unknown as FracasCombat;
  const down = new Set(fracas.combatantInfos().filter((c) => fracas.downReason(c) !== null).map((c) => c.id));
  const bond = bondSystem(actor);
  return bondAttackTurn({
    combatantId: combatant.id ?? "",
    steps,
    step,
    isGM: game.user.isGM,
    attackKind,
    drawWon: drawWonThisRound(actor.system as unknown as JsonObject, targetHasFired(bond, combatId, round), combatId, round),
    currentName: acting && (game.user.isGM || !acting.hidden) ? acting.name : null,
    // A step whose combatant was removed from the tracker mid-round is passed over too (core actingStep).
    isDown: (id) => down.has(id) || !combat.combatants.has(id),
  });
}

/** The reason as one sentence: who acts now (when known), then why this attack waits. */
export function turnText(turn: BondTurn, name: string): string {
  if (!turn.reason) return "";
  const reason = t(turn.reason, { name });
  return turn.data.current ? `${t("FRACAS.Bond.Turn.ActsNow", { current: turn.data.current })} ${reason}` : reason;
}
