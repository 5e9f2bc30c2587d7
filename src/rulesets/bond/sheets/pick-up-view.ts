/**
 * What picking up a weapon a Disarm knocked away (D41) costs, purely (DECISIONS D46): in a fight
 * (a started combat, D42) it uses one of the round's attacks — Speed's allowance (D4), not a
 * firearm's shots cap, since a pick-up is no shot — and is refused while none is left; outside a
 * fight it costs nothing. The sheet disables its Pick up with the same reason the click would give.
 */
import { attacksThisRound } from "../rules/index.js";
import type { RoundAttacks } from "./round-attacks.js";

/** The round's counts (round-attacks.ts): the combat round (null = no fight), Speed, attacks and pick-ups made. */
export type PickUpInput = RoundAttacks;

export type PickUpCheck =
  | { ok: true; inFight: false }
  /** `left`: the round's attacks (Speed's) still left once this pick-up is counted. */
  | { ok: true; inFight: true; left: number }
  /** `reason`: an i18n key taking {name}. */
  | { ok: false; reason: string };

export function pickUpCheck(x: PickUpInput): PickUpCheck {
  if (x.round === null) return { ok: true, inFight: false };
  const allowed = attacksThisRound(x.speed, Math.max(1, x.round));
  const left = allowed - x.attacksMade - x.pickUpsMade;
  if (left > 0) return { ok: true, inFight: true, left: left - 1 };
  // Speed 0 has an attack on even rounds only (D4): say so, or the refusal reads as a bug.
  return { ok: false, reason: allowed === 0 ? "FRACAS.Bond.PickUpCost.Speed0" : "FRACAS.Bond.PickUpCost.NoneLeft" };
}
