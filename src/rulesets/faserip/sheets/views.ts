/**
 * Pure context builders for the faserip templates (sheet, item sheet, FEAT dialog, cards). The
 * sheets and the browser fixtures both call these, so fixtures follow the code.
 */
import { ACTION_ABILITY, ATTACK_ACTIONS, COLORS, COVER_LEVELS, MAX_KNOCKBACK_AREAS, MAX_SHIFT, MIN_KNOCKBACK_AREAS, battleEffect, colorOdds, coverShift, dodgeShift, rankFromNumber, resolveFeat, toRankKey } from "../rules/index.js";
import type { AttackAction, AttackResult, Color, FeatResult, RankKey, SecondaryCheck } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import { isRuleError } from "../../../engine/errors.js";
import { ABILITY_KEYS, type AbilityKey } from "../data/keys.js";
import { heroView, isStabilised } from "../data/state.js";
import { sideOf } from "../combat.js";
import { pluralKey } from "../../../foundry/i18n.js";

const L = "FRACAS.Faserip";
export const rankLabel = (key: RankKey): string => `${L}.Rank.${key}`;
export const abilityLabel = (key: string): string => `${L}.Ability.${key}`;

/** The nine actions of the seed, then a plain ability FEAT. */
export const DIALOG_ACTIONS = [...ATTACK_ACTIONS.slice(0, 4), "dodging", ...ATTACK_ACTIONS.slice(4), "feat"] as const;
export type DialogAction = (typeof DIALOG_ACTIONS)[number];

