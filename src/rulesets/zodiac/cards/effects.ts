/**
 * What applying a zodiac card to one target does — pure over the stored result and the target's
 * data (CardKind.effect). Each uses the kernel's apply functions; a kernel refusal becomes the
 * localized FRACAS.Error.<code> key. Setback a miss earns is a GM pool change, routed to the GM.
 */
import { isRuleError } from "../../../engine/errors.js";
import type { StatusEvent } from "../../../engine/events.js";
import type { CardEffect, JsonObject } from "../../../foundry/registry.js";
import {
  applyFinishToAgent,
  applyKills,
  applyStrikeToAgent,
  applyStrikeToOtherAgent,
  MAX_ACCUMULATED,
  SETBACK_ON_MISS,
  type AgentHealth,
  type DuelResult,
  type DuelSideResult,
  type KillEveryoneElseResult,
  type OtherAgentHealth,
  type StrikeResult,
} from "../rules/index.js";
import { splitWithin } from "./spent-wagers.js";
import { fightAfterDuel, healthForDuel, sinceAfterDuel } from "./duel-round.js";
import type { CombatRef } from "./results.js";

/** The target as the core hands it to CardKind.effect: its uuid tells two same-named Agents apart. */
export type EffectTarget = { type: string; system: JsonObject; name: string; uuid: string };
type Outcome = CardEffect | { refused: string; data?: Record<string, string | number> };
type Summary = CardEffect["summary"];

export const SETBACK_POOL = "setback";

/** A pool change reason: an i18n key and a name, joined so the history can show it localized. */
export function setbackReason(key: string, name: string): string {
  return `${key}|${name}`;
}

/** A side of a duel card: `a` rolled first. */
export type DuelSide = "a" | "b";

/**
 * The Setback pool entry a card's own "Take Setback" follow-up wrote (setback-follow-up.ts), if it
 * stands; a duel card keeps one per side whose miss earned it (result.setbackEntries.a / .b).
 */
export function takenEntry(result: JsonObject, side?: DuelSide): string | null {
  const v = side ? ((result.setbackEntries ?? {}) as Record<string, unknown>)[side] : result.setbackEntry;
  return typeof v === "string" && v !== "" ? v : null;
}

function guard(f: () => Outcome): Outcome {
  try {
    return f();
  } catch (e) {
    // With the error's data, so its message is worded whole (review-s11 T3).
    if (isRuleError(e)) return { refused: `FRACAS.Error.${e.code}`, data: { ...e.data } };
    throw e;
  }
}

/**
 * A miss earns Operations SETBACK_ON_MISS, whatever number the card carries: its author may edit
 * it (audit s14 H5: one card of 999,999,999 filled the GM's pool).
 */
export function missEarns(gained: unknown): number {
  return typeof gained === "number" && gained > 0 ? SETBACK_ON_MISS : 0;
}

function setbackPools(gained: number, who: string): NonNullable<CardEffect["pools"]> {
  return missEarns(gained) > 0 ? [{ name: SETBACK_POOL, delta: missEarns(gained), reason: setbackReason("FRACAS.Zodiac.Setback.Reason.Miss", who) }] : [];
}

function num(v: unknown): number {
  return typeof v === "number" ? v : 0;
}

/** Who rolled the card (its stored actor's name). */
export function actorName(result: JsonObject): string {
  const a = result.actor as { name?: string } | undefined;
  return a?.name ?? "";
}

/**
 * An Agent's health as the kernel reads it. Almost Dead with no recorded round (set by hand on the
 * sheet before this fix, or by a macro) counts as "before this fight" (round 0, DECISIONS #71):
 * the kernel refuses an Almost Dead Agent without a round, which made every duel with them fail.
 */
export function agentHealthOf(system: JsonObject): AgentHealth {
  const h = (system.health ?? {}) as { status?: string; wagersAgainst?: number; almostDeadSince?: number | null };
  const status = (h.status ?? "healthy") as AgentHealth["status"];
  const since = typeof h.almostDeadSince === "number" ? h.almostDeadSince : null;
  return {
    status,
    wagersAgainst: num(h.wagersAgainst),
    almostDeadSince: status === "healthy" ? null : (since ?? (status === "almostDead" ? 0 : null)),
  };
}

