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
    // The saves the card held when drawn, sent with either button: a double click's second press
    // finds one more (or one fewer) and is refused instead of spending a second Setback (save-follow-up.ts).
    saveArgs: JSON.stringify({ saves: saveEntries(result).length }),
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
 * the Agent Points that gathered them (beside "gathered", UX s7 #5; absent on a duel card posted
 * before it recorded them), and how the total is made (the highest Area-rating dice, or the "sum
 * all dice but 1s" setting). One line in the shared shape "label value ± label value = result"
 * (UX s7 #7), zero terms left out (#5). Built here once for the roll dialog (before the roll) and
 * every card (after it), so both say the same (review s7 D3); rendered by cards/_pool.hbs.
 * Only the dice rolled can be kept (UX s7 #1): under a pool no larger than the Area rating, every
 * die counts, and the line says so rather than "the highest 3" under one die.
 */
export interface PoolLineView {
  area: string;
  rating: number;
  /** "+ gathered {gathered} ({spend} Agent Points…)", null when nothing was gathered or spent. */
  gatheredKey: string | null;
  gathered: number;
  spend: number;
  /** "− Wagers {wagers}", null without Wagers. */
  wagersKey: string | null;
  wagers: number;
  poolKey: string;
  pool: number;
  keepKey: string;
  keep: number;
}

export interface PoolParts {
  areaName: string;
  rating: number;
  gathered: number;
  wagers: number;
  /** Agent Points spent gathering; null when not recorded (a duel card posted before session 7). */
  spend: number | null;
  /** A duel's killing Wager, which cost 1 Agent Point more (seed ¶11). */
  finish: boolean;
}

/**
 * The pool line's Agent Points part. Agent Points spent with nothing gathered (gatherDice allows it)
 * say so rather than "+ gathered 0" (review s7c F4: the zero term the line leaves out); dice gathered
 * with no Agent Point (gatherDice refuses it: only data written by hand) name no spend rather than "0
 * Agent Points".
 */
function gatheredKey(p: PoolParts): string | null {
  if (p.spend === null) return p.gathered > 0 ? "FRACAS.Zodiac.Card.PoolGathered" : null;
  if (p.spend === 0) return p.gathered > 0 ? "FRACAS.Zodiac.Card.PoolGathered" : p.finish ? "FRACAS.Zodiac.Card.PoolFinishOnly" : null;
  if (p.gathered === 0) return pluralKey(p.finish ? "FRACAS.Zodiac.Card.PoolSpentOnlyFinish" : "FRACAS.Zodiac.Card.PoolSpentOnly", p.spend);
  return pluralKey(p.finish ? "FRACAS.Zodiac.Card.PoolGatheredFinish" : "FRACAS.Zodiac.Card.PoolGatheredSpent", p.spend);
}

export function poolLine(p: PoolParts, roll: Pick<RolledTotal, "pool" | "area" | "mode">): PoolLineView {
  const keep = Math.min(roll.area, roll.pool);
  const keepKey = roll.mode !== "keepArea" ? "FRACAS.Zodiac.Card.KeepNoOnes" : keep >= roll.pool ? pluralKey("FRACAS.Zodiac.Card.KeepAll", roll.pool) : pluralKey("FRACAS.Zodiac.Card.KeepHighest", keep);
  return {
    area: p.areaName,
    rating: p.rating,
    gatheredKey: gatheredKey(p),
    gathered: p.gathered,
    spend: p.spend ?? 0,
    wagersKey: p.wagers > 0 ? "FRACAS.Zodiac.Card.PoolWagers" : null,
    wagers: p.wagers,
    poolKey: pluralKey("FRACAS.Zodiac.Card.PoolIs", roll.pool),
    pool: roll.pool,
    keepKey,
    keep,
  };
}

/** A stored roll's pool line (`info`: the card's result, or a duel side's). */
export function derivation(info: JsonObject, roll: Pick<RolledTotal, "pool" | "area" | "mode">, finish = false): PoolLineView {
  const parts: PoolParts = {
    areaName: String(info.areaName ?? ""),
    rating: Number(info.area ?? 0),
    gathered: Number(info.gathered ?? 0),
    wagers: Number(info.wagers ?? 0),
    spend: typeof info.spend === "number" ? info.spend : null,
    finish,
  };
  return poolLine(parts, roll);
}

/** Where a TN came from, said after the total it is met against (UX s7 #5: once, not on a line of its own). */
export type TnSourceKind = "agent" | "everyoneElse" | "fight" | "otherAgent";

export interface TnSourceView {
  key: string;
  tn: number;
  rank: number | string;
  name: string;
  /** An Agent's TN is their lowest Area × 5 (seed ¶11): that Area's rating. */
  lowest: number;
}

export function tnSource(kind: TnSourceKind, tn: number, rank: number | string = "", name = ""): TnSourceView {
  return { key: `FRACAS.Zodiac.Card.TnFrom.${kind}`, tn, rank, name, lowest: tn / AGENT_TN_PER_AREA_POINT };
}

function calledShotLabel(shot: unknown): string {
  return typeof shot === "string" ? `FRACAS.Zodiac.CalledShot.${shot}` : "";
}

interface HeaderView {
  actorName: string;
  /** "{name} rolls {area}." — the rating, gathered and Wagers are the pool line's (UX s7 #5: not said twice). */
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
  return {
    actorName: actorName(result),
    rollsKey: "FRACAS.Zodiac.Card.Rolls",
    strikeAtKey: "FRACAS.Zodiac.Card.StrikeAt",
    areaName: String(result.areaName ?? ""),
    area: Number(result.area ?? 0),
    wagers: Number(result.wagers ?? 0),
    gathered: Number(result.gathered ?? 0),
    calledShotLabel: calledShotLabel(result.calledShot),
    percent: formatPercent(Number(result.chance ?? 0)),
    round: combat?.round ?? null,
  };
}

/**
 * A kill's called-shot line (ux s7 #17.7), in the shape of the strike's: the Wagers the shot used
 * and those left, each of which kills one more (seed ¶4; D: a called shot's Wagers buy the shot and
 * kill nobody extra). Null without a shot, or on a card posted before the shot's cost was stored
 * (`shotWagers`): that card keeps the plain "Called shot: Head." line.
 */
function killCalledShotLine(result: JsonObject): { key: string; label: string; used: number; wagers: number; rest: number } | null {
  const used = result.shotWagers;
  if (typeof result.calledShot !== "string" || typeof used !== "number") return null;
  const wagers = Number(result.wagers ?? 0);
  const rest = Math.max(0, wagers - used);
  const key = rest === 0 ? "FRACAS.Zodiac.Card.CalledShotKillUsesAll" : pluralKey("FRACAS.Zodiac.Card.CalledShotKillUses", rest);
  return { key, label: calledShotLabel(result.calledShot), used, wagers, rest };
}

export function killView(result: JsonObject, card: CardState = NO_CARD_STATE) {
  const roll = result.roll as unknown as RolledTotal;
  const kill = result.kill as unknown as KillEveryoneElseResult;
  return {
    ...header(result),
    calledShotLine: killCalledShotLine(result),
    dice: diceView(roll),
    derivation: derivation(result, roll),
    tnFrom: tnSource("everyoneElse", kill.tn),
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
    tnFrom: tnSource("otherAgent", s.tn, s.rank, (result.against as { name?: string } | undefined)?.name ?? ""),
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
  return { ...header(result), dice: diceView(f), derivation: derivation(result, f), tnFrom: tnSource("fight", f.tn), total: f.total, tn: f.tn, success: f.success, setbackGained: f.setbackGained, ...setbackState(result, f.success, f.setbackGained, card) };
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
    /** The TN rolled against is the opponent's lowest Area × 5 (seed ¶11), the Rank their highest. */
    tnFrom: tnSource("agent", side.strike.tn, side.strike.rank, opponentName),
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
