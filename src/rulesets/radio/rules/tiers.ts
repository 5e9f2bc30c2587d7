/** NPC combat skill by tier, added to every NPC combat roll. */
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { tiersTable } from "./tables/tiers.js";
import { requireTier } from "./vocabulary.js";
import type { Tier } from "./vocabulary.js";

export function tierModifier(tier: Tier, table: Grid = tiersTable): number {
  return intAt(table, requireTier(tier), "modifier");
}