/** Why an Agent is Almost Dead: Wagers reaching Rank, Setback's shot, or unknown (set by hand, older data). */
export const ALMOST_DEAD_CAUSES = ["none", "rank", "setback"] as const;
export type AlmostDeadCause = (typeof ALMOST_DEAD_CAUSES)[number];

/**
 * An Agent as stored: the kernel's health plus, as for an Other Agent, the spent/free split of the
 * Wagers against Rank (Setback cancels spent ones only) and why they are Almost Dead.
 */
export interface AgentRecord extends AgentHealth {
  spent: number;
  free: number;
  almostDeadBy: AlmostDeadCause;
  /** The fight (combat id) whose round `almostDeadSince` counts; null outside a fight or in older data (duel-round.ts). */
  almostDeadIn: string | null;
}

export function agentRecordOf(system: JsonObject): AgentRecord {
  const h = (system.health ?? {}) as { spent?: unknown; free?: unknown; almostDeadBy?: unknown; almostDeadIn?: unknown };
  const health = agentHealthOf(system);
  const inFight = health.status !== "healthy" && typeof h.almostDeadIn === "string" && h.almostDeadIn !== "" ? h.almostDeadIn : null;
  const by = (ALMOST_DEAD_CAUSES as readonly unknown[]).includes(h.almostDeadBy) ? (h.almostDeadBy as AlmostDeadCause) : "none";
  // The cause only means something while Almost Dead (a hand-healed Agent keeps a stale one).
  // The split never exceeds the Wagers that stand (a hand edit may have lowered them: spent-wagers.ts).
  return { ...health, ...splitWithin({ spent: num(h.spent), free: num(h.free) }, health.wagersAgainst), almostDeadBy: health.status === "almostDead" ? by : "none", almostDeadIn: inFight };
}

/** The actor update writing an Agent record (every path, so Undo restores all of them). */
export function agentUpdate(r: AgentRecord): Record<string, number | string | null> {
  return {
    "system.health.status": r.status,
    "system.health.wagersAgainst": r.wagersAgainst,
    "system.health.almostDeadSince": r.almostDeadSince,
    "system.health.spent": r.spent,
    "system.health.free": r.free,
    "system.health.almostDeadBy": r.almostDeadBy,
    "system.health.almostDeadIn": r.almostDeadIn,
  };
}

/** The Wagers a landed strike added against Rank, split: spent (declared, less called-shot and cancelled) and free. */
function strikeSplit(strike: StrikeResult): { spent: number; free: number } {
  if (!strike.success) return { spent: 0, free: 0 };
  return { spent: Math.max(0, strike.rankWagers - strike.cancelled), free: strike.freeWager };
}

/**
 * Kill card → Everyone Else: the dead and the captive come off the crowd; a miss gives Setback,
 * unless the card's "Take Setback" follow-up already gave it (result.setbackEntry).
 */
export function killEffect({ result, target }: { result: JsonObject; target: EffectTarget }): Outcome {
  if (target.type !== "zodiacCrowd") return { refused: "FRACAS.Zodiac.Refused.NotCrowd" };
  return guard(() => {
    const kill = result.kill as unknown as KillEveryoneElseResult;
    const before = { standing: num(target.system.standing), captured: num(target.system.captured) };
    const after = applyKills(before, kill);
    const caught = after.captured - before.captured;
    const killed = before.standing - after.standing - caught;
    const taken = takenEntry(result) !== null;
    return {
      update: {
        "system.standing": after.standing,
        "system.captured": after.captured,
        "system.killed": num(target.system.killed) + killed,
      },
      statuses: [],
      // Taken already from the card's own follow-up (setback-follow-up.ts): never twice.
      pools: taken ? [] : setbackPools(kill.setbackGained, actorName(result)),
      summary: (kill.success
        ? { key: "FRACAS.Zodiac.Summary.Kill", data: { killed, captured: caught, standing: after.standing } }
        : taken
          ? { key: "FRACAS.Zodiac.Summary.MissTaken", data: { setback: kill.setbackGained } }
          : { key: "FRACAS.Zodiac.Summary.Miss", data: { setback: kill.setbackGained } }) as Summary,
    };
  });
}

