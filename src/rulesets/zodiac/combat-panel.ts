/**
 * The Setback panel under the tracker's plan: Operations' Setback pool and its recent history for
 * everyone; who has rolled this round; for the GM, "shoot an Agent" (Almost Dead, 1 Setback),
 * "cancel a Wager" against an Agent's or an Other Agent's Rank (1 Setback), each with Undo, and moving an Agent in
 * Operations' order. The core tracker dispatches its buttons (data-action) to the handlers here.
 */
import * as ledger from "../../engine/ledger.js";
import { isRuleError } from "../../engine/errors.js";
import { statusEffectId, type StatusEvent } from "../../engine/events.js";
import { executePoolChange, readPool } from "../../foundry/pools.js";

/** The Setback panel's own pool entries: a chat card's Undo cannot reach them (ledger refs). */
const PANEL_REF = "panel";
import { pluralKey, t } from "../../foundry/i18n.js";
import { lookupUuid } from "../../foundry/typed.js";
import type { CombatantInfo, JsonObject } from "../../foundry/registry.js";
import type { FracasCombat } from "../../foundry/documents/combat.js";
import { shootAgent as kernelShoot } from "./rules/index.js";
import { agentHealthOf, agentRecordOf, agentUpdate, otherAgentRecordOf, otherAgentUpdate, setbackReason, SETBACK_POOL } from "./cards/effects.js";
import { agentRank, cancelOneAgentWager } from "./cards/agent-cancel.js";
import { cancelOneWager, panelView, PANEL_TEMPLATE, type PanelView, type SpendRecord } from "./cards/panel-view.js";
import { rollingOrder, withMove } from "./combat.js";

export { PANEL_TEMPLATE };

/** A panel action's outcome: a refusal is an i18n key (and its data), shown by the panel's dispatch. */
export type Done = { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> };

function infosOf(combat: Combat.Implementation): CombatantInfo[] {
  return (combat as unknown as FracasCombat).combatantInfos();
}

function memoryOf(combat: Combat.Implementation): JsonObject {
  return (combat as unknown as FracasCombat).fracas.memory;
}

function spendsOf(combat: Combat.Implementation): SpendRecord[] {
  const raw = memoryOf(combat).spends;
  return Array.isArray(raw) ? (raw as unknown as SpendRecord[]) : [];
}

/** Combatant ids whose Agents have a zodiac card from this combat's current round. */
export function rolledThisRound(combat: Combat.Implementation): string[] {
  const round = combat.round ?? 0;
  const byActor = new Map<string, string>();
  for (const c of combat.combatants) if (c.actor) byActor.set(c.actor.uuid, c.id ?? "");
  const rolled = new Set<string>();
  for (const m of game.messages) {
    if (m.type !== "card") continue;
    const sys = m.system as unknown as { ruleset?: string; result?: JsonObject };
    const r = sys.result;
    if (sys.ruleset !== "zodiac" || !r) continue;
    const cr = r.combat as { id?: string; round?: number } | null | undefined;
    if (!cr || cr.id !== combat.id || cr.round !== round) continue;
    const uuids = [r.actor, r.a, r.b].map((x) => (x as { uuid?: string } | undefined)?.uuid).filter((u): u is string => typeof u === "string");
    for (const u of uuids) {
      const id = byActor.get(u);
      if (id) rolled.add(id);
    }
  }
  return [...rolled];
}

/** The tracker panel's context (descriptor.trackerPanel.context). */
export function panelContext(combat: Combat.Implementation): Record<string, unknown> {
  const infos = infosOf(combat);
  const docs = new Map([...combat.combatants].map((c) => [c.id ?? "", c]));
  const pool = readPool(SETBACK_POOL);
  const view: PanelView = panelView({
    isGM: game.user.isGM,
    setback: pool.value,
    history: ledger.history(pool),
    combatants: infos.map((c) => ({ ...c, uuid: docs.get(c.id)?.actor?.uuid ?? "" })),
    memory: memoryOf(combat),
    rolled: rolledThisRound(combat),
    spends: spendsOf(combat),
    localize: (key, data) => t(key, data),
  });
  return view as unknown as Record<string, unknown>;
}

function refuse(reason: string, data?: Readonly<Record<string, string | number>>): Done {
  return data && Object.keys(data).length > 0 ? { ok: false, reason, data: { ...data } } : { ok: false, reason };
}

