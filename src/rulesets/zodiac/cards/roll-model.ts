/**
 * The roll dialog's model, pure: from what the player has chosen so far, the dice to roll, the
 * dice kept, the TN and the exact chance of meeting it (kernel chanceToMeet), or the kernel's
 * refusal to show instead. The dialog renders this before anything is rolled.
 */
import { isRuleError } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { intAt } from "../../../engine/tables.js";
import {
  CALLED_SHOTS,
  CAPTURE_WAGERS,
  FINISH_AGENT_POINTS,
  FINISH_WAGERS,
  chanceToMeet,
  gatherDice,
  poolSize,
  type CalledShot,
  type TotalMode,
} from "../rules/index.js";
import { requireCalledShotAffordable } from "../rules/called-shots.js";
import { readTypedNumber, type TypedNumberReason } from "../../../foundry/sheets/typed-number.js";

export const ROLL_KINDS = ["kill", "strike", "duel", "fight"] as const;
export type RollKind = (typeof ROLL_KINDS)[number];

export interface RollChoice {
  kind: RollKind;
  /** Rating of the Area rolled. */
  area: number;
  /** Agent Points spent gathering, and dice gathered for them (the table's ruling). */
  spend: number;
  gathered: number;
  wagers: number;
  calledShot: CalledShot | null;
  captureAlive: boolean;
  /** Kill an Almost Dead opponent: 1 Wager + 1 Agent Point. */
  finish: boolean;
  /** TN for a fight roll (Operations sets it); strike/duel use the target's, kill the table's. */
  tn: number;
  totalMode: TotalMode;
}

export interface RollerState {
  agentPoints: number;
  almostDead: boolean;
}

export interface RollModel {
  ok: boolean;
  pool: number;
  keep: number;
  tn: number;
  /** 0–1, exact. */
  chance: number;
  /** Percent to one decimal, a whole one without ".0" (UX review s4 #22.2), for display. */
  percent: string;
  agentPointsAfter: number;
  error: { key: string; data: Record<string, string | number> } | null;
}

/** The TN the roll must meet: kill → the Everyone Else table; strike/duel → the target's; fight → chosen. */
export function rollTn(kind: RollKind, targetTn: number | null, chosen: number, everyoneElseTn: Grid): number {
  if (kind === "kill") return intAt(everyoneElseTn, "everyoneElse", "tn");
  if (kind === "fight") return chosen;
  return targetTn ?? 0;
}

/** "52", "33.3": one decimal only where it says something, as whole percents read in the other rulesets. */
export function formatPercent(p: number): string {
  return (Math.round(p * 1000) / 10).toFixed(1).replace(/\.0$/, "");
}

export function rollModel(choice: RollChoice, roller: RollerState, tn: number, calledShotGrid: Grid): RollModel {
  const empty = { pool: 0, keep: choice.area, tn, chance: 0, percent: "0", agentPointsAfter: roller.agentPoints };
  try {
    const gather = gatherDice({ agentPoints: roller.agentPoints, spend: choice.spend, gathered: choice.gathered });
    let pointsAfter = gather.agentPoints;
    if (choice.finish) {
      if (choice.wagers < FINISH_WAGERS) return { ...empty, ok: false, error: { key: "FRACAS.Error.finishNeedsWager", data: { wagers: choice.wagers } } };
      if (pointsAfter < FINISH_AGENT_POINTS) return { ...empty, ok: false, error: { key: "FRACAS.Error.finishNeedsAgentPoint", data: { agentPoints: pointsAfter } } };
      pointsAfter -= FINISH_AGENT_POINTS;
    }
    if (choice.captureAlive && choice.kind === "kill" && choice.wagers < CAPTURE_WAGERS) {
      return { ...empty, ok: false, error: { key: "FRACAS.Error.captureNeedsTwoWagers", data: { wagers: choice.wagers, needed: CAPTURE_WAGERS } } };
    }
    if (choice.captureAlive && choice.kind === "kill" && choice.calledShot !== null) {
      return { ...empty, ok: false, error: { key: "FRACAS.Error.captureWithCalledShot", data: { calledShot: choice.calledShot } } };
    }
    const shotWagers = choice.calledShot === null ? 0 : requireCalledShotAffordable(choice.calledShot, choice.wagers, calledShotGrid);
    // The finishing Wager goes against Rank: a called shot's Wagers buy the shot, not the finish (review-s11 RZ1).
    if (choice.finish && choice.wagers - shotWagers < FINISH_WAGERS) return { ...empty, ok: false, error: { key: "FRACAS.Error.finishNeedsWager", data: { wagers: choice.wagers - shotWagers } } };
    const pool = poolSize({ area: choice.area, gathered: gather.gathered, wagers: choice.wagers, almostDead: roller.almostDead });
    const chance = chanceToMeet({ pool, keep: choice.area, tn, mode: choice.totalMode });
    return { ok: true, pool, keep: choice.area, tn, chance, percent: formatPercent(chance), agentPointsAfter: pointsAfter, error: null };
  } catch (e) {
    if (isRuleError(e)) return { ...empty, ok: false, error: { key: `FRACAS.Error.${e.code}`, data: { ...e.data } } };
    throw e;
  }
}

