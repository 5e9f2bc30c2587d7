/**
 * The radio sheets' contexts, pure over plain data (the actor's system JSON and its items), so
 * the sheet classes and the browser fixtures render the same thing.
 */
import * as ledger from "../../../engine/ledger.js";
import { TIERS, WEAPONS, consequenceOdds, damageTable, tierModifier, tiersTable } from "../rules/index.js";
import { intAt, type Grid } from "../../../engine/tables.js";
import { LIMBS, SKILLS, STATES } from "../data/vocab.js";
import { effectiveState, henchmenPoolOf, readPool, type Sys } from "../data/state.js";
import { downReason } from "../data/down.js";
import { tokenReasonView } from "../data/token-reasons.js";
import { groupSizeOf } from "../data/group-size.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { signed } from "../signed.js";

export interface ItemRow {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Sys;
}

const opts = (values: readonly string[], current: unknown, prefix: string) => values.map((v) => ({ value: v, label: `${prefix}.${v}`, selected: v === current }));
const num = (v: unknown) => (typeof v === "number" ? v : 0);
const obj = (v: unknown): Sys => (typeof v === "object" && v !== null ? (v as Sys) : {});

function itemRows(items: readonly ItemRow[]) {
  return items
    .filter((i) => i.type === "radioWeapon" || i.type === "radioGadget")
    .map((i) => ({
      id: i.id,
      name: i.name,
      img: i.img,
      typeLabel: `TYPES.Item.${i.type}`,
      categoryLabel: `FRACAS.Radio.Weapon.${String(i.system.category ?? "hand")}`,
      piercing: i.system.piercing === true || i.system.category === "blade" || i.system.category === "projectile",
    }));
}

function tokenView(pool: unknown, isGM: boolean) {
  const p = readPool(pool);
  return {
    value: p.value,
    canDouble: p.value >= 5,
    history: ledger
      .history(p)
      .slice(-5)
      .reverse()
      .map((h) => ({ delta: h.delta === 0 ? "0" : signed(h.delta), reason: tokenReasonView(h.reason), after: h.after, undone: h.undone === true })),
    isGM,
  };
}

function woundView(system: Sys, isPC: boolean) {
  const w = obj(system.wounds);
  const state = effectiveState(num(w.value), String(system.state ?? "active"), isPC);
  return {
    value: num(w.value),
    max: num(w.max),
    state,
    stateLabel: `FRACAS.Radio.State.${state}`,
    states: opts(STATES, system.state, "FRACAS.Radio.State"),
  };
}

function limbView(system: Sys) {
  const disabled = Array.isArray(system.disabledLimbs) ? (system.disabledLimbs as string[]) : [];
  return LIMBS.map((l) => {
    const off = disabled.includes(l);
    // What a click does: restore a disabled limb, or mark a working one disabled.
    return { value: l, label: `FRACAS.Radio.Limb.${l}`, disabled: off, tooltip: off ? "FRACAS.Radio.Limb.RestoreTip" : "FRACAS.Radio.Limb.DisableTip" };
  });
}

/** A reader's limbs line: the disabled limbs' labels (none: all working), text instead of disabled buttons. */
function limbsDisabled(system: Sys): string[] {
  return limbView(system).filter((l) => l.disabled).map((l) => l.label);
}

export interface SheetMeta {
  name: string;
  img: string;
  editable: boolean;
  isGM: boolean;
  inCombat: boolean;
  declared: string;
  /** Spent the round just ended on the defensive action (the escape check is offered). */
  defensiveLastRound?: boolean;
  /** Foundry's defeated mark on the actor's combatant (it downs anyone the GM marked; see data/down.ts). */
  defeated?: boolean;
  /** The described defence's token for the current defensive round is already on the ledger (data/defence.ts). */
  defenceEarned?: boolean;
  /**
   * The actor holds the current act step of a started combat (cards/turn.ts): its phase, the
   * tokens a described action earns with the declared action, and whether the step's one action
   * was already taken (an attack, or a described action). Absent: not its step.
   */
  step?: { phase: number; tokens: number; used: boolean } | null;
  /**
   * A reader's notes (the sheet is not editable): the notes HTML field enriched for display, shown
   * as text rather than in a disabled box; "" for an editor (who gets the box) or no notes.
   */
  notesHTML?: string;
}

