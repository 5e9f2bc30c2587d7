/**
 * Operations' Setback spends on an Agent or an Other Agent, each with its Undo: shoot an Agent
 * (Almost Dead, 1 Setback) and cancel one spent Wager against a Rank (1 Setback). The tracker's
 * Setback panel (combat-panel.ts) and the Agent sheet's "Operations" section (GM only) run these
 * same flows; seed ¶9: "Operations can spend Setback against Agents at any time", so a fight is
 * not needed.
 *
 * Each spend is recorded for its Undo in a store: the combat's memory during a started fight (the
 * panel's list), else the actor's own flags (`flags.fracas.zodiacSpends`). Undo restores the
 * actor's prior values, so a later spend on the same actor must be undone first — in either
 * store: records carry `at`, strictly increasing over the stores of one actor — and only while
 * the actor still holds what the spend wrote (`after`): a card's Apply, a hand edit or a spend
 * whose record is gone (a deleted fight's) since then would otherwise be silently overwritten.
 *
 * Shoot, cancel and Undo each run on the GM's client under the actor's lock (core withActorLock),
 * reading the actor, the Setback and the records inside it: a double click, or the panel and the
 * sheet at once, cannot both pass the check and spend twice. A fight's list is shared by every
 * actor in it, so its read-change-write also takes the combat's lock (which the round start,
 * rewriting the fight's memory, holds too).
 */
import { isRuleError } from "../../engine/errors.js";
import type { StatusEvent } from "../../engine/events.js";
import { changedStatuses, setStatuses } from "../../foundry/status-toggles.js";
import { executePoolChange, readPool } from "../../foundry/pools.js";
import { pluralKey, t } from "../../foundry/i18n.js";
import { lookupUuid } from "../../foundry/typed.js";
import { withActorLock, withCombatLock } from "../../foundry/locks.js";
import type { JsonObject } from "../../foundry/registry.js";
import type { FracasCombat } from "../../foundry/documents/combat.js";
import { SETBACK_PER_SPEND, shootAgent as kernelShoot } from "./rules/index.js";
import { agentHealthOf, agentRecordOf, agentUpdate, otherAgentRecordOf, otherAgentUpdate, setbackReason, SETBACK_POOL } from "./cards/effects.js";
import { agentRank, cancelOneAgentWager } from "./cards/agent-cancel.js";
import { cancelOneWager, type SpendRecord } from "./cards/panel-view.js";
import { pathValuesOf, readPathValues, stillHolds, updateFrom, valueAt } from "../../foundry/documents/path-values.js";
import { startedCombatOf } from "../../foundry/documents/combatant-of.js";
import { fightOfSince } from "./cards/duel-round.js";

/** The Setback panel's and sheets' own pool entries: a chat card's Undo cannot reach them (ledger refs). */
const PANEL_REF = "panel";
/** Kept per store: the panel shows the last five, Undo needs no more. */
const KEEP = 20;
const FLAG_SCOPE = "fracas";
const FLAG_KEY = "zodiacSpends";

/** A spend's outcome: a refusal is an i18n key (and its data), shown once by whoever asked. */
export type Done = { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> };

/** Where spends are recorded: a fight's memory (the panel's Undo list) or, outside one, the actor. */
export type SpendStore = { kind: "combat"; combat: Combat.Implementation } | { kind: "actor"; actor: Actor.Implementation };

export function combatStore(combat: Combat.Implementation): SpendStore {
  return { kind: "combat", combat };
}

/** The store a spend on this actor goes to now: the started combat they fight in, else their own. */
export function storeFor(actor: Actor.Implementation): SpendStore {
  const combat = startedCombatOf(actor);
  return combat ? combatStore(combat) : { kind: "actor", actor };
}

function sameStore(a: SpendStore, b: SpendStore): boolean {
  return a.kind === "combat" ? b.kind === "combat" && b.combat.id === a.combat.id : b.kind === "actor" && b.actor.uuid === a.actor.uuid;
}

/** Every store that may hold spends on this actor: their own, and the started fight they are in. */
function storesOf(actor: Actor.Implementation): SpendStore[] {
  const own: SpendStore = { kind: "actor", actor };
  const now = storeFor(actor);
  return sameStore(own, now) ? [own] : [own, now];
}

export function recordsIn(store: SpendStore): SpendRecord[] {
  const raw =
    store.kind === "combat"
      ? (store.combat as unknown as FracasCombat).fracas.memory.spends
      : foundry.utils.getProperty(store.actor, `flags.${FLAG_SCOPE}.${FLAG_KEY}`);
  return Array.isArray(raw) ? (raw as unknown as SpendRecord[]) : [];
}

