/**
 * The ruleset descriptor: everything a ruleset plugs into the adapter. src/fracas.ts loops over
 * the descriptors (self-registration); adding a ruleset is one folder plus one line there.
 */
import type { Grid } from "../engine/tables.js";
import type { RoundPlan, Step } from "../engine/order.js";
import type { DieSource } from "../engine/dice.js";
import type { StatusEvent } from "../engine/events.js";
import type { RulesetId } from "../rulesets/types.js";
import type { DataModelClass, SheetClass } from "./typed.js";
import type { Application } from "./data/card-data.js";

/** The reason (i18n key) a combatant is down when Foundry's defeated mark is what stops it. */
export const DEFEATED_REASON = "FRACAS.Tracker.Down.defeated";
/** A combatant whose actor was deleted: nobody to act (FracasCombat#downReason). */
export const NO_ACTOR_REASON = "FRACAS.Tracker.Down.noActor";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export interface SheetRegistration {
  types: readonly string[];
  sheet: SheetClass;
  /** i18n key of the sheet's name in the sheet-config menu. */
  label: string;
}

export type RulesetOption =
  | { key: string; type: "boolean"; default: boolean }
  | { key: string; type: "choice"; default: string; choices: Record<string, string> }
  | { key: string; type: "string"; default: string };

/** What the adapter knows of a combatant when it asks a ruleset for the round's plan. */
export interface CombatantInfo {
  id: string;
  name: string;
  actorType: string | null;
  /** The actor's system data, as plain JSON. */
  system: JsonObject;
  isPC: boolean;
  /** The combatant's declaration for this round ("" = none yet). */
  declaration: string;
  initiative: number | null;
  /** Ruleset memory kept for the combatant between rounds, on the Combat (e.g. Bond's kept tie-break rolls). */
  memory: JsonObject;
  /** Foundry's defeated mark: the tracker's skull, or the actor carries the DEFEATED status. */
  defeated: boolean;
  /** The status effect ids on the actor (e.g. "fracas-stunned"). */
  statuses: string[];
  /**
   * Hidden from players on the tracker (V13's Combatant#hidden; absent = shown). A panel naming
   * combatants to players leaves a hidden one out, as V13's tracker and Fracas's plan do.
   */
  hidden?: boolean;
}

export interface RoundStart {
  /** Initiative value to show per combatant id (null = none this ruleset). */
  initiative: Record<string, number | null>;
  /** Per-combatant memory to store (merged), e.g. kept tie-break rolls. */
  memory: Record<string, JsonObject>;
  /** The combat's ruleset memory after this round start. */
  combatMemory: JsonObject;
}

/** A ruleset's mapping of Foundry combatants onto the order engine (its combat.ts). */
export interface CombatMapping {
  /** At combat start and each new round (before the write): roll and keep what the round needs. */
  startRound(input: { round: number; combatants: CombatantInfo[]; combatMemory: JsonObject; die: DieSource }): RoundStart;
  /** The round's plan from the combatants (with initiative and declarations) and memory. */
  plan(input: { round: number; combatants: CombatantInfo[]; combatMemory: JsonObject; die: DieSource }): RoundPlan;
  /** The choices offered in a combatant's declaration slot (values + i18n label keys). */
  declarations(combatant: CombatantInfo): { value: string; label: string }[];
  /**
   * A player (or the GM) asks to merge `patch` into a combatant's memory (e.g. FASERIP's dodge this
   * round). The ruleset decides what may be written: the patch to merge, or a refusal (i18n key).
   * Without this, players cannot write combatant memory.
   */
  memoryPatch?(input: { combatant: CombatantInfo; patch: JsonObject; round: number; phase: string; byGM: boolean }): JsonObject | { refused: string };
  /**
   * Why this combatant cannot act now (an i18n key, e.g. unconscious), or null when it can. The
   * round plan keeps its steps, but the tracker marks them and the GM's advance passes over them,
   * so a combatant who goes down mid-round loses the turns still ahead. Without it, Foundry's
   * defeated mark decides; with it, the ruleset decides alone (`defeated` is in the info).
   */
  isDown?(combatant: CombatantInfo): string | null;
  /**
   * The other combatants who take the same declaration when `combatant` declares `value` (e.g.
   * Radio's NPC initiative groups declare one action). The GM's client writes them in the same
   * update, under the combat's lock; those who are down, or are not offered `value`, are left out.
   */
  declaresWith?(combatant: CombatantInfo, value: string, all: readonly CombatantInfo[]): string[];
  /**
   * Declarations are made in the plan's order (Bond: slowest first, so the faster react to them): a
   * player declares only on the combatant's own declare step, and players do not see a declaration
   * whose step is still ahead (tracker/declare-turn.ts). The GM may declare for anyone at any time.
   */
  declareInTurn?: boolean;
  /**
   * The tracker's number column beside each step (audit s15 F5). Absent: no column, where a
   * number would only repeat what the row already says (Bond's parts repeat Declares/Acts;
   * Zodiac's steps are all 1).
   */
  numberColumn?: NumberColumn;
}