/**
 * The header Attack button: only for a viewer who may use it (the sheet is editable: the owner or
 * the GM; anyone else's click is refused, session 3 UX review #14); disabled, with the reason (an
 * i18n key), for a combatant who cannot act now — the same reason the click refuses with
 * (data/down.ts), so a dying hero owed the final heroic action keeps a live button (their attack
 * is that action). A player whose turn's one action is already taken (an attack, or a described
 * action) gets it disabled too, with the turn's phase (`phase`): the dialog would refuse the roll
 * (session 4 UX review #3). The GM keeps it live: the GM may roll out of turn.
 */
function attackButton(type: string, system: Sys, meta: SheetMeta) {
  const reason = downReason(type, system, meta.defeated === true);
  if (reason === null && !meta.isGM && meta.step?.used === true) return { shown: meta.editable, disabled: true, reason: "FRACAS.Radio.Turn.ActedReason", phase: meta.step.phase };
  return { shown: meta.editable, disabled: reason !== null, reason: reason ?? "", phase: 0 };
}

/** The label key of the option of `options` that is selected (a read-only sheet shows it as text), or "". */
const selectedLabel = (options: readonly { label: string; selected: boolean }[]) => options.find((o) => o.selected)?.label ?? "";

export function heroView(meta: SheetMeta, system: Sys, items: readonly ItemRow[]) {
  const skills = obj(system.skills);
  const wounds = woundView(system, true);
  const finalAction = wounds.state === "dead" && system.finalAction === true;
  // While the final heroic action is owed the hero still acts: "Dead" would tell the player to stop,
  // in the "Now:" line and in the State select alike (session 4 UX review #7).
  if (finalAction) {
    wounds.stateLabel = "FRACAS.Radio.State.finalActionDue";
    wounds.states = wounds.states.map((o) => (o.value === "dead" ? { ...o, label: "FRACAS.Radio.State.finalActionDue" } : o));
  }
  return {
    meta,
    system,
    skills: SKILLS.map((s) => ({ key: s, label: `FRACAS.Radio.Skill.${s}`, value: num(skills[s]), name: `system.skills.${s}` })),
    weaponSkills: (Array.isArray(system.weaponSkills) ? (system.weaponSkills as Sys[]) : []).map((w, i) => ({
      index: i,
      name: String(w.name ?? ""),
      bonus: num(w.bonus),
      skills: opts(SKILLS, w.skill, "FRACAS.Radio.Skill"),
      skillLabel: selectedLabel(opts(SKILLS, w.skill, "FRACAS.Radio.Skill")),
    })),
    wounds,
    tokens: tokenView(system.tokens, meta.isGM),
    limbs: limbView(system),
    limbsDisabled: limbsDisabled(system),
    piercingWounds: num(system.piercingWounds),
    disarmed: system.disarmed === true,
    armoured: system.armoured === true,
    escaped: system.escaped === true,
    finalAction,
    attack: attackButton("radioHero", system, meta),
    defence: defenceView(meta, wounds.state),
    stepAction: stepActionView(meta, wounds.state),
    items: itemRows(items),
  };
}

/**
 * The defensive action's row on the sheet (cards/defence-round.ts): the described defence's token,
 * once per defensive round (this one, or the one just ended) — disabled once earned, with a note;
 * the escape, only once the defensive round has ended (seed: "at the end of any round in which they
 * engaged in a defensive action"); during it, a note that the escape comes at its end. A henchmen
 * group's row has the escape only (`earnsTokens` false).
 */
/**
 * "Described another action" in the actor's own act step (seed Step 4: a participant who describes
 * what they do in more detail than "I shoot him" earns 2 tokens, or 1 frenzied — whatever the
 * action is; the attack dialog earns them with an attack): for a step spent on something else
 * (reloading, building a gadget, a rescue), once, and it uses the step as an attack would
 * (cards/step-action.ts). The owner's or the GM's; not for henchmen (they earn no tokens).
 */
function stepActionView(meta: SheetMeta, state: string) {
  const step = meta.step;
  if (!meta.editable || !step || step.tokens <= 0 || state !== "active") return null;
  return { phase: step.phase, tokens: step.tokens, used: step.used, label: pluralKey("FRACAS.Radio.StepAction.Earn", step.tokens) };
}

