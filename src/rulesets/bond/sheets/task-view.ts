/**
 * The task roll's pure core (RULES.md §1 "Success"): any skill or characteristic at the Ease Factor
 * the GM calls, less the roller's own wound penalty ("Wound penalties apply to every task"), with
 * the Success Chance and the exact chance of each Quality Rating shown before rolling. The attack,
 * First Aid and recovery rolls have their own dialogs; this one is for everything else in a fight
 * (a Strength roll at a door, a Driving roll, a Perception roll), so no one multiplies by hand.
 */
import { activeTable } from "../../../foundry/tables.js";
import { clampEase, qualityOdds, qualityResultsTable, successChance, woundPenalty, type WoundLevel } from "../rules/index.js";
import { CHARACTERISTICS, characteristicChance, skillChance, type Characteristics, type SkillLike } from "../data/derive.js";
import { easeLines, oddsLines, percent, type Option } from "./attack-view.js";
import { easeAdjustedLine, readTypedEase, type EaseAdjusted } from "./typed-ease.js";

/** RULES.md gives a task no fixed EF: the GM calls it; Fracas opens at 5, the attacks' base. */
export const TASK_DEFAULT_EASE = 5;
/** The EF field accepts −20…20 in halves; the kernel clamps the total to ½…10. */
export const TASK_EASE_RANGE = { min: -20, max: 20 } as const;

/** One thing the character can roll: a skill (its own name) or a characteristic (an i18n key). */
export interface TaskOption {
  key: string;
  /** The skill's name, or the characteristic's i18n key (`localize`). */
  label: string;
  localize: boolean;
  primaryChance: number;
}

export interface TaskSetup {
  actorName: string;
  options: TaskOption[];
  woundLevel: WoundLevel;
  /** Why the character cannot act now (down.ts), or null. */
  downReason: string | null;
}

export interface TaskChoices {
  key: string;
  ease: number;
  /** An Ease Factor typed that could not be used as typed, and the one used instead (D58); absent or null: nothing to say. */
  easeAdjusted?: EaseAdjusted | null;
}

/** The character's skills (by item id), then its five characteristics (Primary Chance = the characteristic). */
export function taskOptions(chars: Characteristics, skills: readonly SkillLike[]): TaskOption[] {
  return [
    ...skills.map((s) => ({ key: `skill:${s.id}`, label: s.name, localize: false, primaryChance: skillChance(chars, s) })),
    ...CHARACTERISTICS.map((c) => ({ key: `char:${c}`, label: `FRACAS.Bond.Characteristic.${c}`, localize: true, primaryChance: characteristicChance(chars, c) })),
  ];
}

export function defaultTaskChoices(setup: TaskSetup): TaskChoices {
  return { key: setup.options[0]?.key ?? "", ease: TASK_DEFAULT_EASE };
}

/**
 * Reads the dialog's form values. An Ease Factor outside −20…20 is brought to the nearer end, one
 * not in halves keeps the previous value, and either is reported (D58), not silently replaced.
 */
export function readTaskChoices(setup: TaskSetup, raw: Record<string, unknown>, previous: TaskChoices): TaskChoices {
  const key = typeof raw.task === "string" && setup.options.some((o) => o.key === raw.task) ? raw.task : previous.key;
  const ease = readTypedEase(raw.ease, previous.ease, TASK_EASE_RANGE);
  return { key, ease: ease.value, easeAdjusted: ease.adjusted };
}

export interface TaskEase {
  total: number;
  unclamped: number;
  items: { labelKey: string; value: number }[];
}

/** The called EF plus the roller's wound penalty (none when unhurt or only stunned). */
export function taskEase(woundLevel: WoundLevel, ease: number): TaskEase {
  const items = [{ labelKey: "FRACAS.Bond.Task.Ease", value: ease }];
  const penalty = woundPenalty(woundLevel);
  if (penalty !== 0) items.push({ labelKey: "FRACAS.Bond.Task.Wound", value: penalty });
  const unclamped = items.reduce((sum, i) => sum + i.value, 0);
  return { total: clampEase(unclamped), unclamped, items };
}

export function taskView(setup: TaskSetup, choices: TaskChoices) {
  const option = setup.options.find((o) => o.key === choices.key) ?? null;
  const ease = taskEase(setup.woundLevel, choices.ease);
  const sc = option ? successChance(option.primaryChance, ease.total) : 0;
  const odds = qualityOdds(sc, activeTable(qualityResultsTable));
  const options: (Option & { localize: boolean })[] = setup.options.map((o) => ({ value: o.key, label: o.label, localize: o.localize, selected: o.key === choices.key }));
  const error = setup.downReason ? "FRACAS.Bond.Task.CannotAct" : option ? null : "FRACAS.Bond.Task.NothingToRoll";
  return {
    actorName: setup.actorName,
    options,
    optionLabel: option?.label ?? "",
    optionLocalize: option?.localize ?? false,
    primaryChance: option?.primaryChance ?? 0,
    ease: choices.ease,
    // An Ease Factor typed that was not used as typed: the line under the field (D58).
    easeAdjusted: easeAdjustedLine(choices.easeAdjusted, TASK_EASE_RANGE, ease.total),
    ...easeLines(ease),
    successChance: sc,
    successPercent: percent(100 - odds.counts.failure),
    odds: oddsLines(odds.counts),
    downReason: setup.downReason,
    error,
    canRoll: error === null,
  };
}
