/**
 * What a GM's hand edit on an Agent or Other Agent sheet must also write, pure over plain data, so
 * the records the cards and the Setback panel read stay true:
 * - the State follows the Wagers against Rank typed in, and the Rank an Area edit changes (seed
 *   ¶11: "once an Agent has Wagers equal or greater than his Rank he is considered Almost Dead"; an
 *   Other Agent dies at Rank), as a
 *   card's Apply and Setback's cancel already make it: an Agent raised to Rank is Almost Dead, one
 *   the Rank made Almost Dead is Healthy below it; an Other Agent is Dead at Rank, alive below it
 *   (never back from a head shot). Without it a dead Other Agent could not be corrected by hand at
 *   all (their sheet has no State), nor an Undo refused for a change since be redone by hand.
 * - the spent/free split of the Wagers against Rank follows the Wagers (spent-wagers.ts
 *   `splitWithin`): lowered by hand, the hand-typed Wagers go first, then the free, then the spent;
 *   raised by hand, the new ones are neither (Setback cannot cancel them). Stored, not only shown,
 *   so Wagers raised again later do not bring back a split the GM had taken away.
 * - an Agent set Almost Dead by hand gets the round it happened in (the combat's round, or 0 =
 *   before this fight), which the kernel needs to time the killing Wager; set Healthy, none.
 */
import { AREA_MAX, AREA_MIN, MAX_ACCUMULATED, MAX_RANK, MAX_ROUND } from "../rules/index.js";
import { splitWithin, type Split } from "../cards/spent-wagers.js";
import { agentRank } from "../cards/agent-cancel.js";
import type { AreaEntry } from "../data/areas.js";
import type { JsonObject } from "../../../foundry/registry.js";

/** The number a NumberField (integer, 0–max) stores for a submitted value, or null when it is not one. */
function storedCount(v: unknown, max: number): number | null {
  if (typeof v !== "number" || !Number.isFinite(v)) return null;
  return Math.min(max, Math.max(0, Math.round(v)));
}

/**
 * The split to write with a submitted count of Wagers against Rank (the stored one when the form
 * did not send it), or null when the stored split already stands as it is.
 */
export function splitAfterHandEdit(stored: Split & { wagersAgainst: number }, submitted: unknown): Split | null {
  const wagers = storedCount(submitted, MAX_ACCUMULATED) ?? stored.wagersAgainst;
  // The stored split as it stood (it may predate this rule), then as it can stand now.
  const next = splitWithin(splitWithin(stored, stored.wagersAgainst), wagers);
  return next.spent === stored.spent && next.free === stored.free ? null : next;
}

export interface AgentHealthPaths {
  status: string;
  almostDeadSince: number | null;
  almostDeadBy: string;
}

/**
 * The health fields to write with a submitted status: Almost Dead by hand → since this round
 * (`round`: the combat's, or 0 outside a fight) and no known cause; Healthy → no round and no
 * cause. Null when the status did not change (or is not one).
 */
export function healthAfterHandEdit(stored: AgentHealthPaths, submitted: unknown, round: number): Partial<AgentHealthPaths> | null {
  if (submitted === stored.status || typeof submitted !== "string") return null;
  if (submitted === "almostDead") return { almostDeadSince: storedCount(round, MAX_ROUND) ?? 0, almostDeadBy: "none" };
  if (submitted === "healthy") return { almostDeadSince: null, almostDeadBy: "none" };
  return null;
}

/** A submitted number as the model stores it, when it differs from the stored one; else null. */
function changedCount(submitted: unknown, stored: number, min: number, max: number): number | null {
  const v = storedCount(submitted, max);
  if (v === null) return null;
  const next = Math.max(min, v);
  return next === stored ? null : next;
}

/** A submitted Area rating as the model stores it (a <select> sends text), or null when it is not one. */
function ratingOf(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= AREA_MIN && n <= AREA_MAX ? n : null;
}

/**
 * The Agent's Rank (their highest Area, kernel agentProfile through agentRank) once a submit is
 * written: each slot's submitted rating where it is one, else the stored rating.
 */
export function rankAfterHandEdit(stored: Record<string, AreaEntry>, submitted: Partial<Record<string, unknown>>): number {
  const areas: Record<string, AreaEntry> = {};
  for (const [slot, a] of Object.entries(stored)) areas[slot] = { ...a, rating: ratingOf(submitted[slot]) ?? a.rating };
  return agentRank({ areas } as unknown as JsonObject);
}

/**
 * An Agent's State after the GM types in their Wagers against Rank, or changes an Area so that
 * their Rank (highest Area) changes, as Setback's cancel treats it (cards/agent-cancel.ts): Healthy
 * at or past Rank → Almost Dead by the Rank, since `round` (the combat's, or 0 outside a fight);
 * Almost Dead by the Rank (recorded, or with no recorded cause while at the old Rank) below the new
 * count or Rank → Healthy. "Changed" means differs from what is stored (V13 submits the whole form,
 * so an unchanged count or Area is in every submit). Null when neither the Wagers nor the Rank
 * changed, when the same submit changed the State (the GM's own choice wins), or when nothing
 * follows: Dead stays Dead (a head shot's kill, a finish), and Setback's shot is not a Wager.
 */
export function stateAfterCountEdit(
  stored: AgentHealthPaths & { wagersAgainst: number },
  submitted: { wagersAgainst: unknown; status: unknown },
  rank: { before: number; after: number },
  round: number,
): AgentHealthPaths | null {
  if (typeof submitted.status === "string" && submitted.status !== stored.status) return null;
  const typed = changedCount(submitted.wagersAgainst, stored.wagersAgainst, 0, MAX_ACCUMULATED);
  if (typed === null && rank.after === rank.before) return null;
  const wagers = typed ?? stored.wagersAgainst;
  if (stored.status === "healthy" && wagers >= rank.after) return { status: "almostDead", almostDeadSince: storedCount(round, MAX_ROUND) ?? 0, almostDeadBy: "rank" };
  const byRank = stored.almostDeadBy === "rank" || (stored.almostDeadBy === "none" && stored.wagersAgainst >= rank.before);
  if (stored.status === "almostDead" && byRank && wagers < rank.after) return { status: "healthy", almostDeadSince: null, almostDeadBy: "none" };
  return null;
}

/**
 * An Other Agent's status after the GM types in their Wagers against Rank or their Rank: Dead at
 * Rank, alive below it (kernel applyStrikeToOtherAgent's rule). Null when neither changed or the
 * status already agrees. A head shot's kill stays (as one recorded before the flag: dead below Rank).
 */
export function otherAgentStatusAfterHandEdit(
  stored: { status: string; wagersAgainst: number; rank: number; headShot: boolean },
  submitted: { wagersAgainst: unknown; rank: unknown },
): "healthy" | "dead" | null {
  const wagers = changedCount(submitted.wagersAgainst, stored.wagersAgainst, 0, MAX_ACCUMULATED);
  const rank = changedCount(submitted.rank, stored.rank, 1, MAX_RANK);
  if (wagers === null && rank === null) return null;
  if (stored.headShot || (stored.status === "dead" && stored.wagersAgainst < stored.rank)) return null;
  const next = (wagers ?? stored.wagersAgainst) >= (rank ?? stored.rank) ? "dead" : "healthy";
  return next === stored.status ? null : next;
}
