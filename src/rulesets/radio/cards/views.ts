/** What the radio card templates show, built from the stored results (pure, used by fixtures too). */
import { intAt } from "../../../engine/tables.js";
import { HIT_THRESHOLD, tokensTable, type AttackModifier, type AttackResult, type DamageResult } from "../rules/index.js";
import type { SkillFrom } from "../data/state.js";
import { sideOrder } from "./ending.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { MINUS, signed } from "../signed.js";

/**
 * A list of names in the user's language ("Goons, Sal, and Vito" in English; Intl.ListFormat with Foundry's
 * language, so a translation's own words and separators). Views also run where no game exists
 * (template fixtures in bare Node): there the list is English's.
 */
export function nameList(names: readonly string[]): string {
  const lang = (globalThis as { game?: { i18n?: { lang?: string } } }).game?.i18n?.lang || "en";
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);
}

/** The ledger entries an attack wrote on its attacker's token pool, so they can be taken back. */
export interface TokenRecord {
  actorUuid: string;
  /** Entry ids in the order they were written (earned, then cashed in). */
  entries: string[];
  undone: boolean;
}

export interface AttackCardResult {
  attack: AttackResult;
  attackerName: string;
  weaponName: string;
  description: string;
  targets: { uuid: string; name: string }[];
  /** A dying hero's final heroic action. */
  final?: boolean;
  tokens?: TokenRecord;
  /** Where the skill modifier came from (the weapon's skill, a weapon skill, a tier); cards before session 7 have none. */
  skillFrom?: SkillFrom;
}

export interface DamageCardResult {
  damage: DamageResult;
  attack: AttackResult;
  attackerName: string;
  weaponName: string;
  critRoll: number;
  /** Names of the targets that lead a group (a flee-check button is offered). */
  leaders: string[];
  /**
   * The fall this card's Apply records on a minion or boss it fells (`system.fallId`, effects.ts):
   * the card's own id. Cards posted before it have none (their Apply records an empty one, and the
   * GM's flee checks then give the fall an id: cards/flee.ts).
   */
  fallId?: string;
}

export interface FleeCardResult {
  leaderName: string;
  followerName: string;
  rolls: number[];
  /** The card that offered the checks (a damage or leader-down card). */
  damageMessageId?: string;
  followerUuid?: string;
  leaderUuid?: string;
  /** The leader's fall these checks answer (claimed once per follower: cards/flee.ts). */
  fallId?: string;
}

export interface EscapeCardResult {
  roll: number;
  outcome: "escapes" | "stays";
  /** The round-start offer this roll answers (one roll per offer). */
  offerId?: string;
  /** The defensive round it answers (one escape per defensive round, by the offer or the sheet). */
  actorUuid?: string;
  combatId?: string;
  round?: number;
}

/** Whispered to a dying hero's owners and the GM when their next action phase comes. */
export interface FinalCardResult {
  actorUuid: string;
  actorName: string;
  combatId: string;
  round: number;
  phase: number;
  done: boolean;
}

/** Whispered at round start to the owners of each combatant that spent the last round defensive. */
export interface EscapeOfferResult {
  actorUuid: string;
  actorName: string;
  combatId: string;
  /** The round that was spent on the defensive action. */
  round: number;
}

/**
 * The test's modifiers as the card and the dialog list them (seed Step 5), the skill's with where it
 * came from ("Skill (Ranged)", "Skill (Tommy gun)", "Skill (Skilled tier, extra +1)"), so a GM can
 * check each against the sheet and the book; and the total a hit must beat. A modifier of 0 (a
 * standard action's "+0") changes nothing and is left out (ux-review-s7 #17.6). `value` is the signed
 * number of the card's column; `op` and `amount` the dialog's test line, which puts the label first
 * ("2d10 + Skill (Revolver) 4 − Defensive target 4", the shared shape of ux-review-s7 #7).
 */
export function modifierRows(modifiers: readonly AttackModifier[], from: SkillFrom | undefined | null) {
  return modifiers
    .filter((m) => m.value !== 0)
    .map((m) => {
      const row = { label: `FRACAS.Radio.Modifier.${m.source}`, value: signed(m.value), op: m.value < 0 ? MINUS : "+", amount: Math.abs(m.value), fromKey: "", fromName: "", extra: "" };
      if (m.source !== "skill" || !from) return row;
      return { ...row, fromKey: from.key ?? "", fromName: from.name ?? "", extra: from.extra ? signed(from.extra) : "" };
    });
}

