/**
 * Applying a card's stored result to a target, and undoing it. These run on a client that may
 * write both the target and the card: the GM (through a query) or a player who owns both. They
 * re-validate everything from the stored card — never numbers sent by the requester — and leave
 * no partial write: if any step fails, what was written is restored. A card's author may edit it,
 * so on the GM's client its applications must match what a GM sealed (card-seals.ts), and an Undo
 * writes only what an Apply could have written (record-check.ts).
 */
import { descriptor } from "../rulesets.js";
import { changedStatuses, setStatuses } from "../status-toggles.js";
import type { Application } from "../data/card-data.js";
import type { CardActor, CardKind, Json, JsonObject } from "../registry.js";
import { lookupUuid } from "../typed.js";
import { executePoolChange } from "../pools.js";
import { withCardLock } from "../locks.js";
import { startedCombatantOf } from "../documents/combatant-of.js";
import { sameJson } from "../same-json.js";
import { updateOrThrow } from "../documents/update-or-throw.js";
import { pathValuesOf, pathsOf, readPathValues, stillHolds, updateFrom } from "../documents/path-values.js";
import { isSealed, sealApplications, sealProblem, sealsOf } from "./card-seals.js";
import { recordProblem } from "./record-check.js";
import { sourceOf } from "./card-author.js";

export interface ApplyRequest {
  messageId: string;
  targetUuid: string;
  userId: string;
}
export interface UndoRequest {
  messageId: string;
  applicationId: string;
  userId: string;
}
/** A refusal's `data` fills the placeholders of its i18n `reason` (e.g. a kernel error's {max}). */
export type Outcome = { ok: true; summary: { key: string; data?: Record<string, string | number> } } | { ok: false; reason: string; data?: Record<string, string | number> };

interface CardSystem {
  ruleset: string;
  kind: string;
  sourceUuid: string;
  result: JsonObject;
  targets: { uuid: string; name: string }[];
  applications: Application[];
}

const refuse = (reason: string): Outcome => ({ ok: false, reason: `FRACAS.Chat.Refused.${reason}` });

function cardOf(messageId: unknown): { message: ChatMessage.Implementation; card: CardSystem } | null {
  if (typeof messageId !== "string") return null;
  const message = game.messages.get(messageId);
  if (!message || message.type !== "card") return null;
  return { message, card: message.system as unknown as CardSystem };
}

/**
 * May `user` act on this card? The GM; a player who owns the card's source actor; on a card with no
 * source (or whose source no longer exists: a deleted unlinked token), its author. Being the author
 * of a card that names an existing source is not enough: an author can name any actor as the
 * source (a card made in the console "from" the GM's villain).
 */
export function mayActOnCard(user: User.Implementation, message: ChatMessage.Implementation): boolean {
  if (user.isGM) return true;
  const source = sourceOf(message);
  if (!source) return message.author?.id === user.id;
  return source.testUserPermission(user, "OWNER");
}

/** On the GM's client, a card whose sealed applications were changed is refused (card-seals.ts). */
function tampered(messageId: string, card: CardSystem): Outcome | null {
  const problem = game.user.isGM ? sealProblem(messageId, card.applications) : null;
  return problem ? { ok: false, reason: problem } : null;
}

/**
 * The card's applications as stored after a write: the seal is a digest of what a later check reads
 * back, not of the object this client sent (a value the document's model stored otherwise would
 * make every later check refuse the card).
 */
function storedApplications(message: ChatMessage.Implementation): Application[] {
  const stored = (message.system as unknown as CardSystem).applications;
  return Array.isArray(stored) ? stored : [];
}

/** The applications this client keeps sealed after a write: those sealed before and still standing, plus `made`. */
function sealedAfter(messageId: string, applications: readonly Application[], made: string | null): Set<string> {
  const sealed = new Set(Object.keys(sealsOf(messageId)));
  return new Set(applications.filter((a) => !a.undone && (sealed.has(a.id) || a.id === made)).map((a) => a.id));
}

/** The card a request names, and its requester, when that user may act on it (else the refusal). */
function actableCard(req: { messageId: string; userId: string }): { message: ChatMessage.Implementation; card: CardSystem; user: User.Implementation } | Outcome {
  const found = cardOf(req.messageId);
  if (!found) return refuse("NoCard");
  const user = typeof req.userId === "string" ? game.users.get(req.userId) : undefined;
  if (!user || !mayActOnCard(user, found.message)) return refuse("NotYours");
  return { ...found, user };
}

async function targetActor(uuid: string): Promise<Actor.Implementation | null> {
  const doc = await lookupUuid(uuid);
  if (doc instanceof Actor) return doc as Actor.Implementation;
  return null;
}

