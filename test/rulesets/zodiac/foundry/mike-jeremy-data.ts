/**
 * The seed's Mike-vs-Jeremy example as adapter data, shared by the integration tests and the
 * browser fixtures: both Agents' Areas, their commits (1 Agent Point gathers 4 and 3 dice; 3 and
 * 2 secret Wagers) and the dice (6,6,4,1 and 2,4,1,2).
 */
import { calledShotCosts } from "../../../../src/rulesets/zodiac/rules/index.js";
import type { AreaEntry } from "../../../../src/rulesets/zodiac/data/areas.js";
import { duelKey, duelResult, type DuelCommit } from "../../../../src/rulesets/zodiac/cards/results.js";
import { healthyAgent } from "../../../../src/rulesets/zodiac/rules/index.js";

export const mikeAreas: Record<string, AreaEntry> = {
  a1: { name: "Aries", rating: 3 },
  a2: { name: "Capricorn", rating: 5 },
  a3: { name: "Gemini", rating: 2 },
  a4: { name: "Scorpio", rating: 4 },
  a5: { name: "Virgo", rating: 1 },
};
export const jeremyAreas: Record<string, AreaEntry> = {
  a1: { name: "Aries", rating: 3 },
  a2: { name: "Capricorn", rating: 2 },
  a3: { name: "Gemini", rating: 2 },
  a4: { name: "Scorpio", rating: 2 },
  a5: { name: "Virgo", rating: 4 },
};
// Mike: Rank 5 Capricorn, lowest a 1 Virgo (TN 5). Jeremy: Rank 4 Virgo, lowest 2s (TN 10). Both Aries 3.

export const areaNumbers = (a: Record<string, AreaEntry>) => Object.fromEntries(Object.values(a).map((x) => [x.name, x.rating]));

export const MIKE = { uuid: "Actor.mike000000000000", name: "Mike" };
export const JEREMY = { uuid: "Actor.jeremy0000000000", name: "Jeremy" };

export function commits(round = 1, combatId = "combat0000000001") {
  const combat = { id: combatId, round };
  const key = duelKey(MIKE.uuid, JEREMY.uuid, combat);
  const mike: DuelCommit = {
    duelKey: key, actor: MIKE, opponent: JEREMY, areaName: "Aries", area: 3, spend: 1, gathered: 4, wagers: 3, calledShot: null, finish: false, agentPointsLeft: 2, combat,
  };
  const jeremy: DuelCommit = {
    duelKey: key, actor: JEREMY, opponent: MIKE, areaName: "Aries", area: 3, spend: 1, gathered: 3, wagers: 2, calledShot: null, finish: false, agentPointsLeft: 2, combat,
  };
  return { key, mike, jeremy };
}

/** The example's round-1 duel result, as stored on the card. */
export function roundOneDuel() {
  const { key, mike, jeremy } = commits();
  const r = duelResult(
    mike,
    jeremy,
    { a: { areas: areaNumbers(mikeAreas), health: healthyAgent() }, b: { areas: areaNumbers(jeremyAreas), health: healthyAgent() } },
    { a: [6, 6, 4, 1], b: [2, 4, 1, 2] },
    "keepArea",
    calledShotCosts,
  );
  r.duelKey = key;
  return r;
}
