/**
 * The FEAT dialog's context: the form as shown, the exact colour odds from the kernel (per target
 * for an attack), what each colour does, and the refusal that disables Roll. Pure: the dialog and
 * the browser fixtures both call it.
 */
import type { SideTurn } from "../side-turn.js";
import { ATTACK_ACTIONS, COLORS, COVER_LEVELS, battleEffect, colorOdds, coverShift, dodgeShift, resolveFeat, toRankKey } from "../rules/index.js";
import type { CoverLevel } from "../rules/index.js";
import type { Color, RankKey } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import { isRuleError } from "../../../engine/errors.js";
import { ABILITY_KEYS, type AbilityKey } from "../data/keys.js";
import { DIALOG_ACTIONS, normaliseForm, targetDodge, totalShift, type DialogAction, type FeatForm } from "./feat-form.js";
import { talentShift, talentsFor, withTalents, type TalentChoice } from "./talents.js";
import { coverFor, coverPerTarget } from "./cover-choice.js";
import { karmaPerTarget } from "./karma-per-target.js";
import { abilityLabel, csText, rankLabel } from "./view-format.js";
import { typedNotesByField, type TypedAdjusted } from "./typed-numbers.js";

const L = "FRACAS.Faserip";

export interface FeatDialogInput {
  actorName: string;
  abilities: Record<AbilityKey, number>;
  karmaPool: number;
  weapons: { id: string; name: string; damage: number; thrown: boolean }[];
  /**
   * Each target's recorded dodge, `coverFloor`: the least cover shift the GM set on it (≤ 0; absent =
   * none), and `coverLevel`: that cover's level (absent: read from the floor on the shipped table).
   */
  /** `mayStillDodge`: in a fight, the target could still roll a dodge this round (sheets/feat-dialog.ts). */
  targets: { name: string; dodgeColor: Color | null; dodgeShift: number | null; coverFloor?: number; coverLevel?: CoverLevel; mayStillDodge?: boolean }[];
  form: FeatForm;
  tables?: { universal?: Grid; ranks?: Grid; battleEffects?: Grid; dodgeShifts?: Grid };
  /** The hero's talents (the dialog offers those that help the chosen ability). */
  talents?: TalentChoice[];
  /** Why this hero may make no attack now (an i18n key: they dodged this round), or null. */
  attackRefusal?: string | null;
  /** Why this hero may make no dodge now (an i18n key: dodged already, declared another action…), or null. */
  dodgeRefusal?: string | null;
  /**
   * Whether the hero's side is resolving its actions now (side-turn.ts): `reason` (an i18n key taking
   * {name}) when an attack waits, `data.current` who acts now, `refused` for a player (the GM is only told).
   */
  turn?: SideTurn | null;
  /** Numbers typed that the roll cannot use as typed (typed-numbers.ts): each said under its own field. */
  typed?: TypedAdjusted[];
}
const pct = (p: number): string => `${Math.round(p * 100)}%`;
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
  let ruleError: { code: string; message: string; data: Record<string, string | number> } | null = null;
  let odds: Odds = { white: 0, green: 0, yellow: 0, red: 0 };
  let rank: RankKey = "shift0";
  let column: RankKey = "shift0";
  let chance: { key: string; percent: string } | null = null;
  let effects: Record<Color, ColorEffect> | null = null;
  const isAttack = (ATTACK_ACTIONS as readonly string[]).includes(f.action);
  // An attack rolls once per target, each with that target's own dodge: one odds row per target.
  const perTargetCover = coverPerTarget(f.action, input.targets.length);
  const targets = input.targets.map((t, i) => {
    const floor = Math.min(0, t.coverFloor ?? 0) || 0;
    // The GM's cover is the least this target gets: the attacker may choose more, never less.
    const tf = normaliseForm({ ...f, dodge: targetDodge(t.dodgeShift, f.dodge), cover: Math.min(coverFor(f, i, input.targets.length), floor) }, input.karmaPool);
    return {
      ...t,
      colorLabel: t.dodgeColor ? `${L}.Color.${t.dodgeColor}` : "",
      recorded: t.dodgeShift !== null,
      /** No dodge recorded: said as "can still dodge, ask first" when the target could still roll one. */
      noDodgeKey: t.mayStillDodge === true ? `${L}.Dialog.TargetMayDodge` : `${L}.Dialog.TargetNoDodge`,
      coverFloor: floor,
      /** The GM's cover on this target, said under its cover select (none: no line), with its level's name. */
      gmCoverKey: floor < 0 ? `${L}.Dialog.GMCover` : null,
      gmCoverLabel: `${L}.Cover.${t.coverLevel ?? COVER_LEVELS.find((l) => coverShift(l) === floor) ?? "none"}`,
      coverFloorText: csText(floor),
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
    // Worded with its data by the dialog (its placeholders would otherwise read "undefined": review-s11 T3).
    ruleError = { code: e.code, message: e.message, data: { ...e.data } };
  }
  const weapon = input.weapons.find((w) => w.id === f.weaponId) ?? null;
  if (!error && f.action === "shooting" && !weapon) error = "FRACAS.Error.missingWeaponDamage";
  // The roll refuses it too (cards/feat-roll.ts performFeat); said here before the click, odds kept.
  if (!error && isAttack && input.attackRefusal) error = input.attackRefusal;
  // A second dodge in a round (or one after another declared action) is refused the same way.
  if (!error && f.action === "dodging" && input.dodgeRefusal) error = input.dodgeRefusal;
  const karma = karmaPerTarget(f, input.targets.length, input.karmaPool);
  const typedByField = typedNotesByField(input.typed ?? []);
  return {
    actorName: input.actorName,
    // One target: the shared cover field shows at least the GM's cover on it (what the odds use).
    form: input.targets.length === 1 ? { ...shown, cover: Math.min(shown.cover, targets[0]!.coverFloor) } : shown,
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
    /** What was typed and what is used instead, by field: each line under its own input, which points to it (Roll refuses until the form holds it). */
    typedByField,
    /** The Karma input's description: its typed-number line, then the Karma total over several targets. */
    karmaDescribedBy: [typedByField.karma?.id, karma.total ? "faserip-feat-karma-total" : undefined].filter(Boolean).join(" "),
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
    /** The shared cover field's least choice (one target: the GM's cover on it; else none): options with less cover are disabled. */
    coverFloor: input.targets.length === 1 ? (targets[0]?.coverFloor ?? 0) : 0,
    /** One target behind the GM's cover: the note said under the shared cover select (and linked to it). */
    gmCover: !perTargetCover && input.targets.length === 1 && targets[0]?.gmCoverKey ? { key: targets[0].gmCoverKey, name: targets[0].name, coverLabel: targets[0].gmCoverLabel, shiftText: targets[0].coverFloorText } : null,
    /** Several targets of an attack: a cover choice per target (the shared field is not shown). */
    coverPerTarget: perTargetCover,
    noTargets: input.targets.length === 0,
    /** Attack with targets: the odds are shown per target (their dodges differ), not once. */
    perTarget: isAttack && targets.length > 0 && error === null,
    /** Null when the kernel refused the form (no odds to speak of). */
    chance,
    odds: oddsList(odds, effects ?? NO_EFFECTS),
    error,
    /** When `error` is a kernel rule error: it, to be worded with its data (ruleErrorMessage) by the dialog. */
    ruleError,
    /** An attack out of the side's turn: why, and who acts now; a player cannot roll it, the GM may. */
    turn: isAttack && input.turn?.reason ? { key: input.turn.reason, current: input.turn.data.current ?? null, refused: input.turn.refused } : null,
    canRoll: error === null && karma.short === null && !(isAttack && input.turn?.reason && input.turn.refused),
  };
}
