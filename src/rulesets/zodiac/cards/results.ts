/**
 * Card results, pure: dice values and the dialog's choices in, the JSON stored on the chat card
 * out (the kernel's result plus what the card shows). Nothing here rolls or writes.
 */
import type { Grid } from "../../../engine/tables.js";
import { isRuleError } from "../../../engine/errors.js";
import type { JsonObject } from "../../../foundry/registry.js";
import {
  agentVsAgent,
  calledShotCost,
  openWagers,
  resolveFightRoll,
  resolveKillEveryoneElse,
  resolveStrike,
  reveal,
  sealWagers,
  type AgentHealth,
  type CalledShot,
  type DuelResult,
  type Reveal,
  type TotalMode,
} from "../rules/index.js";
import { duelRound, healthForDuel, type FightOfRound } from "./duel-round.js";

export interface CombatRef {
  id: string;
  round: number;
}

/** What a roll was set up with: shared by a rolled card and a sealed duel commit. */
export interface RollSetup {
  /** Who rolls (actor uuid and name): the round's "who has rolled" reads it. */
  actor: { uuid: string; name: string };
  areaName: string;
  area: number;
  spend: number;
  gathered: number;
  wagers: number;
  calledShot: CalledShot | null;
}

/** The setup part of a roll from the actor, the Area rolled and the dialog's choices. */
export function rollSetup(
  actor: { uuid: string; name: string },
  area: { name: string; rating: number },
  choice: { spend: number; gathered: number; wagers: number; calledShot: CalledShot | null },
): RollSetup {
  return {
    actor: { uuid: actor.uuid, name: actor.name },
    areaName: area.name,
    area: area.rating,
    spend: choice.spend,
    gathered: choice.gathered,
    wagers: choice.wagers,
    calledShot: choice.calledShot,
  };
}

export interface RollBase extends RollSetup {
  almostDead: boolean;
  totalMode: TotalMode;
  dice: number[];
  /** Chance shown before the roll, 0–1. */
  chance: number;
  combat: CombatRef | null;
}

const json = (v: unknown): JsonObject => JSON.parse(JSON.stringify(v)) as JsonObject;

export function killResult(input: RollBase & { captureAlive: boolean }, tnGrid: Grid, calledShotGrid: Grid): JsonObject {
  const { roll, result } = resolveKillEveryoneElse(
    {
      dice: input.dice,
      area: input.area,
      gathered: input.gathered,
      wagers: input.wagers,
      almostDead: input.almostDead,
      mode: input.totalMode,
      captureAlive: input.captureAlive,
      calledShot: input.calledShot,
    },
    tnGrid,
    calledShotGrid,
  );
  // The Wagers the called shot used, at this roll's costs (ux s7 #17.7: the card says what is left to kill).
  const shot = input.calledShot === null ? {} : { shotWagers: calledShotCost(input.calledShot as CalledShot, calledShotGrid) };
  return json({ kind: "kill", ...header(input), roll, kill: result, ...shot });
}

export interface StrikeTargetInfo {
  uuid: string;
  name: string;
  tn: number;
  rank: number;
  accumulated: number;
}

export function strikeResult(input: RollBase & { target: StrikeTargetInfo }, calledShotGrid: Grid): JsonObject {
  const { roll, result } = resolveStrike(
    {
      dice: input.dice,
      area: input.area,
      gathered: input.gathered,
      wagers: input.wagers,
      almostDead: input.almostDead,
      mode: input.totalMode,
      tn: input.target.tn,
      rank: input.target.rank,
      accumulated: input.target.accumulated,
      calledShot: input.calledShot,
      target: "otherAgent",
      round: input.combat?.round ?? 1,
    },
    calledShotGrid,
  );
  return json({ kind: "strike", ...header(input), against: { uuid: input.target.uuid, name: input.target.name }, roll, strike: result });
}

export function fightResult(input: RollBase & { tn: number }): JsonObject {
  const r = resolveFightRoll({ dice: input.dice, area: input.area, gathered: input.gathered, wagers: input.wagers, almostDead: input.almostDead, mode: input.totalMode, tn: input.tn });
  return json({ kind: "fight", ...header(input), fight: r });
}

function header(input: RollBase) {
  return {
    actor: input.actor,
    areaName: input.areaName,
    area: input.area,
    spend: input.spend,
    gathered: input.gathered,
    wagers: input.wagers,
    calledShot: input.calledShot,
    chance: input.chance,
    combat: input.combat,
  };
}

// ---- Agent vs Agent: secret commits, revealed together -------------------------------------------

/** One side's sealed setup for a duel: held by the active GM's client (sent as a query) until both commit. */
export interface DuelCommit extends RollSetup {
  duelKey: string;
  opponent: { uuid: string; name: string };
  /** Spend 1 Wager + 1 Agent Point to kill an opponent already Almost Dead. */
  finish: boolean;
  /** Agent Points left after gathering (the finishing point is checked against these). */
  agentPointsLeft: number;
  combat: CombatRef | null;
  /**
   * Held commits only (review s7c F3): false from the holder's keeping it until its commit card is
   * seen (the sender spends the Agent Points, then posts the card); absent on commits kept before
   * this field existed, which count as paid. A Cancel gives back only what was paid (duel-cancel.ts).
   */
  paid?: boolean;
  /**
   * Held commits only (review s8 F1): the holder's own id for this commit, given when it is kept and
   * carried on its commit card, so the card (or the sender's paid notice, F7) marks this commit paid
   * and no other. Two duels of one pair in one round share a key, so key and Agent could not tell
   * the first duel's card from the second's. Absent on commits kept before it existed.
   */
  commitId?: string;
}

