/**
 * What each card template shows, pure over the stored result: dice with the kept ones marked,
 * totals against the TN, the outcome, and i18n keys for every label. Fixtures call these too.
 */
import type { JsonObject } from "../../../foundry/registry.js";
import type { DuelResult, DuelSideResult, FightRollResult, KillEveryoneElseResult, RolledTotal, StrikeResult } from "../rules/index.js";
import { formatPercent } from "./roll-model.js";

export interface DieView {
  value: number;
  kept: boolean;
}

/** Dice highest first; under keepArea the first `area` are kept, under sumWithoutOnes every non-1. */
export function diceView(roll: Pick<RolledTotal, "dice" | "area" | "mode">): DieView[] {
  const sorted = [...roll.dice].sort((x, y) => y - x);
  return sorted.map((value, i) => ({ value, kept: roll.mode === "keepArea" ? i < roll.area : value !== 1 }));
}

/** A miss's Setback line: whether the card's own follow-up has taken it for Operations yet. */
function setbackState(result: JsonObject, success: boolean, gained: number) {
  const earned = !success && gained > 0;
  const taken = earned && typeof result.setbackEntry === "string" && result.setbackEntry !== "";
  return { canTakeSetback: earned && !taken, setbackTaken: taken };
}

function calledShotLabel(shot: unknown): string {
  return typeof shot === "string" ? `FRACAS.Zodiac.CalledShot.${shot}` : "";
}

interface HeaderView {
  actorName: string;
  areaName: string;
  area: number;
  wagers: number;
  gathered: number;
  calledShotLabel: string;
  percent: string;
  round: number | null;
}

function header(result: JsonObject): HeaderView {
  const combat = result.combat as { round?: number } | null;
  return {
    actorName: (result.actor as { name?: string } | undefined)?.name ?? "",
    areaName: String(result.areaName ?? ""),
    area: Number(result.area ?? 0),
    wagers: Number(result.wagers ?? 0),
    gathered: Number(result.gathered ?? 0),
    calledShotLabel: calledShotLabel(result.calledShot),
    percent: formatPercent(Number(result.chance ?? 0)),
    round: combat?.round ?? null,
  };
}

export function killView(result: JsonObject) {
  const roll = result.roll as unknown as RolledTotal;
  const kill = result.kill as unknown as KillEveryoneElseResult;
  return {
    ...header(result),
    dice: diceView(roll),
    total: roll.total,
    tn: kill.tn,
    success: kill.success,
    kills: kill.kills,
    captured: kill.captured,
    setbackGained: kill.setbackGained,
    headShot: kill.headShot,
    outcomeKey: kill.success ? "FRACAS.Zodiac.Card.KillHit" : "FRACAS.Zodiac.Card.KillMiss",
    ...setbackState(result, kill.success, kill.setbackGained),
  };
}

export function strikeView(result: JsonObject) {
  const roll = result.roll as unknown as RolledTotal;
  const s = result.strike as unknown as StrikeResult;
  return {
    ...header(result),
    againstName: (result.against as { name?: string } | undefined)?.name ?? "",
    dice: diceView(roll),
    total: roll.total,
    ...strikeLines(s),
  };
}

function strikeLines(s: StrikeResult) {
  return {
    tn: s.tn,
    rank: s.rank,
    success: s.success,
    applied: s.applied,
    freeWager: s.freeWager,
    calledShotWagers: s.calledShotWagers,
    headShot: s.headShot,
    accumulated: s.accumulated,
    setbackGained: s.setbackGained,
    outcomeKey: `FRACAS.Zodiac.Outcome.${s.success ? s.outcome : "miss"}`,
  };
}

export function fightView(result: JsonObject) {
  const f = result.fight as unknown as FightRollResult;
  return { ...header(result), dice: diceView(f), total: f.total, tn: f.tn, success: f.success, setbackGained: f.setbackGained, ...setbackState(result, f.success, f.setbackGained) };
}

function duelSide(info: JsonObject, side: DuelSideResult, opponentName: string) {
  return {
    name: String(info.name ?? ""),
    opponentName,
    areaName: String(info.areaName ?? ""),
    wagers: Number(info.wagers ?? 0),
    gathered: Number(info.gathered ?? 0),
    calledShotLabel: calledShotLabel(info.calledShot),
    profile: side.profile,
    dice: diceView(side.roll),
    total: side.roll.total,
    finish: side.finish ? { killed: side.finish.killed } : null,
    ...strikeLines(side.strike),
  };
}

export function duelView(result: JsonObject) {
  const duel = result.duel as unknown as DuelResult;
  const a = result.a as JsonObject;
  const b = result.b as JsonObject;
  return {
    round: duel.round,
    sides: [duelSide(a, duel.a, String(b.name ?? "")), duelSide(b, duel.b, String(a.name ?? ""))],
  };
}

export function commitView(result: JsonObject) {
  return {
    name: String(result.name ?? ""),
    opponentName: String(result.opponentName ?? ""),
    round: Number(result.round ?? 0),
  };
}
