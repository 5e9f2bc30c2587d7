/**
 * A combatant's Health, Endurance and statuses, and every rule that changes them: damage, Kill
 * (dying), Slam and Stun results, unconsciousness at 0 Health and the dying countdown. Each
 * function returns the new state and the status events the adapter toggles on the token.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { STATUSES, statusDiff } from "../../../engine/events.js";
import type { Status, StatusEvent } from "../../../engine/events.js";
import type { Grid } from "../../../engine/tables.js";
import { BATTLE_EFFECTS, DAMAGING_EFFECTS } from "./actions.js";
import type { AttackResult, SecondaryCheck } from "./attack.js";
import type { Color } from "./colors.js";
import { requireArray, requireObject } from "./input.js";
import { spendKarma } from "./karma.js";
import type { KarmaSpend } from "./karma.js";
import type { RankKey } from "./rank-keys.js";
import type { RankValue } from "./ranks.js";
import { toRankKey } from "./ranks.js";
import { rankBelow } from "./shifts.js";
import { SLAM_RESULTS, STUN_RESULTS } from "./tables/slam-stun.js";
import { universalTable } from "./tables/universal-table.js";
import { colorOnColumn } from "./universal.js";

export const MAX_HEALTH = 1_000_000_000;

export interface CombatantState {
  health: number;
  healthMax: number;
  /** Current Endurance rank (it falls while dying). */
  endurance: RankKey;
  statuses: Status[];
  /** Rounds of Stun left (0 when not stunned). */
  stunnedRounds: number;
}

/** What a state may look like coming in: a raw Endurance number and a missing stun count are accepted. */
export interface CombatantStateInput {
  health: number;
  healthMax: number;
  endurance: RankValue;
  statuses: readonly Status[];
  stunnedRounds?: number;
}

export interface StateChange {
  state: CombatantState;
  events: StatusEvent[];
}

/** Validates and normalises a combatant state. */
export function readState(v: CombatantStateInput): CombatantState {
  const s = requireObject("state", v);
  const healthMax = requireInt("healthMax", s["healthMax"], 0, MAX_HEALTH);
  const health = requireInt("health", s["health"], 0, healthMax);
  const endurance = toRankKey("endurance", s["endurance"]);
  const statuses = [...new Set(requireArray("statuses", s["statuses"]).map((x) => requireChoice("status", x, STATUSES)))];
  const stunnedRounds = s["stunnedRounds"] === undefined ? 0 : requireInt("stunnedRounds", s["stunnedRounds"], 0, 1000);
  return { health, healthMax, endurance, statuses, stunnedRounds };
}

function change(before: CombatantState, after: CombatantState): StateChange {
  return { state: after, events: statusDiff(before.statuses, after.statuses) };
}

function withStatus(statuses: readonly Status[], add: readonly Status[], remove: readonly Status[] = []): Status[] {
  const set = new Set(statuses);
  for (const s of remove) set.delete(s);
  for (const s of add) set.add(s);
  return STATUSES.filter((s) => set.has(s));
}

/**
 * Applies a resolved attack to its target: damage off Health (unconscious at 0), Kill (Health 0,
 * dying), a Hold (restrained; for Escaping's Reverse the target is the former holder), and the
 * Slam?/Stun? check when it is on the result. A dead target is not changed.
 */
export function applyAttack(targetState: CombatantStateInput, result: AttackResult, when: StunTiming = {}): StateChange {
  const before = readState(targetState);
  const r = requireObject("result", result);
  const feat = requireObject("result.feat", r["feat"]);
  const effect = requireChoice("result.feat.effect", feat["effect"], BATTLE_EFFECTS);
  const dealt = requireInt("result.damage", r["damage"], 0, MAX_HEALTH);
  if (before.statuses.includes("dead")) return { state: before, events: [] };
  let after: CombatantState = { ...before, statuses: [...before.statuses] };
  // A Kill whose blow Body Armor stopped is no Kill (result.kill false: resolveAttack, D RF2).
  if (effect === "kill" && r["kill"] !== false) {
    after = { ...after, health: 0, statuses: withStatus(after.statuses, ["unconscious", "dying"]) };
  } else if (DAMAGING_EFFECTS.includes(effect)) {
    const health = Math.max(0, after.health - dealt);
    after = { ...after, health, statuses: health === 0 ? withStatus(after.statuses, ["unconscious"]) : after.statuses };
  } else if (effect === "hold" || effect === "reverse") {
    after = { ...after, statuses: withStatus(after.statuses, ["restrained"]) };
  }
  const secondary = r["secondary"] === undefined ? null : requireObject("result.secondary", r["secondary"]);
  const check = secondary?.["check"];
  if (secondary && secondary["applies"] === true && check !== null && check !== undefined) {
    after = applySecondaryTo(after, check as SecondaryCheck, when);
  }
  return change(before, after);
}

