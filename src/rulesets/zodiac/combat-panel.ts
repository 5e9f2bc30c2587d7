/**
 * The Setback panel under the tracker's plan: Operations' Setback pool and its recent history for
 * everyone; who has rolled this round; for the GM, "shoot an Agent" (Almost Dead, 1 Setback),
 * "cancel a Wager" against an Agent's or an Other Agent's Rank (1 Setback), each with Undo, and moving an Agent in
 * Operations' order. The core tracker dispatches its buttons (data-action) to the handlers here.
 * The spends themselves are operations.ts's, shared with the Agent sheet's "Operations" section.
 */
import * as ledger from "../../engine/ledger.js";
import { isRuleError } from "../../engine/errors.js";
import { readPool } from "../../foundry/pools.js";
import { withCombatLock } from "../../foundry/locks.js";
import { t } from "../../foundry/i18n.js";
import type { CombatantInfo, JsonObject } from "../../foundry/registry.js";
import type { FracasCombat } from "../../foundry/documents/combat.js";
import { SETBACK_POOL } from "./cards/effects.js";
import { panelView, PANEL_TEMPLATE, type PanelView, type SpendRecord } from "./cards/panel-view.js";
import { rollingOrder, withMove } from "./combat.js";
import { cancelIn, combatStore, drawnWagers, fixedByHand, giveBackIn, recordsIn, refuse, report, shootIn, undoIn, undoRefusal, type Done } from "./operations.js";
import { lookupUuidSync } from "../../foundry/typed.js";

export { PANEL_TEMPLATE };
export type { Done };

function infosOf(combat: Combat.Implementation): CombatantInfo[] {
  return (combat as unknown as FracasCombat).combatantInfos();
}

function memoryOf(combat: Combat.Implementation): JsonObject {
  return (combat as unknown as FracasCombat).fracas.memory;
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

/** Why this fight's spend cannot be undone now, or null (operations.ts undoRefusal). */
function refusalOf(combat: Combat.Implementation, spend: SpendRecord): Done | null {
  const actor = lookupUuidSync(spend.actorUuid);
  return undoRefusal(combatStore(combat), spend, actor instanceof Actor ? (actor as Actor.Implementation) : null);
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
    spends: recordsIn(combatStore(combat)),
    undoBlocked: (spend) => {
      const refused = refusalOf(combat, spend);
      return refused && !refused.ok ? t(refused.reason, refused.data) : null;
    },
    canGiveBack: (spend) => fixedByHand(refusalOf(combat, spend)),
    localize: (key, data) => t(key, data),
  });
  return view as unknown as Record<string, unknown>;
}

/** GM: Operations spends 1 Setback and an Agent gets shot — Almost Dead (operations.ts, kernel shootAgent). */
export function shootAgent(combat: Combat.Implementation, actorUuid: string): Promise<Done> {
  return shootIn(combatStore(combat), actorUuid);
}

/**
 * GM: Operations spends 1 Setback to cancel one spent Wager against an Agent's or an Other Agent's
 * Rank, never the free one (operations.ts).
 */
export function cancelWager(combat: Combat.Implementation, actorUuid: string, drawnWith?: number): Promise<Done> {
  return cancelIn(combatStore(combat), actorUuid, drawnWith);
}

/** GM: undoes one spend recorded in this fight — the Setback comes back and the actor's prior values return. */
export function undoSpend(combat: Combat.Implementation, spendId: string): Promise<Done> {
  return undoIn(combatStore(combat), spendId);
}

/** GM: the Setback back for a spend whose Undo the actor's changes refuse (operations.ts giveBackIn). */
export function giveBackSpend(combat: Combat.Implementation, spendId: string): Promise<Done> {
  return giveBackIn(combatStore(combat), spendId);
}

/** GM: moves an Agent to place `to` (0-based) in Operations' order, then rebuilds the plan. */
export async function moveAgent(combat: Combat.Implementation, combatantId: string, to: number): Promise<Done> {
  if (!game.user.isGM) return refuse("FRACAS.Chat.Refused.NotGM");
  // Read and write the order, and rebuild the plan, under the combat's lock, so a round start
  // running at the same moment (which rewrites the memory under it too) cannot drop the move.
  const moved = await withCombatLock(combat.id, async (): Promise<Done> => {
    let memory: JsonObject;
    try {
      memory = withMove(memoryOf(combat), infosOf(combat), combatantId, to);
    } catch (e) {
      if (isRuleError(e)) return refuse(`FRACAS.Error.${e.code}`, e.data);
      throw e;
    }
    await combat.update({ "system.memory.order": memory.order } as never);
    // The plan is rebuilt under the same lock, as a declaration's is (refreshPlan takes no lock).
    await (combat as unknown as FracasCombat).refreshPlan();
    return { ok: true };
  });
  return moved;
}

/** The order as the GM sees it now (for tests and the panel). */
export function currentOrder(combat: Combat.Implementation): string[] {
  return rollingOrder(infosOf(combat), memoryOf(combat));
}

/** The panel's buttons (`data-action="fracasPanel" data-panel-action="<name>"`), dispatched by the core tracker. */
export const PANEL_ACTIONS: Record<string, (combat: Combat.Implementation, button: HTMLElement) => Promise<void>> = {
  shootAgent: async (combat, b) => report(await shootAgent(combat, b.dataset.actorUuid ?? "")),
  // The count the button was drawn with: a double click cancels one Wager (operations.ts cancelIn).
  cancelWager: async (combat, b) => report(await cancelWager(combat, b.dataset.actorUuid ?? "", drawnWagers(b.dataset.wagers))),
  undoSpend: async (combat, b) => report(await undoSpend(combat, b.dataset.spendId ?? "")),
  giveBack: async (combat, b) => report(await giveBackSpend(combat, b.dataset.spendId ?? "")),
  moveAgent: async (combat, b) => report(await moveAgent(combat, b.dataset.combatantId ?? "", Number(b.dataset.to))),
};
