/** The combat test (cheat sheet Step 5): 2d10 + skill + action + terrain − defensive target > 11. */
import { FracasRuleError } from "../../../engine/errors.js";
import { intAt } from "../../../engine/tables.js";
import type { Grid } from "../../../engine/tables.js";
import { checkCalledShot } from "./called-shots.js";
import type { CalledShotCheck } from "./called-shots.js";
import type { RadioOptions } from "./options.js";
import { actionModifiersTable } from "./tables/action-modifiers.js";
import { describeValue, flag, requireAction, requireBonus, requireD10, wholeNumber } from "./vocabulary.js";
import type { Action, CalledShot } from "./vocabulary.js";

/** A total above this hits. */
export const HIT_THRESHOLD = 11;
export const TERRAIN_BONUS = 1;
/** The cheat sheet's Step 2 summary value for spells, used when `spellBonus` is on. */
export const SPELL_SUMMARY_MODIFIER = 1;

export interface AttackSetup {
  /** Skill bonus for the skill employed (PC), or the NPC's tier modifier. */
  skill: number;
  action: Action;
  /** The description used the terrain. */
  terrain?: boolean;
  /** The target took the defensive action this round. */
  targetDefensive?: boolean;
  called?: CalledShot;
  piercing?: boolean;
  targetArmoured?: boolean;
}

export interface AttackInput extends AttackSetup {
  dice: readonly [number, number];
}

export type ModifierSource = "skill" | "action" | "terrain" | "defensiveTarget" | "calledShot";
export interface AttackModifier {
  source: ModifierSource;
  value: number;
}

/** The to-hit modifier an action gives its own tests. A defensive action makes none. */
export function actionModifier(action: Action, options: RadioOptions = {}, table: Grid = actionModifiersTable): number {
  requireAction(action);
  if (action === "defensive") {
    throw new FracasRuleError("noTestForAction", "a defensive action makes no combat test", { action });
  }
  if (action === "spell" && flag("spellBonus", options.spellBonus)) return SPELL_SUMMARY_MODIFIER;
  return intAt(table, action, "ownTest");
}

/** The modifier every attacker suffers against a target that took `action` (defensive: −4). */
export function againstTargetModifier(targetAction: Action, table: Grid = actionModifiersTable): number {
  return intAt(table, requireAction(targetAction), "againstTarget");
}

/** Every modifier on the test, for the chat card, plus the called-shot verdict. */
export function attackModifiers(
  setup: AttackSetup,
  options: RadioOptions = {},
  table: Grid = actionModifiersTable,
): { modifiers: AttackModifier[]; calledShot: CalledShotCheck } {
  if (typeof setup !== "object" || setup === null) throw new FracasRuleError("badInput", "attack setup missing");
  const modifiers: AttackModifier[] = [
    { source: "skill", value: requireBonus("skill", setup.skill) },
    { source: "action", value: actionModifier(setup.action, options, table) },
  ];
  if (flag("terrain", setup.terrain)) modifiers.push({ source: "terrain", value: TERRAIN_BONUS });
  if (flag("targetDefensive", setup.targetDefensive)) {
    modifiers.push({ source: "defensiveTarget", value: againstTargetModifier("defensive", table) });
  }
  const calledShot = checkCalledShot(setup);
  if (calledShot.modifier !== 0) modifiers.push({ source: "calledShot", value: calledShot.modifier });
  return { modifiers, calledShot };
}

export function requireDice(dice: unknown): readonly [number, number] {
  if (!Array.isArray(dice) || dice.length !== 2) {
    throw new FracasRuleError("badDice", "a combat test needs exactly two d10 values", { value: describeValue(dice) });
  }
  return [requireD10("dice[0]", dice[0]), requireD10("dice[1]", dice[1])];
}

/** 2d10 plus every modifier. (A head shot's automatic failure is `resolveAttack`'s business.) */
export function attackTotal(input: AttackInput, options: RadioOptions = {}, table: Grid = actionModifiersTable): number {
  const [a, b] = requireDice(input?.dice);
  return attackModifiers(input, options, table).modifiers.reduce((sum, m) => sum + m.value, a + b);
}

export function isHit(total: number): boolean {
  return wholeNumber("total", total, -1000, 1000) > HIT_THRESHOLD;
}