/** What a ruleset's steps show in the tracker's number column, and what a screen reader hears for it. */
export interface NumberColumn {
  /** i18n key of the column's heading (shown only: each cell's `spoken` carries it to screen readers). */
  heading: string;
  /** "digit" for a number, "word" for a name (FASERIP's side): the column's width. */
  width: "digit" | "word";
  /** i18n keys for one step's cell, each formatted with `{value}` = the step's phase. */
  cell(step: Step): { shown: string; spoken: string };
}

/** What applying a card's stored result to one target does. Pure over the target's data. */
export interface CardEffect {
  /** Actor update, dot-paths (e.g. "system.wounds.value"). Prior values are saved for Undo. */
  update: Record<string, Json>;
  /**
   * Paths of `update` whose prior value an Undo writes back even when something changed them since
   * (the ruleset vouches that this is right, e.g. Bond's weapon in hand). Every other path, once
   * changed since the Apply, refuses the Undo (FRACAS.Chat.Refused.ChangedSince).
   */
  undoIgnores?: string[];
  statuses: StatusEvent[];
  /** Changes to GM-owned ledger pools (e.g. Zodiac's Setback on a miss); only the GM writes these. */
  pools?: { name: string; delta: number; reason: string }[];
  /** i18n key and data summarising the effect on the card. */
  summary: { key: string; data?: Record<string, string | number> };
}

/** An actor as a card kind's effect sees it: plain data, its current status ids. */
export interface CardActor {
  type: string;
  system: JsonObject;
  name: string;
  uuid: string;
  statuses?: string[];
  /** Foundry's defeated mark on the actor's combatant in its running fight (the tracker's skull). */
  defeated?: boolean;
  /** The actor's own Fracas flags (`flags.fracas`), for a card that reads what its ruleset keeps there. */
  flags?: JsonObject;
}

export interface CardKind {
  /** Template (under templates/) rendering the card body; gets the message's system data. */
  template: string;
  /** false: a card with nothing to apply (a hit card that leads to a damage roll): no Apply rows. */
  applicable?: boolean;
  /**
   * The effect of this card's result on a target, or a refusal when it cannot apply: an i18n key
   * and the data that fills its placeholders (the Apply's clicker reads it in their language).
   * `source`: the card's source actor as it is now (absent when it no longer exists), for rules
   * that depend on the roller's state at the Apply (e.g. a shooter downed before their shot lands).
   */
  effect(input: { result: JsonObject; target: CardActor; source?: CardActor }): CardEffect | { refused: string; data?: Record<string, string | number> };
  /**
   * Other card fields to write with a change of the card's applications (an Apply, an Undo, their
   * rollback), in the same update: a card whose content shows its applications (Zodiac's Setback
   * line) re-renders it here instead of writing the card a second time, which every client redraws.
   * Runs on the client writing the card, under the card's lock; null: nothing more to write.
   */
  cardUpdate?(input: { message: ChatMessage.Implementation; applications: readonly Application[] }): Promise<Record<string, unknown> | null>;
  /** Follow-up buttons on the card (`data-fracas-follow-up="<name>"`): another roll, a Hero Point spend… */
  followUps?: Record<string, (ctx: { message: ChatMessage.Implementation; result: JsonObject; button: HTMLElement }) => Promise<void>>;
  /**
   * Follow-ups that write what the clicking player may not (another's actor, the GM's card): the
   * button `data-fracas-action="gmFollowUp" data-fracas-follow-up="<name>" data-args='{"points":1}'`
   * runs `run` on the GM's client (signed query fracas.followUp) after `allowed` says this user may
   * ask. `args` come from the client: `run` must validate them (the kernel does).
   */
  gmFollowUps?: Record<string, GmFollowUp>;
  /**
   * An Apply row's summary worded on the reader's client, or null to translate the stored key as it
   * is. A summary stores a key and numbers, never words; a kind whose summary counts things picks
   * the plural form here, by the reader's language (which a stored form could not follow).
   */
  summaryText?(summary: { key: string; data?: Record<string, string | number> }, translate: (key: string, data?: Record<string, string | number>) => string): string | null;
}