function defenceView(meta: SheetMeta, state: string, earnsTokens = true) {
  // The row's buttons are the owner's (or the GM's): a reader gets none (session 3 UX review #14).
  const active = state === "active" && meta.editable;
  const now = meta.inCombat && meta.declared === "defensive";
  const ended = meta.defensiveLastRound === true;
  // Henchmen earn no tokens (seed: only "villainous NPCs with statistics (non-henchmen)"): their row is the escape alone.
  const canEarn = earnsTokens && active && (now || ended);
  const canEscape = active && ended;
  return {
    show: canEarn || canEscape,
    canEarn,
    // The token is for this round when defensive now, else for the round just ended (cards/defence-round.ts defenceRound): say which.
    earnLabel: now ? "FRACAS.Radio.Defence.Earn" : "FRACAS.Radio.Defence.EarnLast",
    earned: canEarn && meta.defenceEarned === true,
    canEscape,
    // The escape is a consequence roll: anything but a 6 escapes (rules/escape.ts; odds.ts consequenceOdds).
    escapeChance: Math.round(consequenceOdds().notSix * 100),
    escapeLater: active && now && !ended,
    // A henchmen group escapes as one: its one roll says so (session 4 UX review #22.6).
    escapeOddsLabel: earnsTokens ? "FRACAS.Radio.Defence.EscapeOdds" : "FRACAS.Radio.Defence.EscapeOddsGroup",
  };
}

/** An NPC's combat skill: its tier's modifier (an unknown tier counts 0) plus any extra bonus. */
function combatSkillOf(tier: string, system: Sys, tiers: Grid): number {
  let tierValue = 0;
  try {
    tierValue = tierModifier(tier as (typeof TIERS)[number], tiers);
  } catch {
    tierValue = 0;
  }
  return tierValue + num(system.skillBonus);
}

/** An actor that may lead henchmen or minions (a world minion or boss), as the leader select lists it. */
export interface LeaderCandidate {
  uuid: string;
  name: string;
  /** Its kind's label key (FRACAS.Radio.Kind.minion / boss). */
  kindLabel: string;
}

/** What the sheet knows about leaders: the world's candidates, and the stored leader's name (null when no actor has that UUID). */
export interface LeaderInput {
  candidates: readonly LeaderCandidate[];
  name: string | null;
}

export const NO_LEADER_INPUT: LeaderInput = { candidates: [], name: null };

/**
 * The leader field: a select of candidates by name that stores the UUID (never a raw UUID to type).
 * The stored UUID always stays among the options — an actor that is not a candidate (listed by its
 * name) or no longer exists ("a missing actor") — so submitting another field never clears it.
 */
export function leaderView(stored: unknown, input: LeaderInput) {
  const uuid = typeof stored === "string" ? stored : "";
  const options = [...input.candidates]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => ({ value: c.uuid, name: c.name, kindLabel: c.kindLabel, selected: c.uuid === uuid }));
  const listed = uuid === "" || options.some((o) => o.selected);
  if (!listed && input.name !== null) options.push({ value: uuid, name: input.name, kindLabel: "", selected: true });
  return {
    uuid,
    /** The leader's name for read-only sheets ("Led by …"), or null. */
    name: uuid === "" ? null : input.name,
    options,
    missing: !listed && input.name === null,
  };
}

export function opponentView(meta: SheetMeta, system: Sys, items: readonly ItemRow[], leader: LeaderInput = NO_LEADER_INPUT, tiers: Grid = tiersTable) {
  const tier = String(system.tier ?? "standard");
  const wounds = woundView(system, false);
  const combatSkill = combatSkillOf(tier, system, tiers);
  return {
    meta,
    system,
    kinds: opts(["minion", "boss"], system.kind, "FRACAS.Radio.Kind"),
    kindLabel: selectedLabel(opts(["minion", "boss"], system.kind, "FRACAS.Radio.Kind")),
    tiers: opts(TIERS, tier, "FRACAS.Radio.Tier"),
    tierLabel: selectedLabel(opts(TIERS, tier, "FRACAS.Radio.Tier")),
    combatSkill: signed(combatSkill),
    wounds,
    tokens: tokenView(system.tokens, meta.isGM),
    limbs: limbView(system),
    limbsDisabled: limbsDisabled(system),
    disarmed: system.disarmed === true,
    armoured: system.armoured === true,
    fled: system.fled === true,
    attack: attackButton("radioOpponent", system, meta),
    leader: leaderView(system.leader, leader),
    defence: defenceView(meta, wounds.state),
    stepAction: stepActionView(meta, wounds.state),
    items: itemRows(items),
  };
}