/**
 * The same duel is found from either side: the combat and round, and both actors, sorted. Outside
 * a fight there is no round, so the middle part is the duel's own id (`duelId`), which the GM's
 * client gives the first commit and the opponent's commit joins (commits.ts): every duel there has
 * its own key. "0" (no id) is the placeholder a commit is sent with, and the key of older commits.
 */
export function duelKey(a: string, b: string, combat: CombatRef | null, duelId = "0"): string {
  return `${combat?.id ?? "none"}:${combat?.round ?? duelId}:${pairKey(a, b)}`;
}

/** Both actors of a duel, sorted: the part of its key that names who fights. */
export function pairKey(a: string, b: string): string {
  const [x, y] = [a, b].sort();
  return `${x}|${y}`;
}

/** The pair part of a duel key (actor uuids have no ":"). */
export function pairOfKey(key: string): string {
  return key.split(":").slice(2).join(":");
}

const DUEL_ID = /^[A-Za-z0-9]{1,32}$/;

/**
 * Is `key` a key of a duel between a and b here: in a fight exactly the fight's and round's; outside
 * one, any duel id (older commits: "0").
 */
export function isDuelKeyOf(key: string, a: string, b: string, combat: CombatRef | null): boolean {
  if (combat !== null) return key === duelKey(a, b, combat);
  const [where, id] = key.split(":");
  return where === "none" && DUEL_ID.test(id ?? "") && pairOfKey(key) === pairKey(a, b);
}

/** The kernel's commit/reveal over the commits found so far (the GM's view). */
export function revealCommits(key: string, commits: readonly DuelCommit[]): { reveal: Reveal; sides: DuelCommit[] } {
  const mine = commits.filter((c) => c.duelKey === key);
  const ids = [...new Set(pairOfKey(key).split("|"))];
  let sealed = openWagers(ids);
  const sides: DuelCommit[] = [];
  for (const c of mine) {
    if (sides.some((s) => s.actor.uuid === c.actor.uuid)) continue; // the first commitment is final
    sealed = sealWagers(sealed, c.actor.uuid, c.wagers);
    sides.push(c);
  }
  return { reveal: reveal(sealed), sides };
}

export interface DuelSideState {
  areas: Record<string, number>;
  /** With the fight its Almost Dead round was counted in (duel-round.ts), when known. */
  health: AgentHealth & FightOfRound;
}

/**
 * Resolves both revealed sides with their dice; `a` is the side that committed first. Outside a
 * fight the duel is a round of its own (duel-round.ts): an Almost Dead on record came before it;
 * in a fight, one recorded in another fight came before this one.
 */
export function duelResult(
  a: DuelCommit,
  b: DuelCommit,
  states: { a: DuelSideState; b: DuelSideState },
  dice: { a: number[]; b: number[] },
  totalMode: TotalMode,
  calledShotGrid: Grid,
): JsonObject {
  const round = duelRound(a.combat);
  const side = (c: DuelCommit, s: DuelSideState, d: number[]) => ({
    areas: s.areas,
    area: c.area,
    gathered: c.gathered,
    wagers: c.wagers,
    dice: d,
    calledShot: c.calledShot,
    health: healthForDuel(s.health, a.combat),
    finish: c.finish ? { agentPoints: c.agentPointsLeft } : null,
  });
  const duel: DuelResult = agentVsAgent({ round, mode: totalMode, a: side(a, states.a, dice.a), b: side(b, states.b, dice.b) }, calledShotGrid);
  // `spend`: the Agent Points spent gathering, for the card's derivation line (session 7; absent on older cards).
  const info = (c: DuelCommit) => ({ uuid: c.actor.uuid, name: c.actor.name, areaName: c.areaName, area: c.area, spend: c.spend, gathered: c.gathered, wagers: c.wagers, calledShot: c.calledShot, finish: c.finish });
  return json({ kind: "duel", round, combat: a.combat, a: info(a), b: info(b), duel });
}

/**
 * Why these two commits cannot be resolved, whatever the dice (a kernel refusal's code and data),
 * or null. Checked before the GM's Reveal rolls: a finishing Wager committed in the round the
 * opponent fell (`finishTooSoon`), against an opponent no longer Almost Dead (`notAlmostDead`), or a
 * side dead since the commit (`alreadyDead`) made the Reveal throw after rolling, with a bare
 * "failed" and the commits left held. The dice do not enter these refusals, so a dry run with
 * each pool's dice all 1s finds them.
 */
export function duelRefusal(a: DuelCommit, b: DuelCommit, states: { a: DuelSideState; b: DuelSideState }, totalMode: TotalMode, calledShotGrid: Grid): { code: string; data: Record<string, unknown> } | null {
  const ones = (c: DuelCommit) => Array.from({ length: Math.max(0, c.area + c.gathered - c.wagers) }, () => 1);
  try {
    duelResult(a, b, states, { a: ones(a), b: ones(b) }, totalMode, calledShotGrid);
    return null;
  } catch (e) {
    if (isRuleError(e)) return { code: e.code, data: { ...e.data } };
    throw e;
  }
}
