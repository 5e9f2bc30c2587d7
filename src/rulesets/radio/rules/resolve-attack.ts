/**
 * The chat flow's first card (cheat sheet Steps 4–5): the declared attack and its 2d10 test.
 * Everything the damage card and the token ledger need later is carried on the result.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { attackModifiers, isHit, requireDice } from "./attack.js";
import type { AttackModifier } from "./attack.js";
import { isPiercing } from "./damage.js";
import { hitOutcomes } from "./odds.js";
import type { RadioOptions } from "./options.js";
import { phasesFor } from "./phases.js";
import { actionModifiersTable } from "./tables/action-modifiers.js";
import { actionPhasesTable } from "./tables/action-phases.js";
import { tiersTable } from "./tables/tiers.js";
import { tokensTable } from "./tables/tokens.js";
import { tierModifier } from "./tiers.js";
import { earnsTokens, requireTokenSpend, tokensEarnedBy } from "./tokens.js";
import { flag, requireAction, requireBonus, requireKind, requirePhase, requireWeapon } from "./vocabulary.js";
import type { Action, CalledShot, CombatantKind, Phase, Tier, Weapon } from "./vocabulary.js";

export interface Attacker {
  kind: CombatantKind;
  /** Skill bonus for the skill employed; NPCs may give `tier` instead. */
  skill?: number;
  tier?: Tier;
  /** Current action tokens, when known, to refuse an overspend. */
  tokens?: number;
}

export interface ResolveAttackInput {
  attacker: Attacker;
  action: Action;
  /** The phase being resolved; checked against the action when given. */
  phase?: Phase;
  dice: readonly [number, number];
  weapon: Weapon;
  skilled?: boolean;
  /** Defaults to the weapon (blade, projectile); set it for a piercing effect or spell. */
  piercing?: boolean;
  terrain?: boolean;
  /** Described in more detail than "I shoot him" (earns tokens). */
  described?: boolean;
  /** Declared in Step 4: 0 or 5 tokens to double the damage. */
  tokensSpent?: number;
  target?: { defensive?: boolean; armoured?: boolean };
  called?: CalledShot;
  /** Which limb a limb shot aims at, for the card and the target's record. */
  limb?: string;
  /** A PC attacker means to knock the target out, not kill. */
  knockout?: boolean;
  /**
   * The attack is a spell (a spell item, not a gun, a club or bare hands), when the caller knows.
   * Given, it must match the action: a spell action is "committed to using magic for the entire
   * round", and a spell is prepared in phases 1 and 3 and released in 2 and 4, i.e. only with the
   * spell action (D). Absent: not checked.
   */
  magic?: boolean;
}

export interface AttackTables {
  modifiers?: Grid;
  phases?: Grid;
  tiers?: Grid;
  tokens?: Grid;
}

export interface AttackResult {
  attackerKind: CombatantKind;
  action: Action;
  phase: number | null;
  dice: [number, number];
  weapon: Weapon;
  skilled: boolean;
  piercing: boolean;
  modifiers: AttackModifier[];
  total: number;
  /** Chance this test had before rolling, for the card. */
  chance: number;
  autoFail: boolean;
  hit: boolean;
  called: CalledShot;
  limb: string | null;
  targetDefensive: boolean;
  knockout: boolean;
  tokensSpent: number;
  /** Tokens actually taken from the attacker: the declared spend, only if the attack hit. */
  tokensCharged: number;
  tokensEarned: number;
}

function skillOf(attacker: Attacker, tiers: Grid): number {
  if (attacker.skill !== undefined && attacker.tier !== undefined) {
    throw new FracasRuleError("ambiguousSkill", "give an attacker a skill or a tier, not both");
  }
  if (attacker.skill !== undefined) return requireBonus("skill", attacker.skill);
  if (attacker.tier !== undefined) return tierModifier(attacker.tier, tiers);
  throw new FracasRuleError("missingSkill", "the attacker needs a skill bonus or a tier");
}

