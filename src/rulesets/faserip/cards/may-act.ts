/**
 * Why an actor may not act, attack or dodge now (i18n keys, or null). The rolls refuse with these;
 * the sheet and the FEAT dialog say them before the click.
 */
import { dodgeRefusal } from "../combat.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { downReason } from "../down.js";
import { combatantOf, roundOf } from "./fight-round.js";
import { readDodge } from "./dodge-memory.js";
import { startedCombatantOf } from "../../../foundry/documents/combatant-of.js";
import { t } from "../../../foundry/i18n.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { FREE_SIDE_TURN, sideTurn, type SideStep, type SideTurn } from "../side-turn.js";
import { isClaimed } from "../../../foundry/claims.js";
import { claimRoll } from "../../../foundry/queries.js";

/**
 * Why `actor` may make no attack now for another reason than being down (an i18n key taking
 * {name}), or null: a dodge made this round was the round's action (seed: "Dodge: Use their
 * action"), so no attack after it. performFeat refuses with it (for the GM too); the FEAT dialog
 * and the sheet's weapon buttons say it before the click.
 */
export function attackRefusalOf(actor: Actor.Implementation): string | null {
  return readDodge(combatantOf(actor), roundOf(actor)) ? "FRACAS.Faserip.Refused.DodgedThisRound" : null;
}

/** Why `actor` cannot act now (down.ts), from its status, its token icons and its combatant's defeated mark. */
export function actorDownReason(actor: Actor.Implementation): string | null {
  return downReason({ system: actor.system, statuses: [...(actor.statuses ?? [])], defeated: combatantOf(actor)?.isDefeated ?? false });
}

/**
 * Why `actor` may not dodge now (an i18n key), or null: in a fight a dodge is kept by the GM
 * (none connected: a player's could not count), once per round, and only as the round's action
 * (combat.ts dodgeRefusal). Outside a fight a dodge is a plain roll. The FEAT dialog shows it
 * before the click; performFeat refuses with it.
 */
export function dodgeRefusalOf(actor: Actor.Implementation): string | null {
  const dodger = combatantOf(actor);
  if (!dodger) return null;
  if (!game.user.isGM && !game.users.activeGM) return "FRACAS.Chat.NoGM";
  return dodgeRefusal(combatantStateOf(dodger), roundOf(actor));
}

/**
 * Whether `actor`'s side is resolving its actions now (side-turn.ts), as the current user: a
 * player's attack outside it is refused, the GM's only pointed out. Free outside a started
 * FASERIP fight, and when the GM turned the world option off (faserip.sideTurn).
 */
export function sideTurnOf(actor: Actor.Implementation): SideTurnNow {
  const combatant = startedCombatantOf(actor);
  const combat = combatant?.parent as Combat.Implementation | null | undefined;
  if (!combat || !combatant || !rulesetOption("faserip", "sideTurn", true)) return NO_CLAIM;
  const sys = combat.system as unknown as { ruleset?: string; plan?: { steps?: SideStep[] }; step?: number };
  if (sys.ruleset !== "faserip") return NO_CLAIM;
  const steps = Array.isArray(sys.plan?.steps) ? sys.plan.steps : [];
  const step = sys.step ?? 0;
  // Who acts now, named only when this user may see them (Foundry hides hidden combatants from players).
  const acting = combat.combatants.get(steps[step]?.combatantId ?? "");
  const key = attackKey(combat.id ?? "", combatant.id ?? "", combat.round ?? 0);
  const turn = sideTurn({ combatantId: combatant.id ?? "", steps, step, isGM: game.user.isGM, currentName: acting && (game.user.isGM || !acting.hidden) ? acting.name : null, attacked: isClaimed(actor, key) });
  return { ...turn, key };
}

/** The side's turn now, and the claim key of this round's one attack (null: no fight, or the option off). */
export type SideTurnNow = SideTurn & { key: string | null };

const NO_CLAIM: SideTurnNow = { ...FREE_SIDE_TURN, key: null };

/** The claim of a combatant's one attack roll in a round (core claims.ts): combat, combatant and round. */
export function attackKey(combatId: string, combatantId: string, round: number): string {
  return `faserip.attack.${combatId}.${combatantId}.${round}`;
}

/**
 * Before the dice: claims the round's attack (the active GM checks and writes it, so two clicks at
 * once cannot both roll). A player whose claim is refused does not roll; the GM claims it when it
 * is still free and rolls in any case. "claimed": this click wrote the claim (given back when no
 * card is posted); "unclaimed": it may roll without one (no fight, the option off, the GM's roll
 * after the claim); "refused": it may not roll.
 */
export async function claimSideAttack(actor: Actor.Implementation, turn: SideTurnNow): Promise<"claimed" | "unclaimed" | "refused"> {
  if (!turn.key) return "unclaimed";
  if (game.user.isGM) {
    if (isClaimed(actor, turn.key)) return "unclaimed";
    return (await claimRoll(actor, turn.key)) ? "claimed" : "unclaimed";
  }
  return (await claimRoll(actor, turn.key)) ? "claimed" : "refused";
}

/** The reason as one sentence: who acts now (when known), then why this attack waits. */
export function sideTurnText(turn: SideTurn, name: string): string {
  if (!turn.reason) return "";
  const reason = t(turn.reason, { name });
  return turn.data.current ? `${t("FRACAS.Faserip.Turn.ActsNow", { current: turn.data.current })} ${reason}` : reason;
}
