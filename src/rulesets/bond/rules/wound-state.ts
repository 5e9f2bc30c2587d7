/**
 * A character's wound state as stored on the actor, and applying a new wound to it. Statuses:
 * dead (KL), unconscious (IN or knocked out), stunned = cannot act (a Stun roll is due or failed,
 * or a Light/Medium/Heavy Wound's Willpower roll has not yet succeeded — the seed's "cannot
 * perform any activity until").
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { statusDiff } from "../../../engine/events.js";
import type { Status, StatusEvent } from "../../../engine/events.js";
import type { Grid } from "../../../engine/tables.js";
import { woundAccumulationTable } from "./tables/wound-accumulation.js";
import { HOSPITAL_DAYS_PER_LEVEL, HOSPITAL_MAX_LEVELS, accumulateWound } from "./wound-levels.js";
import { requireAttackKind, requireBoolean, requireRecord, requireWoundLevel } from "./vocabulary.js";
import type { AttackKind, WoundLevel } from "./vocabulary.js";

export type StunCharacteristic = "willpower" | "strength";

export interface WoundState {
  level: WoundLevel;
  /** An EF 8 Stun roll is due; until made the character cannot act. */
  stunRollPending: boolean;
  /** The pending Stun roll's characteristic: Willpower after Fire Combat, Strength after Hand-to-Hand. */
  stunCharacteristic: StunCharacteristic | null;
  /**
   * Round starts left without action after a failed Stun roll (the current round counts): the
   * D6, plus one when the roll was made in the round the Stun landed in (D39), so 0…MAX_STUN_ROUNDS.
   */
  stunRounds: number;
  /** The wound's Willpower roll (LW 7, MW 5, HW 3) has not yet succeeded: no activity. */
  woundRollPending: boolean;
  /** Hours left unconscious from an Incapacitating wound (0 when not). */
  unconsciousHours: number;
  /** Knocked out by a Specific Blow: unconscious without a wound. */
  knockedOut: boolean;
  /** First Aid has been tried since the character was last unwounded (allowed once). */
  firstAidUsed: boolean;
  /**
   * The hospital stay for these wounds (D25): levels it has healed (0…HOSPITAL_MAX_LEVELS, a stay
   * heals at most two), and days spent that are not yet worth a level (0…2), counted towards the
   * next. Both go back to 0 when a new wound lands or the character is unwounded (or killed).
   */
  hospitalLevels: number;
  hospitalDays: number;
}

export interface StateChange {
  state: WoundState;
  events: StatusEvent[];
}

/** A D6 of rounds plus the rest of the round the Stun landed in (D39). */
export const MAX_STUN_ROUNDS = 7;

export const UNWOUNDED: WoundState = {
  level: "none",
  stunRollPending: false,
  stunCharacteristic: null,
  stunRounds: 0,
  woundRollPending: false,
  unconsciousHours: 0,
  knockedOut: false,
  firstAidUsed: false,
  hospitalLevels: 0,
  hospitalDays: 0,
};

/** A stay not yet begun: what a new wound, or being unwounded, resets the hospital fields to. */
const NO_STAY = { hospitalLevels: 0, hospitalDays: 0 } as const;

/**
 * Reads a stored state; missing fields take the unwounded defaults, wrong ones are refused. (An
 * actor stored before the hospital fields existed reads as a stay not yet begun.)
 */
export function normaliseWoundState(raw: Partial<WoundState>): WoundState {
  const s = requireRecord("state", raw);
  const bool = (k: keyof WoundState): boolean => (s[k] === undefined ? (UNWOUNDED[k] as boolean) : requireBoolean(`state.${k}`, s[k]));
  const stunCharacteristic = s.stunCharacteristic ?? null;
  if (stunCharacteristic !== null && stunCharacteristic !== "willpower" && stunCharacteristic !== "strength") {
    throw new FracasRuleError("badChoice", "state.stunCharacteristic must be willpower, strength or null", { name: "state.stunCharacteristic", value: String(stunCharacteristic), choices: "willpower, strength, null" });
  }
  return {
    level: requireWoundLevel("state.level", s.level ?? "none"),
    stunRollPending: bool("stunRollPending"),
    stunCharacteristic,
    stunRounds: requireInt("state.stunRounds", s.stunRounds ?? 0, 0, MAX_STUN_ROUNDS),
    woundRollPending: bool("woundRollPending"),
    unconsciousHours: requireInt("state.unconsciousHours", s.unconsciousHours ?? 0, 0, 6),
    knockedOut: bool("knockedOut"),
    firstAidUsed: bool("firstAidUsed"),
    hospitalLevels: requireInt("state.hospitalLevels", s.hospitalLevels ?? 0, 0, HOSPITAL_MAX_LEVELS),
    hospitalDays: requireInt("state.hospitalDays", s.hospitalDays ?? 0, 0, HOSPITAL_DAYS_PER_LEVEL - 1),
  };
}

