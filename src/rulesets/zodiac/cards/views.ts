/**
 * What each card template shows, pure over the stored result: dice with the kept ones marked,
 * totals against the TN, the outcome, and i18n keys for every label. Fixtures call these too.
 */
import type { JsonObject } from "../../../foundry/registry.js";
import { AGENT_TN_PER_AREA_POINT, killsLanding, SETBACK_PER_SPEND, type Crowd, type DuelResult, type DuelSideResult, type FightRollResult, type KillEveryoneElseResult, type RolledTotal, type StrikeResult } from "../rules/index.js";
import type { Application } from "../../../foundry/data/card-data.js";
import { formatPercent } from "./roll-model.js";
import { actorName, SETBACK_POOL, takenEntry, type DuelSide } from "./effects.js";
import { pluralKey } from "../../../foundry/i18n.js";

export interface DieView {
  value: number;
  kept: boolean;
}

/** Dice highest first; under keepArea the first `area` are kept, under sumWithoutOnes every non-1. */
export function diceView(roll: Pick<RolledTotal, "dice" | "area" | "mode">): DieView[] {
  const sorted = [...roll.dice].sort((x, y) => y - x);
  return sorted.map((value, i) => ({ value, kept: roll.mode === "keepArea" ? i < roll.area : value !== 1 }));
}

/**
 * What a card holds besides its result: its targets and the applications made (Apply/Undo); for a
 * kill card, also the one crowd it targets as it stood at rendering (crowd-target.ts), if any.
 */
export interface CardState {
  targets: readonly { uuid: string; name: string }[];
  applications: readonly Application[];
  crowd?: Crowd | null;
}

const NO_CARD_STATE: CardState = { targets: [], applications: [] };

/** The live application (a kill on a crowd) whose pool entry carried the miss's Setback, if any. */
export function setbackApplication(applications: readonly Application[]): Application | null {
  return applications.find((a) => !a.undone && a.poolEntries.some((e) => e.pool === SETBACK_POOL)) ?? null;
}

/** The pool entries of the saves Operations made on this kill card (save-follow-up.ts), oldest first. */
export function saveEntries(result: JsonObject): string[] {
  return Array.isArray(result.saves) ? result.saves.filter((e): e is string => typeof e === "string" && e !== "") : [];
}

function targetName(card: CardState, uuid: string): string {
  return card.targets.find((t) => t.uuid === uuid)?.name ?? "";
}

/** The name of a target this card stands applied to, if any (a save must come before the Apply). */
export function appliedTo(card: CardState): string | null {
  const live = card.applications.find((a) => !a.undone);
  return live ? targetName(card, live.targetUuid) : null;
}

/** The live application of this card's kill on its one crowd: what it killed and how many stood before (effects.ts killEffect's summary). */
function appliedKill(card: CardState): { killed: number; standing: number } | null {
  const live = card.applications.filter((a) => !a.undone);
  const only = live.length === 1 && card.targets.length === 1 ? live[0]! : null;
  if (!only || only.summary.key !== "FRACAS.Zodiac.Summary.Kill") return null;
  const d = (only.summary.data ?? {}) as Record<string, unknown>;
  const killed = Number(d.killed ?? 0);
  return { killed, standing: killed + Number(d.captured ?? 0) + Number(d.standing ?? 0) };
}

/** The kills this card rolled, before any save (`savedFrom` keeps the kills before each save). */
function rolledKills(result: JsonObject, kill: KillEveryoneElseResult): number {
  const first = Array.isArray(result.savedFrom) ? result.savedFrom[0] : undefined;
  return typeof first === "number" ? first : kill.kills + (typeof kill.saved === "number" ? kill.saved : 0);
}

/**
 * A hit's headline, from the kills that land (UX s3 #1: "5 killed" above "only 2 of these land"
 * made players announce five bodies): the kills that land on the one crowd targeted — as it stands
 * now, or as the live Apply found it — after Operations' saves, with what was rolled in brackets
 * when that differs (more rolled than stand, or some saved). With nobody standing, "no one dies".
 */
