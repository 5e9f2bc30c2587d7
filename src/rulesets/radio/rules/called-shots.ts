/**
 * Targeted attacks at limbs, weapons, heads and hearts (cheat sheet Step 6). A limb shot has no
 * to-hit penalty; head and heart shots are the seed's "alternatively" at −6.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { consequenceIsSix } from "./consequence.js";
import { flag, requireAction, requireCalled } from "./vocabulary.js";
import type { Action, CalledShot } from "./vocabulary.js";

export const HEAD_SHOT_MODIFIER = -6;

export interface CalledShotSetup {
  called?: CalledShot;
  action: Action;
  /** The weapon or effect pierces the skin (blade, projectile, or a piercing effect). */
  piercing?: boolean;
  /** The target wears a helmet or armour. */
  targetArmoured?: boolean;
}

export interface CalledShotCheck {
  called: CalledShot;
  modifier: number;
  /** Head or heart shot against a helmet or armour: fails whatever the dice say. */
  autoFail: boolean;
}

export function checkCalledShot(setup: CalledShotSetup): CalledShotCheck {
  if (typeof setup !== "object" || setup === null) throw new FracasRuleError("badInput", "called shot setup missing");
  const called = requireCalled(setup.called);
  const action = requireAction(setup.action);
  const piercing = flag("piercing", setup.piercing);
  const armoured = flag("targetArmoured", setup.targetArmoured);
  if (called === "none") return { called, modifier: 0, autoFail: false };
  if (action !== "targeted") {
    throw new FracasRuleError("calledShotNeedsTargeted", `a ${called} shot needs the targeted action (not ${action})`, { called, action });
  }
  if (called === "limb") return { called, modifier: 0, autoFail: false };
  if (!piercing) {
    throw new FracasRuleError("calledShotNeedsPiercing", `a ${called} shot needs a piercing weapon`, { called });
  }
  return { called, modifier: HEAD_SHOT_MODIFIER, autoFail: armoured };
}

/** weaponLost: a 6 on an arm; limbKept: a 6 on a leg, which holds no weapon (seed Step 6). */
export type LimbOutcome = "weaponLost" | "limbKept" | "limbDisabled";

/** The legs (data/vocab.ts LIMBS): they hold no weapon to lose. */
const LEGS: readonly string[] = ["leftLeg", "rightLeg"];

/**
 * The victim's consequence roll after a limb is hit. Seed Step 6: on a 6 "any weapon held by that
 * appendage is lost, but the appendage is still functional" — an arm drops its weapon; a leg holds
 * none, so it only keeps working (D, review s13). A limb not named (older cards: "limb") is taken
 * for the weapon arm, as before.
 */
export function limbConsequence(roll: number, limb = "limb"): LimbOutcome {
  if (!consequenceIsSix(roll)) return "limbDisabled";
  return LEGS.includes(limb) ? "limbKept" : "weaponLost";
}