/**
 * An Other Agent as stored: the kernel's health plus the breakdown strike applications keep of
 * the Wagers against Rank — spent (Setback may cancel them) and free (it never may) — and whether
 * a head shot killed them.
 */
export interface OtherAgentRecord extends OtherAgentHealth {
  spent: number;
  free: number;
  headShot: boolean;
}

export function otherAgentRecordOf(system: JsonObject): OtherAgentRecord {
  const b = (system.breakdown ?? {}) as { spent?: unknown; free?: unknown };
  const wagersAgainst = num(system.wagersAgainst);
  return {
    status: system.status === "dead" ? "dead" : "healthy",
    wagersAgainst,
    // Never more than the Wagers that stand (a hand edit may have lowered them: spent-wagers.ts).
    ...splitWithin({ spent: num(b.spent), free: num(b.free) }, wagersAgainst),
    headShot: system.headShot === true,
  };
}

/** The actor update writing an Other Agent record (every path, so Undo restores all of them). */
export function otherAgentUpdate(r: OtherAgentRecord): Record<string, number | string | boolean> {
  return {
    "system.wagersAgainst": r.wagersAgainst,
    "system.status": r.status,
    "system.breakdown.spent": r.spent,
    "system.breakdown.free": r.free,
    "system.headShot": r.headShot,
  };
}

/**
 * Strike card → an Other Agent: Wagers on their Rank (as it stands at the Apply); dead at Rank or to
 * a head shot. The record keeps what the strike added split the kernel's way: the Wagers spent against Rank (declared,
 * less called-shot Wagers and any already cancelled) and the free Wager. A miss gives Setback,
 * unless the card's "Take Setback" follow-up already gave it (result.setbackEntry), as a kill's.
 */
export function strikeEffect({ result, target }: { result: JsonObject; target: EffectTarget }): Outcome {
  if (target.type !== "zodiacOtherAgent") return { refused: "FRACAS.Zodiac.Refused.NotOtherAgent" };
  return guard(() => {
    // The Rank as it stands at the Apply: Operations may have changed it since the roll (the card
    // shows the count this Apply finds, views.ts strikeView), as the Wagers counted are the stored ones.
    const rolled = result.strike as unknown as StrikeResult;
    const rank = target.system.rank;
    const strike: StrikeResult = typeof rank === "number" && Number.isInteger(rank) && rank >= 1 ? { ...rolled, rank } : rolled;
    const taken = takenEntry(result) !== null;
    const before = otherAgentRecordOf(target.system);
    const change = applyStrikeToOtherAgent({ status: before.status, wagersAgainst: before.wagersAgainst }, strike);
    const { spent, free } = strikeSplit(strike);
    const after: OtherAgentRecord = {
      ...change.state,
      spent: Math.min(before.spent + spent, MAX_ACCUMULATED),
      free: Math.min(before.free + free, MAX_ACCUMULATED),
      headShot: before.headShot || strike.headShot,
    };
    return {
      update: otherAgentUpdate(after),
      statuses: change.events,
      // Taken already from the card's own follow-up (setback-follow-up.ts): never twice.
      pools: taken ? [] : setbackPools(strike.setbackGained, actorName(result)),
      summary: !strike.success && taken ? ({ key: "FRACAS.Zodiac.Summary.StrikeMissTaken", data: {} } as Summary) : strikeSummary(strike, change.state.status, change.state.wagersAgainst),
    };
  });
}

function strikeSummary(strike: StrikeResult, status: string, against: number): Summary {
  if (!strike.success) return { key: "FRACAS.Zodiac.Summary.Miss", data: { setback: strike.setbackGained } };
  // The counts ride along on a head shot too (unshown there): the strike card reads them (views.ts).
  if (strike.headShot) return { key: "FRACAS.Zodiac.Summary.HeadShot", data: { applied: strike.applied, against, rank: strike.rank } };
  const key = status === "dead" ? "FRACAS.Zodiac.Summary.Dead" : status === "almostDead" ? "FRACAS.Zodiac.Summary.AlmostDead" : "FRACAS.Zodiac.Summary.Wagers";
  return { key, data: { applied: strike.applied, against, rank: strike.rank } };
}