/**
 * Rewrites a store's records from the list as it stands at the moment of writing. The actor's own
 * store is written only under that actor's lock (every caller holds it); a fight's, shared by all
 * its actors, under the combat's lock too.
 */
async function saveRecords(store: SpendStore, change: (records: SpendRecord[]) => SpendRecord[]): Promise<void> {
  if (store.kind === "actor") {
    await store.actor.update({ [`flags.${FLAG_SCOPE}.${FLAG_KEY}`]: change(recordsIn(store)).slice(-KEEP) } as never);
    return;
  }
  const combat = store.combat;
  await withCombatLock(combat.id, async () => {
    await combat.update({ "system.memory.spends": change(recordsIn(store)).slice(-KEEP) } as never);
  });
}

/** The round a shot happens in: the fight's, or 0 outside one (DECISIONS #71: "before this fight"). */
function roundOf(store: SpendStore): number {
  return store.kind === "combat" ? (store.combat.round ?? 0) : 0;
}

/** A stamp after every spend recorded on this actor, in any store (two spends may share a millisecond). */
function nextAt(actor: Actor.Implementation): number {
  const last = Math.max(0, ...storesOf(actor).flatMap((s) => recordsIn(s).map((r) => r.at ?? 0)));
  return Math.max(Date.now(), last + 1);
}

/** A refusal: an i18n key, with its data only when there is some. */
export function refuse(reason: string, data?: Readonly<Record<string, string | number>>): Done {
  return data && Object.keys(data).length > 0 ? { ok: false, reason, data: { ...data } } : { ok: false, reason };
}

async function actorAt(uuid: string): Promise<Actor.Implementation | null> {
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** Spends 1 Setback, writes the actor, records the spend for Undo; any failure restores all. Under the actor's lock. */
async function spend(store: SpendStore, kind: SpendRecord["kind"], actor: Actor.Implementation, update: Record<string, unknown>, events: StatusEvent[]): Promise<Done> {
  const by = game.user.id ?? "";
  // Read before any write: V13 expands an update's dotted keys in the object it is given (review-s9 H1).
  const paths = Object.keys(update);
  const prior = readPathValues(actor, paths);
  const reasonKey = kind === "shoot" ? "FRACAS.Zodiac.Setback.Reason.Shoot" : "FRACAS.Zodiac.Setback.Reason.Cancel";
  const done = await executePoolChange({ kind: "change", pool: SETBACK_POOL, delta: -1, reason: setbackReason(reasonKey, actor.name), ref: PANEL_REF }, by);
  if (!done.ok) return refuse(done.reason);
  // Only the toggles that change something, so Undo reverses exactly those.
  const effective = changedStatuses(actor, events);
  try {
    const at = nextAt(actor);
    await actor.update(foundry.utils.deepClone(update) as never);
    // What the actor holds now (the model may have normalised it): Undo's check compares to this.
    const after = readPathValues(actor, paths);
    await setStatuses(actor, effective);
    const record: SpendRecord = { id: foundry.utils.randomID(), kind, actorUuid: actor.uuid, name: actor.name, prior, after, statuses: effective, entryId: done.entryId, undone: false, at };
    await saveRecords(store, (records) => [...records, record]);
  } catch (err) {
    await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: done.entryId, ref: PANEL_REF }, by);
    // The state first, then the icons (sheets/status-sync.ts): their toggles find it agreeing and write nothing.
    await actor.update(updateFrom(prior) as never);
    await setStatuses(actor, effective, { invert: true });
    throw err;
  }
  return { ok: true };
}

/** GM: Operations spends 1 Setback and an Agent gets shot — Almost Dead (kernel shootAgent). */
export async function shootIn(store: SpendStore, actorUuid: string): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const actor = await actorAt(actorUuid);
  if (!actor || (actor.type as string) !== "zodiacAgent") return refuse("FRACAS.Zodiac.Refused.NotAgent");
  return withActorLock(actor.uuid, () => shootNow(store, actor));
}

async function shootNow(store: SpendStore, actor: Actor.Implementation): Promise<Done> {
  let shot;
  try {
    shot = kernelShoot({ setback: readPool(SETBACK_POOL).value, state: agentHealthOf(actor.system as unknown as JsonObject), round: roundOf(store) });
  } catch (e) {
    if (isRuleError(e)) return refuse(`FRACAS.Error.${e.code}`, e.data);
    throw e;
  }
  const s = shot.state;
  // Setback's shot, not the Rank: cancelling Wagers later does not heal it (cards/agent-cancel.ts).
  // The fight its round counts in (duel-round.ts): a later fight reads it as "before this fight".
  const inFight = fightOfSince(s.almostDeadSince, store.kind === "combat" ? (store.combat.id ?? null) : null);
  const update = {
    "system.health.status": s.status,
    "system.health.wagersAgainst": s.wagersAgainst,
    "system.health.almostDeadSince": s.almostDeadSince,
    "system.health.almostDeadBy": "setback",
    "system.health.almostDeadIn": inFight,
  };
  return spend(store, "shoot", actor, update, shot.events);
}

