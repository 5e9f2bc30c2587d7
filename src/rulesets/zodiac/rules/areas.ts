/** Areas, and the Rank/TN an Agent has when treated as an Other Agent. */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { requireRecord } from "./validate.js";

/**
 * D (RULES.md §3): the seed's example Areas. The list is a world setting, not a table: a campaign
 * can rename or replace them, and nothing here depends on the names except the default killing Area.
 */
export const DEFAULT_AREAS = ["Aries", "Capricorn", "Gemini", "Scorpio", "Virgo"] as const;

/** Seed: "To kill Everyone Else you roll Aries"; the Agent-vs-Agent example also keeps Aries dice. */
export const KILLING_AREA = "Aries";

/** RULES.md §3: Areas are rated 1–5 (the seed's example runs from a 1 Virgo to a 5 Capricorn). */
export const AREA_MIN = 1;
export const AREA_MAX = 5;

/** Seed: an Agent's TN in a fight with another Agent is their lowest Area times five. */
export const AGENT_TN_PER_AREA_POINT = 5;

export interface AgentProfile {
  /** Wagers needed against this Agent: their highest Area. */
  rank: number;
  /** Total an opponent must roll to reach them: lowest Area × 5. */
  tn: number;
}

export function requireArea(name: string, n: unknown): number {
  return requireInt(name, n, AREA_MIN, AREA_MAX);
}

/** An Agent seen as an Other Agent: Rank = highest Area, TN = lowest Area × 5. */
export function agentProfile(areas: Record<string, number>): AgentProfile {
  const entries = Object.entries(requireRecord("areas", areas));
  if (entries.length === 0) throw new FracasRuleError("noAreas", "an Agent needs at least one Area", {});
  let highest = AREA_MIN;
  let lowest = AREA_MAX;
  for (const [name, rating] of entries) {
    const r = requireArea(`areas.${name}`, rating);
    highest = Math.max(highest, r);
    lowest = Math.min(lowest, r);
  }
  return { rank: highest, tn: lowest * AGENT_TN_PER_AREA_POINT };
}

/** The rating of one named Area, refusing a name the Agent does not have. */
export function areaRating(areas: Record<string, number>, name: string): number {
  const record = requireRecord("areas", areas);
  if (!Object.hasOwn(record, name)) {
    throw new FracasRuleError("unknownArea", `this Agent has no Area named ${name}`, { area: name });
  }
  return requireArea(`areas.${name}`, record[name]);
}
