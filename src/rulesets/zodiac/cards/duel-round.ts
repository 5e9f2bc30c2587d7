/**
 * Which round a duel between two Agents is, for the killing Wager (seed ¶11: "That Wager must be
 * spent during a separate round then the one where the Agent became Almost Dead"), pure.
 *
 * In a started fight a duel is in the fight's round. Outside one there are no rounds: the kernel
 * resolves the duel as round 1, and before this every duel outside a fight was round 1, so an
 * Agent a duel there made Almost Dead (since round 1) could never be finished by another duel
 * there. D (DECISIONS, "every duel outside a fight is a round of its own"): outside a fight a duel
 * is one exchange — one roll each, as one round of a fight — so any Almost Dead on record when it
 * is revealed came before it, and reads as "before this round" (0); and an Agent made Almost Dead
 * by a duel outside a fight is recorded since 0 ("before this fight", #71), as Setback's shot and a
 * hand edit outside a fight already are, so a fight that starts later can finish them in its round 1.
 */
import type { AgentHealth } from "../rules/index.js";
import type { CombatRef } from "./results.js";

/** The round the kernel resolves a duel in: its fight's, or 1 outside a fight. */
export function duelRound(combat: CombatRef | null): number {
  return combat?.round ?? 1;
}

/** An Agent's health as a duel reads it: outside a fight an Almost Dead is since before the duel (0). */
export function healthForDuel(health: AgentHealth, combat: CombatRef | null): AgentHealth {
  return combat === null && health.status === "almostDead" ? { ...health, almostDeadSince: 0 } : health;
}

/**
 * The round to record after a duel's Apply: an Almost Dead (or Dead) the Agent already was keeps
 * its recorded round; one this duel made keeps the kernel's (the fight's round), or 0 outside a fight.
 */
export function sinceAfterDuel(stored: { status: string; almostDeadSince: number | null }, after: AgentHealth, combat: CombatRef | null): number | null {
  if (after.status === "healthy") return null;
  if (stored.status !== "healthy") return stored.almostDeadSince;
  return combat === null && after.status === "almostDead" ? 0 : after.almostDeadSince;
}
