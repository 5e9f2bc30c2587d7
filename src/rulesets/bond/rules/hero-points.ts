/**
 * Hero Points: a player character lowers an NPC combat roll's Quality Rating one step per point
 * (QR1 → QR2 … QR4 → failure). The wound is then read from the new QR, never lowered directly.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { requireQuality } from "./vocabulary.js";
import type { QualityRating } from "./vocabulary.js";

/** The NPC roll's Quality Rating after `points` Hero Points; past QR4 it fails (0). */
export function applyHeroPoints(qualityRating: number, points: number): QualityRating {
  const qr = requireQuality("qualityRating", qualityRating);
  const p = requireInt("points", points, 0, 1000);
  if (qr === 0) return 0;
  const lowered = qr + p;
  return (lowered > 4 ? 0 : lowered) as QualityRating;
}

/** Points needed to turn this Quality Rating into a failure (0 for a failure already). */
export function heroPointsToFail(qualityRating: number): number {
  const qr = requireQuality("qualityRating", qualityRating);
  return qr === 0 ? 0 : 5 - qr;
}

/**
 * Who may spend against an NPC's roll. The seed says "presumably" only the targeted PC; Fracas
 * defaults to that and a world setting (passed here) lets any PC spend.
 */
export type HeroPointSpenders = "target" | "anyPlayerCharacter";

export interface HeroPointSpend {
  /** Is the spending player character the target of the attack? */
  spenderIsTarget: boolean;
  /** The GM's setting; default "target". */
  whoMaySpend?: HeroPointSpenders;
}

/** Throws `heroPointsTargetOnly` when the setting forbids this spender. */
export function checkHeroPointSpender(spend: HeroPointSpend): void {
  const who = spend.whoMaySpend ?? "target";
  if (who !== "target" && who !== "anyPlayerCharacter") {
    throw new FracasRuleError("badChoice", "whoMaySpend must be target or anyPlayerCharacter", { name: "whoMaySpend", value: String(who), choices: "target, anyPlayerCharacter" });
  }
  if (typeof spend.spenderIsTarget !== "boolean") {
    throw new FracasRuleError("badBoolean", "spenderIsTarget must be true or false", { name: "spenderIsTarget", value: String(spend.spenderIsTarget) });
  }
  if (who === "target" && !spend.spenderIsTarget) {
    throw new FracasRuleError("heroPointsTargetOnly", "only the targeted player character may spend Hero Points on this roll", {});
  }
}