function cancelRefusal(e: unknown, name: string, wagers: number): Done {
  if (isRuleError(e) && e.code === "cancelTooMany") return refuse(pluralKey("FRACAS.Zodiac.Refused.OnlyFreeWagers", wagers), { name, wagers });
  if (isRuleError(e)) return refuse(`FRACAS.Error.${e.code}`, e.data);
  throw e;
}

/**
 * GM: Operations spends 1 Setback to cancel one Wager against a Rank — only a Wager spent against
 * it (the split strike and duel applications keep on the actor), never the free one. An Other
 * Agent who died at Rank lives again below it; an Agent the Rank made Almost Dead is Healthy again
 * (cards/agent-cancel.ts).
 *
 * `drawnWith`: the Wagers against the actor the pressed button was drawn with (its data-wagers).
 * The lock makes a double click two cancels one after the other, and with two Wagers spent both
 * were valid: two Wagers cancelled and 2 Setback spent for one meant press (session 8 wave 2). A
 * press whose count no longer stands is refused, nothing spent; the redrawn button cancels another.
 */
export async function cancelIn(store: SpendStore, actorUuid: string, drawnWith?: number): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const actor = await actorAt(actorUuid);
  const type = actor ? (actor.type as string) : "";
  if (!actor || (type !== "zodiacAgent" && type !== "zodiacOtherAgent")) return refuse("FRACAS.Zodiac.Refused.NoRank");
  return withActorLock(actor.uuid, () => cancelNow(store, actor, type, drawnWith));
}

/** A button's data-wagers as a count, or undefined when it carries none (a caller with no button). */
export function drawnWagers(raw: string | undefined): number | undefined {
  const n = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isInteger(n) ? n : undefined;
}

async function cancelNow(store: SpendStore, actor: Actor.Implementation, type: string, drawnWith?: number): Promise<Done> {
  const system = actor.system as unknown as JsonObject;
  const setback = readPool(SETBACK_POOL).value;
  const now = type === "zodiacAgent" ? agentRecordOf(system).wagersAgainst : otherAgentRecordOf(system).wagersAgainst;
  if (drawnWith !== undefined && drawnWith !== now) return refuse("FRACAS.Zodiac.Refused.CancelChanged", { name: actor.name });
  if (type === "zodiacAgent") {
    const record = agentRecordOf(system);
    let next;
    try {
      next = cancelOneAgentWager(record, agentRank(system), setback);
    } catch (e) {
      return cancelRefusal(e, actor.name, record.wagersAgainst);
    }
    return spend(store, "cancel", actor, agentUpdate(next.state), next.events);
  }
  const record = otherAgentRecordOf(system);
  let next;
  try {
    next = cancelOneWager(record, Number(system.rank ?? 1), setback);
  } catch (e) {
    return cancelRefusal(e, actor.name, record.wagersAgainst);
  }
  return spend(store, "cancel", actor, otherAgentUpdate(next.state), next.events);
}

/** Is there a spend on the same actor after `rec` still standing: later in its store, or stamped later in another? */
function laterSpend(store: SpendStore, rec: SpendRecord, actor: Actor.Implementation | null): boolean {
  const mine = (s: SpendRecord) => s.actorUuid === rec.actorUuid && !s.undone && s.id !== rec.id;
  const list = recordsIn(store);
  if (list.slice(list.indexOf(rec) + 1).some(mine)) return true;
  if (!actor) return false;
  const others = storesOf(actor).filter((s) => !sameStore(s, store));
  return others.some((s) => recordsIn(s).some((r) => mine(r) && (r.at ?? 0) > (rec.at ?? 0)));
}

/**
 * Why this spend cannot be undone now, or null when it can. Undo writes the prior values back, so
 * a later spend on the same actor must go first, and the actor must still hold what the spend
 * wrote: anything since (a card's Apply, a hand edit, a spend in a fight since deleted, an icon
 * that moved the state) would be overwritten. A record from before `after` was kept cannot be
 * checked and is refused too. The sheet shows this reason in place of the Undo button.
 */