export function henchmenView(meta: SheetMeta, system: Sys, items: readonly ItemRow[], leader: LeaderInput = NO_LEADER_INPUT, tiers: Grid = tiersTable) {
  const count = num(system.count);
  const woundsEach = Math.max(1, num(system.woundsEach));
  const carried = Math.min(num(system.carried), woundsEach - 1);
  const size = groupSizeOf(system.size, count);
  const tier = String(system.tier ?? "standard");
  const combatSkill = combatSkillOf(tier, system, tiers);
  return {
    meta,
    system,
    tiers: opts(TIERS, tier, "FRACAS.Radio.Tier"),
    tierLabel: selectedLabel(opts(TIERS, tier, "FRACAS.Radio.Tier")),
    combatSkill: signed(combatSkill),
    /** The group at full strength (review-s10-content P3): the pool's maximum, as the token bar's. */
    size,
    pool: henchmenPoolOf({ count, woundsEach, carried }),
    poolMax: size * woundsEach,
    poolLabel: pluralKey("FRACAS.Radio.Henchmen.Pool", size * woundsEach),
    /** One pip per henchman still standing (capped for display). */
    pips: Array.from({ length: Math.min(count, 40) }, (_, i) => ({ index: i + 1, hurt: i === 0 && carried > 0 })),
    more: Math.max(0, count - 40),
    leader: leaderView(system.leader, leader),
    fled: system.fled === true,
    attack: attackButton("radioHenchmen", system, meta),
    // A group that spent the round just ended defensive may try to escape, as one (DECISIONS.md).
    defence: defenceView(meta, count > 0 && system.fled !== true ? "active" : "gone", false),
    items: itemRows(items),
  };
}

/** What a hit with this category deals, unskilled and skilled, by the damage table in force (0 for a category it lacks). */
function weaponDamage(category: string, table: Grid): { unskilled: number; skilled: number } {
  try {
    return { unskilled: intAt(table, category, "unskilled"), skilled: intAt(table, category, "skilled") };
  } catch {
    return { unskilled: 0, skilled: 0 };
  }
}

/**
 * `descriptionHTML` is the enriched description (the sheet enriches it; fixtures pass HTML): shown as
 * HTML, and edited in a prose-mirror holding `descriptionRaw` (the stored HTML), never as raw text.
 */
export function itemView(meta: { name: string; img: string; editable: boolean; type: string }, system: Sys, descriptionHTML = "", damage: Grid = damageTable) {
  const category = String(system.category ?? "hand");
  const dealt = weaponDamage(category, damage);
  const alwaysPiercing = category === "blade" || category === "projectile";
  return {
    meta,
    system,
    descriptionRaw: typeof system.description === "string" ? system.description : "",
    descriptionHTML,
    isGadget: meta.type === "radioGadget",
    kinds: opts(["gadget", "spell"], system.kind, "FRACAS.Radio.GadgetKind"),
    categories: opts(WEAPONS, category, "FRACAS.Radio.Weapon"),
    skills: opts(SKILLS, system.skill, "FRACAS.Radio.Skill"),
    alwaysPiercing,
    /** Checked for a blade or projectile whatever is stored (the box is then disabled: it cannot change that). */
    piercingChecked: alwaysPiercing || system.piercing === true,
    area: category === "area",
    damage: dealt.unskilled,
    skilledDamage: dealt.skilled,
    /** Skill with the weapon matters only where the table in force gives it more (the seed: rocks 1, skilled 2). */
    skillMatters: dealt.skilled !== dealt.unskilled,
    // Where skill matters, the damage this item deals as ticked comes first, the other in brackets.
    damageLabel: dealt.skilled === dealt.unskilled ? "FRACAS.Radio.Items.Damage" : system.skilled === true ? "FRACAS.Radio.Items.DamageSkilled" : "FRACAS.Radio.Items.DamageUnskilled",
  };
}
