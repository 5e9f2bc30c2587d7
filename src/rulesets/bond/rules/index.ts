/** The pure bond kernel, exported from dist/engine.mjs as `bond`. */
import type { Grid } from "../../../engine/tables.js";
import { coverModifiersTable } from "./tables/cover-modifiers.js";
import { hthDamageClassTable } from "./tables/hth-damage-class.js";
import { qualityResultsTable } from "./tables/quality-results.js";
import { rangeModifiersTable } from "./tables/range-modifiers.js";
import { scarLocationTable } from "./tables/scar-location.js";
import { speedChartTable } from "./tables/speed-chart.js";
import { woundAccumulationTable } from "./tables/wound-accumulation.js";
import { woundTable } from "./tables/wound-table.js";

export * from "./vocabulary.js";
export * from "./success.js";
export * from "./odds.js";
export * from "./damage.js";
export * from "./wound-levels.js";
export * from "./speed.js";
export * from "./declaration.js";
export * from "./draw.js";
export * from "./specific-blows.js";
export * from "./ease.js";
export * from "./hero-points.js";
export * from "./scars.js";
export * from "./resolve-attack.js";
export * from "./wound-state.js";
export * from "./recovery.js";
export * from "./knockout.js";
export * from "./healing.js";
export { RANGE_BANDS } from "./tables/range-modifiers.js";
export type { RangeBand } from "./tables/range-modifiers.js";
export { COVER_AMOUNTS } from "./tables/cover-modifiers.js";
export type { CoverAmount } from "./tables/cover-modifiers.js";
export { SCAR_LOCATIONS, VISIBLE_SCAR_LOCATIONS } from "./tables/scar-location.js";
export type { ScarLocation } from "./tables/scar-location.js";
export {
  coverModifiersTable,
  hthDamageClassTable,
  qualityResultsTable,
  rangeModifiersTable,
  scarLocationTable,
  speedChartTable,
  woundAccumulationTable,
  woundTable,
};

export const tables: readonly Grid[] = [
  qualityResultsTable,
  woundTable,
  woundAccumulationTable,
  speedChartTable,
  hthDamageClassTable,
  rangeModifiersTable,
  coverModifiersTable,
  scarLocationTable,
];
