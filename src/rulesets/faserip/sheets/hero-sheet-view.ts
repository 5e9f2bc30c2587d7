/**
 * The hero sheet's context: abilities with their ranks, Health, Karma, status badges, and the
 * weapons, powers and talents, with the attack buttons disabled (and why) when the hero may not
 * attack. Pure: the sheet and the browser fixtures both call it.
 */
import { COVER_LEVELS, coverShift, rankFromNumber } from "../rules/index.js";
import type { RankKey } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import { ABILITY_KEYS, type AbilityKey } from "../data/keys.js";
import { heroView, isStabilised } from "../data/state.js";
import { pluralKey } from "../../../foundry/i18n.js";
import type { DialogAction } from "./feat-form.js";
import { abilityLabel, csText, finiteOr0, rankLabel } from "./view-format.js";
import { gmCoverOf } from "./cover-choice.js";

const L = "FRACAS.Faserip";

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
  /** The cover table in force (the GM's cover select names each level's shift). */
  coverTable?: Grid;
  /**
   * Why the hero cannot act now (an i18n key from down.ts, as the sheet reads it with
   * cards/may-act.ts's actorDownReason — the reason the roll itself refuses with), or null.
   */
  downReason?: string | null;
  /**
   * Why the hero may make no attack now though able to act (an i18n key taking {name}: they
   * dodged this round, cards/may-act.ts attackRefusalOf — the roll's own refusal), or null.
   */
  attackRefusal?: string | null;
  /**
   * Why a player may not roll an attack now though the hero can act: not their side's turn, or the
   * round's attack rolled already (cards/may-act.ts sideTurnOf, worded by sideTurnText — the
   * sentence the FEAT dialog shows and the roll refuses with), or null (and always null for the GM,
   * who is told in the dialog, never refused).
   */
  turnRefusal?: string | null;
  /**
   * The hero fights in a started combat: its round start counts the stun down and posts the dying
   * card, so the sheet's "A round passes" buttons (for outside a fight) are not offered.
   */
  inCombat?: boolean;
  /**
   * The name of the character recorded as holding this hero (`status.heldBy`, sheets/holder-name.ts),
   * or null when none is found. Read only while the hero is Restrained by a recorded hold.
   */
  holderName?: string | null;
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

export function heroSheetView(input: HeroSheetInput) {
  const hero = heroView(input.system);
  const rk = (v: number): RankKey => rankFromNumber(Math.max(0, Math.trunc(v)), input.ranks);
  const cannotAct = input.downReason ?? null;
  // Dodged this round (and not down): no attack and no second dodge, so the same as down for the
  // attack buttons and the chips, with its own reason.
  const attackRefusal = cannotAct ? null : (input.attackRefusal ?? null);
  // Out of the side's turn (and not down, not dodged): the attack buttons only; the chips still open
  // the dialog, where a dodge stays free and the attack's reason is said again.
  const turnRefusal = cannotAct || attackRefusal ? null : (input.turnRefusal ?? null);
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
      /** Who holds the hero (a recorded hold, holds.ts), said under the badges; null when no hold is recorded. */
      heldBy: heldByView(hero.status, input.holderName ?? null),
    },
    /** The reason key when the hero cannot act now: attacks are shown disabled, with it. */
    cannotAct,
    /** The reason key (taking {name}) when the hero can act but may not attack (dodged this round): attacks disabled, with it. */
    attackRefusal,
    /** The sentence (already worded) when a player may not attack now (the side's turn): attacks disabled, with it. */
    turnRefusal,
    /** A viewer's item button opens a read-only sheet: it says "View", with an eye, not "Edit" and a pen. */
    itemButton: input.editable ? { key: `${L}.Sheet.Edit`, icon: "fa-pen" } : { key: `${L}.Sheet.View`, icon: "fa-eye" },
    /**
     * The GM's cover for this character: a select for the GM (its options name their shifts), the
     * level as text for anyone else, shown only when there is some.
     */
    cover: coverView(input),
    side,
    sideChoices: { auto: `${L}.Side.auto`, heroes: `${L}.Side.heroes`, villains: `${L}.Side.villains` },
    /** Read-only sheets show the side as text, not a disabled (low-contrast) select. */
    sideLabel: `${L}.Side.${side === "heroes" || side === "villains" ? side : "auto"}`,
    weapons: byType("faseripWeapon").map((w) => ({
      id: w.id,
      name: w.name,
      img: w.img,
      damage: finiteOr0(w.system["damage"]),
      damageLabel: rankLabel(rk(finiteOr0(w.system["damage"]))),
      range: finiteOr0(w.system["range"]),
      edgeLabel: `${L}.Edge.${w.system["edge"] === "edged" ? "edged" : "blunt"}`,
      thrown: w.system["thrown"] === true,
      /** The attack button's label and tooltip: with the reason when it is disabled. */
      attackKey: cannotAct ? `${L}.Sheet.AttackBlocked` : attackRefusal ? `${L}.Sheet.AttackAfterDodge` : turnRefusal ? `${L}.Sheet.AttackNotNow` : `${L}.Sheet.Attack`,
      attackDisabled: noAttack || turnRefusal !== null,
    })),
    powers: byType("faseripPower").map((p) => ({
      id: p.id,
      name: p.name,
      img: p.img,
      rank: finiteOr0(p.system["rank"]),
      rankLabel: rankLabel(rk(finiteOr0(p.system["rank"]))),
      effect: String(p.system["effect"] ?? ""),
    })),
    talents: byType("faseripTalent").map((t) => ({
      id: t.id,
      name: t.name,
      img: t.img,
      abilityLabel: t.system["ability"] ? abilityLabel(String(t.system["ability"])) : "",
      shift: finiteOr0(t.system["shift"]),
      /** "+1", "−1" (a true minus sign, as every column shift shows). */
      shiftText: csText(finiteOr0(t.system["shift"])),
    })),
    notesHTML: input.notesHTML,
  };
}

/**
 * "Held by <holder>." while Restrained by a recorded hold (a Hold's or a Reverse's Apply wrote who
 * holds), so the held one's player and the GM see whose grip it is (it ends when that holder cannot
 * act or leaves the fight, holds.ts). A recorded holder who cannot be found is said too: the GM
 * then knows no fall of theirs will end it. A Restrained with no holder recorded (set by hand, a
 * power) shows the badge only.
 */
function heldByView(status: { restrained: boolean; heldBy: string }, holderName: string | null): { key: string; holder: string } | null {
  if (!status.restrained || status.heldBy === "") return null;
  return holderName ? { key: `${L}.Sheet.HeldBy`, holder: holderName } : { key: `${L}.Sheet.HeldByUnknown`, holder: "" };
}

/** The sheet's cover line (see heroSheetView's `cover`): each level of the cover table in force, with its shift as text. */
function coverView(input: HeroSheetInput) {
  const level = gmCoverOf(input.system);
  const choices = COVER_LEVELS.map((value) => ({ value, label: `${L}.Cover.${value}`, text: csText(coverShift(value, input.coverTable)), selected: value === level }));
  const current = choices.find((c) => c.selected)!;
  return {
    level,
    label: current.label,
    text: current.text,
    /** Only the GM sets it (a player's write is dropped by the data model). */
    editable: input.isGM && input.editable,
    shown: input.isGM || level !== "none",
    choices,
  };
}