async function toggle(actor: Actor.Implementation, events: readonly StatusEvent[], invert = false): Promise<void> {
  for (const e of events) await actor.toggleStatusEffect(statusEffectId(e.status), { active: invert ? !e.on : e.on });
}

async function actorAt(uuid: string): Promise<Actor.Implementation | null> {
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

function readPaths(actor: Actor.Implementation, paths: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(paths.map((p) => [p, foundry.utils.deepClone(foundry.utils.getProperty(actor, p)) ?? null]));
}

/** Spends 1 Setback, writes the actor, records the spend for Undo; any failure restores all. */
async function spend(
  combat: Combat.Implementation,
  kind: SpendRecord["kind"],
  actor: Actor.Implementation,
  update: Record<string, unknown>,
  events: StatusEvent[],
): Promise<Done> {
  const by = game.user.id ?? "";
  const prior = readPaths(actor, Object.keys(update));
  const reasonKey = kind === "shoot" ? "FRACAS.Zodiac.Setback.Reason.Shoot" : "FRACAS.Zodiac.Setback.Reason.Cancel";
  const done = await executePoolChange({ kind: "change", pool: SETBACK_POOL, delta: -1, reason: setbackReason(reasonKey, actor.name), ref: PANEL_REF }, by);
  if (!done.ok) return refuse(done.reason);
  // Only the toggles that change something, so Undo reverses exactly those.
  const have = new Set(actor.statuses ?? []);
  const effective = events.filter((e) => have.has(statusEffectId(e.status)) !== e.on);
  try {
    await actor.update(update as never);
    await toggle(actor, effective);
    const record: SpendRecord = { id: foundry.utils.randomID(), kind, actorUuid: actor.uuid, name: actor.name, prior: prior as JsonObject, statuses: effective, entryId: done.entryId, undone: false };
    await combat.update({ "system.memory.spends": [...spendsOf(combat), record].slice(-20) } as never);
  } catch (err) {
    await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: done.entryId, ref: PANEL_REF }, by);
    await toggle(actor, effective, true);
    await actor.update(prior as never);
    throw err;
  }
  return { ok: true };
}

/** GM: Operations spends 1 Setback and an Agent gets shot — Almost Dead (kernel shootAgent). */
export async function shootAgent(combat: Combat.Implementation, actorUuid: string): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const actor = await actorAt(actorUuid);
  if (!actor || (actor.type as string) !== "zodiacAgent") return refuse("FRACAS.Zodiac.Refused.NotAgent");
  let shot;
  try {
    shot = kernelShoot({ setback: readPool(SETBACK_POOL).value, state: agentHealthOf(actor.system as unknown as JsonObject), round: combat.round ?? 0 });
  } catch (e) {
    if (isRuleError(e)) return refuse(`FRACAS.Error.${e.code}`, e.data);
    throw e;
  }
  const s = shot.state;
  // Setback's shot, not the Rank: cancelling Wagers later does not heal it (cards/agent-cancel.ts).
  const update = { "system.health.status": s.status, "system.health.wagersAgainst": s.wagersAgainst, "system.health.almostDeadSince": s.almostDeadSince, "system.health.almostDeadBy": "setback" };
  return spend(combat, "shoot", actor, update, shot.events);
}

/**
 * GM: Operations spends 1 Setback to cancel one Wager against an Other Agent's Rank — only a Wager
 * spent against Rank (the breakdown strike applications keep on the actor), never the free one.
 * On a player Agent, the same for the Agent's Rank (cancelAgentWager).
 */
export async function cancelWager(combat: Combat.Implementation, actorUuid: string): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const actor = await actorAt(actorUuid);
  if (actor && (actor.type as string) === "zodiacAgent") return cancelAgentWager(combat, actor);
  if (!actor || (actor.type as string) !== "zodiacOtherAgent") return refuse("FRACAS.Zodiac.Refused.NoRank");
  const system = actor.system as unknown as JsonObject;
  const record = otherAgentRecordOf(system);
  let next;
  try {
    next = cancelOneWager(record, Number(system.rank ?? 1), readPool(SETBACK_POOL).value);
  } catch (e) {
    if (isRuleError(e) && e.code === "cancelTooMany") return refuse(pluralKey("FRACAS.Zodiac.Refused.OnlyFreeWagers", record.wagersAgainst), { name: actor.name, wagers: record.wagersAgainst });
    if (isRuleError(e)) return refuse(`FRACAS.Error.${e.code}`, e.data);
    throw e;
  }
  return spend(combat, "cancel", actor, otherAgentUpdate(next.state), next.events);
}