export function attackCardView(r: AttackCardResult) {
  const a = r.attack;
  const canUndoTokens = !!r.tokens && r.tokens.entries.length > 0 && !r.tokens.undone;
  return {
    attackerName: r.attackerName,
    dice: a.dice.join(" + "),
    modifiers: modifierRows(a.modifiers, r.skillFrom),
    total: a.total,
    threshold: HIT_THRESHOLD,
    chance: Math.round(a.chance * 100),
    hit: a.hit,
    autoFail: a.autoFail,
    actionLabel: `FRACAS.Radio.Action.${a.action}`,
    phase: a.phase,
    weaponName: r.weaponName,
    weaponLabel: `FRACAS.Radio.Weapon.${a.weapon}`,
    calledLabel: a.called === "none" ? "" : `FRACAS.Radio.Called.${a.called}`,
    limbLabel: a.limb ? `FRACAS.Radio.Limb.${a.limb}` : "",
    knockout: a.knockout,
    tokensEarned: a.tokensEarned,
    tokensEarnedLabel: pluralKey("FRACAS.Radio.Card.TokensEarned", a.tokensEarned),
    tokensWhyLabel: tokensWhy(a),
    tokensActionLabel: `FRACAS.Radio.Card.TokensAction.${a.action}`,
    tokensCharged: a.tokensCharged,
    description: r.description,
    targetNames: nameList(r.targets.map((t) => t.name)),
    final: r.final === true,
    canUndoTokens,
    tokensUndone: r.tokens?.undone === true,
    hasActions: canUndoTokens || a.hit,
  };
}

/**
 * Why the attack earned tokens (seed Step 4): a described action, 2 for standard, targeted or spell,
 * 1 for frenzied or defensive. The card names only the row that applied ("(a described standard
 * action)", ux-review-s7 #9); when the world's tokens table gave another number for this action,
 * it says the count is the table's, not the book's.
 */
function tokensWhy(a: AttackResult): string {
  let book: number | null = null;
  try {
    book = intAt(tokensTable, a.action, "described");
  } catch {
    book = null;
  }
  return book === a.tokensEarned ? "FRACAS.Radio.Card.TokensWhy" : "FRACAS.Radio.Card.TokensWhyTable";
}

/**
 * The damage card's steps. The defensive halving rounds down to a minimum of 1 (seed, Defensive
 * action): when half of the damage before it rounds down to 0, the row says the 1 is that minimum.
 */
function damageSteps(d: DamageResult) {
  return d.breakdown.steps.map((s, i) => {
    const before = d.breakdown.steps[i - 1]?.value;
    const minimum = s.step === "defensive" && before !== undefined && Math.floor(before / 2) < 1;
    return { label: `FRACAS.Radio.DamageStep.${minimum ? "defensiveMinimum" : s.step}`, value: s.value };
  });
}

export function damageCardView(r: DamageCardResult) {
  const d = r.damage;
  return {
    damage: d.damage,
    // A head or heart shot kills whatever the total: that is the headline, the total a detail.
    headlineLabel: d.lethal ? "FRACAS.Radio.Card.LethalHeadline" : "FRACAS.Radio.Card.DamageTotal",
    critRoll: r.critRoll,
    steps: damageSteps(d),
    weaponName: r.weaponName,
    weaponLabel: `FRACAS.Radio.Weapon.${d.weapon}`,
    piercing: d.piercing,
    knockout: d.knockout,
    lethal: d.lethal,
    limb: d.limb ? { label: `FRACAS.Radio.Limb.${d.limb.name}`, roll: d.limb.roll, outcomeLabel: `FRACAS.Radio.LimbOutcome.${d.limb.outcome}` } : null,
    leaders: nameList(r.leaders),
    hasLeaders: r.leaders.length > 0,
  };
}

/**
 * One roll (a minion): "Sal flees" / "Sal stays". A group: `group` holds the two counts and the
 * counted key that says them (henchmenFleeKey), the same words as the Apply summary (effects.ts):
 * "Goons: 1 flees, 4 stay".
 */
export function fleeCardView(r: FleeCardResult) {
  const sixes = r.rolls.filter((x) => x === 6).length;
  const single = r.rolls.length === 1;
  const stay = r.rolls.length - sixes;
  return {
    leaderName: r.leaderName,
    followerName: r.followerName,
    // Each die, the sixes (the ones that flee) marked: the card shows them bold under "a 6 flees".
    dice: r.rolls.map((value) => ({ value, flees: value === 6 })),
    rollsLabel: pluralKey("FRACAS.Radio.Card.FleeRolls", r.rolls.length),
    outcomeLabel: single ? (sixes === 1 ? "FRACAS.Radio.Summary.Flees" : "FRACAS.Radio.Summary.Stays") : "",
    group: single ? null : { fled: sixes, stay, key: henchmenFleeKey(sixes, stay) },
  };
}