function hitHeadline(result: JsonObject, kill: KillEveryoneElseResult, card: CardState, crowd: Crowd | null) {
  const saved = typeof kill.saved === "number" ? kill.saved : 0;
  const rolled = rolledKills(result, kill);
  const applied = crowd ? null : appliedKill(card);
  const standing = crowd ? crowd.standing : applied ? applied.standing : null;
  const landing = crowd ? killsLanding(crowd, kill) : applied ? applied.killed : kill.kills;
  const captive = kill.captured > 0 && standing !== 0;
  const short = standing !== null && landing + saved < rolled;
  const base = "FRACAS.Zodiac.Card.KillHit";
  const key =
    standing === 0
      ? `${base}None`
      : landing === 0 && saved === 0 && !short
        ? `${base}CaptiveOnly`
        : `${base}${short ? "Lands" : ""}${saved > 0 ? "Saved" : ""}`;
  return {
    outcomeKey: key,
    landing,
    rolled,
    standing: standing ?? 0,
    saved,
    capturedKey: captive && key !== `${base}CaptiveOnly` ? "FRACAS.Zodiac.Card.KillTakenAlive" : null,
  };
}

/**
 * Operations' saves with Setback on a hit (seed ¶7; kernel saveEveryoneElse): whether one more may
 * be saved (never the head-shot target) and whether the latest may be undone — neither while an
 * Apply stands (the applied kill would not follow the card). On a card targeting one crowd, only
 * the kills that land on it can be saved (DECISIONS, "a save always spares someone"): with none
 * landing (or only the head-shot one) it offers no save. The headline says how many land.
 */
function saveState(result: JsonObject, kill: KillEveryoneElseResult, card: CardState) {
  const saved = typeof kill.saved === "number" ? kill.saved : 0;
  const applied = appliedTo(card);
  // While an Apply stands the crowd already lost these kills: "how many land" would read its aftermath.
  const crowd = kill.success && applied === null && card.crowd ? card.crowd : null;
  const landing = crowd ? killsLanding(crowd, kill) : kill.kills;
  const savable = kill.success ? Math.max(0, landing - (kill.headShot ? 1 : 0)) : 0;
  return {
    saveCost: SETBACK_PER_SPEND,
    canSave: savable > 0 && applied === null,
    canUndoSave: saved > 0 && saveEntries(result).length > 0 && applied === null,
    ...(kill.success
      ? hitHeadline(result, kill, card, crowd)
      : { outcomeKey: "FRACAS.Zodiac.Card.KillMiss", landing: 0, rolled: 0, standing: 0, saved, capturedKey: null }),
  };
}

/**
 * A miss's Setback line, from the card's whole state: taken by the card's own follow-up (its Undo
 * shown), or carried by a live Apply on a crowd (that row's Undo gives it back) — either way the
 * "take" button is gone, since taking it again would be refused.
 */
function setbackState(result: JsonObject, success: boolean, gained: number, card: CardState, duel?: { side: DuelSide; name: string }) {
  const earned = !success && gained > 0;
  const taken = earned && takenEntry(result, duel?.side) !== null;
  const app = earned && !taken ? (duel ? duelSetbackApplication(result, card.applications, duel.side) : setbackApplication(card.applications)) : null;
  const appliedName = app ? targetName(card, app.targetUuid) : "";
  return {
    canTakeSetback: earned && !taken && !app,
    setbackTaken: taken,
    setbackApplied: app !== null,
    setbackAppliedTo: appliedName,
    // A duel card may offer two (both sides missed): each button names whose miss, and says which side.
    takeSetbackKey: duel ? "FRACAS.Zodiac.Card.TakeSetbackFor" : "FRACAS.Zodiac.Card.TakeSetback",
    undoSetbackKey: duel ? "FRACAS.Zodiac.Card.UndoSetbackFor" : "FRACAS.Zodiac.Card.UndoSetback",
    setbackName: duel?.name ?? "",
    setbackArgs: duel ? JSON.stringify({ side: duel.side }) : "",
  };
}

/**
 * The live Apply that carried a duel side's miss Setback: the Apply to the *other* side (duelEffect
 * lands a side's strike, and its miss's Setback, on its opponent) with a Setback pool entry.
 */
export function duelSetbackApplication(result: JsonObject, applications: readonly Application[], side: DuelSide): Application | null {
  const opponent = (result[side === "a" ? "b" : "a"] as { uuid?: string } | undefined)?.uuid;
  return applications.find((a) => !a.undone && a.targetUuid === opponent && a.poolEntries.some((e) => e.pool === SETBACK_POOL)) ?? null;
}

/**
 * How the roll was made, for a GM checking the card against the book (session 7 audit): the pool
 * (seed ¶12's worked example: Area + dice gathered with Agent Points − Wagers; RULES.md §3 "Dice"),
 * the Agent Points spent (absent on a duel card posted before it recorded them), and how the total is
 * made (the highest Area-rating dice, or the "sum all dice but 1s" setting). The pool is the dice
 * rolled, so the sum shown and the dice above it can be compared.
 */
