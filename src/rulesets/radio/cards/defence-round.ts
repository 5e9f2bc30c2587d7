/**
 * The defensive action's two rewards, each once per defensive round, read from the combat:
 * - the described defence's token (data/defence.ts): for this round if declared defensive now,
 *   else for the round just ended if it was spent defensive;
 * - the escape check (seed 001: "at the end of any round in which they engaged in a defensive
 *   action"): at the end of that round — the offer posted when the next round starts, or the
 *   sheet's button while that round is the one just ended — and once, by whichever rolls first.
 *   Not during the defensive round itself, and not for an older round (its end has passed).
 */
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { combatantOf as ownCombatant } from "../../../foundry/documents/combatant-of.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { defensiveLastRound } from "./prompts.js";
import { radioCardsOf } from "./messages.js";

export interface DefensiveRound {
  combatId: string;
  round: number;
}

/** This actor's combatant and its combat (core combatantOf), or null. */
function combatantOf(actor: Actor.Implementation): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  const combatant = ownCombatant(actor);
  const combat = combatant?.parent as Combat.Implementation | null | undefined;
  return combat && combatant ? { combat, combatant } : null;
}

/** The round just ended, if this actor's combatant spent it on the defensive action (its escape may be tried now). */
export function escapeRound(actor: Actor.Implementation): DefensiveRound | null {
  const found = combatantOf(actor);
  if (!found) return null;
  const round = found.combat.round ?? 0;
  const memory = (found.combat.system as unknown as { memory?: JsonObject }).memory ?? {};
  return defensiveLastRound(memory, round).includes(found.combatant.id ?? "") ? { combatId: found.combat.id ?? "", round: round - 1 } : null;
}

/** Whether this actor's combatant declared the defensive action for the round under way. */
export function defensiveNow(actor: Actor.Implementation): DefensiveRound | null {
  const found = combatantOf(actor);
  if (!found || combatantStateOf(found.combatant).declaration !== "defensive") return null;
  return { combatId: found.combat.id ?? "", round: found.combat.round ?? 0 };
}

/** The round the described defence's token is for: this round if defensive now, else the round just ended. */
export function defenceRound(actor: Actor.Implementation): DefensiveRound | null {
  return defensiveNow(actor) ?? escapeRound(actor);
}

/** The escape offer posted for this actor and defensive round, if any. */
export function offerFor(actorUuid: string, at: DefensiveRound): ChatMessage.Implementation | null {
  return radioCardsOf("escapeOffer", (r) => r.actorUuid === actorUuid && r.combatId === at.combatId && r.round === at.round).at(-1) ?? null;
}

/** Whether the escape for this defensive round was rolled, by its offer or by the sheet. */
export function escapeRolledForRound(actorUuid: string, at: DefensiveRound): boolean {
  if (radioCardsOf("escape", (r) => r.actorUuid === actorUuid && r.combatId === at.combatId && r.round === at.round).length > 0) return true;
  const offers = radioCardsOf("escapeOffer", (r) => r.actorUuid === actorUuid && r.combatId === at.combatId && r.round === at.round).map((m) => m.id ?? "");
  return offers.length > 0 && radioCardsOf("escape", (r) => typeof r.offerId === "string" && offers.includes(r.offerId)).length > 0;
}

/**
 * Why the escape for this defensive round cannot be rolled now (an i18n key), or null: already
 * rolled, its combat gone, or its end long past (an offer from an older round left in the chat).
 */
export function escapeRefusal(actorUuid: string, at: DefensiveRound): string | null {
  if (escapeRolledForRound(actorUuid, at)) return "FRACAS.Radio.Refused.EscapeRolled";
  const combat = game.combats.get(at.combatId);
  if (!combat) return "FRACAS.Radio.Refused.CombatGone";
  if ((combat.round ?? 0) - 1 !== at.round) return "FRACAS.Radio.Refused.EscapeStale";
  return null;
}
