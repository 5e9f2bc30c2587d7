/**
 * Side initiative. Seed: each side rolls 1d10 and adds the rank number of its highest-Intuition
 * combatant; high roll acts first. Settings: plain 1d10, or the Advanced Set's modifier table.
 */
import { FracasRuleError, requireChoice, requireInt } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { rollDie } from "./dice.js";
import type { DieSource } from "./dice.js";
import { requireArray, requireObject } from "./input.js";
import type { RankValue } from "./ranks.js";
import { toRankNumber } from "./ranks.js";
import { initiativeModifiersTable } from "./tables/initiative-modifiers.js";
import { rankNumbersTable } from "./tables/rank-numbers.js";

export const INITIATIVE_MODES = ["seed", "plain", "advanced"] as const;
export type InitiativeMode = (typeof INITIATIVE_MODES)[number];

/** A runaway die source (always the same face) must not loop forever. */
export const MAX_TIE_REROLLS = 100;

export interface InitiativeSide {
  id: string;
  /** The Intuition of every combatant on the side; the highest counts. */
  intuitions: readonly RankValue[];
}

export interface SideInitiative {
  id: string;
  roll: number;
  bonus: number;
  total: number;
  /** Totals of tie-break re-rolls, in order (empty when none were needed). */
  rerolls: number[];
}

export interface InitiativeResult {
  mode: InitiativeMode;
  /** Sides in acting order, first to act first. */
  order: SideInitiative[];
  /** Groups of side ids still tied (only when no die source was given to re-roll them). */
  ties: string[][];
}

export interface InitiativeTables {
  initiative?: Grid;
  ranks?: Grid;
}

/** The Advanced Set modifier for an Intuition rank number. */
export function initiativeModifier(intuitionNumber: number, table: Grid = initiativeModifiersTable): number {
  requireInt("intuition", intuitionNumber, 0, Number.MAX_SAFE_INTEGER);
  let mod = 0;
  for (const band of table.rows) {
    if (intAt(table, band, "minIntuition") <= intuitionNumber) mod = intAt(table, band, "modifier");
  }
  return mod;
}

/** What a side adds to its d10 in each mode. */
export function initiativeBonus(side: InitiativeSide, mode: InitiativeMode, tables: InitiativeTables = {}): number {
  const s = requireObject("side", side);
  const intuitions = requireArray("intuitions", s["intuitions"]);
  if (intuitions.length === 0) {
    throw new FracasRuleError("emptySide", `side ${String(s["id"])} has no combatants`, { side: String(s["id"]) });
  }
  const highest = Math.max(...intuitions.map((v) => toRankNumber("intuition", v, tables.ranks ?? rankNumbersTable)));
  switch (requireChoice("mode", mode, INITIATIVE_MODES)) {
    case "seed":
      return highest;
    case "plain":
      return 0;
    case "advanced":
      return initiativeModifier(highest, tables.initiative ?? initiativeModifiersTable);
  }
}

/** Advanced Set: a natural 1 is always just 1, whatever the modifier. */
function initiativeTotal(roll: number, bonus: number, mode: InitiativeMode): number {
  return mode === "advanced" && roll === 1 ? 1 : roll + bonus;
}

/**
 * Orders the sides by initiative, highest first. Ties are listed in `ties`; given `reroll`, tied
 * sides re-roll (d10 + the same bonus) until the tie breaks, and `ties` is empty.
 */
export function sideInitiative(
  sides: readonly InitiativeSide[],
  rolls: readonly number[],
  mode: InitiativeMode = "seed",
  reroll?: DieSource,
  tables: InitiativeTables = {},
): InitiativeResult {
  const list = requireArray("sides", sides);
  const dice = requireArray("rolls", rolls);
  requireChoice("mode", mode, INITIATIVE_MODES);
  if (list.length === 0) throw new FracasRuleError("noSides", "initiative needs at least one side", {});
  if (dice.length !== list.length) {
    throw new FracasRuleError("rollCount", `expected ${list.length} d10 rolls, got ${dice.length}`, { expected: list.length, got: dice.length });
  }
  const ids = new Set<string>();
  const entries: SideInitiative[] = list.map((raw, i) => {
    const side = requireObject("side", raw);
    const id = side["id"];
    if (typeof id !== "string" || id === "" || ids.has(id)) {
      throw new FracasRuleError("badSideId", `side ids must be distinct non-empty strings (got ${String(id)})`, { id: String(id) });
    }
    ids.add(id);
    const roll = requireInt("initiative roll", dice[i], 1, 10);
    const bonus = initiativeBonus(side as unknown as InitiativeSide, mode, tables);
    return { id, roll, bonus, total: initiativeTotal(roll, bonus, mode), rerolls: [] };
  });
  const ties: string[][] = [];
  const order = orderGroup(entries, (e) => e.total, mode, reroll, ties, 0);
  return { mode, order, ties };
}

function orderGroup(
  group: SideInitiative[],
  key: (e: SideInitiative) => number,
  mode: InitiativeMode,
  reroll: DieSource | undefined,
  ties: string[][],
  depth: number,
): SideInitiative[] {
  const sorted = [...group].sort((a, b) => key(b) - key(a));
  const out: SideInitiative[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && key(sorted[j]!) === key(sorted[i]!)) j++;
    const tied = sorted.slice(i, j);
    if (tied.length === 1) out.push(tied[0]!);
    else if (!reroll) {
      ties.push(tied.map((e) => e.id));
      out.push(...tied);
    } else {
      if (depth >= MAX_TIE_REROLLS) {
        throw new FracasRuleError("tieUnbroken", `initiative still tied after ${MAX_TIE_REROLLS} re-rolls`, { sides: tied.map((e) => e.id).join(", ") });
      }
      for (const e of tied) e.rerolls.push(initiativeTotal(rollDie(reroll, 10), e.bonus, mode));
      out.push(...orderGroup(tied, (e) => e.rerolls[depth] ?? 0, mode, reroll, ties, depth + 1));
    }
    i = j;
  }
  return out;
}

export interface RoundStep {
  sideId: string;
  step: "declare" | "resolve";
}

/** Seed round order: the winning side declares then resolves; then the next side does the same. */
export function roundSequence(order: readonly string[]): RoundStep[] {
  return requireArray("order", order).flatMap((id) => {
    if (typeof id !== "string") throw new FracasRuleError("badSideId", "side ids must be strings", { id: String(id) });
    return [
      { sideId: id, step: "declare" as const },
      { sideId: id, step: "resolve" as const },
    ];
  });
}
