/**
 * The attack dialog's state → the kernel's ResolveAttackInput, and the dialog's view (choices,
 * the exact hit chance, the kernel's refusal if the combination is not allowed). Pure: the
 * dialog class and the browser fixtures both build their context here.
 */
import { isRuleError } from "../../../engine/errors.js";
import type { Grid } from "../../../engine/tables.js";
import { ACTIONS, CALLED_SHOTS, HIT_THRESHOLD, TOKENS_TO_DOUBLE, damageOdds, resolveAttack, tiersTable, actionModifiersTable, actionPhasesTable, tokensTable, damageTable } from "../rules/index.js";
import type { Action, CalledShot, RadioOptions, ResolveAttackInput, Phase } from "../rules/index.js";
import { LIMBS } from "../data/vocab.js";
import { BARE_HANDS, attackerOf, kindOf, skillFrom, type SkillFrom, type Sys, type WeaponChoice } from "../data/state.js";
import { modifierRows } from "../cards/views.js";
import { pluralKey } from "../../../foundry/i18n.js";
import type { Turn } from "../data/turn.js";

export interface AttackTarget {
  uuid: string;
  name: string;
  type: string;
  system: Sys;
  /** The target declared the defensive action this round (read from the combat). */
  defensive: boolean;
  /**
   * The target fights in a started combat, so its declaration decides whether it is defensive (seed:
   * actions are specified at the start of the round; the −4 and the halving follow from it): the
   * dialog shows it, fixed, and the kernel input takes `defensive`, not the dialog's box. Absent
   * or false (no combat): the box decides (the GM's or player's judgement).
   */
  fromCombat?: boolean;
}

export interface AttackState {
  weaponId: string;
  targetUuid: string;
  action: Action;
  terrain: boolean;
  description: string;
  cashIn: boolean;
  called: CalledShot;
  limb: string;
  knockout: boolean;
  targetDefensive: boolean;
  targetArmoured: boolean;
}

export interface AttackSetupInput {
  attacker: { name: string; type: string; system: Sys };
  weapons: WeaponChoice[];
  targets: AttackTarget[];
  /** The acting phase when the attacker holds the current step of a running combat. */
  phase: number | null;
  /** The attacker's declared action this round, if in combat. */
  declared: Action | null;
  options: RadioOptions;
  tables: { tiers?: Grid; modifiers?: Grid; phases?: Grid; tokens?: Grid; damage?: Grid };
  /** A dying hero's final heroic action. */
  final?: boolean;
  /** Whose step it is in a started combat (data/turn.ts); absent or free outside one. */
  turn?: Turn;
}

/** A description must say more than "I shoot him" to earn tokens; the GM judges, we ask for some words. */
export const DESCRIBED_MIN_WORDS = 5;