/** One fighter's end of fight, as its ruleset says (RulesetDescriptor.fightEnded). */
export interface FightEndChange {
  /** Dot-path update of the actor. */
  update: Record<string, unknown>;
  /** Status icons to set after the update (e.g. "stunned" gone). */
  statuses?: { id: string; on: boolean }[];
  /**
   * i18n keys of what ended, each with {names} (the fighters it happened to), worded to follow "The
   * fight is over: " ("cover cleared for {names}."): the core adds that, once per toast or message.
   */
  told: string[];
}

export interface GmFollowUp {
  allowed(input: { user: User.Implementation; message: ChatMessage.Implementation; result: JsonObject }): boolean;
  run(input: { user: User.Implementation; message: ChatMessage.Implementation; result: JsonObject; args: JsonObject }): Promise<{ ok: true } | { ok: false; reason: string; data?: Record<string, string | number> }>;
}

export interface RulesetDescriptor {
  id: RulesetId;
  actorModels: Record<string, DataModelClass>;
  itemModels: Record<string, DataModelClass>;
  actorSheets: SheetRegistration[];
  itemSheets: SheetRegistration[];
  /** Token bar and value attributes per actor type (CONFIG.Actor.trackableAttributes). */
  trackable: Record<string, { bar: string[]; value: string[] }>;
  /**
   * The picture a new actor or item of each type starts with (V13's getDefaultArtwork: the mystery
   * man and the bag otherwise), from Foundry's own icons (public/icons/svg). A type not listed keeps
   * Foundry's.
   */
  defaultArt?: Readonly<Record<string, string>>;
  /**
   * Whether an actor of this ruleset is a player's character (its token linked, friendly, seeing),
   * judged on its type, system data and whether a player owns it; default: none is.
   */
  isPlayerCharacter?(actor: { type: string; system: Record<string, unknown>; hasPlayerOwner: boolean }): boolean;
  /** Extra token status effects beyond the shared fracas-* ones. */
  statuses?: { id: string; name: string; img: string; hud?: false | { actorTypes: string[] } }[];
  options?: RulesetOption[];
  tables: readonly Grid[];
  combat?: CombatMapping;
  cards?: Record<string, CardKind>;
  /** A panel the tracker shows for this ruleset (e.g. Zodiac's Setback pool), under the plan. */
  trackerPanel?: {
    template: string;
    /** Where in the plan: "before" the steps (default: a short panel that explains the order), or "after" (a long, growing one). */
    position?: "before" | "after";
    context(combat: Combat.Implementation): Record<string, unknown>;
    /** Buttons in the panel: `data-action="fracasPanel" data-panel-action="<name>"` call these. */
    actions?: Record<string, (combat: Combat.Implementation, button: HTMLElement) => Promise<void>>;
  };
  /**
   * What a begun fight's end (its combat deleted) undoes for one of its fighters, or null: the core
   * writes it on the active GM's client (documents/fight-end.ts), skipping a fighter still in
   * another begun combat.
   */
  fightEnded?(actor: Actor.Implementation): FightEndChange | null;
  /** Runs on the GM's client after each round's plan is built (e.g. post dying checks, count down stuns). */
  onRoundStart?(combat: Combat.Implementation, round: number): Promise<void>;
  /** For the Quench batch: two sample actors and a roll of one at the other that posts a card. */
  sample?: {
    source: Record<string, unknown>;
    target: Record<string, unknown>;
    roll(source: Actor.Implementation, target: Actor.Implementation): Promise<ChatMessage.Implementation>;
  };
  /** Partials and templates to preload. */
  templates?: string[];
}
