/**
 * Sheet and roll-dialog contexts, pure over plain data (fixtures call these too). Every label is
 * an i18n key; the templates localize them.
 */
import type { Grid } from "../../../engine/tables.js";
import { AREA_MAX, AREA_MIN, CALLED_SHOTS, calledShotCost, type TotalMode } from "../rules/index.js";
import { AREA_SLOTS, KILLING_SLOT, type AreaEntry, type AreaSlot } from "../data/areas.js";
import { ROLL_KINDS, rollModel, rollTn, type NumberField, type RefusedNumber, type RollChoice, type RollKind, type RollModel } from "../cards/roll-model.js";
import { splitWithin } from "../cards/spent-wagers.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { poolLine, tnSource, type TnSourceKind } from "../cards/views.js";

const RATINGS = Array.from({ length: AREA_MAX - AREA_MIN + 1 }, (_, i) => AREA_MIN + i);

export interface AgentSystem {
  areas: Record<string, AreaEntry>;
  agentPoints: { value: number; max: number };
  /** spent/free: the split duel applications recorded of the Wagers against Rank (older data: none). */
  health: { status: string; wagersAgainst: number; almostDeadSince: number | null; almostDeadIn?: string | null; spent?: number; free?: number };
  profile?: { rank: number; tn: number };
  notes: string;
}

/** "Of these, n spent and m free": the split as it stands against the Wagers (spent-wagers.ts), shown when any stand. */
function breakdownView(wagers: number, stored: { spent?: number; free?: number } | undefined) {
  const { spent, free } = splitWithin({ spent: stored?.spent ?? 0, free: stored?.free ?? 0 }, wagers);
  return { spent, free, showBreakdown: wagers > 0 };
}

/**
 * Almost Dead's note: since which round, or since before this fight (round 0, none recorded, or a
 * round counted in another fight than `fightId`, the started one the Agent is in: duel-round.ts).
 */
function almostDeadNote(health: AgentSystem["health"], fightId: string | null): { key: string; round: number } | null {
  if (health.status !== "almostDead") return null;
  const elsewhere = typeof health.almostDeadIn === "string" && health.almostDeadIn !== fightId;
  const round = elsewhere ? 0 : (health.almostDeadSince ?? 0);
  return round > 0 ? { key: "FRACAS.Zodiac.Sheet.AlmostDeadNote", round } : { key: "FRACAS.Zodiac.Sheet.AlmostDeadNoteBefore", round: 0 };
}

/**
 * Notes (an HTMLField): the raw HTML for the editor's value and the enriched HTML to show (the
 * sheet enriches it; fixtures and tests pass none and see the stored HTML) — never a textarea of tags.
 */
function notesView(raw: string, notesHTML?: string) {
  return { notes: raw, notesHTML: notesHTML ?? raw };
}

/** An item embedded in a Zodiac actor, as the sheet reads it (only zodiacWeapon items fit one: core item.ts). */
export interface CarriedItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: { range?: unknown };
}

/**
 * The Weapons list of the Agent, Other Agent and crowd sheets (review s10 content P4: a weapon dropped
 * on an actor was stored where no one could see or delete it). Each row: the name and the range kind the
 * model holds (gun or unarmed) with its seed meaning; the actor's order. A weapon changes no roll
 * (DECISIONS #18, #23–25): the list's hint says so, and nothing reads it for a roll.
 */
export function weaponsView(items: readonly CarriedItem[] = []) {
  return items
    .filter((i) => i.type === "zodiacWeapon")
    .map((i) => {
      const range = i.system.range === "unarmed" ? "unarmed" : "gun";
      return { id: i.id, name: i.name, img: i.img, range, rangeLabel: `FRACAS.Zodiac.Range.${range}`, rangeHint: `FRACAS.Zodiac.Range.${range}Hint` };
    });
}

export function agentSheetView(doc: { name: string; img: string; system: AgentSystem; items?: readonly CarriedItem[] }, editable: boolean, notesHTML?: string, fightId: string | null = null) {
  const s = doc.system;
  return {
    name: doc.name,
    img: doc.img,
    editable,
    weapons: weaponsView(doc.items),
    areas: AREA_SLOTS.map((slot) => {
      const a = s.areas[slot] ?? { name: slot, rating: AREA_MIN };
      return {
        slot,
        name: a.name,
        rating: a.rating,
        killing: slot === KILLING_SLOT,
        nameField: `system.areas.${slot}.name`,
        ratingField: `system.areas.${slot}.rating`,
        ratings: RATINGS.map((r) => ({ value: r, selected: r === a.rating })),
      };
    }),
    agentPoints: s.agentPoints,
    health: s.health,
    statusLabel: `FRACAS.Zodiac.Health.${s.health.status}`,
    almostDead: s.health.status === "almostDead",
    almostDeadNote: almostDeadNote(s.health, fightId),
    dead: s.health.status === "dead",
    ...breakdownView(s.health.wagersAgainst, s.health),
    statuses: ["healthy", "almostDead", "dead"].map((v) => ({ value: v, label: `FRACAS.Zodiac.Health.${v}`, selected: v === s.health.status })),
    profile: s.profile ?? { rank: 0, tn: 0 },
    ...notesView(s.notes, notesHTML),
  };
}