/**
 * Bond's own token marks for the wound levels no shared status names (D68): a Light, Medium or
 * Heavy Wound shows on the token (ids fracas-bond-lw, -mw, -hw), one at a time, beside "stunned"
 * while its Willpower roll is due. IN shows as unconscious and KL as dead, as before.
 */
export const WOUND_MARKS = { LW: "bondLw", MW: "bondMw", HW: "bondHw" } as const;
export type WoundMark = (typeof WOUND_MARKS)[keyof typeof WOUND_MARKS];
const MARKS: readonly WoundMark[] = Object.values(WOUND_MARKS);

/** The token statuses a state shows: the shared ones (dead, unconscious, stunned) and its wound mark. */
export function statusesOf(state: WoundState): (Status | WoundMark)[] {
  if (state.level === "KL") return ["dead"];
  const mark = (WOUND_MARKS as Partial<Record<WoundLevel, WoundMark>>)[state.level];
  const marks: WoundMark[] = mark ? [mark] : [];
  if (state.level === "IN" || state.knockedOut) return ["unconscious", ...marks];
  if (state.stunRollPending || state.stunRounds > 0 || state.woundRollPending) return ["stunned", ...marks];
  return marks;
}

/**
 * The events from one set of statuses to another: the shared statuses' (core statusDiff), then the
 * wound marks' (a mark ends before the next begins). A mark rides a StatusEvent as its status name:
 * every status event becomes the token status `statusEffectId(status)` (fracas-bond-lw), which an
 * Apply records and its Undo reverses, as it does stunned.
 */
function bondStatusDiff(before: readonly (Status | WoundMark)[], after: readonly (Status | WoundMark)[]): StatusEvent[] {
  const isMark = (s: Status | WoundMark): s is WoundMark => (MARKS as readonly string[]).includes(s);
  const core = statusDiff(before.filter((s): s is Status => !isMark(s)), after.filter((s): s is Status => !isMark(s)));
  const marks: { status: WoundMark; on: boolean }[] = [];
  for (const m of MARKS) if (before.includes(m) && !after.includes(m)) marks.push({ status: m, on: false });
  for (const m of MARKS) if (!before.includes(m) && after.includes(m)) marks.push({ status: m, on: true });
  return [...core, ...(marks as unknown as StatusEvent[])];
}

/**
 * Builds {state, events} and keeps the state's invariants (dead clears everything, unwounded clears
 * First Aid and ends the hospital stay, D25).
 */
export function woundStateChange(before: WoundState, after: WoundState): StateChange {
  let next = after;
  if (next.level === "KL") next = { ...UNWOUNDED, level: "KL", firstAidUsed: next.firstAidUsed };
  if (next.level === "none") next = { ...next, firstAidUsed: false, woundRollPending: false, unconsciousHours: 0, ...NO_STAY };
  if (!next.stunRollPending) next = { ...next, stunCharacteristic: null };
  return { state: next, events: bondStatusDiff(statusesOf(before), statusesOf(next)) };
}

export interface WoundContext {
  /** Fire Combat or Hand-to-Hand: which characteristic a Stun roll uses. Needed when a Stun lands. */
  attackKind?: AttackKind;
  /** A D6 for the hours unconscious. Needed when the wound becomes Incapacitated; ignored otherwise. */
  hoursRoll?: number;
  /** A GM's Wound Accumulation Chart. */
  accumulation?: Grid;
}

function missingRoll(purpose: string): never {
  throw new FracasRuleError("missingRoll", `a D6 is needed for ${purpose}`, { die: "d6", purpose });
}