const FLEE_COUNT = "FRACAS.Radio.Summary.FleeCount";
const HENCHMEN_FLEE = "FRACAS.Radio.Summary.HenchmenFlee";

/**
 * A group's flee outcome, "{name}: {fled} flees, {count} stay": one key per pair of counted forms,
 * `Summary.HenchmenFlee<fled's form><count's form>` (English: OneOne, OneOther, OtherOne,
 * OtherOther), taking `{name}`, `{fled}` and `{count}` as numbers — so an Apply row stores only
 * the key and the numbers, and each reader's client words them (DECISIONS "Counted strings").
 * The fled count's form is the one the core's pluralKey picks for `Summary.FleeCount` (the forms the
 * language file gives "{n} flees"); the count's form is then picked among that family's keys. A
 * family the language file lacks (a "Few" fled form without its compounds) falls back to Other's.
 * `family` is the Apply row's name-less family (`Summary.Row.HenchmenFlee`, effects.ts) or the card's.
 */
export function henchmenFleeKey(fled: number, stay: number, family = HENCHMEN_FLEE): string {
  const fledForm = pluralKey(FLEE_COUNT, fled).slice(FLEE_COUNT.length);
  const key = pluralKey(`${family}${fledForm}`, stay);
  const i18n = (globalThis as { game?: { i18n?: { has(key: string): boolean } } }).game?.i18n;
  return !i18n || i18n.has(key) ? key : pluralKey(`${family}Other`, stay);
}

export function escapeCardView(r: EscapeCardResult) {
  return { roll: r.roll, escapes: r.outcome === "escapes" };
}

export function finalCardView(r: FinalCardResult) {
  return { name: r.actorName, phase: r.phase, done: r.done };
}

export function escapeOfferView(r: EscapeOfferResult) {
  return { name: r.actorName, round: r.round };
}

/**
 * Whispered to the GM when one side has no one left opposing it (one open card per combat).
 * `open` until the combat ends through it (`ended`) or someone stands up again (`stale`; a later
 * fall posts a new card, `seq` + 1).
 */
export interface CombatEndResult {
  combatId: string;
  /** 1 for the combat's first such card, 2 after the fight went on once, … */
  seq: number;
  round: number;
  /** The side left standing (cards/ending.ts: "pc", "gm" or "gm:<group>"); null when no one is. */
  winner: string | null;
  /** Standing members per side (cards before session 5 hold only `pc` and `gm`). */
  standing: Record<string, number>;
  open: boolean;
  stale: boolean;
  ended: boolean;
}

/**
 * A side's name on the card: the heroes; the GM's NPCs as "The opposition" while they are one
 * side, else each NPC group by its name ("The GM's group", "Group A"). Capitalised: each name
 * starts the headline and a list item.
 */
function sideName(id: string, npcSides: number): { label: string; group: string } {
  if (id === "pc") return { label: "FRACAS.Radio.Side.pc", group: "" };
  if (id === "gm") return { label: npcSides > 1 ? "FRACAS.Radio.Side.gmGroup" : "FRACAS.Radio.Side.gm", group: "" };
  return { label: "FRACAS.Radio.Side.group", group: id.replace(/^gm:/, "") };
}

export function combatEndView(r: CombatEndResult) {
  const ids = Object.keys(r.standing).sort(sideOrder);
  const npcSides = ids.filter((id) => id !== "pc").length;
  return {
    side: r.winner ? sideName(r.winner, npcSides) : null,
    hasWinner: r.winner !== null,
    round: r.round,
    sides: ids.map((id) => ({ ...sideName(id, npcSides), count: r.standing[id] ?? 0 })),
    open: r.open,
    stale: r.stale,
    ended: r.ended,
  };
}

/**
 * Whispered to the GM when a leader falls other than by a damage card (cards/leader-fall.ts): the
 * followers who may still flee, and the flee-check button.
 */
export interface LeaderDownResult {
  leaderUuid: string;
  leaderName: string;
  followers: string[];
}

export function leaderDownView(r: LeaderDownResult) {
  return { leaderName: r.leaderName, followers: nameList(r.followers) };
}