/**
 * When a stun lands, as far as the stunned one's action goes. `actedThisRound`: they have already
 * used this round's action (their act step is past, or they dodged), so the rest of this round
 * takes nothing from them.
 */
export interface StunTiming {
  actedThisRound?: boolean;
}

/**
 * The stun count a stun of `rounds` rounds sets, counted down at each round start (stunTick). Seed:
 * "stunned 1-10 rounds" — rounds without an action. **D** received before the stunned one has
 * acted, the current round is the first of them (its action is lost); received after, it is not
 * (nothing is lost in it), so one more round start is counted and the stun still costs `rounds`
 * actions: the next `rounds` rounds'.
 */
export function stunCount(rounds: number, when: StunTiming = {}): number {
  return rounds > 0 && when.actedThisRound === true ? rounds + 1 : rounds;
}

/** Applies a Slam?/Stun? check rolled after the attack was applied (`when`: see StunTiming). */
export function applySecondary(targetState: CombatantStateInput, check: SecondaryCheck, when: StunTiming = {}): StateChange {
  const before = readState(targetState);
  if (before.statuses.includes("dead")) return { state: before, events: [] };
  return change(before, applySecondaryTo(before, check, when));
}

/** Knocked back (any areas) leaves the target prone; a stun sets the longer of the two counts (stunCount). */
function applySecondaryTo(state: CombatantState, check: SecondaryCheck, when: StunTiming): CombatantState {
  const c = requireObject("check", check);
  const kind = requireChoice("check.kind", c["kind"], ["slam", "stun"] as const);
  if (kind === "slam") {
    const result = requireChoice("check.result", c["result"], SLAM_RESULTS);
    const knockedDown = result === "knockedBack" || result === "oneArea";
    return knockedDown ? { ...state, statuses: withStatus(state.statuses, ["prone"]) } : state;
  }
  requireChoice("check.result", c["result"], STUN_RESULTS);
  const rounds = requireInt("check.rounds", c["rounds"], 0, 1000);
  if (rounds === 0) return state;
  return { ...state, stunnedRounds: Math.max(state.stunnedRounds, stunCount(rounds, when)), statuses: withStatus(state.statuses, ["stunned"]) };
}

/** One round of stun passes; the status ends when the count reaches 0. */
export function stunTick(targetState: CombatantStateInput): StateChange {
  const before = readState(targetState);
  const stunnedRounds = Math.max(0, before.stunnedRounds - 1);
  const statuses = stunnedRounds === 0 ? withStatus(before.statuses, [], ["stunned"]) : before.statuses;
  return change(before, { ...before, stunnedRounds, statuses });
}

/**
 * The fight is over (its combat ended): a stun's remaining rounds run out, as if its rounds had
 * passed (**D**, as Bond's D53: "stunned 1-10 rounds" counts combat rounds, which a fight that
 * ended no longer has). Only a counted stun: a "stunned" the GM set by hand with no count (0
 * rounds) is the GM's to lift, as at a round start.
 */
export function endOfFight(targetState: CombatantStateInput): StateChange {
  const before = readState(targetState);
  if (before.stunnedRounds === 0) return { state: before, events: [] };
  return change(before, { ...before, stunnedRounds: 0, statuses: withStatus(before.statuses, [], ["stunned"]) });
}

/** The escaper (or a released character) is no longer held. */
export function releaseHold(targetState: CombatantStateInput): StateChange {
  const before = readState(targetState);
  return change(before, { ...before, statuses: withStatus(before.statuses, [], ["restrained"]) });
}

/**
 * What keeps a character from acting, most telling first. Seed: a dead, dying or unconscious
 * character (0 Health) does nothing; "stunned 1-10 rounds" is read as no action for those rounds.
 * The one list for the adapter's "down" (down.ts: the tracker, the FEAT's refusal, side
 * initiative) and for standing up (keepsDown below), so the two cannot drift apart.
 */
export const CANNOT_ACT = ["dead", "dying", "unconscious", "stunned"] as const;
export type CannotAct = (typeof CANNOT_ACT)[number];

/** The first of CANNOT_ACT this character has (stunned also while stun rounds remain), or null. */
export function cannotActStatus(state: { statuses: readonly string[]; stunnedRounds: number }): CannotAct | null {
  return CANNOT_ACT.find((s) => state.statuses.includes(s) || (s === "stunned" && state.stunnedRounds > 0)) ?? null;
}

/** What keeps a prone character down (standUp refuses): they cannot act, or they are held. */
export function keepsDown(state: { statuses: readonly string[]; stunnedRounds: number }): CannotAct | "restrained" | null {
  return cannotActStatus(state) ?? (state.statuses.includes("restrained") ? "restrained" : null);
}

/**
 * A prone character gets up. **D** the seed gives prone no rule (the kernel sets it on a
 * knock-back); a character who can act stands up when the next round begins (the adapter's round
 * start). Refused when not prone (`notProne`) or while something keeps them down (`cannotStand`:
 * dead, dying, unconscious, stunned, or held — a held character stands once free).
 */