/** Which side of a duel card this target is, by the actor uuid stored for each side (never by name). */
export function duelSideOf(result: JsonObject, uuid: string): "a" | "b" | null {
  const a = (result.a as { uuid?: string } | undefined)?.uuid;
  const b = (result.b as { uuid?: string } | undefined)?.uuid;
  if (!uuid || a === b) return null;
  return uuid === a ? "a" : uuid === b ? "b" : null;
}

/**
 * Duel card → one of the two Agents: the *other* side's strike (and finishing Wager) lands on
 * this Agent, plus the Setback the other side's miss earned, unless the card's "Take Setback" for
 * that side already gave it (result.setbackEntries). Applying to both Agents applies the
 * whole exchange, each from its own stored state (the kernel resolves both from the start).
 */
export function duelEffect({ result, target }: { result: JsonObject; target: EffectTarget }): Outcome {
  if (target.type !== "zodiacAgent") return { refused: "FRACAS.Zodiac.Refused.NotAgent" };
  const side = duelSideOf(result, target.uuid);
  if (!side) return { refused: "FRACAS.Zodiac.Refused.NotInDuel" };
  return guard(() => {
    const duel = result.duel as unknown as DuelResult;
    const other: DuelSide = side === "a" ? "b" : "a";
    const by: DuelSideResult = duel[other];
    const byName = (result[other] as { name?: string }).name ?? "";
    // The other side's miss Setback, taken already from the card (setback-follow-up.ts): never twice.
    const taken = takenEntry(result, other) !== null;
    const record = agentRecordOf(target.system);
    // Outside a fight the duel is a round of its own: an Almost Dead on record came before it (duel-round.ts).
    const combat = (result.combat ?? null) as CombatRef | null;
    // In another fight than the one it was counted in, an Almost Dead's round is "before this fight" (duel-round.ts).
    const before = healthForDuel({ status: record.status, wagersAgainst: record.wagersAgainst, almostDeadSince: record.almostDeadSince, almostDeadIn: record.almostDeadIn }, combat);
    const struck = applyStrikeToAgent(before, by.strike);
    let state = struck.state;
    let events: StatusEvent[] = struck.events;
    if (by.finish && state.status !== "dead") {
      const fin = applyFinishToAgent(state, by.finish);
      state = fin.state;
      events = mergeEvents(events, fin.events);
    }
    const split = strikeSplit(by.strike);
    const after: AgentRecord = {
      ...state,
      almostDeadSince: sinceAfterDuel(record, state, combat),
      almostDeadIn: fightAfterDuel(record, state, combat),
      spent: Math.min(record.spent + split.spent, MAX_ACCUMULATED),
      free: Math.min(record.free + split.free, MAX_ACCUMULATED),
      // Healthy → Almost Dead here is the Rank's doing; otherwise the cause stands (or clears).
      almostDeadBy: state.status !== "almostDead" ? "none" : before.status === "healthy" ? "rank" : record.almostDeadBy,
    };
    return {
      update: agentUpdate(after),
      statuses: events,
      pools: taken ? [] : setbackPools(by.strike.setbackGained, byName),
      summary: by.strike.success || by.finish?.killed === true
        ? strikeSummary(by.strike, state.status, state.wagersAgainst)
        : taken
          ? ({ key: "FRACAS.Zodiac.Summary.StrikeMissTaken", data: {} } as Summary)
          : ({ key: "FRACAS.Zodiac.Summary.Miss", data: { setback: by.strike.setbackGained } } as Summary),
    };
  });
}

/** Later events win per status (Almost Dead on, then off when finished, leaves it off). */
function mergeEvents(a: StatusEvent[], b: StatusEvent[]): StatusEvent[] {
  const m = new Map<string, StatusEvent>();
  for (const e of [...a, ...b]) {
    const prev = m.get(e.status);
    if (prev && prev.on !== e.on) m.delete(e.status);
    else m.set(e.status, e);
  }
  return [...m.values()];
}

/** Fight card: no target takes anything; its Setback goes through the GM's follow-up. */
export function fightEffect(): Outcome {
  return { refused: "FRACAS.Zodiac.Refused.NothingToApply" };
}

/** The duel-commit card applies nothing: it only says who has committed. */
export function commitEffect(): Outcome {
  return { refused: "FRACAS.Zodiac.Refused.NothingToApply" };
}