/**
 * GM: Operations spends 1 Setback to cancel one Wager against a player Agent's Rank (seed ¶7,
 * RULES §3) — a spent one only (the split duel applications keep on the Agent), never the free
 * one; an Agent the Rank made Almost Dead is Healthy again below it (cards/agent-cancel.ts).
 */
async function cancelAgentWager(combat: Combat.Implementation, actor: Actor.Implementation): Promise<Done> {
  const system = actor.system as unknown as JsonObject;
  const record = agentRecordOf(system);
  let next;
  try {
    next = cancelOneAgentWager(record, agentRank(system), readPool(SETBACK_POOL).value);
  } catch (e) {
    if (isRuleError(e) && e.code === "cancelTooMany") return refuse(pluralKey("FRACAS.Zodiac.Refused.OnlyFreeWagers", record.wagersAgainst), { name: actor.name, wagers: record.wagersAgainst });
    if (isRuleError(e)) return refuse(`FRACAS.Error.${e.code}`, e.data);
    throw e;
  }
  return spend(combat, "cancel", actor, agentUpdate(next.state), next.events);
}

/** GM: undoes one recorded spend — the Setback comes back and the actor's prior values return. */
export async function undoSpend(combat: Combat.Implementation, spendId: string): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const spends = spendsOf(combat);
  const rec = spends.find((s) => s.id === spendId);
  if (!rec) return refuse("FRACAS.Chat.Refused.NoApplication");
  if (rec.undone) return refuse("FRACAS.Chat.Refused.AlreadyUndone");
  // Undo restores the actor's prior values: a later spend on the same actor must go first.
  if (spends.slice(spends.indexOf(rec) + 1).some((s) => s.actorUuid === rec.actorUuid && !s.undone)) return refuse("FRACAS.Chat.Refused.UndoLaterFirst");
  const actor = await actorAt(rec.actorUuid);
  if (!actor) return refuse("FRACAS.Chat.Refused.NoTarget");
  const by = game.user.id ?? "";
  const done = await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: rec.entryId, ref: PANEL_REF }, by);
  if (!done.ok) return refuse(done.reason);
  await actor.update(rec.prior as never);
  await toggle(actor, rec.statuses, true);
  await combat.update({ "system.memory.spends": spends.map((s) => (s.id === spendId ? { ...s, undone: true } : s)) } as never);
  return { ok: true };
}

/** GM: moves an Agent to place `to` (0-based) in Operations' order, then rebuilds the plan. */
export async function moveAgent(combat: Combat.Implementation, combatantId: string, to: number): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  const infos = infosOf(combat);
  let memory: JsonObject;
  try {
    memory = withMove(memoryOf(combat), infos, combatantId, to);
  } catch (e) {
    if (isRuleError(e)) return refuse(`FRACAS.Error.${e.code}`, e.data);
    throw e;
  }
  await combat.update({ "system.memory.order": memory.order } as never);
  await (combat as unknown as FracasCombat).refreshPlan();
  return { ok: true };
}

/** The order as the GM sees it now (for tests and the panel). */
export function currentOrder(combat: Combat.Implementation): string[] {
  return rollingOrder(infosOf(combat), memoryOf(combat));
}

/** Shows a panel action's refusal once, localized with its data (the core tracker re-renders either way). */
function report(done: Done): void {
  if (!done.ok) ui.notifications?.warn(t(done.reason, done.data));
}

/** The panel's buttons (`data-action="fracasPanel" data-panel-action="<name>"`), dispatched by the core tracker. */
export const PANEL_ACTIONS: Record<string, (combat: Combat.Implementation, button: HTMLElement) => Promise<void>> = {
  shootAgent: async (combat, b) => report(await shootAgent(combat, b.dataset.actorUuid ?? "")),
  cancelWager: async (combat, b) => report(await cancelWager(combat, b.dataset.actorUuid ?? "")),
  undoSpend: async (combat, b) => report(await undoSpend(combat, b.dataset.spendId ?? "")),
  moveAgent: async (combat, b) => report(await moveAgent(combat, b.dataset.combatantId ?? "", Number(b.dataset.to))),
};