export interface ItemInput {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

export interface HeroSheetInput {
  name: string;
  img: string;
  system: unknown;
  karma: { value: number; start: number; history: { delta: number; reason: string; undone: boolean }[] };
  items: ItemInput[];
  editable: boolean;
  isGM: boolean;
  notesHTML: string;
  ranks?: Grid;
  /**
   * Why the hero cannot act now (an i18n key from down.ts, as the sheet reads it with
   * cards/roll.ts's actorDownReason — the reason the roll itself refuses with), or null.
   */
  downReason?: string | null;
  /**
   * Why the hero may make no attack now though able to act (an i18n key taking {name}: they
   * dodged this round, cards/roll.ts attackRefusalOf — the roll's own refusal), or null.
   */
  attackRefusal?: string | null;
  /**
   * The hero fights in a started combat: its round start counts the stun down and posts the dying
   * card, so the sheet's "A round passes" buttons (for outside a fight) are not offered.
   */
  inCombat?: boolean;
}

/** The action each ability chip opens the FEAT dialog on (its usual attack or dodge, else a plain FEAT). */
const CHIP_ACTIONS: Partial<Record<AbilityKey, DialogAction>> = { fighting: "slugfest", agility: "dodging", strength: "grappling", endurance: "charging" };

/**
 * The action an ability chip opens. A hero who cannot act (or who dodged this round, `down` too
 * then) gets a plain FEAT with that ability: the roll refuses attacks and dodges then, but lets a plain ability FEAT through (the GM may
 * call for one whatever the state), so the chip offers what can be rolled.
 */
export function chipAction(ability: AbilityKey, down: boolean): DialogAction {
  return down ? "feat" : (CHIP_ACTIONS[ability] ?? "feat");
}

const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export function heroSheetView(input: HeroSheetInput) {
  const hero = heroView(input.system);
  const rk = (v: number): RankKey => rankFromNumber(Math.max(0, Math.trunc(v)), input.ranks);
  const cannotAct = input.downReason ?? null;
  // Dodged this round (and not down): no attack and no second dodge, so the same as down for the
  // attack buttons and the chips, with its own reason.
  const attackRefusal = cannotAct ? null : (input.attackRefusal ?? null);
  const noAttack = cannotAct !== null || attackRefusal !== null;
  const abilities = ABILITY_KEYS.map((key) => ({
    key,
    label: abilityLabel(key),
    short: `${L}.AbilityShort.${key}`,
    // Down or dodged: the chip still rolls, a plain FEAT (chipAction); its label says so.
    rollKey: noAttack && CHIP_ACTIONS[key] ? `${L}.Sheet.RollAbilityPlain` : `${L}.Sheet.RollAbility`,
    value: hero.abilities[key],
    rankLabel: rankLabel(rk(hero.abilities[key])),
    field: `system.abilities.${key}`,
    id: `faserip-ability-${key}`,
  }));
  const endBase = rk(hero.abilities.endurance);
  const endNow = hero.status.endurance ? (hero.status.endurance as RankKey) : endBase;
  const badges: string[] = [];
  if (hero.status.dead) badges.push("FRACAS.Status.dead");
  if (hero.status.dying) badges.push("FRACAS.Status.dying");
  if (hero.status.unconscious) badges.push("FRACAS.Status.unconscious");
  if (isStabilised(input.system)) badges.push(`${L}.Status.stabilised`);
  if (hero.status.stunnedRounds > 0) badges.push("FRACAS.Status.stunned");
  if (hero.status.prone) badges.push("FRACAS.Status.prone");
  if (hero.status.restrained) badges.push("FRACAS.Status.restrained");
  const byType = (t: string) => input.items.filter((i) => i.type === t);
  const side = (input.system as { side?: string } | null)?.side ?? "auto";
  return {
    name: input.name,
    img: input.img,
    editable: input.editable,
    isGM: input.isGM,
    abilities,
    armor: { value: hero.armor, rankLabel: rankLabel(rk(hero.armor)) },
    health: { value: hero.health.value, max: hero.health.max, percent: hero.health.max > 0 ? Math.round((100 * hero.health.value) / hero.health.max) : 0 },
    karma: { ...input.karma, history: input.karma.history.slice(-5).reverse() },
    status: {
      badges,
      dying: hero.status.dying,
      stunnedRounds: hero.status.stunnedRounds,
      stunnedNoteKey: pluralKey(`${L}.Sheet.StunnedNote`, hero.status.stunnedRounds),
      enduranceReduced: endNow !== endBase,
      enduranceNowLabel: rankLabel(endNow),
      /** In a started combat the round start passes the rounds: a note instead of the buttons. */
      roundsByTracker: input.inCombat === true,
    },
    /** The reason key when the hero cannot act now: attacks are shown disabled, with it. */
    cannotAct,
    /** The reason key (taking {name}) when the hero can act but may not attack (dodged this round): attacks disabled, with it. */
    attackRefusal,
    /** A viewer's item button opens a read-only sheet: it says "View", with an eye, not "Edit" and a pen. */
    itemButton: input.editable ? { key: `${L}.Sheet.Edit`, icon: "fa-pen" } : { key: `${L}.Sheet.View`, icon: "fa-eye" },
    side,
    sideChoices: { auto: `${L}.Side.auto`, heroes: `${L}.Side.heroes`, villains: `${L}.Side.villains` },
    /** Read-only sheets show the side as text, not a disabled (low-contrast) select. */
    sideLabel: `${L}.Side.${side === "heroes" || side === "villains" ? side : "auto"}`,
    weapons: byType("faseripWeapon").map((w) => ({
      id: w.id,
      name: w.name,
      img: w.img,
      damage: n(w.system["damage"]),
      damageLabel: rankLabel(rk(n(w.system["damage"]))),
      range: n(w.system["range"]),
      edgeLabel: `${L}.Edge.${w.system["edge"] === "edged" ? "edged" : "blunt"}`,
      thrown: w.system["thrown"] === true,
      /** The attack button's label and tooltip: with the reason when it is disabled. */
      attackKey: cannotAct ? `${L}.Sheet.AttackBlocked` : attackRefusal ? `${L}.Sheet.AttackAfterDodge` : `${L}.Sheet.Attack`,
      attackDisabled: noAttack,
    })),
    powers: byType("faseripPower").map((p) => ({
      id: p.id,
      name: p.name,
      img: p.img,
      rank: n(p.system["rank"]),
      rankLabel: rankLabel(rk(n(p.system["rank"]))),
      effect: String(p.system["effect"] ?? ""),
    })),
    talents: byType("faseripTalent").map((t) => ({
      id: t.id,
      name: t.name,
      img: t.img,
      abilityLabel: t.system["ability"] ? abilityLabel(String(t.system["ability"])) : "",
      shift: n(t.system["shift"]),
      /** "+1", "−1" (a true minus sign, as every column shift shows). */
      shiftText: csText(n(t.system["shift"])),
    })),
    notesHTML: input.notesHTML,
  };
}

export function itemSheetView(input: { name: string; img: string; type: string; system: Record<string, unknown>; editable: boolean; descriptionHTML: string; ranks?: Grid }) {
  const rk = (v: unknown): string => rankLabel(rankFromNumber(Math.max(0, Math.trunc(n(v))), input.ranks));
  return {
    name: input.name,
    img: input.img,
    type: input.type,
    editable: input.editable,
    isWeapon: input.type === "faseripWeapon",
    isPower: input.type === "faseripPower",
    isTalent: input.type === "faseripTalent",
    system: input.system,
    damageLabel: rk(input.system["damage"]),
    rankLabel: rk(input.system["rank"]),
    edgeChoices: { blunt: `${L}.Edge.blunt`, edged: `${L}.Edge.edged` },
    /** Read-only sheets show the choices as text, not disabled (low-contrast) selects. */
    edgeLabel: `${L}.Edge.${input.system["edge"] === "edged" ? "edged" : "blunt"}`,
    abilityLabel: input.system["ability"] ? abilityLabel(String(input.system["ability"])) : `${L}.Ability.none`,
    abilityChoices: Object.fromEntries([["", `${L}.Ability.none`], ...ABILITY_KEYS.map((k) => [k, abilityLabel(k)])]),
    descriptionHTML: input.descriptionHTML,
  };
}

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

/** A hero's talent as the FEAT dialog offers it: the ability it helps ("" = any) and its column shift. */
export interface TalentChoice {
  id: string;
  name: string;
  ability: string;
  shift: number;
}

/** The hero's talents that may help a FEAT with `ability`: that ability's, and those of no ability in particular. */
export function talentsFor(ability: AbilityKey, talents: readonly TalentChoice[]): TalentChoice[] {
  return talents.filter((t) => t.ability === "" || t.ability === ability);
}

/** The ticked talents that count for this FEAT (those that help its ability), in the hero's order. */
export function tickedTalents(f: Pick<FeatForm, "ability" | "talents">, talents: readonly TalentChoice[]): TalentChoice[] {
  const ticked = new Set(f.talents ?? []);
  return talentsFor(f.ability, talents).filter((t) => ticked.has(t.id));
}

/** The column shift the ticked talents give this FEAT (only those that help its ability count). */
export function talentShift(f: Pick<FeatForm, "ability" | "talents">, talents: readonly TalentChoice[]): number {
  return tickedTalents(f, talents).reduce((sum, t) => sum + t.shift, 0);
}

/** A talent named on a card: its name and column shift (kept in the card's result when rolled). */
export interface CardTalent {
  name: string;
  shift: number;
}

/**
 * The talents a card names (its result's `talents`, whose shifts are in the column's total), as
 * "name (+1 CS)" tags. A card from before talents were kept, or anything malformed, names none.
 */
export function cardTalents(stored: unknown): { name: string; shiftText: string }[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((t: unknown) => {
    const o = (typeof t === "object" && t !== null ? t : {}) as Record<string, unknown>;
    return typeof o["name"] === "string" && typeof o["shift"] === "number" && Number.isFinite(o["shift"]) ? [{ name: o["name"], shiftText: csText(o["shift"]) }] : [];
  });
}

/**
 * The form the roll and the odds use: the ticked talents' shift added to Other (the talent item's
 * shift was the GM's to add by hand before). The dialog keeps Other as typed; only this copy adds.
 */
export function withTalents(f: FeatForm, talents: readonly TalentChoice[]): FeatForm {
  const shift = talentShift(f, talents);
  return shift === 0 ? f : { ...f, other: f.other + shift };
}

/**
 * The cover shift an attack on target `index` of `targetCount` uses: with several targets that
 * target's own choice (else the form's), with one or none the form's single field.
 */
export function coverFor(f: Pick<FeatForm, "action" | "cover" | "targetCover">, index: number, targetCount: number): number {
  return coverPerTarget(f.action, targetCount) ? (f.targetCover?.[index] ?? f.cover) : f.cover;
}

/** Several targets of an attack: cover is chosen per target (each card resolves its own). */
export function coverPerTarget(action: DialogAction, targetCount: number): boolean {
  return (ATTACK_ACTIONS as readonly string[]).includes(action) && targetCount > 1;
}

export interface FeatDialogInput {
  actorName: string;
  abilities: Record<AbilityKey, number>;
  karmaPool: number;
  weapons: { id: string; name: string; damage: number; thrown: boolean }[];
  targets: { name: string; dodgeColor: Color | null; dodgeShift: number | null }[];
  form: FeatForm;
  tables?: { universal?: Grid; ranks?: Grid; battleEffects?: Grid; dodgeShifts?: Grid };
  /** The hero's talents (the dialog offers those that help the chosen ability). */
  talents?: TalentChoice[];
  /** Why this hero may make no attack now (an i18n key: they dodged this round), or null. */
  attackRefusal?: string | null;
  /** Why this hero may make no dodge now (an i18n key: dodged already, declared another action…), or null. */
  dodgeRefusal?: string | null;
}

/** The default ability for an action (a plain FEAT keeps the chosen one). */
export function abilityForAction(action: DialogAction, current: AbilityKey): AbilityKey {
  return action === "feat" ? current : ACTION_ABILITY[action];
}

/** The default action for a weapon: thrown → Throwing, ranged → Shooting, else Hack & Slash. */
export function actionForWeapon(w: { thrown: boolean; range: number }): AttackAction {
  return w.thrown ? "throwing" : w.range > 0 ? "shooting" : "hackSlash";
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
  for (const t of talentsFor(current.ability, talents)) {
    if (raw(`talent-${t.id}`) === null) ticked.delete(t.id);
    else ticked.add(t.id);
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

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/**
 * A column shift as text: a true minus sign (U+2212, as the dodge select shows "−2") for a left
 * shift, "+" for a right one, "0" for none. The templates print this, not the number.
 */
export function csText(shift: number): string {
  return shift < 0 ? `\u2212${-shift}` : shift > 0 ? `+${shift}` : "0";
}

/**
 * The cover select's choices: each level of the cover table in force, with its shift as text (a
 * true minus sign, as the dodge select and the column lines show it). `value` stays the number.
 */
export function coverChoiceList(table?: Grid): { value: number; label: string; text: string }[] {
  return COVER_LEVELS.map((level) => {
    const value = coverShift(level, table);
    return { value, label: `${L}.Cover.${level}`, text: csText(value) };
  });
}

type Odds = { white: number; green: number; yellow: number; red: number };

/** What one colour does for an action: its label (with `shift` for a dodge) and whether it succeeds. */
export interface ColorEffect {
  effectLabel: string;
  shift: number;
  succeeds: boolean;
}

/**
 * What each colour does for the dialog's action, so the chips say it: the Battle Effects row of
 * an attack (tables in force), a dodge's column shift on attackers, a plain FEAT's success. A
 * colour succeeds when it is not a miss: for Grappling, Escaping and Snatching Green is a miss
 * too, so their chance is not simply 100 − White.
 */
export function colorEffects(action: DialogAction, tables?: FeatDialogInput["tables"]): Record<Color, ColorEffect> {
  const out = {} as Record<Color, ColorEffect>;
  for (const color of COLORS) {
    if (action === "feat") out[color] = { effectLabel: `${L}.Effect.${color === "white" ? "fail" : "success"}`, shift: 0, succeeds: color !== "white" };
    else if (action === "dodging") {
      const shift = dodgeShift(color, tables?.dodgeShifts);
      // A dodge that shifts nothing failed: "Failure", not the attack word "Miss".
      out[color] = shift < 0 ? { effectLabel: `${L}.Dialog.DodgeEffect`, shift, succeeds: true } : { effectLabel: `${L}.Effect.fail`, shift: 0, succeeds: false };
    } else {
      const effect = battleEffect(action, color, tables?.battleEffects);
      out[color] = { effectLabel: `${L}.Effect.${effect}`, shift: 0, succeeds: effect !== "miss" };
    }
  }
  return out;
}

/** The headline over the chips: "Chance to hit" for an attack that can hit, else "Chance of success"; whole percent. */
function chanceOf(action: DialogAction, odds: Odds, effects: Record<Color, ColorEffect>): { key: string; percent: string } {
  const share = COLORS.reduce((sum, c) => sum + (effects[c].succeeds ? odds[c] : 0), 0);
  const hits = (ATTACK_ACTIONS as readonly string[]).includes(action) && COLORS.some((c) => effects[c].effectLabel === `${L}.Effect.hit`);
  return { key: `${L}.Dialog.${hits ? "ChanceToHit" : "ChanceOfSuccess"}`, percent: pct(share) };
}

/** A refused form: chips without effects. */
const NO_EFFECTS = Object.fromEntries(COLORS.map((c) => [c, { effectLabel: "", shift: 0, succeeds: false }])) as Record<Color, ColorEffect>;

function oddsList(odds: Odds, effects: Record<Color, ColorEffect>) {
  return COLORS.map((color) => ({ color, label: `${L}.Color.${color}`, percent: pct(odds[color]), value: odds[color], effectLabel: effects[color].effectLabel, shift: effects[color].shift, shiftText: csText(effects[color].shift) }));
}

/** The kernel's column and exact colour odds for the form (null column on a rule error). */
function formOdds(f: FeatForm, rank: RankKey, rankNum: number, tables: FeatDialogInput["tables"]): { odds: Odds; column: RankKey } {
  const odds = colorOdds(rank, totalShift(f), f.karma, tables?.universal);
  // The column the kernel reads (same clamping as the roll).
  const column = resolveFeat(
    { action: f.action, abilityRank: rankNum, roll: 1, shifts: { dodge: f.dodge, cover: f.cover, multipleTargets: f.multipleTargets, other: f.other } },
    { universal: tables?.universal, ranks: tables?.ranks },
  ).column;
  return { odds, column };
}

export function featDialogView(input: FeatDialogInput) {
  const talentList = input.talents ?? [];
  // `shown`: the fields as typed (Other without the talents); `f`: what the roll uses (withTalents).
  const shown = normaliseForm(input.form, input.karmaPool);
  const f = normaliseForm(withTalents(input.form, talentList), input.karmaPool);
  const ticked = new Set(shown.talents ?? []);
  const rankNum = input.abilities[f.ability] ?? 0;
  let error: string | null = null;
  let odds: Odds = { white: 0, green: 0, yellow: 0, red: 0 };
  let rank: RankKey = "shift0";
  let column: RankKey = "shift0";
  let chance: { key: string; percent: string } | null = null;
  let effects: Record<Color, ColorEffect> | null = null;
  const isAttack = (ATTACK_ACTIONS as readonly string[]).includes(f.action);
  // An attack rolls once per target, each with that target's own dodge: one odds row per target.
  const perTargetCover = coverPerTarget(f.action, input.targets.length);
  const targets = input.targets.map((t, i) => {
    const tf = normaliseForm({ ...f, dodge: targetDodge(t.dodgeShift, f.dodge), cover: coverFor(f, i, input.targets.length) }, input.karmaPool);
    return {
      ...t,
      colorLabel: t.dodgeColor ? `${L}.Color.${t.dodgeColor}` : "",
      recorded: t.dodgeShift !== null,
      form: tf,
      shift: totalShift(tf),
      columnLabel: "",
      odds: [] as ReturnType<typeof oddsList>,
      chance: null as { key: string; percent: string } | null,
    };
  });
  try {
    rank = toRankKey("ability", rankNum, input.tables?.ranks);
    ({ odds, column } = formOdds(f, rank, rankNum, input.tables));
    effects = colorEffects(f.action, input.tables);
    chance = chanceOf(f.action, odds, effects);
    if (isAttack) {
      for (const t of targets) {
        const o = formOdds(t.form, rank, rankNum, input.tables);
        t.columnLabel = rankLabel(o.column);
        t.odds = oddsList(o.odds, effects);
        t.chance = chanceOf(f.action, o.odds, effects);
      }
    }
  } catch (e) {
    if (!isRuleError(e)) throw e;
    error = `FRACAS.Error.${e.code}`;
  }
  const weapon = input.weapons.find((w) => w.id === f.weaponId) ?? null;
  if (!error && f.action === "shooting" && !weapon) error = "FRACAS.Error.missingWeaponDamage";
  // The roll refuses it too (cards/roll.ts performFeat); said here before the click, odds kept.
  if (!error && isAttack && input.attackRefusal) error = input.attackRefusal;
  // A second dodge in a round (or one after another declared action) is refused the same way.
  if (!error && f.action === "dodging" && input.dodgeRefusal) error = input.dodgeRefusal;
  const karma = karmaPerTarget(f, input.targets.length, input.karmaPool);
  return {
    actorName: input.actorName,
    form: shown,
    /** The talents that may help this ability, each a box whose tick adds its shift to the column. */
    talents: talentsFor(f.ability, talentList).map((t) => ({ id: t.id, name: t.name, field: `talent-${t.id}`, fieldId: `faserip-feat-talent-${t.id}`, shiftText: csText(t.shift), checked: ticked.has(t.id) })),
    talentShiftText: csText(talentShift(shown, talentList)),
    hasTalentShift: talentShift(shown, talentList) !== 0,
    abilities: ABILITY_KEYS.map((k) => ({ value: k, label: abilityLabel(k), selected: k === f.ability, rank: input.abilities[k] ?? 0 })),
    actions: DIALOG_ACTIONS.map((a) => ({ value: a, label: `${L}.Action.${a}`, selected: a === f.action })),
    weapons: [{ id: "", name: "", label: `${L}.Dialog.NoWeapon`, selected: f.weaponId === "" }, ...input.weapons.map((w) => ({ id: w.id, name: w.name, label: "", selected: w.id === f.weaponId }))],
    isAttack,
    rankLabel: rankLabel(rank),
    rankNumber: rankNum,
    columnLabel: rankLabel(column),
    shift: totalShift(f),
    shiftText: csText(totalShift(f)),
    karmaPool: input.karmaPool,
    /** The Karma field's label: "per target" when each of several attack cards spends it. */
    karmaLabel: karma.perTarget ? `${L}.Dialog.KarmaPerTarget` : `${L}.Dialog.Karma`,
    karmaTotal: karma.total,
    karmaShort: karma.short,
    targets: targets.map(({ form: tf, ...t }, i) => ({
      ...t,
      dodge: tf.dodge,
      cover: tf.cover,
      coverField: `cover-${i}`,
      coverId: `faserip-feat-cover-${i}`,
      dodgeText: csText(tf.dodge),
      dodgeShiftText: csText(t.dodgeShift ?? 0),
      shiftText: csText(t.shift),
    })),
    /** Several targets of an attack: a cover choice per target (the shared field is not shown). */
    coverPerTarget: perTargetCover,
    noTargets: input.targets.length === 0,
    /** Attack with targets: the odds are shown per target (their dodges differ), not once. */
    perTarget: isAttack && targets.length > 0 && error === null,
    /** Null when the kernel refused the form (no odds to speak of). */
    chance,
    odds: oddsList(odds, effects ?? NO_EFFECTS),
    error,
    canRoll: error === null && karma.short === null,
  };
}

/** A counted Karma line: its key and the numbers it names (the points per target, the targets, the total, the pool). */
export interface KarmaLine {
  key: string;
  karma: number;
  targets: number;
  total: number;
  pool: number;
  /** The most Karma per target the pool can pay for every target (the refusal says it, so the player need not divide). */
  most: number;
}

/**
 * The Karma of an attack on several targets: each target's card takes the field's Karma before
 * its own roll (cards/roll.ts performFeat), so the spend is Karma × targets. `total` states it
 * (when any is spent and the pool pays it), `short` refuses it when the pool cannot pay it all;
 * the roll refuses the same before anything is spent (karmaShortfall).
 */
export function karmaPerTarget(f: Pick<FeatForm, "action" | "karma">, targetCount: number, pool: number): { perTarget: boolean; total: KarmaLine | null; short: KarmaLine | null } {
  const perTarget = (ATTACK_ACTIONS as readonly string[]).includes(f.action) && targetCount > 1;
  if (!perTarget || f.karma <= 0) return { perTarget, total: null, short: null };
  const short = karmaShortfall(f, targetCount, pool);
  // Refused: the refusal alone (a "… Karma spent" line beside it would say otherwise).
  if (short) return { perTarget, total: null, short };
  return { perTarget, total: { key: `${L}.Dialog.KarmaTotal`, karma: f.karma, targets: targetCount, total: f.karma * targetCount, pool, most: Math.floor(pool / targetCount) }, short: null };
}

/** The refusal of an attack whose Karma × targets is more than the pool (null when it can be paid). */
export function karmaShortfall(f: Pick<FeatForm, "action" | "karma">, targetCount: number, pool: number): KarmaLine | null {
  const cards = Math.max(1, targetCount);
  const total = f.karma * cards;
  if (!(ATTACK_ACTIONS as readonly string[]).includes(f.action) || cards < 2 || total <= pool) return null;
  return { key: `${L}.Dialog.KarmaShort`, karma: f.karma, targets: cards, total, pool, most: Math.floor(Math.max(0, pool) / cards) };
}

/**
 * A card's first line: who rolled, and at whom. Null on a card posted before the roller's name
 * was kept in its result (such a card still renders, without the line).
 */
export function whoLine(actorName?: string, targetName?: string): { key: string; actor: string; target: string } | null {
  const actor = actorName ?? "";
  const target = targetName ?? "";
  if (!actor && !target) return null;
  const key = !target ? "Who" : !actor ? "WhoTargetOnly" : "WhoTarget";
  return { key: `${L}.Card.${key}`, actor, target };
}

/** Labels for an attack card; `talents`: the ticked talents whose shifts are in its column (absent on older cards). */
export function attackCardView(result: { attack: AttackResult; action: string; actorName?: string; weaponName?: string; targetName?: string; zeroHealthPrompt?: boolean; talents?: CardTalent[] }) {
  const a = result.attack;
  const f = a.feat;
  return {
    who: whoLine(result.actorName, result.targetName),
    /** The talents that moved the column (their shifts are in the total shift shown beside it). */
    talents: cardTalents(result.talents),
    action: `${L}.Action.${result.action}`,
    ability: f.ability ? abilityLabel(f.ability) : "",
    rank: rankLabel(f.abilityRank),
    column: rankLabel(f.column),
    shift: f.totalShift,
    shiftText: csText(f.totalShift),
    roll: f.roll,
    effectiveRoll: f.effectiveRoll,
    karmaSpent: f.karmaSpent,
    color: f.color,
    colorLabel: `${L}.Color.${f.color}`,
    effectLabel: `${L}.Effect.${f.effect}`,
    landed: a.landed,
    rawDamage: a.rawDamage,
    armor: a.armor,
    damage: a.damage,
    kill: a.kill,
    weaponName: result.weaponName ?? "",
    targetName: result.targetName ?? "",
    secondary: a.secondary.kind === "none" ? null : { kind: a.secondary.kind, label: `${L}.Secondary.${a.secondary.kind}`, applies: a.secondary.applies },
    zeroHealthPrompt: result.zeroHealthPrompt === true,
  };
}

/** Labels for a FEAT card (dodge, plain ability FEAT); `actorName` is who rolled (absent on older cards), `talents` the ticked ones. */
export function featCardView(feat: FeatResult, actorName?: string, talents?: CardTalent[]) {
  return {
    who: whoLine(actorName),
    talents: cardTalents(talents),
    action: `${L}.Action.${feat.action}`,
    rank: rankLabel(feat.abilityRank),
    column: rankLabel(feat.column),
    shift: feat.totalShift,
    shiftText: csText(feat.totalShift),
    roll: feat.roll,
    effectiveRoll: feat.effectiveRoll,
    karmaSpent: feat.karmaSpent,
    color: feat.color,
    colorLabel: `${L}.Color.${feat.color}`,
    effectLabel: `${L}.Effect.${feat.effect}`,
    isDodge: feat.action === "dodging",
    /** A dodge that shifts attacks on the dodger: "Attacks on {name} this round: −4 CS." (no name on an older card). */
    dodgeShiftKey: feat.dodgeShift < 0 ? `${L}.Card.${actorName ? "DodgeShift" : "DodgeShiftUnnamed"}` : null,
    /** A dodge that failed (White: no shift) says so, not the attack word "Miss". */
    dodgeFailLabel: `${L}.Effect.fail`,
    actorName: actorName ?? "",
    dodgeShift: feat.dodgeShift,
    dodgeShiftText: csText(feat.dodgeShift),
  };
}

/**
 * A Slam?/Stun? outcome's label key. A counted outcome (areas knocked back, rounds stunned) takes
 * the language's form for its count (core pluralKey: `knockedBackOne`/`knockedBackOther`,
 * `stunnedOne`/`stunnedOther`); the others (staggered, none) are named by the table's result.
 * Used by the card and by the Karma prompt's odds (endurance-view.ts). Card HTML is rendered when
 * posted, so no stored card names these keys.
 */
export function secondaryOutcomeKey(c: { result: string; areas: number; rounds: number } | undefined): string {
  if (!c) return `${L}.Outcome.none`;
  // Literal bases: the lang test (test/build/lang.test.ts) checks each has its One and Other.
  if (c.areas > 0) return pluralKey("FRACAS.Faserip.Outcome.knockedBack", c.areas);
  if (c.rounds > 0) return pluralKey("FRACAS.Faserip.Outcome.stunned", c.rounds);
  return `${L}.Outcome.${c.result}`;
}

/** Labels for a secondary card (Slam?, Stun?, Endurance FEAT at 0 Health). */
export function secondaryCardView(result: {
  kind: "slam" | "stun" | "zeroHealth";
  name?: string;
  check?: SecondaryCheck;
  roll: number;
  /** Karma spent on the FEAT and the roll it made (absent on cards from before Karma was offered). */
  karmaSpent?: number;
  effectiveRoll?: number;
  /** A 0-Health FEAT the round start rolled: no Karma was offered on it. */
  roundStart?: boolean;
  color: Color;
  startsDying?: boolean;
  enduranceRank: RankKey;
  canKnockback?: boolean;
}) {
  const c = result.check;
  const karmaSpent = result.karmaSpent ?? c?.karmaSpent ?? 0;
  return {
    /** The defender makes this roll: its name (absent on older cards). */
    who: whoLine(result.name),
    kindLabel: `${L}.Secondary.${result.kind}`,
    rank: rankLabel(result.enduranceRank),
    roll: result.roll,
    karmaSpent,
    effectiveRoll: result.effectiveRoll ?? c?.effectiveRoll ?? result.roll,
    roundStart: result.kind === "zeroHealth" && result.roundStart === true,
    color: result.color,
    colorLabel: `${L}.Color.${result.color}`,
    outcomeLabel:
      result.kind === "zeroHealth"
        ? // The card has room for the whole outcome; the prompt's chips use the short Outcome keys.
          result.startsDying
          ? `${L}.Card.ZeroHealthDies`
          : `${L}.Card.ZeroHealthHolds`
        : secondaryOutcomeKey(c),
    areas: c?.areas ?? 0,
    rounds: c?.rounds ?? 0,
    canKnockback: result.canKnockback === true && (c?.areas ?? 0) > 0,
    knockbackKey: pluralKey(`${L}.Knockback.Move`, c?.areas ?? 0),
    setAreas: areasChoice(c),
  };
}

/** Can a Slam? card move the defender's token: both tokens were known when it was rolled. */
export function tokensKnown(r: { attackerTokenUuid?: unknown; defenderTokenUuid?: unknown }): boolean {
  return typeof r.attackerTokenUuid === "string" && r.attackerTokenUuid !== "" && typeof r.defenderTokenUuid === "string" && r.defenderTokenUuid !== "";
}

/**
 * A White Slam?'s knock-back ("1 or more areas", seed): the GM's buttons for one area fewer and
 * one more (gmFollowUp "knockbackAreas", cards/knockback-areas.ts), within the kernel's range
 * (1–100); a button past a bound is not offered. Null for any other result (Green's 1 area is the
 * table's, with no choice).
 */
export function areasChoice(c: Pick<SecondaryCheck, "kind" | "result" | "areas"> | undefined): { fewer: AreasButton | null; more: AreasButton | null } | null {
  if (!c || c.kind !== "slam" || c.result !== "knockedBack") return null;
  const button = (areas: number): AreasButton | null =>
    areas >= MIN_KNOCKBACK_AREAS && areas <= MAX_KNOCKBACK_AREAS ? { areas, args: JSON.stringify({ areas }), labelKey: pluralKey("FRACAS.Faserip.Card.SetAreas", areas) } : null;
  return { fewer: button(c.areas - 1), more: button(c.areas + 1) };
}

interface AreasButton {
  areas: number;
  /** The button's data-args (JSON): the areas it sets, so a double click sets the same number twice. */
  args: string;
  /** Its label, in the form for its count ("1 area instead (GM)", "3 areas instead (GM)"). */
  labelKey: string;
}

/** Labels for a dying card. */
export function dyingCardView(result: { name: string; enduranceBefore: RankKey; enduranceAfter: RankKey | null }) {
  return {
    name: result.name,
    before: rankLabel(result.enduranceBefore),
    after: result.enduranceAfter ? rankLabel(result.enduranceAfter) : "",
    dies: result.enduranceAfter === null,
  };
}

/**
 * The side-initiative panel under the tracker's plan: each side's d10 + bonus = total, winner
 * first, then any side with nobody standing at the round's start (it rolled nothing).
 */
export function sidesPanelView(input: { combatMemory: Record<string, unknown>; combatants: { id: string; name: string; system: unknown; isPC: boolean }[] }) {
  const mode = typeof input.combatMemory["mode"] === "string" ? input.combatMemory["mode"] : "seed";
  const stored = Array.isArray(input.combatMemory["sides"]) ? (input.combatMemory["sides"] as unknown[]) : [];
  const rolled = stored.flatMap((raw, i) => {
    const s = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const id = s["id"] === "heroes" || s["id"] === "villains" ? s["id"] : null;
    if (!id) return [];
    const members = input.combatants.filter((c) => sideOf({ system: c.system as never, isPC: c.isPC }) === id);
    // The member whose Intuition set the bonus: kept at the round start (only who stood then
    // counted); a memory from before that was kept falls back to the highest of all members.
    const kept = typeof s["leader"] === "string" ? members.find((c) => c.id === s["leader"]) : undefined;
    const leader =
      kept ??
      members.reduce<{ name: string; intuition: number } | null>((best, c) => {
        const intuition = heroView(c.system).abilities.intuition;
        return !best || intuition > best.intuition ? { name: c.name, intuition } : best;
      }, null);
    const rerolls = Array.isArray(s["rerolls"]) ? (s["rerolls"] as unknown[]).filter((r): r is number => typeof r === "number") : [];
    return [
      {
        id,
        label: `${L}.Side.${id}`,
        roll: n(s["roll"]),
        bonus: n(s["bonus"]),
        total: n(s["total"]),
        rerolls: rerolls.join(", "),
        leader: mode !== "plain" && leader ? leader.name : "",
        first: i === 0,
        fallen: false,
      },
    ];
  });
  const fallenIds = Array.isArray(input.combatMemory["fallen"]) ? (input.combatMemory["fallen"] as unknown[]) : [];
  const fallen = fallenIds
    .filter((id): id is "heroes" | "villains" => (id === "heroes" || id === "villains") && !rolled.some((r) => r.id === id))
    .map((id) => ({ id, label: `${L}.Side.${id}`, roll: 0, bonus: 0, total: 0, rerolls: "", leader: "", first: false, fallen: true }));
  const sides = [...rolled, ...fallen];
  return { modeLabel: `FRACAS.Settings.faserip.initiative.Choices.${mode === "plain" || mode === "advanced" ? mode : "seed"}`, sides, empty: sides.length === 0 };
}