/** An actor as a card kind's effect sees it (registry CardActor). */
export function cardActor(actor: Actor.Implementation): CardActor {
  const defeated = startedCombatantOf(actor)?.isDefeated === true;
  const flags = ((actor.flags as Record<string, unknown> | undefined)?.["fracas"] ?? {}) as JsonObject;
  return { type: actor.type, system: actor.system as unknown as JsonObject, name: actor.name, uuid: actor.uuid, statuses: [...(actor.statuses ?? [])], defeated, flags };
}



export function executeApply(req: ApplyRequest): Promise<Outcome> {
  return withCardLock(req.messageId, () => applyNow(req));
}

export function executeUndo(req: UndoRequest): Promise<Outcome> {
  return withCardLock(req.messageId, () => undoNow(req));
}

/**
 * The ledger ref of the pool entries one application makes: the card and the application, so a
 * card edited to name another card's entry, or another application's, cannot undo it.
 */
function applicationRef(messageId: string, applicationId: string): string {
  return `${messageId}:apply:${applicationId}`;
}

/** The card's applications, with what its kind writes alongside them (CardKind.cardUpdate), in one update. */
async function writeApplications(message: ChatMessage.Implementation, kind: CardKind | undefined, applications: Application[]): Promise<void> {
  let extra: Record<string, unknown> = {};
  try {
    extra = (await kind?.cardUpdate?.({ message, applications })) ?? {};
  } catch (err) {
    // The applications are what Undo needs: they are written whatever the kind's own fields do.
    console.error("Fracas | a card's own fields could not be made; its applications are written without them", err);
  }
  await updateOrThrow(message as never, { ...extra, "system.applications": applications });
}

async function applyNow(req: ApplyRequest): Promise<Outcome> {
  const found = actableCard(req);
  if ("ok" in found) return found;
  const { message, card, user } = found;
  const changed = tampered(req.messageId, card);
  if (changed) return changed;
  if (!card.targets.some((t) => t.uuid === req.targetUuid)) return refuse("NotATarget");
  if (card.applications.some((a) => a.targetUuid === req.targetUuid && !a.undone)) return refuse("AlreadyApplied");
  const target = await targetActor(req.targetUuid);
  if (!target) return refuse("NoTarget");
  const kind = descriptor(card.ruleset)?.cards?.[card.kind];
  if (!kind || kind.applicable === false) return refuse("UnknownCard");

  const source = card.sourceUuid ? await targetActor(card.sourceUuid) : null;
  const effect = kind.effect({ result: card.result, target: cardActor(target), ...(source ? { source: cardActor(source) } : {}) });
  if ("refused" in effect) return { ok: false, reason: effect.refused, ...(effect.data ? { data: effect.data } : {}) };

  const pools = effect.pools ?? [];
  if (pools.length > 0 && !game.user.isGM) return refuse("NeedsGM");
  const prior = readPathValues(target, Object.keys(effect.update));
  const statuses = changedStatuses(target, effect.statuses);
  const application: Application = {
    id: foundry.utils.randomID(),
    targetUuid: req.targetUuid,
    by: user.id ?? "",
    at: Date.now(),
    prior,
    statuses,
    summary: effect.summary,
    poolEntries: [],
    undone: false,
  };
  const kept = Object.keys(effect.update).filter((p) => !effect.undoIgnores?.includes(p));
  await updateOrThrow(target as never, effect.update);
  application.after = readPathValues(target, kept);
  try {
    await setStatuses(target, statuses);
    for (const p of pools) {
      const done = await executePoolChange({ kind: "change", pool: p.name, delta: p.delta, reason: p.reason, ref: applicationRef(req.messageId, application.id) }, application.by);
      if (!done.ok) throw new Error(done.reason);
      application.poolEntries.push({ pool: p.name, entryId: done.entryId });
    }
    const applications = [...card.applications, application];
    await writeApplications(message, kind, applications);
    await sealApplications(req.messageId, storedApplications(message), sealedAfter(req.messageId, applications, application.id));
  } catch (err) {
    for (const e of application.poolEntries) await executePoolChange({ kind: "undo", pool: e.pool, entryId: e.entryId, ref: applicationRef(req.messageId, application.id) }, application.by);
    // State first, then icons, as the forward path: a ruleset that reads the icons (a status
    // sync hook) sees the restored state, never a mix.
    await target.update(updateFrom(prior));
    await setStatuses(target, statuses, { invert: true });
    throw err;
  }
  return { ok: true, summary: effect.summary };
}

