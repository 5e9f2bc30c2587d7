/**
 * The task card: who rolled which skill or characteristic, the d100 against PC × EF (the EF items:
 * the GM's call and the roller's wound penalty) and the Quality Rating. What success does is the
 * GM's ruling, so the card applies nothing (no Apply rows).
 */
import type { CardKind } from "../../../foundry/registry.js";
import { activeTable } from "../../../foundry/tables.js";
import { qualityResultsTable, resolveCheck, type CheckResult } from "../rules/index.js";
import { easeText, signed } from "../format.js";
import type { Grid } from "../../../engine/tables.js";
import { qualityBands, qualityBandTexts } from "./views.js";

/** The task card's stored inputs; the check is re-read from them with the Quality Results table in force. */
export interface TaskCardResult {
  actorName: string;
  /** The skill's name, or a characteristic's i18n key (`localize`). */
  taskLabel: string;
  localize: boolean;
  primaryChance: number;
  easeItems: { labelKey: string; value: number }[];
  easeUnclamped: number;
  roll: number;
}

export function taskCheck(r: TaskCardResult): CheckResult {
  return resolveCheck(r.primaryChance, r.easeUnclamped, r.roll, activeTable(qualityResultsTable));
}

/** `qualityTable`: the Quality Results table the check was read with (its bands are shown). Absent = the shipped one. */
export function taskCardView(result: TaskCardResult, check: CheckResult, qualityTable: Grid = qualityResultsTable) {
  const bands = qualityBands(check.successChance, qualityTable);
  return {
    actorName: result.actorName,
    taskLabel: result.taskLabel,
    localize: result.localize,
    primaryChance: result.primaryChance,
    easeItems: result.easeItems.map((i) => ({ label: i.labelKey, value: signed(i.value) })),
    efText: easeText(check.easeFactor),
    successChance: check.successChance,
    qualityBands: bands,
    qualityBandTexts: qualityBandTexts(bands),
    roll: check.roll,
    success: check.success,
    qualityLabel: `FRACAS.Bond.Quality.${check.qualityRating}`,
  };
}

export const taskCard: CardKind = {
  template: "bond/cards/task.hbs",
  applicable: false,
  effect: () => ({ refused: "FRACAS.Bond.Refused.NothingToApply" }),
};
