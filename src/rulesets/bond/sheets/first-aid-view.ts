/**
 * The First Aid dialog's pure core: from the wounded character, the healers the user may roll for
 * and the user's choices (healer, Ease Factor) it builds the view — the healer's First Aid Primary
 * Chance, the Ease Factor items (the GM's EF, the healer's own wound penalty), the Success Chance
 * and the exact chance of success from the kernel's qualityOdds — and says whether the roll may be
 * made at all (the kernel's applyFirstAid refuses a second try, an unwounded or a dead character).
 */
import { isRuleError } from "../../../engine/errors.js";
import { activeTable } from "../../../foundry/tables.js";
import {
  applyFirstAid,
  clampEase,
  qualityOdds,
  qualityResultsTable,
  successChance,
  woundPenalty,
  type WoundState,
} from "../rules/index.js";
import { easeLines, oddsLines, percent, type Option } from "./attack-view.js";
import { easeAdjustedLine, readTypedEase, type EaseAdjusted } from "./typed-ease.js";

/** RULES.md gives First Aid no Ease Factor; Fracas offers the ordinary task's 5 and lets the GM change it. */
export const FIRST_AID_DEFAULT_EASE = 5;
/** The GM's EF field accepts −20…20 in halves; the kernel clamps the total to ½…10. */
export const FIRST_AID_EASE_RANGE = { min: -20, max: 20 } as const;

export interface FirstAidHealer {
  uuid: string;
  name: string;
  /** The healer's best First Aid skill. */
  skillName: string;
  primaryChance: number;
  /** The healer's own wound state: its penalty applies to every task, and a helpless healer cannot help. */
  wound: WoundState;
}

export interface FirstAidSetup {
  patientName: string;
  patientWound: WoundState;
  /** Characters the user may roll for that have a First Aid skill. */
  healers: FirstAidHealer[];
  /** The healer chosen when the dialog opens (uuid), or null when there is none. */
  defaultHealer: string | null;
  /** Only the GM changes the Ease Factor. */
  isGM: boolean;
}

export interface FirstAidChoices {
  healerUuid: string;
  ease: number;
  /** The GM's Ease Factor typed that could not be used as typed, and the one used instead (D58); absent or null: nothing to say. */
  easeAdjusted?: EaseAdjusted | null;
}

export function defaultFirstAidChoices(setup: FirstAidSetup): FirstAidChoices {
  return { healerUuid: setup.defaultHealer ?? setup.healers[0]?.uuid ?? "", ease: FIRST_AID_DEFAULT_EASE };
}

/**
 * Reads the dialog's form values; a player's EF is ignored (only the GM sets it). The GM's EF outside
 * −20…20 is brought to the nearer end, one not in halves keeps the previous value, and either is
 * reported (D58), not silently replaced.
 */
export function readFirstAidChoices(setup: FirstAidSetup, raw: Record<string, unknown>, previous: FirstAidChoices): FirstAidChoices {
  const healerUuid = typeof raw.healer === "string" && setup.healers.some((h) => h.uuid === raw.healer) ? raw.healer : previous.healerUuid;
  if (!setup.isGM) return { healerUuid, ease: previous.ease, easeAdjusted: null };
  const ease = readTypedEase(raw.ease, previous.ease, FIRST_AID_EASE_RANGE);
  return { healerUuid, ease: ease.value, easeAdjusted: ease.adjusted };
}

/** A healer who cannot act (unconscious, dead, stunned, a wound's Willpower roll not yet made) gives no First Aid. */
export function healerCanAct(w: WoundState): boolean {
  return w.level !== "KL" && w.level !== "IN" && !w.knockedOut && !w.stunRollPending && w.stunRounds === 0 && !w.woundRollPending;
}

export interface FirstAidEase {
  /** The Ease Factor the roll uses (kernel-clamped to ½…10). */
  total: number;
  unclamped: number;
  items: { labelKey: string; value: number }[];
}

/** The GM's EF plus the healer's own wound penalty (RULES.md: wound penalties apply to every task). */
export function firstAidEase(healer: FirstAidHealer, ease: number): FirstAidEase {
  const items = [{ labelKey: "FRACAS.Bond.FirstAid.EaseBase", value: ease }];
  const penalty = woundPenalty(healer.wound.level);
  // The healer's wound, not the patient's (nor "your" wound: the user may roll for another healer).
  if (penalty !== 0) items.push({ labelKey: "FRACAS.Bond.FirstAid.HealerWound", value: penalty });
  const unclamped = items.reduce((sum, i) => sum + i.value, 0);
  return { total: clampEase(unclamped), unclamped, items };
}


/** Why the roll may not be made, as an i18n key, or null. The patient's refusals are the kernel's. */
export function firstAidRefusal(setup: FirstAidSetup, healer: FirstAidHealer | null): string | null {
  try {
    applyFirstAid(setup.patientWound, true);
  } catch (e) {
    if (!isRuleError(e)) throw e;
    return `FRACAS.Error.${e.code}`;
  }
  if (!healer) return "FRACAS.Bond.FirstAid.NoHealer";
  if (!healerCanAct(healer.wound)) return "FRACAS.Bond.FirstAid.HealerCannotAct";
  return null;
}

export function firstAidView(setup: FirstAidSetup, choices: FirstAidChoices) {
  const healer = setup.healers.find((h) => h.uuid === choices.healerUuid) ?? null;
  const error = firstAidRefusal(setup, healer);
  const ease = healer ? firstAidEase(healer, choices.ease) : { total: clampEase(choices.ease), unclamped: choices.ease, items: [] };
  const sc = healer ? successChance(healer.primaryChance, ease.total) : 0;
  const odds = qualityOdds(sc, activeTable(qualityResultsTable));
  const healerOptions: Option[] = setup.healers.map((h) => ({ value: h.uuid, label: h.name, selected: h.uuid === choices.healerUuid }));
  return {
    patientName: setup.patientName,
    patientWoundLabel: `FRACAS.Bond.Wound.${setup.patientWound.level}`,
    healerOptions,
    hasHealers: setup.healers.length > 0,
    healerName: healer?.name ?? "",
    skillName: healer?.skillName ?? "",
    primaryChance: healer?.primaryChance ?? 0,
    isGM: setup.isGM,
    ease: choices.ease,
    // The GM's Ease Factor typed that was not used as typed: the line under the field (D58).
    easeAdjusted: setup.isGM ? easeAdjustedLine(choices.easeAdjusted, FIRST_AID_EASE_RANGE, ease.total) : null,
    ...easeLines(ease),
    successChance: sc,
    successPercent: percent(100 - odds.counts.failure),
    failurePercent: percent(odds.counts.failure),
    odds: oddsLines(odds.counts),
    error,
    canRoll: error === null,
  };
}
