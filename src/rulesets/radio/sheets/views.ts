/**
 * The radio sheets' contexts, pure over plain data (the actor's system JSON and its items), so
 * the sheet classes and the browser fixtures render the same thing.
 */
import * as ledger from "../../../engine/ledger.js";
import { TIERS, WEAPONS, tierModifier, tiersTable } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import { LIMBS, SKILLS, STATES } from "../data/vocab.js";
import { effectiveState, henchmenPoolOf, readPool, type Sys } from "../data/state.js";
import { downReason } from "../data/down.js";

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
      .map((h) => ({ delta: h.delta > 0 ? `+${h.delta}` : `${h.delta}`, reason: h.reason, after: h.after, undone: h.undone === true })),
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
  return LIMBS.map((l) => ({ value: l, label: `FRACAS.Radio.Limb.${l}`, disabled: disabled.includes(l) }));
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
}

/**
 * The header Attack button: disabled, with the reason (an i18n key), for a combatant who cannot act
 * now — the same reason the click refuses with (data/down.ts), so a dying hero owed the final heroic
 * action keeps a live button (their attack is that action).
 */
function attackButton(type: string, system: Sys, meta: SheetMeta) {
  const reason = downReason(type, system, meta.defeated === true);
  return { disabled: reason !== null, reason: reason ?? "" };
}

export function heroView(meta: SheetMeta, system: Sys, items: readonly ItemRow[]) {
  const skills = obj(system.skills);
  const wounds = woundView(system, true);
  const finalAction = wounds.state === "dead" && system.finalAction === true;
  // While the final heroic action is owed the hero still acts: "Dead" would tell the player to stop.
  if (finalAction) wounds.stateLabel = "FRACAS.Radio.State.finalActionDue";
  return {
    meta,
    system,
    skills: SKILLS.map((s) => ({ key: s, label: `FRACAS.Radio.Skill.${s}`, value: num(skills[s]), name: `system.skills.${s}` })),
    weaponSkills: (Array.isArray(system.weaponSkills) ? (system.weaponSkills as Sys[]) : []).map((w, i) => ({
      index: i,
      name: String(w.name ?? ""),
      bonus: num(w.bonus),
      skills: opts(SKILLS, w.skill, "FRACAS.Radio.Skill"),
    })),
    wounds,
    tokens: tokenView(system.tokens, meta.isGM),
    limbs: limbView(system),
    piercingWounds: num(system.piercingWounds),
    disarmed: system.disarmed === true,
    armoured: system.armoured === true,
    escaped: system.escaped === true,
    finalAction,
    attack: attackButton("radioHero", system, meta),
    canEscape: canEscape(meta, wounds.state),
    items: itemRows(items),
  };
}

/** Defensive this round (escape at its end) or last round (escape offered at this round's start). */
function canEscape(meta: SheetMeta, state: string): boolean {
  return state === "active" && ((meta.inCombat && meta.declared === "defensive") || meta.defensiveLastRound === true);
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

export function opponentView(meta: SheetMeta, system: Sys, items: readonly ItemRow[], tiers: Grid = tiersTable) {
  const tier = String(system.tier ?? "standard");
  const wounds = woundView(system, false);
  const combatSkill = combatSkillOf(tier, system, tiers);
  return {
    meta,
    system,
    kinds: opts(["minion", "boss"], system.kind, "FRACAS.Radio.Kind"),
    tiers: opts(TIERS, tier, "FRACAS.Radio.Tier"),
    combatSkill: combatSkill >= 0 ? `+${combatSkill}` : `${combatSkill}`,
    wounds,
    tokens: tokenView(system.tokens, meta.isGM),
    limbs: limbView(system),
    disarmed: system.disarmed === true,
    armoured: system.armoured === true,
    fled: system.fled === true,
    attack: attackButton("radioOpponent", system, meta),
    leader: String(system.leader ?? ""),
    canEscape: canEscape(meta, wounds.state),
    items: itemRows(items),
  };
}

export function henchmenView(meta: SheetMeta, system: Sys, items: readonly ItemRow[], leaderName: string | null, tiers: Grid = tiersTable) {
  const count = num(system.count);
  const woundsEach = Math.max(1, num(system.woundsEach));
  const carried = Math.min(num(system.carried), woundsEach - 1);
  const tier = String(system.tier ?? "standard");
  const combatSkill = combatSkillOf(tier, system, tiers);
  return {
    meta,
    system,
    tiers: opts(TIERS, tier, "FRACAS.Radio.Tier"),
    combatSkill: combatSkill >= 0 ? `+${combatSkill}` : `${combatSkill}`,
    pool: henchmenPoolOf({ count, woundsEach, carried }),
    poolMax: count * woundsEach,
    /** One pip per henchman still standing (capped for display). */
    pips: Array.from({ length: Math.min(count, 40) }, (_, i) => ({ index: i + 1, hurt: i === 0 && carried > 0 })),
    more: Math.max(0, count - 40),
    leader: String(system.leader ?? ""),
    leaderName,
    attack: attackButton("radioHenchmen", system, meta),
    items: itemRows(items),
  };
}

/**
 * `descriptionHTML` is the enriched description (the sheet enriches it; fixtures pass HTML): shown as
 * HTML, and edited in a prose-mirror holding `descriptionRaw` (the stored HTML), never as raw text.
 */
export function itemView(meta: { name: string; img: string; editable: boolean; type: string }, system: Sys, descriptionHTML = "") {
  const category = String(system.category ?? "hand");
  return {
    meta,
    system,
    descriptionRaw: typeof system.description === "string" ? system.description : "",
    descriptionHTML,
    isGadget: meta.type === "radioGadget",
    kinds: opts(["gadget", "spell"], system.kind, "FRACAS.Radio.GadgetKind"),
    categories: opts(WEAPONS, category, "FRACAS.Radio.Weapon"),
    skills: opts(SKILLS, system.skill, "FRACAS.Radio.Skill"),
    alwaysPiercing: category === "blade" || category === "projectile",
    area: category === "area",
  };
}