/** The dialog's number fields and their largest accepted value (the inputs' own min 0 / max). */
export const NUMBER_FIELDS = { spend: 99, gathered: 55, wagers: 99, tn: 999 } as const;
export type NumberField = keyof typeof NUMBER_FIELDS;

/**
 * Why a typed number was not taken (UX review s6 #5): each its own message, so a refusal never
 * quotes the inputs' guard rails (`max`) as if they were a rule — only `tooLarge` names its bound.
 */
export type RefusedReason = "notWhole" | "negative" | "tooLarge";

/** A number typed in the dialog that is not a whole number in its range: the previous value is kept, and said so. */
export interface RefusedNumber {
  field: NumberField;
  typed: string;
  max: number;
  kept: number;
  reason: RefusedReason;
}

/** The core reader's reasons in this dialog's words (the messages are Zodiac's own). */
const REASONS: Record<TypedNumberReason, RefusedReason> = { step: "notWhole", below: "negative", above: "tooLarge" };

/**
 * One field of the form, read by the core reader (typed-number.ts): whole numbers 0…max, a refused
 * number keeps the previous value. A field absent from the form (the TN outside a fight roll) keeps
 * the previous value; one present but emptied reads as 0, as it did before the core reader.
 */
function readField(v: Record<string, unknown>, field: NumberField, previous: number): { value: number; refused: RefusedNumber | null } {
  if (v[field] === undefined) return { value: previous, refused: null };
  const max = NUMBER_FIELDS[field];
  const read = readTypedNumber(v[field], previous, { min: 0, max, step: 1, empty: 0, outside: "keep" });
  const a = read.adjusted;
  return { value: read.value, refused: a && { field, typed: a.typed, max, kept: a.used, reason: REASONS[a.reason] } };
}

/**
 * The numbers in a submitted form that choiceFrom will not take (negative, fractional, too large,
 * not a number), each with the value kept instead (session 6 audit: before, the field silently went
 * back to its old value). A field absent from the form (the TN outside a fight roll) or left empty
 * is not refused.
 */
export function refusedNumbers(v: Record<string, unknown>, defaults: RollChoice): RefusedNumber[] {
  const out: RefusedNumber[] = [];
  for (const field of Object.keys(NUMBER_FIELDS) as NumberField[]) {
    const r = readField(v, field, defaults[field]).refused;
    if (r) out.push(r);
  }
  return out;
}

/** Reads a submitted form's plain values into a RollChoice (bounded; unknown values fall back: refusedNumbers says which). */
export function choiceFrom(v: Record<string, unknown>, defaults: RollChoice): RollChoice {
  const int = (field: NumberField) => readField(v, field, defaults[field]).value;
  const kind = (ROLL_KINDS as readonly string[]).includes(String(v.kind)) ? (v.kind as RollKind) : defaults.kind;
  const shot = (CALLED_SHOTS as readonly string[]).includes(String(v.calledShot)) ? (v.calledShot as CalledShot) : null;
  return {
    ...defaults,
    kind,
    spend: int("spend"),
    gathered: int("gathered"),
    wagers: int("wagers"),
    calledShot: shot,
    captureAlive: v.captureAlive === true || v.captureAlive === "on" || v.captureAlive === "true",
    finish: v.finish === true || v.finish === "on" || v.finish === "true",
    tn: int("tn"),
  };
}