/** The words in a description, as the token rule counts them. */
export function describedWords(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

export function isDescribed(text: string): boolean {
  return describedWords(text) >= DESCRIBED_MIN_WORDS;
}

/**
 * The attacker's injuries from limb shots (seed Step 6), as the dialog shows them. `disarmed`: a
 * consequence roll of 6 lost the weapon held in the shot limb; the sheets do not record which
 * hand holds which weapon, so the dialog starts on bare hands and says why (DECISIONS.md, "Adapter decisions").
 * `disabledLimbs`: no longer operational; listed so the player describes another way to fight.
 */
export interface Injuries {
  disarmed: boolean;
  disabledLimbs: string[];
}

export function injuriesOf(system: Sys): Injuries {
  const limbs = Array.isArray(system.disabledLimbs) ? (system.disabledLimbs as unknown[]).filter((l): l is string => typeof l === "string" && (LIMBS as readonly string[]).includes(l)) : [];
  // In LIMBS order, once each (a hand-edited list may repeat or reorder them).
  return { disarmed: system.disarmed === true, disabledLimbs: LIMBS.filter((l) => limbs.includes(l)) };
}

/**
 * The action an attack is made with. In a combat it is the one declared for the round (seed:
 * actions are specified "at the start of the round" and govern the whole round; RULES.md §2 "fixed
 * for the round"), whatever the dialog's state says — so a standard attacker cannot take the
 * targeted +2, and a defensive one makes no test. Outside a combat, and for a dying hero's final
 * heroic action (any action will do), the dialog's choice.
 */
export function actionFor(input: AttackSetupInput, state: AttackState): Action {
  return input.declared && !input.final ? input.declared : state.action;
}

export function initialState(input: AttackSetupInput): AttackState {
  const target = input.targets[0];
  const disarmed = injuriesOf(input.attacker.system).disarmed;
  const action = input.declared && (input.declared !== "defensive" || !input.final) ? input.declared : "standard";
  // The first weapon the action may use: a spell for the spell action, anything else otherwise.
  const first = input.weapons.find((w) => (w.spell === true) === (action === "spell"));
  return {
    // A disarmed attacker starts on bare hands: the held weapon is lost (a spell needs no hand).
    weaponId: disarmed && action !== "spell" ? BARE_HANDS.id : (first?.id ?? ""),
    targetUuid: target?.uuid ?? "",
    action,
    terrain: false,
    description: "",
    cashIn: false,
    called: "none",
    limb: LIMBS[1],
    knockout: false,
    targetDefensive: target?.defensive ?? false,
    targetArmoured: target?.system.armoured === true,
  };
}

/** The selected target, if any. */
function targetOf(input: AttackSetupInput, state: AttackState): AttackTarget | undefined {
  return input.targets.find((t) => t.uuid === state.targetUuid);
}

/** Whether the attack is against a defensive target: the target's declaration in a combat, else the dialog's box. */
export function targetDefensive(input: AttackSetupInput, state: AttackState): boolean {
  const target = targetOf(input, state);
  return target?.fromCombat === true ? target.defensive : state.targetDefensive;
}

/**
 * Whether the target wears a helmet or armour (a head or heart shot then fails): the target's own
 * sheet says it ("Armoured", read as it is now), so the attacker cannot untick it; with no target
 * selected, the dialog's box.
 */
export function targetArmoured(input: AttackSetupInput, state: AttackState): boolean {
  const target = targetOf(input, state);
  return target ? target.system.armoured === true : state.targetArmoured;
}

export function weaponOf(input: AttackSetupInput, state: AttackState): WeaponChoice {
  return input.weapons.find((w) => w.id === state.weaponId) ?? BARE_HANDS;
}

/** Where this attack's skill modifier comes from (the chosen weapon's skill, a weapon skill, a tier): shown on the dialog and the card. */
export function skillFromOf(input: AttackSetupInput, state: AttackState): SkillFrom | null {
  return skillFrom(input.attacker.type, input.attacker.system, weaponOf(input, state));
}

/** The kernel input for this state with the given dice (the preview uses any dice: the chance does not depend on them). */
export function attackInput(input: AttackSetupInput, state: AttackState, dice: [number, number]): ResolveAttackInput {
  const weapon = weaponOf(input, state);
  const attacker = attackerOf(input.attacker.type, input.attacker.system, weapon, input.tables.tiers ?? tiersTable);
  if (!attacker) throw new Error("not a radio attacker");
  const out: ResolveAttackInput = {
    attacker,
    action: actionFor(input, state),
    dice,
    weapon: weapon.category,
    skilled: weapon.skilled,
    piercing: weapon.piercing,
    terrain: state.terrain,
    described: isDescribed(state.description),
    tokensSpent: state.cashIn ? TOKENS_TO_DOUBLE : 0,
    target: { defensive: targetDefensive(input, state), armoured: targetArmoured(input, state) },
    called: state.called,
    knockout: state.knockout,
    // Spells go with the spell action only, both ways (the kernel refuses a mismatch).
    magic: weapon.spell === true,
  };
  if (state.called === "limb") out.limb = state.limb;
  if (input.phase !== null) out.phase = input.phase as Phase;
  return out;
}

export interface AttackView {
  attackerName: string;
  isPC: boolean;
  earnsTokens: boolean;
  tokens: number;
  canCashIn: boolean;
  weapons: { value: string; label: string; selected: boolean }[];
  bareHandsLabel: string;
  targets: { value: string; label: string; selected: boolean }[];
  actions: { value: string; label: string; selected: boolean }[];
  /** The round's declared action is the only one (a combat); the select is disabled. */
  actionLocked: boolean;
  /** `blocked`: a head or heart shot at a target in a helmet or armour (it cannot hit; the option says so). */
  calledShots: { value: string; label: string; selected: boolean; blocked: boolean }[];
  limbs: { value: string; label: string; selected: boolean }[];
  state: AttackState;
  showLimb: boolean;
  phase: number | null;
  declared: boolean;
  /** Whole percent, exact (2d10 has 100 outcomes). */
  chance: number | null;
  /** The odds are shown: none refused, or a spell refusal (shown with them). */
  hasOdds: boolean;
  tokensIfDescribed: number;
  /** "A description of {words} or more words earns 1 token" / "… {tokens} tokens". */
  tokensHintLabel: string;
  /** The words a description needs to earn tokens (DESCRIBED_MIN_WORDS), for the hint. */
  describedMinWords: number;
  /** The words typed so far (audit s15 F2: a 4-word description earned nothing, and nothing said why). */
  descriptionWords: number;
  /** The live line under the hint: "{count} of {min} words: no tokens yet", or enough words. */
  describedLabel: string;
  damage: { damage: number; percent: string }[];
  /** The test the chance is of: each modifier the roll adds (the skill's with its source), empty with no odds. */
  modifiers: ReturnType<typeof modifierRows>;
  /** A hit is a total over this (seed Step 5: > 11). */
  threshold: number;
  error: { key: string; data: Record<string, string | number> } | null;
  canRoll: boolean;
  /**
   * The attack is out of turn (not the attacker's current act step, or a second attack in it): the
   * reason, and whether it is refused (a player: Roll disabled) or only pointed out (the GM).
   */
  turn: { reason: string; data: Record<string, string | number>; refused: boolean } | null;
  final: boolean;
  /** Lost the held weapon to a limb shot (the dialog starts on bare hands and says why). */
  disarmed: boolean;
  /** Limbs no longer operational (labels, in LIMBS order). */
  disabledLimbs: string[];
  /**
   * The target's defence as its combat declares it (shown as a line, not a box), or null when the
   * dialog's box decides (no target, or a target outside a started combat).
   */
  targetDefence: { label: string; name: string } | null;
  /**
   * A target is selected: its armour is its sheet's (a line when armoured, no box). False: no
   * target, the dialog's box.
   */
  armourFromTarget: boolean;
  /** The selected target wears a helmet or armour (its sheet): its name, for the line. */
  targetArmour: { name: string } | null;
}

/** The refusals of a spell/action mismatch, whose odds the dialog still shows. */
const SPELL_REFUSALS = new Set(["spellActionNeedsSpell", "spellNeedsSpellAction"]);

const sel = (values: readonly string[], current: string, label: (v: string) => string) => values.map((v) => ({ value: v, label: label(v), selected: v === current }));

export function attackView(input: AttackSetupInput, state: AttackState): AttackView {
  const kind = kindOf(input.attacker.type, input.attacker.system);
  const tokens = typeof input.attacker.system.tokenCount === "number" ? (input.attacker.system.tokenCount as number) : 0;
  let chance: number | null = null;
  let tokensIfDescribed = 0;
  let error: AttackView["error"] = null;
  let damage: AttackView["damage"] = [];
  let modifiers: AttackView["modifiers"] = [];
  const options = input.options;
  const tables = { tiers: input.tables.tiers ?? tiersTable, modifiers: input.tables.modifiers ?? actionModifiersTable, phases: input.tables.phases ?? actionPhasesTable, tokens: input.tables.tokens ?? tokensTable };
  const odds = (kernelInput: ResolveAttackInput) => {
    const preview = resolveAttack(kernelInput, options, tables);
    chance = Math.round(preview.chance * 100);
    modifiers = modifierRows(preview.modifiers, skillFromOf(input, state));
    tokensIfDescribed = resolveAttack({ ...kernelInput, described: true }, options, tables).tokensEarned;
    damage = damageOdds(
      { weapon: preview.weapon, skilled: preview.skilled, tokensSpent: preview.tokensSpent, targetDefensive: preview.targetDefensive },
      input.tables.damage ?? damageTable,
    ).outcomes.map((o) => ({ damage: o.damage, percent: (o.chance * 100).toFixed(1) }));
  };
  try {
    odds(attackInput(input, state, [1, 1]));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    error = { key: `FRACAS.Error.${e.code}`, data: { ...e.data } };
    // A spell with the wrong action (or the spell action without a spell) is refused, but the odds
    // of this choice are still shown beside the refusal, so the attacker can compare (session 4 UX
    // review #14): the same input without the spell check. Any other refusal has no odds to show.
    if (SPELL_REFUSALS.has(e.code)) {
      const { magic: _magic, ...unchecked } = attackInput(input, state, [1, 1]);
      try {
        odds(unchecked);
      } catch (again) {
        if (!isRuleError(again)) throw again;
      }
    }
  }
  const selectedTarget = targetOf(input, state);
  const locked = input.declared && !input.final ? input.declared : null;
  const injuries = injuriesOf(input.attacker.system);
  // The target's armour: its sheet's when a target is selected, else the dialog's box.
  const armoured = selectedTarget !== undefined ? selectedTarget.system.armoured === true : state.targetArmoured === true;
  return {
    attackerName: input.attacker.name,
    isPC: kind === "pc",
    earnsTokens: kind !== "henchmen",
    tokens,
    canCashIn: kind !== "henchmen" && tokens >= TOKENS_TO_DOUBLE,
    weapons: input.weapons.map((w) => ({ value: w.id, label: w.name, selected: w.id === state.weaponId })),
    bareHandsLabel: "FRACAS.Radio.Attack.BareHands",
    targets: input.targets.map((t) => ({ value: t.uuid, label: t.name, selected: t.uuid === selectedTarget?.uuid })),
    // Declared in a combat: that action only (the select shows it, fixed); else any that makes a test.
    actions: sel(
      locked ? [locked] : ACTIONS.filter((a) => a !== "defensive"),
      actionFor(input, state),
      (a) => (a === "spell" && options.spellBonus ? "FRACAS.Radio.Action.spellBonus" : `FRACAS.Radio.Action.${a}`),
    ),
    actionLocked: locked !== null,
    calledShots: sel(CALLED_SHOTS, state.called, (c) => `FRACAS.Radio.Called.${c}`).map((o) => ({ ...o, blocked: armoured && (o.value === "head" || o.value === "heart") })),
    limbs: sel(LIMBS, state.limb, (l) => `FRACAS.Radio.Limb.${l}`),
    state,
    showLimb: state.called === "limb",
    phase: input.phase,
    declared: input.declared !== null,
    chance,
    hasOdds: chance !== null,
    tokensIfDescribed,
    tokensHintLabel: pluralKey("FRACAS.Radio.Attack.TokensHint", tokensIfDescribed),
    describedMinWords: DESCRIBED_MIN_WORDS,
    descriptionWords: describedWords(state.description),
    describedLabel: isDescribed(state.description) ? pluralKey("FRACAS.Radio.Attack.DescribedEnough", tokensIfDescribed) : "FRACAS.Radio.Attack.DescribedShort",
    damage,
    modifiers,
    threshold: HIT_THRESHOLD,
    error,
    canRoll: error === null && input.turn?.refused !== true,
    turn: input.turn?.reason ? { reason: input.turn.reason, data: input.turn.data, refused: input.turn.refused } : null,
    final: input.final === true,
    disarmed: injuries.disarmed,
    disabledLimbs: injuries.disabledLimbs.map((l) => `FRACAS.Radio.Limb.${l}`),
    targetDefence:
      selectedTarget?.fromCombat === true
        ? { label: selectedTarget.defensive ? "FRACAS.Radio.Attack.TargetDefensiveDeclared" : "FRACAS.Radio.Attack.TargetNotDefensiveDeclared", name: selectedTarget.name }
        : null,
    armourFromTarget: selectedTarget !== undefined,
    targetArmour: selectedTarget?.system.armoured === true ? { name: selectedTarget.name } : null,
  };
}

/** Reads the dialog's form values into a state (unknown values keep the previous choice). */
export function stateFromForm(prev: AttackState, form: Record<string, unknown>): AttackState {
  const s = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : undefined);
  const b = (k: string) => form[k] === true || form[k] === "on" || form[k] === "true";
  const action = s("action");
  const called = s("called");
  return {
    weaponId: s("weaponId") ?? prev.weaponId,
    targetUuid: s("targetUuid") ?? prev.targetUuid,
    action: action && (ACTIONS as readonly string[]).includes(action) ? (action as Action) : prev.action,
    terrain: b("terrain"),
    description: (s("description") ?? "").slice(0, 2000),
    cashIn: b("cashIn"),
    called: called && (CALLED_SHOTS as readonly string[]).includes(called) ? (called as CalledShot) : prev.called,
    limb: (LIMBS as readonly string[]).includes(s("limb") ?? "") ? s("limb")! : prev.limb,
    knockout: b("knockout"),
    targetDefensive: b("targetDefensive"),
    targetArmoured: b("targetArmoured"),
  };
}