/**
 * Seed: "4. Spell attack: The player or opponent prepares or sustains a spell during the first and
 * third phases, releasing its effect during the second and fourth phases. A spell caster is
 * committed to using magic for the entire round." So a spell action attacks with a spell only, and
 * a spell is released only by the spell action (no other action prepares it).
 */
function requireMagicMatches(action: Action, magic: boolean): void {
  if (action === "spell" && !magic) throw new FracasRuleError("spellActionNeedsSpell", "a spell action is committed to magic all round: attack with a spell", { action });
  if (action !== "spell" && magic) throw new FracasRuleError("spellNeedsSpellAction", "a spell is prepared in phases 1 and 3 and released in 2 and 4: only the spell action casts it", { action });
}

export function resolveAttack(input: ResolveAttackInput, options: RadioOptions = {}, tables: AttackTables = {}): AttackResult {
  if (typeof input !== "object" || input === null || typeof input.attacker !== "object" || input.attacker === null) {
    throw new FracasRuleError("badInput", "attack needs an attacker");
  }
  const modifiersTable = tables.modifiers ?? actionModifiersTable;
  const kind = requireKind(input.attacker.kind);
  const action = requireAction(input.action);
  const weapon = requireWeapon(input.weapon);
  if (input.magic !== undefined) requireMagicMatches(action, flag("magic", input.magic));
  const phase = input.phase === undefined ? null : requirePhase(input.phase);
  if (phase !== null && !phasesFor(action, tables.phases ?? actionPhasesTable).includes(phase)) {
    throw new FracasRuleError("notActingThisPhase", `a ${action} action makes no test in phase ${phase}`, { action, phase });
  }
  const terrain = flag("terrain", input.terrain);
  const tokensSpent = requireTokenSpend(input.tokensSpent, input.attacker.tokens);
  if (!earnsTokens(kind) && (terrain || tokensSpent > 0)) {
    throw new FracasRuleError("henchmenNoBonus", "henchmen get neither the terrain bonus nor action tokens", { kind });
  }
  const knockout = flag("knockout", input.knockout);
  if (knockout && kind !== "pc") throw new FracasRuleError("knockoutNeedsPC", "only player characters can choose to knock out", { kind });
  if (knockout && weapon === "area") throw new FracasRuleError("knockoutWithArea", "an area weapon cannot be used to knock out", { weapon });

  const piercing = input.piercing === undefined ? isPiercing(weapon) : flag("piercing", input.piercing);
  const setup = {
    skill: skillOf(input.attacker, tables.tiers ?? tiersTable),
    action,
    terrain,
    targetDefensive: flag("targetDefensive", input.target?.defensive),
    called: input.called ?? "none",
    piercing,
    targetArmoured: flag("targetArmoured", input.target?.armoured),
  } as const;
  const { modifiers, calledShot } = attackModifiers(setup, options, modifiersTable);
  if (knockout && calledShot.modifier !== 0) {
    throw new FracasRuleError("knockoutHeadShot", "a head or heart shot cannot be a knockout", { called: calledShot.called });
  }
  if (input.limb !== undefined && (typeof input.limb !== "string" || calledShot.called !== "limb")) {
    throw new FracasRuleError("limbNeedsLimbShot", "name a limb only for a limb shot", { called: calledShot.called });
  }
  const dice = requireDice(input.dice);
  const total = modifiers.reduce((sum, m) => sum + m.value, dice[0] + dice[1]);
  const hit = !calledShot.autoFail && isHit(total);
  return {
    attackerKind: kind,
    action,
    phase,
    dice: [dice[0], dice[1]],
    weapon,
    skilled: flag("skilled", input.skilled),
    piercing,
    modifiers,
    total,
    chance: hitOutcomes(setup, options, modifiersTable) / 100,
    autoFail: calledShot.autoFail,
    hit,
    called: calledShot.called,
    limb: calledShot.called === "limb" ? (input.limb ?? "limb") : null,
    targetDefensive: setup.targetDefensive,
    knockout,
    tokensSpent,
    tokensCharged: hit ? tokensSpent : 0,
    tokensEarned: tokensEarnedBy(kind, action, flag("described", input.described), tables.tokens ?? tokensTable),
  };
}