export interface DerivationView {
  poolKey: string;
  pool: number;
  /** The Agent Points line's key, null when not recorded (a duel card posted before session 7). */
  spendKey: string | null;
  spend: number;
  keepKey: string;
  keep: number;
}

export function derivation(info: JsonObject, roll: Pick<RolledTotal, "pool" | "area" | "mode">, finish = false): DerivationView {
  const spend = typeof info.spend === "number" ? info.spend : null;
  return {
    poolKey: pluralKey("FRACAS.Zodiac.Card.Pool", roll.pool),
    pool: roll.pool,
    // A duel's killing Wager also spent 1 Agent Point (seed ¶11), said apart from the gathering's.
    spendKey: spend === null ? null : finish ? "FRACAS.Zodiac.Card.SpentFinish" : "FRACAS.Zodiac.Card.Spent",
    spend: spend ?? 0,
    keepKey: roll.mode === "keepArea" ? pluralKey("FRACAS.Zodiac.Card.KeepHighest", roll.area) : "FRACAS.Zodiac.Card.KeepNoOnes",
    keep: roll.area,
  };
}

function calledShotLabel(shot: unknown): string {
  return typeof shot === "string" ? `FRACAS.Zodiac.CalledShot.${shot}` : "";
}

interface HeaderView {
  actorName: string;
  /** "rolls … with no Wagers" / "… with 1 Wager" / "… with 3 Wagers" (core pluralKey past 0). */
  rollsKey: string;
  strikeAtKey: string;
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
  const wagers = Number(result.wagers ?? 0);
  return {
    actorName: actorName(result),
    rollsKey: wagers === 0 ? "FRACAS.Zodiac.Card.RollsNone" : pluralKey("FRACAS.Zodiac.Card.Rolls", wagers),
    strikeAtKey: wagers === 0 ? "FRACAS.Zodiac.Card.StrikeAtNone" : pluralKey("FRACAS.Zodiac.Card.StrikeAt", wagers),
    areaName: String(result.areaName ?? ""),
    area: Number(result.area ?? 0),
    wagers,
    gathered: Number(result.gathered ?? 0),
    calledShotLabel: calledShotLabel(result.calledShot),
    percent: formatPercent(Number(result.chance ?? 0)),
    round: combat?.round ?? null,
  };
}

export function killView(result: JsonObject, card: CardState = NO_CARD_STATE) {
  const roll = result.roll as unknown as RolledTotal;
  const kill = result.kill as unknown as KillEveryoneElseResult;
  return {
    ...header(result),
    dice: diceView(roll),
    derivation: derivation(result, roll),
    total: roll.total,
    tn: kill.tn,
    success: kill.success,
    kills: kill.kills,
    captured: kill.captured,
    setbackGained: kill.setbackGained,
    headShot: kill.headShot,
    ...setbackState(result, kill.success, kill.setbackGained, card),
    ...saveState(result, kill, card),
  };
}

/**
 * The count a live Apply of this strike wrote on its target (effects.ts strikeEffect's summary:
 * the Wagers against Rank after it, and the Rank as the Apply found it), or null with none.
 */
function appliedCount(result: JsonObject, card: CardState): { against: number; rank: number; dead: boolean } | null {
  const uuid = (result.against as { uuid?: string } | undefined)?.uuid;
  const live = card.applications.find((a) => !a.undone && a.targetUuid === uuid);
  const d = live?.summary.data ?? {};
  if (!live || typeof d.against !== "number" || typeof d.rank !== "number") return null;
  return { against: d.against, rank: d.rank, dead: live.summary.key === "FRACAS.Zodiac.Summary.Dead" || live.summary.key === "FRACAS.Zodiac.Summary.HeadShot" };
}

/**
 * A strike card. The Wagers against Rank and whether they kill are counted at the Apply, from the
 * target as it stands then (strikeEffect): the count the kernel made at the roll read the target
 * when the dialog opened, and another strike's Apply, Setback's cancel or a hand edit since leave
 * this card as it was (nothing re-renders it). So until an Apply stands the card says only what
 * this roll adds; with one, what that Apply found (card-refresh.ts re-renders it then). A landed
 * head shot kills whatever the count.
 */
