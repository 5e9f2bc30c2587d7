/**
 * The FEAT dialog's form: its actions, what it holds, its defaults, its bounds, and how it is read
 * back from the dialog's fields. Pure; the dialog (feat-dialog.ts) and the roll both use it.
 */
import { ACTION_ABILITY, ATTACK_ACTIONS, MAX_SHIFT } from "../rules/index.js";
import type { AttackAction } from "../rules/index.js";
import { ABILITY_KEYS, type AbilityKey } from "../data/keys.js";
import { talentsFor, type TalentChoice } from "./talents.js";

/** The nine actions of the seed, then a plain ability FEAT. */
export const DIALOG_ACTIONS = [...ATTACK_ACTIONS.slice(0, 4), "dodging", ...ATTACK_ACTIONS.slice(4), "feat"] as const;
export type DialogAction = (typeof DIALOG_ACTIONS)[number];

/** The FEAT dialog's state (what the form holds). */
export interface FeatForm {
  ability: AbilityKey;
  action: DialogAction;
  weaponId: string;
  dodge: number;
  cover: number;
  multipleTargets: number;
  other: number;
  karma: number;
  /**
   * Cover per target, in the dialog's target order (the seed's cover is the defender's): an
   * attack on several targets reads its target's entry; a missing entry falls back to `cover`.
   */
  targetCover?: number[];
  /** The ids of the hero's talents ticked for this FEAT (their shifts join Other: withTalents). */
  talents?: string[];
}

/** The default ability for an action (a plain FEAT keeps the chosen one). */
export function abilityForAction(action: DialogAction, current: AbilityKey): AbilityKey {
  return action === "feat" ? current : ACTION_ABILITY[action];
}

/** The default action for a weapon: thrown → Throwing, ranged → Shooting, else Hack & Slash. */
export function actionForWeapon(w: { thrown: boolean; range: number }): AttackAction {
  return w.thrown ? "throwing" : w.range > 0 ? "shooting" : "hackSlash";
}

/**
 * The form switched to what was clicked on the sheet while the dialog is open (session 9, review-s8b
 * G5): a weapon's attack (its action, that action's ability, the weapon), or an ability chip's
 * FEAT (its ability and action, no weapon, as the chip opens it). The shifts, cover per target,
 * Karma and ticked talents are kept (a ticked talent counts only for its ability: talents.ts).
 */
export function switchedForm(form: FeatForm, to: { ability?: AbilityKey; action?: DialogAction; weapon?: { id: string; thrown: boolean; range: number } | null }): FeatForm {
  if (to.weapon) {
    const action = actionForWeapon(to.weapon);
    return { ...form, weaponId: to.weapon.id, action, ability: abilityForAction(action, form.ability) };
  }
  if (!to.ability) return form;
  const action = to.action ?? form.action;
  return { ...form, weaponId: "", action, ability: to.ability };
}

const clampShift = (v: number, min: number, max: number): number => Math.max(min, Math.min(max, Math.trunc(Number.isFinite(v) ? v : 0)));

/**
 * Does this action take the defender's shifts (dodge, cover) and the attacker's multiple-target
 * shift? Only an attack: the seed's dodge and cover shift "the attacker's column", and "splitting
 * attention across multiple defenders" is an attacker's. A dodge or a plain FEAT takes "other" only.
 */
export function takesAttackShifts(action: DialogAction): boolean {
  return (ATTACK_ACTIONS as readonly string[]).includes(action);
}

/**
 * Normalises form values into the kernel's bounds (left shifts ≤ 0, Karma within the pool). A dodge
 * or a plain FEAT gets no dodge, cover or multiple-target shift (takesAttackShifts): the dialog
 * prefills the multiple-target shift from the targeted tokens, which must not cost a dodge a column.
 */
export function normaliseForm(f: FeatForm, karmaPool: number): FeatForm {
  const attack = takesAttackShifts(f.action);
  return {
    ...f,
    dodge: attack ? clampShift(f.dodge, -MAX_SHIFT, 0) : 0,
    cover: attack ? clampShift(f.cover, -MAX_SHIFT, 0) : 0,
    multipleTargets: attack ? clampShift(f.multipleTargets, -MAX_SHIFT, 0) : 0,
    other: clampShift(f.other, -MAX_SHIFT, MAX_SHIFT),
    karma: clampShift(f.karma, 0, karmaPool),
    ...(f.targetCover ? { targetCover: f.targetCover.map((c) => clampShift(c, -MAX_SHIFT, 0)) } : {}),
  };
}

/**
 * The dialog's form read back into a FeatForm (pure: `get` is FormData's get). A changed action
 * resets the ability to the action's own. With several targets of an attack each target's cover
 * is its own field `cover-<index>` (coverPerTarget); otherwise the one `cover` field counts.
 */
export function formFromFields(get: (name: string) => unknown, current: FeatForm, targetCount: number, changed: string | null, talents: readonly TalentChoice[] = []): FeatForm {
  const raw = (k: string): unknown => get(k) ?? null;
  const num = (k: string): number => Number(raw(k) ?? 0) || 0;
  // A field not on the form (the attack shifts, hidden for a dodge or a plain FEAT) keeps its value,
  // so switching back to an attack finds the multiple-target shift and cover as they were.
  const kept = (k: "dodge" | "cover" | "multipleTargets"): number => (raw(k) === null ? current[k] : num(k));
  const actionIn = String(raw("action") ?? current.action);
  const action: DialogAction = (DIALOG_ACTIONS as readonly string[]).includes(actionIn) ? (actionIn as DialogAction) : "slugfest";
  const abilityIn = String(raw("ability") ?? current.ability) as AbilityKey;
  const cover = kept("cover");
  // The talent boxes on the form are those drawn for the ability it was rendered with (current):
  // an unticked box reads as absent, so only those are read; a talent not shown keeps its tick.
  const ticked = new Set(current.talents ?? []);
  // A box reads true/false as V13's FormDataExtended gives it ("on" or absent as a browser's FormData).
  for (const t of talentsFor(current.ability, talents)) {
    const v = raw(`talent-${t.id}`);
    if (v === true || v === "on" || v === "true") ticked.add(t.id);
    else ticked.delete(t.id);
  }
  return {
    action,
    ability: changed === "action" ? abilityForAction(action, abilityIn) : ABILITY_KEYS.includes(abilityIn) ? abilityIn : "fighting",
    weaponId: String(raw("weaponId") ?? ""),
    dodge: kept("dodge"),
    cover,
    multipleTargets: kept("multipleTargets"),
    other: num("other"),
    karma: num("karma"),
    // A target's field is on the form only while the choice is per target: otherwise its last choice is kept.
    targetCover: Array.from({ length: targetCount }, (_, i) => (raw(`cover-${i}`) === null ? (current.targetCover?.[i] ?? 0) : num(`cover-${i}`))),
    talents: talents.filter((t) => ticked.has(t.id)).map((t) => t.id),
  };
}

/**
 * The dodge shift an attack on one target uses: the target's recorded dodge this round when it
 * has one, else the dialog's dodge field. The dialog's odds and the roll both use this.
 */
export function targetDodge(recorded: number | null, formDodge: number): number {
  return recorded ?? formDodge;
}

export function totalShift(f: FeatForm): number {
  return clampShift(f.dodge + f.cover + f.multipleTargets + f.other, -MAX_SHIFT, MAX_SHIFT);
}
