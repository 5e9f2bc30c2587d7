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
  type AgentHealth,
  type DuelResult,
  type DuelSideResult,
  type KillEveryoneElseResult,
  type OtherAgentHealth,
  type StrikeResult,
} from "../rules/index.js";

/** The target as the core hands it to CardKind.effect: its uuid tells two same-named Agents apart. */
export type EffectTarget = { type: string; system: JsonObject; name: string; uuid: string };
type Outcome = CardEffect | { refused: string };
type Summary = CardEffect["summary"];

export const SETBACK_POOL = "setback";

/** A pool change reason: an i18n key and a name, joined so the history can show it localized. */
export function setbackReason(key: string, name: string): string {
  return `${key}|${name}`;
}

function guard(f: () => Outcome): Outcome {
  try {
    return f();
  } catch (e) {
    if (isRuleError(e)) return { refused: `FRACAS.Error.${e.code}` };
    throw e;
  }
}

function setbackPools(gained: number, who: string): NonNullable<CardEffect["pools"]> {
  return gained > 0 ? [{ name: SETBACK_POOL, delta: gained, reason: setbackReason("FRACAS.Zodiac.Setback.Reason.Miss", who) }] : [];
}

function num(v: unknown): number {
  return typeof v === "number" ? v : 0;
}

function actorName(result: JsonObject): string {
  const a = result.actor as { name?: string } | undefined;
  return a?.name ?? "";
}

export function agentHealthOf(system: JsonObject): AgentHealth {
  const h = (system.health ?? {}) as { status?: string; wagersAgainst?: number; almostDeadSince?: number | null };
  return {
    status: (h.status ?? "healthy") as AgentHealth["status"],
    wagersAgainst: num(h.wagersAgainst),
    almostDeadSince: h.almostDeadSince ?? null,
  };
}

function healthUpdate(h: AgentHealth): Record<string, number | string | null> {
  return { "system.health.status": h.status, "system.health.wagersAgainst": h.wagersAgainst, "system.health.almostDeadSince": h.almostDeadSince };
}

/** Kill card → Everyone Else: the dead and the captive come off the crowd; a miss gives Setback. */
export function killEffect({ result, target }: { result: JsonObject; target: EffectTarget }): Outcome {
  if (target.type !== "zodiacCrowd") return { refused: "FRACAS.Zodiac.Refused.NotCrowd" };
  return guard(() => {
    const kill = result.kill as unknown as KillEveryoneElseResult;
    const before = { standing: num(target.system.standing), captured: num(target.system.captured) };
    const after = applyKills(before, kill);
    const taken = after.captured - before.captured;
    const killed = before.standing - after.standing - taken;
    return {
      update: {
        "system.standing": after.standing,
        "system.captured": after.captured,
        "system.killed": num(target.system.killed) + killed,
      },
      statuses: [],
      pools: setbackPools(kill.setbackGained, actorName(result)),
      summary: (kill.success
        ? { key: "FRACAS.Zodiac.Summary.Kill", data: { killed, captured: taken, standing: after.standing } }
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
  return {
    status: system.status === "dead" ? "dead" : "healthy",
    wagersAgainst: num(system.wagersAgainst),
    spent: num(b.spent),
    free: num(b.free),
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
 * Strike card → an Other Agent: Wagers on their Rank; dead at Rank or to a head shot. The record
 * keeps what the strike added split the kernel's way: the Wagers spent against Rank (declared,
 * less called-shot Wagers and any already cancelled) and the free Wager.
 */
export function strikeEffect({ result, target }: { result: JsonObject; target: EffectTarget }): Outcome {
  if (target.type !== "zodiacOtherAgent") return { refused: "FRACAS.Zodiac.Refused.NotOtherAgent" };
  return guard(() => {
    const strike = result.strike as unknown as StrikeResult;
    const before = otherAgentRecordOf(target.system);
    const change = applyStrikeToOtherAgent({ status: before.status, wagersAgainst: before.wagersAgainst }, strike);
    const spent = strike.success ? Math.max(0, strike.rankWagers - strike.cancelled) : 0;
    const free = strike.success ? strike.freeWager : 0;
    const after: OtherAgentRecord = {
      ...change.state,
      spent: Math.min(before.spent + spent, MAX_ACCUMULATED),
      free: Math.min(before.free + free, MAX_ACCUMULATED),
      headShot: before.headShot || strike.headShot,
    };
    return {
      update: otherAgentUpdate(after),
      statuses: change.events,
      pools: setbackPools(strike.setbackGained, actorName(result)),
      summary: strikeSummary(strike, change.state.status, change.state.wagersAgainst),
    };
  });
}

function strikeSummary(strike: StrikeResult, status: string, against: number): Summary {
  if (!strike.success) return { key: "FRACAS.Zodiac.Summary.Miss", data: { setback: strike.setbackGained } };
  if (strike.headShot) return { key: "FRACAS.Zodiac.Summary.HeadShot", data: {} };
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
 * this Agent, plus the Setback the other side's miss earned. Applying to both Agents applies the
 * whole exchange, each from its own stored state (the kernel resolves both from the start).
 */
export function duelEffect({ result, target }: { result: JsonObject; target: EffectTarget }): Outcome {
  if (target.type !== "zodiacAgent") return { refused: "FRACAS.Zodiac.Refused.NotAgent" };
  const side = duelSideOf(result, target.uuid);
  if (!side) return { refused: "FRACAS.Zodiac.Refused.NotInDuel" };
  return guard(() => {
    const duel = result.duel as unknown as DuelResult;
    const by: DuelSideResult = side === "a" ? duel.b : duel.a;
    const byName = ((side === "a" ? result.b : result.a) as { name?: string }).name ?? "";
    const before = agentHealthOf(target.system);
    const struck = applyStrikeToAgent(before, by.strike);
    let state = struck.state;
    let events: StatusEvent[] = struck.events;
    if (by.finish && state.status !== "dead") {
      const fin = applyFinishToAgent(state, by.finish);
      state = fin.state;
      events = mergeEvents(events, fin.events);
    }
    return {
      update: healthUpdate(state),
      statuses: events,
      pools: setbackPools(by.strike.setbackGained, byName),
      summary: by.strike.success || by.finish?.killed === true
        ? strikeSummary(by.strike, state.status, state.wagersAgainst)
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
