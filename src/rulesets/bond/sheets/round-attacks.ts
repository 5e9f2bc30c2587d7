/**
 * The attacks a character may still make this round, purely: Speed's allowance (D4), capped by a
 * firearm's shots per round, less the attacks used picking up a weapon (D46; a pick-up is no shot,
 * so it lowers Speed's allowance, not the firearm's cap: Speed 3 with a PPK picks up and still fires
 * twice). The attack dialog counts with it, and the sheet disables its Attack buttons with it, so a
 * player is not offered an attack the dialog would refuse (UX review s4 #3).
 */
import { attacksThisRound } from "../rules/index.js";

export interface RoundAttacks {
  /** The combat round in a started combat, else null (no fight: no per-round limit). */
  round: number | null;
  speed: number;
  /** Attacks made this round (roundAttacks) and weapons already picked up this round (roundPickUps). */
  attacksMade: number;
  pickUpsMade: number;
}

export interface AttacksLeft {
  allowed: number;
  made: number;
  remaining: number;
}

/** The attacks left this round with a weapon of this many shots per round (0 = no cap: Hand-to-Hand, unarmed); null outside a fight. */
export function attacksLeftThisRound(x: RoundAttacks, shotsPerRound = 0): AttacksLeft | null {
  if (x.round === null) return null;
  const round = Math.max(1, x.round);
  const capped = attacksThisRound(x.speed, round, shotsPerRound > 0 ? shotsPerRound : undefined);
  const pickUps = Math.max(0, x.pickUpsMade);
  const allowed = Math.max(0, Math.min(capped, attacksThisRound(x.speed, round) - pickUps));
  return { allowed, made: x.attacksMade, remaining: Math.max(0, allowed - x.attacksMade) };
}