export interface OtherAgentSystem {
  rank: number;
  tn: number;
  wagersAgainst: number;
  /** Spent vs free Wagers against Rank, as strike applications recorded them. */
  breakdown?: { spent: number; free: number };
  headShot?: boolean;
  status: string;
  notes: string;
}

export function otherAgentSheetView(doc: { name: string; img: string; system: OtherAgentSystem; items?: readonly CarriedItem[] }, editable: boolean, notesHTML?: string) {
  const s = doc.system;
  const remaining = Math.max(0, s.rank - s.wagersAgainst);
  return {
    name: doc.name,
    img: doc.img,
    editable,
    weapons: weaponsView(doc.items),
    rank: s.rank,
    tn: s.tn,
    wagersAgainst: s.wagersAgainst,
    status: s.status,
    ...notesView(s.notes, notesHTML),
    ...breakdownView(s.wagersAgainst, s.breakdown),
    headShot: s.headShot === true,
    remaining,
    /** A dead Other Agent has nothing left to kill: no "n more Wagers kill" beside "Dead". */
    remainingKey: s.status === "dead" || remaining === 0 ? null : pluralKey("FRACAS.Zodiac.Sheet.Remaining", remaining),
    statusLabel: `FRACAS.Zodiac.Health.${s.status}`,
  };
}

export function crowdSheetView(doc: { name: string; img: string; system: { standing: number; captured: number; killed: number; notes: string }; items?: readonly CarriedItem[] }, editable: boolean, notesHTML?: string) {
  return { name: doc.name, img: doc.img, editable, weapons: weaponsView(doc.items), ...doc.system, ...notesView(doc.system.notes, notesHTML) };
}

/**
 * descriptionHTML: the description enriched by TextEditor (the sheet does it; fixtures pass HTML).
 * The raw HTML goes to the editor's value, the enriched HTML is what is shown — never a textarea
 * of tags (UX review #10).
 */
export function weaponSheetView(doc: { name: string; img: string; system: { range: string; description: string } }, editable: boolean, descriptionHTML: string) {
  return {
    name: doc.name,
    img: doc.img,
    editable,
    range: doc.system.range,
    description: doc.system.description,
    descriptionHTML,
    ranges: ["gun", "unarmed"].map((v) => ({ value: v, label: `FRACAS.Zodiac.Range.${v}`, hint: `FRACAS.Zodiac.Range.${v}Hint`, selected: v === doc.system.range })),
  };
}

/** What the roll dialog knows of its target. */
export interface DialogTarget {
  uuid: string;
  name: string;
  type: string;
  /** TN and Rank to reach them (Other Agent: set by Operations; Agent: profile). */
  tn: number | null;
  rank: number | null;
  accumulated: number;
  almostDead: boolean;
}

export interface DialogInput {
  actorName: string;
  areas: Record<string, AreaEntry>;
  slot: AreaSlot;
  choice: RollChoice;
  agentPoints: number;
  almostDead: boolean;
  target: DialogTarget | null;
  totalMode: TotalMode;
  everyoneElseTn: Grid;
  calledShotGrid: Grid;
  /** Numbers last typed that the dialog did not take (roll-model.ts refusedNumbers): said above the odds. */
  refused?: readonly RefusedNumber[];
  /** game.i18n.format (or a fixture's stand-in): turns the model's refusal into its exact reason. */
  localize?: (key: string, data?: Record<string, string | number>) => string;
}

/** Which roll kinds make sense against this target. */
export function kindsFor(target: DialogTarget | null): RollKind[] {
  if (!target) return ["kill", "fight"];
  if (target.type === "zodiacCrowd") return ["kill", "fight"];
  if (target.type === "zodiacOtherAgent") return ["strike", "fight"];
  if (target.type === "zodiacAgent") return ["duel", "fight"];
  return ["fight"];
}

/**
 * The roll the dialog opens on: the first that fits the target — except that a kill rolls only the
 * killing Area, so opening on another Area (a sheet's Scorpio button) offers a fight roll instead.
 */
export function defaultKind(target: DialogTarget | null, slot: AreaSlot = KILLING_SLOT): RollKind {
  const kinds = kindsFor(target);
  return kinds[0] === "kill" && slot !== KILLING_SLOT && kinds.includes("fight") ? "fight" : kinds[0]!;
}

