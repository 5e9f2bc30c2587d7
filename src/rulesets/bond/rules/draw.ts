/**
 * The draw: when someone fires at a player character who has not yet fired this round, the PC may
 * call a draw. Each side totals Speed + 1D6 + the weapon's draw modifier; higher shoots first.
 * Fracas re-rolls ties (the seed is silent): each re-roll adds a new total, compared in turn.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { sortOrThrowTies } from "./tie-break.js";
import { requireBoolean, requireRecord, requireSpeed } from "./vocabulary.js";

/** May the target call a draw? Only against a firearm attack, for a PC who has not fired yet. */
export function canCallDraw(input: { attackKind: "fire" | "hth"; targetIsPlayerCharacter: boolean; targetHasFired: boolean }): boolean {
  const i = requireRecord("input", input);
  const pc = requireBoolean("targetIsPlayerCharacter", i.targetIsPlayerCharacter);
  const fired = requireBoolean("targetHasFired", i.targetHasFired);
  if (i.attackKind !== "fire" && i.attackKind !== "hth") {
    throw new FracasRuleError("badChoice", "attackKind must be fire or hth", { name: "attackKind", value: String(i.attackKind), choices: "fire, hth" });
  }
  return i.attackKind === "fire" && pc && !fired;
}

export interface DrawParticipant {
  id: string;
  speed: number;
  /** The weapon's draw modifier (0 when the weapon lists none). */
  drawModifier?: number;
  /** The D6 rolls: the draw roll first, then any tie re-rolls. */
  rolls: readonly number[];
}

export interface DrawResult {
  /** Ids in shooting order, first shooter first. */
  order: string[];
  participants: { id: string; speed: number; drawModifier: number; rolls: number[]; totals: number[] }[];
}

export const MAX_DRAW_MODIFIER = 10;

/** Resolves a draw among two or more characters. Throws `tieUnresolved` naming those who must re-roll. */
export function resolveDraw(participants: readonly DrawParticipant[]): DrawResult {
  if (!Array.isArray(participants) || participants.length < 2) {
    throw new FracasRuleError("badInput", "a draw needs at least two participants", { name: "participants" });
  }
  const seen = new Set<string>();
  const checked = participants.map((raw, i) => {
    const p = requireRecord(`participants[${i}]`, raw);
    if (typeof p.id !== "string" || p.id === "") {
      throw new FracasRuleError("badInput", `participants[${i}].id must be a non-empty string`, { name: `participants[${i}].id` });
    }
    if (seen.has(p.id)) throw new FracasRuleError("duplicateId", `participant ${p.id} is listed twice`, { id: p.id });
    seen.add(p.id);
    const speed = requireSpeed(`participants[${i}].speed`, p.speed);
    const drawModifier = requireInt(`participants[${i}].drawModifier`, p.drawModifier ?? 0, -MAX_DRAW_MODIFIER, MAX_DRAW_MODIFIER);
    if (!Array.isArray(p.rolls) || p.rolls.length === 0) {
      throw new FracasRuleError("badInput", `participants[${i}].rolls needs the draw roll`, { name: `participants[${i}].rolls` });
    }
    const rolls = p.rolls.map((r: unknown, k: number) => requireInt(`participants[${i}].rolls[${k}]`, r, 1, 6));
    return { id: p.id, speed, drawModifier, rolls, totals: rolls.map((r) => speed + r + drawModifier) };
  });
  const higherFirst = (a: (typeof checked)[number], b: (typeof checked)[number]): number | null => {
    const n = Math.min(a.totals.length, b.totals.length);
    for (let k = 0; k < n; k++) {
      if (a.totals[k] !== b.totals[k]) return b.totals[k]! - a.totals[k]!;
    }
    return null;
  };
  const sorted = sortOrThrowTies(checked, higherFirst, "draw");
  return { order: sorted.map((p) => p.id), participants: checked };
}
