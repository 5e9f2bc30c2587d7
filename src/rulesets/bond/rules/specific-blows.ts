/**
 * Specific Blows (Hand-to-Hand): disarm, trip, rise, restrain, release, knockout. Each is at −2 EF;
 * a knockout is a further −2. Fracas treats a Specific Blow as doing its effect instead of a wound
 * (the seed is silent); resolveAttack can be told otherwise.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import type { StatusEvent } from "../../../engine/events.js";

export const SPECIFIC_BLOWS = ["disarm", "trip", "rise", "restrain", "release", "knockout"] as const;
export type SpecificBlow = (typeof SPECIFIC_BLOWS)[number];

export const SPECIFIC_BLOW_EASE = -2;
export const KNOCKOUT_EXTRA_EASE = -2;
export const KICK_EASE = -1;
export const KICK_DAMAGE_SHIFT = 1;

export interface SpecificBlowEffect {
  /** Status changes on the target of the blow. */
  target: StatusEvent[];
  /** Status changes on the one who struck it (rise, release act on yourself). */
  attacker: StatusEvent[];
  /** The target drops the weapon in hand. */
  disarm: boolean;
  /** The target must make a Willpower roll at knockoutEase(QR) or fall unconscious. */
  knockoutRoll: boolean;
}

/** What a successful Specific Blow does. */
export function specificBlowEffect(blow: SpecificBlow): SpecificBlowEffect {
  const none: SpecificBlowEffect = { target: [], attacker: [], disarm: false, knockoutRoll: false };
  switch (blow) {
    case "disarm":
      return { ...none, disarm: true };
    case "trip":
      return { ...none, target: [{ status: "prone", on: true }] };
    case "rise":
      return { ...none, attacker: [{ status: "prone", on: false }] };
    case "restrain":
      return { ...none, target: [{ status: "restrained", on: true }] };
    case "release":
      return { ...none, attacker: [{ status: "restrained", on: false }] };
    case "knockout":
      return { ...none, knockoutRoll: true };
  }
}

/** The Ease Factor modifier for a Specific Blow: −2, or −4 for a knockout. */
export function specificBlowEase(blow: SpecificBlow): number {
  return blow === "knockout" ? SPECIFIC_BLOW_EASE + KNOCKOUT_EXTRA_EASE : SPECIFIC_BLOW_EASE;
}

/**
 * Rise is for getting up after being tripped, release for breaking a Restrain: offer them only
 * to a prone or a restrained attacker. The other blows are always available.
 */
export function specificBlowAllowed(blow: SpecificBlow, attacker: { prone: boolean; restrained: boolean }): boolean {
  if (!SPECIFIC_BLOWS.includes(blow)) {
    throw new FracasRuleError("badChoice", `specificBlow must be one of ${SPECIFIC_BLOWS.join(", ")}`, { name: "specificBlow", value: String(blow), choices: SPECIFIC_BLOWS.join(", ") });
  }
  if (typeof attacker !== "object" || attacker === null || typeof attacker.prone !== "boolean" || typeof attacker.restrained !== "boolean") {
    throw new FracasRuleError("badInput", "attacker needs prone and restrained as true or false", { name: "attacker" });
  }
  if (blow === "rise") return attacker.prone;
  if (blow === "release") return attacker.restrained;
  return true;
}
