/** The Karma of an attack on several targets: each card spends it, so the pool must pay Karma × targets. */
import { ATTACK_ACTIONS } from "../rules/index.js";
import type { FeatForm } from "./feat-form.js";

const L = "FRACAS.Faserip";

/** A counted Karma line: its key and the numbers it names (the points per target, the targets, the total, the pool). */
export interface KarmaLine {
  key: string;
  karma: number;
  targets: number;
  total: number;
  pool: number;
  /** The most Karma per target the pool can pay for every target (the refusal says it, so the player need not divide). */
  most: number;
}

/**
 * The Karma of an attack on several targets: each target's card takes the field's Karma before
 * its own roll (cards/feat-roll.ts performFeat), so the spend is Karma × targets. `total` states it
 * (when any is spent and the pool pays it), `short` refuses it when the pool cannot pay it all;
 * the roll refuses the same before anything is spent (karmaShortfall).
 */
export function karmaPerTarget(f: Pick<FeatForm, "action" | "karma">, targetCount: number, pool: number): { perTarget: boolean; total: KarmaLine | null; short: KarmaLine | null } {
  const perTarget = (ATTACK_ACTIONS as readonly string[]).includes(f.action) && targetCount > 1;
  if (!perTarget || f.karma <= 0) return { perTarget, total: null, short: null };
  const short = karmaShortfall(f, targetCount, pool);
  // Refused: the refusal alone (a "… Karma spent" line beside it would say otherwise).
  if (short) return { perTarget, total: null, short };
  return { perTarget, total: { key: `${L}.Dialog.KarmaTotal`, karma: f.karma, targets: targetCount, total: f.karma * targetCount, pool, most: Math.floor(pool / targetCount) }, short: null };
}

/** The refusal of an attack whose Karma × targets is more than the pool (null when it can be paid). */
export function karmaShortfall(f: Pick<FeatForm, "action" | "karma">, targetCount: number, pool: number): KarmaLine | null {
  const cards = Math.max(1, targetCount);
  const total = f.karma * cards;
  if (!(ATTACK_ACTIONS as readonly string[]).includes(f.action) || cards < 2 || total <= pool) return null;
  return { key: `${L}.Dialog.KarmaShort`, karma: f.karma, targets: cards, total, pool, most: Math.floor(Math.max(0, pool) / cards) };
}