async function undoNow(req: UndoRequest): Promise<Outcome> {
  const found = actableCard(req);
  if ("ok" in found) return found;
  const { message, card, user } = found;
  const changed = tampered(req.messageId, card);
  if (changed) return changed;
  const app = card.applications.find((a) => a.id === req.applicationId);
  if (!app) return refuse("NoApplication");
  if (app.undone) return refuse("AlreadyUndone");
  const bad = recordProblem(app, card.targets);
  if (bad) return { ok: false, reason: bad };
  // On the GM's client, a record no GM sealed (made with no GM connected, or written by its author)
  // is undone only at a GM's own request: a player's Undo would let the author's edit through.
  const wasSealed = isSealed(req.messageId, app);
  if (game.user.isGM && !user.isGM && !wasSealed) return refuse("NotSealed");
  // A player's own client (no GM connected) leaves what a GM sealed to a GM: undone here, its seal
  // (which only a GM can drop) would stay and make the GM refuse the whole card.
  if (!game.user.isGM && wasSealed) return refuse("SealedNeedsGM");
  const later = card.applications.find((a) => a.targetUuid === app.targetUuid && !a.undone && a.at > app.at);
  if (later) return refuse("UndoLaterFirst");
  const target = await targetActor(app.targetUuid);
  if (!target) return refuse("NoTarget");
  const kind = descriptor(card.ruleset)?.cards?.[card.kind];
  // Undo writes the prior values back whole: once something else has changed them since (another
  // card's Apply, a sheet edit, a round-start card), that would erase it too. Undo in reverse order.
  const after = pathValuesOf(app.after);
  if (after.length > 0 && !stillHolds(target, after)) {
    return { ok: false, reason: "FRACAS.Chat.Refused.ChangedSince", data: { name: target.name } };
  }

  // What an Apply gave a GM's pool (a miss's Setback) only the GM takes back: checked on the
  // requester, since a player's Undo runs here on the GM's client.
  if (app.poolEntries.length > 0 && !user.isGM) return refuse("UndoNeedsGM");
  const prior = pathValuesOf(app.prior);
  const current = readPathValues(target, pathsOf(prior));
  const by = user.id ?? "";
  // A copy: the rollback must not depend on whether the card's data object is replaced on update.
  const applicationsBefore = card.applications.map((a) => ({ ...a }));
  await updateOrThrow(target as never, updateFrom(prior));
  // Pools last: a ledger undo cannot itself be undone, so if a pool step fails, what the earlier
  // ones gave back is taken again as new entries, and the application points at those.
  const givenBack: { index: number; pool: string; delta: number }[] = [];
  let cardWritten = false;
  try {
    await setStatuses(target, app.statuses, { invert: true });
    const applications = applicationsBefore.map((a) => (a.id === app.id ? { ...a, undone: true } : a));
    await writeApplications(message, kind, applications);
    cardWritten = true;
    await sealApplications(req.messageId, storedApplications(message), sealedAfter(req.messageId, applications, null));
    for (const [index, e] of app.poolEntries.entries()) {
      const done = await executePoolChange({ kind: "undo", pool: e.pool, entryId: e.entryId, ref: applicationRef(req.messageId, app.id) }, by);
      if (!done.ok) throw new Error(done.reason);
      const undoEntry = done.pool.entries.find((x) => x.id === done.entryId);
      givenBack.push({ index, pool: e.pool, delta: -(undoEntry?.delta ?? 0) });
    }
  } catch (err) {
    const poolEntries = [...app.poolEntries];
    for (const g of givenBack) {
      const again = await executePoolChange({ kind: "change", pool: g.pool, delta: g.delta, reason: "FRACAS.Chat.UndoTakenBack", ref: applicationRef(req.messageId, app.id) }, by);
      if (again.ok) poolEntries[g.index] = { pool: g.pool, entryId: again.entryId };
    }
    if (cardWritten) {
      const restored = applicationsBefore.map((a) => (a.id === app.id ? { ...a, poolEntries } : a));
      await writeApplications(message, kind, restored);
      // Standing again: sealed again if it was (with the pool entries that now stand for it).
      await sealApplications(req.messageId, storedApplications(message), new Set([...sealedAfter(req.messageId, restored, null), ...(wasSealed ? [app.id] : [])]));
    }
    await target.update(updateFrom(current));
    await setStatuses(target, app.statuses);
    throw err;
  }
  return { ok: true, summary: { key: "FRACAS.Chat.Undone" } };
}

export interface FollowUpRequest {
  messageId: string;
  name: string;
  args: JsonObject;
  userId: string;
}

/** Runs a card kind's GM follow-up where the write is allowed, after the kind says this user may ask. */
export async function executeFollowUp(req: FollowUpRequest): Promise<Outcome> {
  const found = cardOf(req.messageId);
  if (!found) return refuse("NoCard");
  const { message, card } = found;
  const user = typeof req.userId === "string" ? game.users.get(req.userId) : undefined;
  const follow = descriptor(card.ruleset)?.cards?.[card.kind]?.gmFollowUps?.[req.name];
  if (!user) return refuse("NotYours");
  if (!follow) return refuse("UnknownCard");
  if (!follow.allowed({ user, message, result: card.result })) return refuse("NotYours");
  const done = await follow.run({ user, message, result: card.result, args: req.args ?? {} });
  return done.ok ? { ok: true, summary: { key: "FRACAS.Chat.Done" } } : done;
}