/**
 * Applies an incoming wound: accumulates it, then sets what follows — a Stun roll for ST (which
 * never raises the level), a Willpower roll for a new LW/MW/HW, 1D6 hours unconscious for IN,
 * removal for KL. The dead take no further wounds.
 */
export function applyWound(targetState: Partial<WoundState>, incomingLevel: WoundLevel, context: WoundContext = {}): StateChange {
  const before = normaliseWoundState(targetState);
  const incoming = requireWoundLevel("incomingLevel", incomingLevel);
  const ctx = requireRecord("context", context) as WoundContext;
  if (before.level === "KL" || incoming === "none") return woundStateChange(before, before);
  const level = accumulateWound(before.level, incoming, ctx.accumulation ?? woundAccumulationTable);
  // A new wound ends the hospital stay (D25): the next stay may heal two levels of it. A Stun is
  // not a wound (D25) and leaves the stay as it was.
  let after: WoundState = incoming === "ST" ? { ...before, level } : { ...before, level, ...NO_STAY };
  if (level === "KL") return woundStateChange(before, after);
  if (level === "IN") {
    const hours = before.level === "IN" ? before.unconsciousHours : ctx.hoursRoll === undefined ? missingRoll("unconsciousHours") : requireInt("hoursRoll", ctx.hoursRoll, 1, 6);
    after = { ...after, unconsciousHours: hours, stunRollPending: false, stunRounds: 0, woundRollPending: false };
    return woundStateChange(before, after);
  }
  if (incoming === "ST") {
    // An unconscious character has nothing to be stunned out of.
    if (before.knockedOut) return woundStateChange(before, after);
    if (ctx.attackKind === undefined) {
      throw new FracasRuleError("missingAttackKind", "a Stun needs the attack kind (Willpower vs Fire Combat, Strength vs Hand-to-Hand)", {});
    }
    const kind = requireAttackKind("attackKind", ctx.attackKind);
    after = { ...after, stunRollPending: true, stunCharacteristic: kind === "fire" ? "willpower" : "strength" };
    return woundStateChange(before, after);
  }
  return woundStateChange(before, { ...after, woundRollPending: true });
}

/** The end of a round: a failed Stun's rounds run down; a lone Stun wears off when they end. */
export function advanceRound(targetState: Partial<WoundState>): StateChange {
  const before = normaliseWoundState(targetState);
  if (before.stunRounds === 0) return woundStateChange(before, before);
  const stunRounds = before.stunRounds - 1;
  const level = stunRounds === 0 && !before.stunRollPending && before.level === "ST" ? "none" : before.level;
  return woundStateChange(before, { ...before, stunRounds, level });
}

/**
 * The fight is over (D53): a failed Stun's remaining rounds run out at once, as if that many rounds
 * passed (a lone Stun then wears off). Rolls still due (a Stun roll, a wound's Willpower roll) stay.
 */
export function endOfFight(targetState: Partial<WoundState>): StateChange {
  const before = normaliseWoundState(targetState);
  let state = before;
  while (state.stunRounds > 0) state = advanceRound(state).state;
  return woundStateChange(before, state);
}

/**
 * Hours pass for an unconscious character. An Incapacitated character wakes when the hours run
 * out and then has a Heavy Wound — with its Willpower roll due, as for any Heavy Wound.
 */
export function passHours(targetState: Partial<WoundState>, hours: number): StateChange {
  const before = normaliseWoundState(targetState);
  const h = requireInt("hours", hours, 0, 1000);
  if (before.level !== "IN") return woundStateChange(before, before);
  const left = Math.max(0, before.unconsciousHours - h);
  if (left > 0) return woundStateChange(before, { ...before, unconsciousHours: left });
  return woundStateChange(before, { ...before, level: "HW", unconsciousHours: 0, woundRollPending: true });
}

/** Wakes an unconscious character now (the GM's call, or a knockout wearing off). */
export function wakeUp(targetState: Partial<WoundState>): StateChange {
  const before = normaliseWoundState(targetState);
  if (before.level === "IN") return woundStateChange(before, { ...before, level: "HW", unconsciousHours: 0, woundRollPending: true, knockedOut: false });
  if (before.knockedOut) return woundStateChange(before, { ...before, knockedOut: false });
  throw new FracasRuleError("notUnconscious", "the character is not unconscious", {});
}
