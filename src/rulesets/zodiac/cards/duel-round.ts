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

/**
 * Which fight an Almost Dead's round was counted in (`health.almostDeadIn`, a combat id): rounds
 * number afresh in every fight, so "Almost Dead since round 3" of one fight says nothing about
 * round 2 of the next. Before this was kept, an Agent made Almost Dead in round 3 of one fight
 * could not be finished in rounds 1–3 of a new one. Null: outside a fight (since 0), or older data.
 */
export interface FightOfRound {
  almostDeadIn?: string | null;
}

/**
 * An Agent's health as a duel reads it: outside a fight an Almost Dead is since before the duel
 * (0); in a fight, one recorded in another fight is since before this fight (0, #71). An Almost
 * Dead with a round but no fight recorded (older data) keeps its round: it may be this fight's,
 * and reading it as 0 could let the killing Wager come in the round they fell.
 */
export function healthForDuel<H extends AgentHealth & FightOfRound>(health: H, combat: CombatRef | null): H {
  if (health.status !== "almostDead") return health;
  if (combat === null) return { ...health, almostDeadSince: 0 };
  const inFight = health.almostDeadIn;
  return typeof inFight === "string" && inFight !== combat.id ? { ...health, almostDeadSince: 0 } : health;
}

/** The fight to record with a round a flow writes: the fight it was counted in, none with no round. */
export function fightOfSince(since: number | null, combatId: string | null): string | null {
  return since === null ? null : combatId;
}

/**
 * The health paths a hand edit (or an icon) writes, with the fight their round was counted in
 * (`combatId`: the started fight the Agent is in, else null) whenever they write a round.
 */
export function withFightOfSince<P extends { almostDeadSince?: number | null }>(paths: P, combatId: string | null): P & FightOfRound {
  return "almostDeadSince" in paths ? { ...paths, almostDeadIn: fightOfSince(paths.almostDeadSince ?? null, combatId) } : paths;
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

/** The fight to record with sinceAfterDuel's round: the stored one when the round stands, else the duel's. */
export function fightAfterDuel(stored: { status: string } & FightOfRound, after: AgentHealth, combat: CombatRef | null): string | null {
  if (after.status === "healthy") return null;
  if (stored.status !== "healthy") return stored.almostDeadIn ?? null;
  return fightOfSince(sinceAfterDuel({ ...stored, almostDeadSince: null }, after, combat), combat?.id ?? null);
}
