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

export type LimbOutcome = "weaponLost" | "limbDisabled";

/** The victim's consequence roll after a limb is hit: a 6 costs only the weapon in that limb. */
export function limbConsequence(roll: number): LimbOutcome {
  return consequenceIsSix(roll) ? "weaponLost" : "limbDisabled";
}
