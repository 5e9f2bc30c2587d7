/**
 * What picking up a weapon a Disarm knocked away (D41) costs, purely (DECISIONS D46): in a fight
 * (a started combat, D42) it uses one of the round's attacks — Speed's allowance (D4), not a
 * firearm's shots cap, since a pick-up is no shot — and is refused while none is left; outside a
 * fight it costs nothing. The sheet disables its Pick up with the same reason the click would give.
 */
import { attacksThisRound } from "../rules/index.js";

export interface PickUpInput {
  /** The combat round in a started combat, else null (no fight: free). */
  round: number | null;
  speed: number;
  /** Attacks made this round (roundAttacks) and weapons already picked up this round (roundPickUps). */
  attacksMade: number;
  pickUpsMade: number;
}

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

/** The sheet's Pick up state: why it is refused now (key, or null), and whether it costs an attack. */
export interface PickUpState {
  refused: string | null;
  inFight: boolean;
}

export function pickUpState(x: PickUpInput): PickUpState {
  const check = pickUpCheck(x);
  return { refused: check.ok ? null : check.reason, inFight: x.round !== null };
}