export function undoRefusal(store: SpendStore, rec: SpendRecord, actor: Actor.Implementation | null): Done | null {
  if (rec.undone) return refuse("FRACAS.Chat.Refused.AlreadyUndone");
  if (laterSpend(store, rec, actor)) return refuse("FRACAS.Chat.Refused.UndoLaterFirst");
  if (!actor) return refuse("FRACAS.Chat.Refused.NoTarget");
  // Each refusal says which values to put back by hand for this kind of spend, Setback included.
  const byHand = rec.kind === "shoot" ? "Shoot" : "Cancel";
  const data = { name: actor.name, cost: SETBACK_PER_SPEND };
  if (!rec.after || typeof rec.after !== "object") return refuse(`FRACAS.Zodiac.Refused.UndoUnchecked${byHand}`, data);
  if (stillHolds(actor, pathValuesOf(rec.after))) return null;
  if (rec.kind === "cancel") {
    const state = stateTheCancelChanged(actor, rec);
    if (state?.restored) return refuse("FRACAS.Zodiac.Refused.UndoChangedCancelRestored", { ...data, state: state.state });
    if (state?.oneBelowRank) return refuse("FRACAS.Zodiac.Refused.UndoChangedCancelState", { ...data, state: state.state, rank: state.rank });
  }
  return refuse(`FRACAS.Zodiac.Refused.UndoChanged${byHand}`, data);
}

/**
 * A cancel that took the actor below their Rank changed their State (an Agent the Rank made Almost
 * Dead is Healthy again, an Other Agent who died at Rank lives): that State, and the Rank, or null
 * when the cancel changed no State. The hand fix depends on where the actor stands now (UX review
 * s4 #2): back at or past their Rank in that State already (a strike's Apply since, say), only the
 * Setback is missing (`restored`); exactly one Wager below it, adding the Wager back brings that
 * State back by itself (sheets/hand-edit.ts: the State follows the Wagers against Rank), so the
 * text may say so (`oneBelowRank`, still in the State the cancel wrote); anywhere else, the plain fix (add the Wager) without promises.
 */
function stateTheCancelChanged(actor: Actor.Implementation, rec: SpendRecord): { state: string; rank: number; restored: boolean; oneBelowRank: boolean } | null {
  const agent = (actor.type as string) === "zodiacAgent";
  const path = agent ? "system.health.status" : "system.status";
  const before = valueAt(pathValuesOf(rec.prior), path);
  const wrote = valueAt(pathValuesOf(rec.after), path);
  if (typeof before !== "string" || before === wrote) return null;
  const system = actor.system as unknown as JsonObject;
  const rank = agent ? agentRank(system) : Number(system.rank ?? 1);
  const wagers = Number(foundry.utils.getProperty(actor, agent ? "system.health.wagersAgainst" : "system.wagersAgainst") ?? 0);
  const now = foundry.utils.getProperty(actor, path);
  return { state: t(`FRACAS.Zodiac.Health.${before}`), rank, restored: now === before && wagers >= rank, oneBelowRank: now === wrote && wagers === rank - 1 };
}

/**
 * The refusals whose text gives a hand fix and ends "then use “Give Operations its 1 Setback
 * back”": the actor changed since the spend (or cannot be checked), so Undo would overwrite that.
 * Not "undo the later spend first" nor "already undone": those are not put right by hand.
 */
const BY_HAND = new Set(
  ["UndoChangedCancel", "UndoChangedCancelState", "UndoChangedCancelRestored", "UndoChangedShoot", "UndoUncheckedCancel", "UndoUncheckedShoot"].map((k) => `FRACAS.Zodiac.Refused.${k}`),
);

/** Whether this refusal of an Undo leaves the GM to put the spend right by hand, Setback included. */
export function fixedByHand(refused: Done | null): boolean {
  return refused !== null && !refused.ok && BY_HAND.has(refused.reason);
}

/**
 * GM: the Setback half of an Undo the actor's changes refuse (UX review s4 #2, in place of the
 * "Setback: gain 1" macro): the spend's own pool entry is undone (the ledger refuses a second undo
 * of it, and its `ref` ties it to these spends), and the record is closed as undone, by hand — its
 * Undo is no longer offered, the actor is left as the GM makes them. Only when the Undo is refused
 * for a change since (`fixedByHand`): a spend that can be undone in full is undone with its Undo.
 */
export async function giveBackIn(store: SpendStore, spendId: string): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const found = recordsIn(store).find((s) => s.id === spendId);
  if (!found) return refuse("FRACAS.Chat.Refused.NoApplication");
  return withActorLock(found.actorUuid, () => giveBackNow(store, spendId));
}