/**
 * The odds' derivation through the cards' own builders (views.ts poolLine and tnSource, review s7
 * D3), so what the dialog says before the roll is what the card says after it: the pool (Area +
 * gathered, with the Agent Points typed, − Wagers), how the total is made (under a pool no larger
 * than the Area rating, every die), and where the TN comes from.
 */
function oddsLines(kind: RollKind, c: RollChoice & { finish: boolean }, model: RollModel, target: DialogTarget | null, areaName: string) {
  const agent = target?.type === "zodiacAgent";
  const source: TnSourceKind = kind === "kill" ? "everyoneElse" : kind === "fight" ? "fight" : agent ? "agent" : "otherAgent";
  return {
    pool: poolLine({ areaName, rating: c.area, gathered: c.gathered, wagers: c.wagers, spend: c.spend, finish: c.finish }, { pool: model.pool, area: c.area, mode: c.totalMode }),
    tnFrom: tnSource(source, model.tn, target?.rank ?? "?", target?.name ?? ""),
  };
}

/** The refusal's reason in words, or null (no localizer, or a code the language file lacks). */
function errorText(model: RollModel, localize: DialogInput["localize"]): string | null {
  if (!model.error || !localize) return null;
  const text = localize(model.error.key, model.error.data);
  return text && text !== model.error.key ? text : null;
}

export function rollDialogView(input: DialogInput): { model: RollModel } & Record<string, unknown> {
  const kinds = kindsFor(input.target);
  const kind = kinds.includes(input.choice.kind) ? input.choice.kind : kinds[0]!;
  // Seed: "To kill Everyone Else you roll Aries" — a kill rolls the killing slot, whatever was picked.
  const slot: AreaSlot = kind === "kill" ? KILLING_SLOT : input.slot;
  const area = input.areas[slot] ?? { name: slot, rating: AREA_MIN };
  const choice: RollChoice = { ...input.choice, area: area.rating, totalMode: input.totalMode };
  // A fight roll has no called shot (the seed's shots are at Everyone Else, Other Agents and Agents): a
  // shot picked before switching to a fight is dropped rather than charged in Wagers (review-s11 RZ5).
  const c = { ...choice, kind, calledShot: kind === "fight" ? null : choice.calledShot, captureAlive: kind === "kill" && choice.captureAlive, finish: kind === "duel" && choice.finish && input.target?.almostDead === true };
  const tn = rollTn(kind, input.target?.tn ?? null, c.tn, input.everyoneElseTn);
  const model = rollModel(c, { agentPoints: input.agentPoints, almostDead: input.almostDead }, tn, input.calledShotGrid);
  return {
    actorName: input.actorName,
    slot,
    /** A kill's Area is fixed: the select is disabled and says why. */
    slotFixed: kind === "kill",
    areas: AREA_SLOTS.map((s) => ({ value: s, label: `${input.areas[s]?.name ?? s} (${input.areas[s]?.rating ?? AREA_MIN})`, selected: s === slot })),
    areaName: area.name,
    area: area.rating,
    kinds: ROLL_KINDS.filter((k) => kinds.includes(k)).map((k) => ({ value: k, label: `FRACAS.Zodiac.Kind.${k}`, selected: k === kind })),
    kind,
    isKill: kind === "kill",
    isStrike: kind === "strike",
    isDuel: kind === "duel",
    isFight: kind === "fight",
    choice: c,
    calledShots: CALLED_SHOTS.map((s) => {
      const cost = calledShotCost(s, input.calledShotGrid);
      return { value: s, label: `FRACAS.Zodiac.CalledShot.${s}`, cost, costKey: pluralKey("FRACAS.Zodiac.Dialog.Cost", cost), selected: s === c.calledShot };
    }),
    target: input.target,
    canFinish: kind === "duel" && input.target?.almostDead === true,
    agentPoints: input.agentPoints,
    almostDead: input.almostDead,
    model,
    odds: oddsLines(kind, c, model, input.target, area.name),
    /** The kernel's own reason for a refusal; the template falls back to the generic line without it. */
    errorText: errorText(model, input.localize),
    /**
     * Each number refused, by field (UX review s6 #5): its message key by reason, its field's name
     * key, what was typed and what is used instead; shown under its own input, which points to it
     * (aria-describedby, aria-invalid) — at most one per field.
     */
    bad: Object.fromEntries(
      (input.refused ?? []).map((r) => [r.field, { id: `zodiac-bad-${r.field}`, key: `FRACAS.Zodiac.Dialog.BadNumber.${r.reason}`, fieldKey: `FRACAS.Zodiac.Dialog.Field.${r.field}`, typed: r.typed, max: r.max, kept: r.kept }]),
    ) as Partial<Record<NumberField, { id: string; key: string; fieldKey: string; typed: string; max: number; kept: number }>>,
    submitLabel: kind === "duel" ? "FRACAS.Zodiac.Dialog.Commit" : "FRACAS.Zodiac.Dialog.Roll",
  };
}
