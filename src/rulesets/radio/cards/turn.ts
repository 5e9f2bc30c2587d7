/**
 * The attacker's turn in a started radio combat (data/turn.ts decides) and its claim: one attack
 * per act step, claimed through the active GM with the core's claimRoll (keyed by combat, combatant,
 * round and phase) before any die is rolled, so a double click or two clients cannot both attack
 * in one step. The GM's attack in a combatant's step claims it too (a player's second attack in
 * that step is then refused); the GM is never refused.
 */
import { claimRoll } from "../../../foundry/queries.js";
import { isClaimed } from "../../../foundry/claims.js";
import { combatantOf } from "../../../foundry/documents/combatant-of.js";
import { t } from "../../../foundry/i18n.js";
import type { FracasCombat } from "../../../foundry/documents/combat.js";
import { attackTurn, FREE_TURN, type PlanStep, type Turn } from "../data/turn.js";

const RULESET = "radio";

/** This actor's turn now, as the current user (see data/turn.ts); free outside a started radio combat. */
export function turnOf(actor: Actor.Implementation, final: boolean): Turn {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent as Combat.Implementation | null | undefined;
  if (!combat || !combatant || !combat.started) return FREE_TURN;
  const sys = combat.system as unknown as { ruleset?: string; plan?: { steps?: PlanStep[] }; step?: number };
  if (sys.ruleset !== RULESET) return FREE_TURN;
  const steps = Array.isArray(sys.plan?.steps) ? sys.plan.steps : [];
  const step = sys.step ?? 0;
  // Who acts now, named only when this user may see them (Foundry hides hidden combatants from players).
  const acting = combat.combatants.get(steps[step]?.combatantId ?? "");
  const currentName = acting && (game.user.isGM || !acting.hidden) ? acting.name : null;
  // Who is down now, as the core's advance sees it (their steps are passed over).
  const fracas = combat as unknown as FracasCombat;
  const down = new Set(fracas.combatantInfos().filter((c) => fracas.downReason(c) !== null).map((c) => c.id));
  return attackTurn({
    combatId: combat.id ?? "",
    round: combat.round ?? 0,
    combatantId: combatant.id ?? "",
    name: actor.name,
    steps,
    step,
    currentName,
    // A step whose combatant was removed from the tracker mid-round is passed over too (core actingStep).
    isDown: (id) => down.has(id) || !combat.combatants.has(id),
    isGM: game.user.isGM,
    final,
    claimed: (key) => isClaimed(actor, key),
  });
}

/** The reason as one text: who acts now (when known), then why this attack waits (as attack-odds.hbs shows it). */
export function turnText(turn: Turn): string {
  const reason = t(turn.reason ?? "FRACAS.Radio.Turn.NoStep", turn.data);
  return turn.data.current ? `${t("FRACAS.Radio.Turn.ActsNow", { current: turn.data.current })} ${reason}` : reason;
}

/**
 * Before the dice: whether this attack may be rolled now, and whether this click holds the step's
 * claim (only then may a refusal before the dice give it back). A player out of turn is warned and
 * refused; a player in their step claims it (refused if it was claimed already). The GM claims the
 * step when it is the combatant's and still free, and rolls in any case.
 */
export async function claimTurn(actor: Actor.Implementation, turn: Turn): Promise<"refused" | "claimed" | "unclaimed"> {
  if (turn.refused) {
    ui.notifications?.warn(turnText(turn));
    return "refused";
  }
  if (!turn.key) return "unclaimed";
  if (game.user.isGM) {
    if (isClaimed(actor, turn.key)) return "unclaimed";
    return (await claimRoll(actor, turn.key)) ? "claimed" : "unclaimed";
  }
  return (await claimRoll(actor, turn.key)) ? "claimed" : "refused";
}