export function strikeView(result: JsonObject, card: CardState = NO_CARD_STATE) {
  const roll = result.roll as unknown as RolledTotal;
  const s = result.strike as unknown as StrikeResult;
  const count = s.success ? appliedCount(result, card) : null;
  const outcome = !s.success ? "miss" : s.headShot || count?.dead === true ? "dead" : "none";
  return {
    ...header(result),
    againstName: (result.against as { name?: string } | undefined)?.name ?? "",
    dice: diceView(roll),
    derivation: derivation(result, roll),
    total: roll.total,
    ...strikeLines(s),
    /** The TN and Rank rolled against, as Operations had set them when the dialog rolled (not the count after an Apply). */
    setRank: s.rank,
    appliedKey: count ? "FRACAS.Zodiac.Card.Applied" : "FRACAS.Zodiac.Card.AppliedPending",
    accumulated: count?.against ?? null,
    rank: count?.rank ?? null,
    outcomeKey: `FRACAS.Zodiac.Outcome.${outcome}`,
    // A miss's Setback, as on the kill and fight cards: taken here, or with the Apply of the miss.
    ...setbackState(result, s.success, s.setbackGained, card),
  };
}

/**
 * A called shot's line on a strike (and each duel side): the shot, the Wagers it used up, and those
 * left to go against Rank (seed: "Each location costs a specific number of wagers"; D: they buy
 * the shot and do not also count against Rank), so the GM can check the Rank line's "+{applied}"
 * (the rest, less any cancelled, plus the free Wager). Null without a called shot.
 */
function calledShotLine(s: StrikeResult): { key: string; label: string; used: number; wagers: number; rest: number } | null {
  if (s.calledShot === null) return null;
  const key = s.rankWagers === 0 ? "FRACAS.Zodiac.Card.CalledShotUsesAll" : pluralKey("FRACAS.Zodiac.Card.CalledShotUses", s.rankWagers);
  return { key, label: calledShotLabel(s.calledShot), used: s.calledShotWagers, wagers: s.wagers, rest: s.rankWagers };
}

function strikeLines(s: StrikeResult) {
  return {
    calledShotLine: calledShotLine(s),
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

export function fightView(result: JsonObject, card: CardState = NO_CARD_STATE) {
  const f = result.fight as unknown as FightRollResult;
  return { ...header(result), dice: diceView(f), derivation: derivation(result, f), total: f.total, tn: f.tn, success: f.success, setbackGained: f.setbackGained, ...setbackState(result, f.success, f.setbackGained, card) };
}

function duelSide(info: JsonObject, side: DuelSideResult, opponentName: string) {
  return {
    uuid: String(info.uuid ?? ""),
    name: String(info.name ?? ""),
    opponentName,
    areaName: String(info.areaName ?? ""),
    area: Number(info.area ?? 0),
    wagers: Number(info.wagers ?? 0),
    gathered: Number(info.gathered ?? 0),
    calledShotLabel: calledShotLabel(info.calledShot),
    profile: side.profile,
    dice: diceView(side.roll),
    derivation: derivation(info, side.roll, info.finish === true),
    total: side.roll.total,
    /** The TN rolled against is the opponent's lowest Area × 5 (seed ¶11): that Area's rating, for the card's line. */
    lowest: side.strike.tn / AGENT_TN_PER_AREA_POINT,
    finish: side.finish ? { killed: side.finish.killed } : null,
    ...strikeLines(side.strike),
  };
}

/**
 * A duel card. Each side that missed earned Operations 1 Setback, offered on the card as a strike's
 * (GM follow-ups, with the side in their args), or carried by the Apply to the other side.
 */
export function duelView(result: JsonObject, card: CardState = NO_CARD_STATE) {
  const duel = result.duel as unknown as DuelResult;
  const a = result.a as JsonObject;
  const b = result.b as JsonObject;
  const side = (s: DuelSide, info: JsonObject, other: JsonObject) => {
    const r = duel[s];
    const name = String(info.name ?? "");
    return { ...duelSide(info, r, String(other.name ?? "")), ...setbackState(result, r.strike.success, r.strike.setbackGained, card, { side: s, name }) };
  };
  return {
    round: duel.round,
    // Outside a fight there is no round to name: each duel there is a round of its own (duel-round.ts).
    roundKey: (result.combat ?? null) === null ? "FRACAS.Zodiac.Card.DuelOutside" : "FRACAS.Zodiac.Card.DuelRound",
    sides: [side("a", a, b), side("b", b, a)],
  };
}

export function commitView(result: JsonObject) {
  return {
    name: String(result.name ?? ""),
    opponentName: String(result.opponentName ?? ""),
    round: Number(result.round ?? 0),
    /** The GM cancelled this duel (duel-cancel.ts): no Reveal, no Cancel. */
    cancelled: result.cancelled === true,
  };
}
