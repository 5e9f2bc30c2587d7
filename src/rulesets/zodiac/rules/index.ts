/** The pure zodiac kernel, exported from dist/engine.mjs as `zodiac`. See DECISIONS.md for the seed map. */
import type { Grid } from "../../../engine/tables.js";
import { calledShotCosts } from "./tables/called-shot-costs.js";
import { everyoneElseTn } from "./tables/everyone-else-tn.js";

export { calledShotCosts, everyoneElseTn };
export const tables: readonly Grid[] = [calledShotCosts, everyoneElseTn];

export * from "./limits.js";
export {
  AGENT_TN_PER_AREA_POINT,
  AREA_MAX,
  AREA_MIN,
  DEFAULT_AREAS,
  KILLING_AREA,
  agentProfile,
  areaRating,
  type AgentProfile,
} from "./areas.js";
export { poolSize, MAX_GATHERED, type PoolInput } from "./pool.js";
export { requireWagers } from "./wagers.js";
export {
  DEFAULT_TOTAL_MODE,
  TOTAL_MODES,
  keptTotal,
  rollTotal,
  sumWithoutOnes,
  type RollTotalOptions,
  type TotalMode,
} from "./totals.js";
export { chanceToMeet, totalDistribution, type ChanceInput, type DistributionInput } from "./odds.js";
export { CALLED_SHOTS, calledShotCost, type CalledShot } from "./called-shots.js";
export {
  CAPTURE_WAGERS,
  SETBACK_ON_MISS,
  killEveryoneElse,
  type KillEveryoneElseInput,
  type KillEveryoneElseResult,
} from "./everyone-else.js";
export {
  FREE_WAGER,
  STRIKE_TARGETS,
  strike,
  type StrikeInput,
  type StrikeOutcome,
  type StrikeResult,
  type StrikeTarget,
} from "./strike.js";
export { FINISH_AGENT_POINTS, FINISH_WAGERS, finishAlmostDead, type FinishInput, type FinishResult } from "./finish.js";
export {
  AGENT_STATUSES,
  OTHER_AGENT_STATUSES,
  applyFinishToAgent,
  applyStrikeToAgent,
  applyStrikeToOtherAgent,
  healthyAgent,
  healthyOtherAgent,
  makeAlmostDead,
  type AgentHealth,
  type AgentStatus,
  type HealthChange,
  type OtherAgentHealth,
  type OtherAgentStatus,
} from "./health.js";
export { applyKills, killsLanding, type Crowd } from "./crowd.js";
export {
  SETBACK_PER_SPEND,
  cancelWagers,
  gainSetback,
  saveEveryoneElse,
  setbackAfter,
  shootAgent,
  spendSetback,
  type CancelWagersInput,
  type SaveEveryoneElseInput,
  type ShootAgentInput,
  type ShootAgentResult,
} from "./setback.js";
export { gatherDice, spendAgentPoints, type GatherInput, type GatherResult } from "./agent-points.js";
export { openWagers, reveal, sealWagers, type Reveal, type SealedWagers } from "./secret-wagers.js";
export { operationsOrder, roundComplete, type OrderMove, type RoundStatus } from "./order.js";
export {
  resolveFightRoll,
  resolveKillEveryoneElse,
  resolveRoll,
  resolveStrike,
  type FightRollResult,
  type KillRollInput,
  type RollInput,
  type RolledTotal,
  type StrikeRollInput,
} from "./resolve.js";
export {
  agentVsAgent,
  applyAgentVsAgent,
  type DuelInput,
  type DuelResult,
  type DuelSideInput,
  type DuelSideResult,
} from "./duel.js";