async function giveBackNow(store: SpendStore, spendId: string): Promise<Done> {
  const rec = recordsIn(store).find((s) => s.id === spendId);
  if (!rec) return refuse("FRACAS.Chat.Refused.NoApplication");
  const refused = undoRefusal(store, rec, await actorAt(rec.actorUuid));
  if (!fixedByHand(refused)) return refused ?? refuse("FRACAS.Zodiac.Refused.GiveBackNotBlocked");
  const done = await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: rec.entryId, ref: PANEL_REF }, game.user.id ?? "");
  if (!done.ok) return refuse(done.reason);
  await saveRecords(store, (records) => records.map((s) => (s.id === spendId ? { ...s, undone: true, byHand: true } : s)));
  return { ok: true };
}

/** GM, from the actor's sheet: the Setback back for the spend with this id, in whichever of the actor's stores holds it. */
export async function giveBackOn(actor: Actor.Implementation, spendId: string): Promise<Done> {
  const store = storesOf(actor).find((s) => recordsIn(s).some((r) => r.id === spendId));
  if (!store) return game.user.isGM ? refuse("FRACAS.Chat.Refused.NoApplication") : refuse("FRACAS.Chat.Refused.NotGM");
  return giveBackIn(store, spendId);
}

/** GM: undoes one recorded spend — the Setback comes back and the actor's prior values return. */
export async function undoIn(store: SpendStore, spendId: string): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const found = recordsIn(store).find((s) => s.id === spendId);
  if (!found) return refuse("FRACAS.Chat.Refused.NoApplication");
  // The record names the actor whose lock it takes; inside, the record and the actor are read again.
  return withActorLock(found.actorUuid, () => undoNow(store, spendId));
}

async function undoNow(store: SpendStore, spendId: string): Promise<Done> {
  const rec = recordsIn(store).find((s) => s.id === spendId);
  if (!rec) return refuse("FRACAS.Chat.Refused.NoApplication");
  const actor = await actorAt(rec.actorUuid);
  const refused = undoRefusal(store, rec, actor);
  if (refused || !actor) return refused ?? refuse("FRACAS.Chat.Refused.NoTarget");
  const by = game.user.id ?? "";
  const done = await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: rec.entryId, ref: PANEL_REF }, by);
  if (!done.ok) return refuse(done.reason);
  // A fresh object: V13 expands the object it is given in place, and the record is the stored one.
  await actor.update(updateFrom(pathValuesOf(rec.prior)) as never);
  await setStatuses(actor, rec.statuses, { invert: true });
  // Re-read at write time: the actor store is the actor itself, which the line above just wrote.
  await saveRecords(store, (records) => records.map((s) => (s.id === spendId ? { ...s, undone: true } : s)));
  return { ok: true };
}

/** The spend on this actor an Undo would take back now (the latest standing one, in any of its stores). */
export function latestSpendOn(actor: Actor.Implementation): { store: SpendStore; record: SpendRecord } | null {
  let best: { store: SpendStore; record: SpendRecord } | null = null;
  for (const store of storesOf(actor)) {
    const mine = recordsIn(store).filter((r) => r.actorUuid === actor.uuid && !r.undone);
    const last = mine[mine.length - 1];
    if (last && (!best || (last.at ?? 0) > (best.record.at ?? 0))) best = { store, record: last };
  }
  return best;
}

/**
 * The sheet's Undo: the latest standing spend on this actor and, when it cannot be undone now, the
 * reason (an i18n key and its data), and whether the GM may take its Setback back alone (giveBack).
 */
export function undoOffer(
  actor: Actor.Implementation,
): { id: string; kind: SpendRecord["kind"]; blockedKey: string | null; blockedData: Record<string, string | number>; giveBack: boolean } | null {
  const latest = latestSpendOn(actor);
  if (!latest) return null;
  const refused = undoRefusal(latest.store, latest.record, actor);
  const blocked = refused && !refused.ok ? refused : null;
  return { id: latest.record.id, kind: latest.record.kind, blockedKey: blocked?.reason ?? null, blockedData: blocked?.data ?? {}, giveBack: fixedByHand(refused) };
}

/** GM, from the actor's sheet: undo the spend with this id, in whichever of the actor's stores holds it. */
export async function undoOn(actor: Actor.Implementation, spendId: string): Promise<Done> {
  const store = storesOf(actor).find((s) => recordsIn(s).some((r) => r.id === spendId));
  if (!store) return game.user.isGM ? refuse("FRACAS.Chat.Refused.NoApplication") : refuse("FRACAS.Chat.Refused.NotGM");
  return undoIn(store, spendId);
}

/** Shows a refusal once, localized with its data. */
export function report(done: Done): void {
  if (!done.ok) ui.notifications?.warn(t(done.reason, done.data));
}