export function standUp(targetState: CombatantStateInput): StateChange {
  const before = readState(targetState);
  if (!before.statuses.includes("prone")) throw new FracasRuleError("notProne", "the character is not prone", {});
  const keeps = keepsDown(before);
  if (keeps) throw new FracasRuleError("cannotStand", `a ${keeps} character does not stand up`, { status: keeps });
  return change(before, { ...before, statuses: withStatus(before.statuses, [], ["prone"]) });
}

export interface DyingTick extends StateChange {
  enduranceBefore: RankKey;
  /** The Endurance rank after the loss, or null when it fell below Shift 0. */
  enduranceAfter: RankKey | null;
  died: boolean;
}

/**
 * One round of dying: the character loses one Endurance rank; losing a rank at Shift 0 (falling
 * below it) kills (provisional — the seed says only "until stabilized").
 */
export function dyingTick(targetState: CombatantStateInput): DyingTick {
  const before = readState(targetState);
  if (!before.statuses.includes("dying")) {
    throw new FracasRuleError("notDying", "only a dying character loses Endurance each round", {});
  }
  const lower = rankBelow(before.endurance);
  if (lower === null) {
    const after = { ...before, stunnedRounds: 0, statuses: withStatus(before.statuses, ["dead"], ["dying", "unconscious", "stunned"]) };
    return { ...change(before, after), enduranceBefore: before.endurance, enduranceAfter: null, died: true };
  }
  return { ...change(before, { ...before, endurance: lower }), enduranceBefore: before.endurance, enduranceAfter: lower, died: false };
}

/**
 * Health restored in full (the sheet's Restore; how a hero recovers is beyond the seed, so the GM
 * decides when). Health goes back to its maximum and Endurance to the hero's base rank. **D** the
 * unconsciousness and the dying that 0 Health brought end with it ("At 0 Health the character is
 * unconscious"; dying lasts "until stabilized", and full Health is more than that); stun, prone and
 * restrained have causes of their own and stay. A dead character is refused (`restoreDead`).
 */
export function restoreHealth(targetState: CombatantStateInput, baseEndurance: RankValue): StateChange {
  const before = readState(targetState);
  if (before.statuses.includes("dead")) throw new FracasRuleError("restoreDead", "a dead character is not restored", {});
  const after = { ...before, health: before.healthMax, endurance: toRankKey("endurance", baseEndurance), statuses: withStatus(before.statuses, [], ["unconscious", "dying"]) };
  return change(before, after);
}

/** Stabilised: no longer dying; still unconscious at 0 Health. */
export function stabilise(targetState: CombatantStateInput): StateChange {
  const before = readState(targetState);
  if (!before.statuses.includes("dying")) {
    throw new FracasRuleError("notDying", "only a dying character can be stabilised", {});
  }
  return change(before, { ...before, statuses: withStatus(before.statuses, ["unconscious"], ["dying"]) });
}

export interface ZeroHealthFeat extends StateChange {
  roll: number;
  karmaSpent: number;
  karmaPoolAfter: number | null;
  effectiveRoll: number;
  color: Color;
  /** White: the Endurance FEAT failed and the character begins dying. */
  startsDying: boolean;
}

/**
 * Throws unless the character may make the 0-Health Endurance FEAT now (at 0 Health, neither
 * dying nor dead); returns the read state. The adapter asks before any die is rolled or claimed.
 */
export function checkZeroHealthFeat(targetState: CombatantStateInput): CombatantState {
  const before = readState(targetState);
  if (before.health !== 0) throw new FracasRuleError("notAtZeroHealth", "the Endurance FEAT is made only at 0 Health", { health: before.health });
  if (before.statuses.includes("dying") || before.statuses.includes("dead")) {
    throw new FracasRuleError("alreadyDying", "a dying or dead character makes no 0-Health Endurance FEAT", {});
  }
  return before;
}

/**
 * The Endurance FEAT of a character at 0 Health: a failure (White) starts dying; any other
 * colour leaves them unconscious but not dying.
 */
export function zeroHealthFeat(targetState: CombatantStateInput, roll: number, karma?: KarmaSpend, table: Grid = universalTable): ZeroHealthFeat {
  const before = checkZeroHealthFeat(targetState);
  requireInt("roll", roll, 1, 100);
  const spent = karma === undefined ? null : spendKarma(karma);
  const effectiveRoll = Math.min(100, roll + (spent?.spent ?? 0));
  const color = colorOnColumn(effectiveRoll, before.endurance, table);
  const startsDying = color === "white";
  const after = { ...before, statuses: withStatus(before.statuses, startsDying ? ["unconscious", "dying"] : ["unconscious"]) };
  return {
    ...change(before, after),
    roll,
    karmaSpent: spent?.spent ?? 0,
    karmaPoolAfter: spent?.poolAfter ?? null,
    effectiveRoll,
    color,
    startsDying,
  };
}
