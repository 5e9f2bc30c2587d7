/**
 * An actor sheet's "Operations (GM)" section, pure (fixtures call it too): for the GM only, the
 * Setback spends the tracker's panel offers on this actor — on an Agent, shoot (Almost Dead) and
 * cancel a spent Wager against their Rank; on an Other Agent, cancel — and the Undo of the latest
 * spend on them — or, when that Undo would overwrite a change made since, why it is not offered
 * (operations.ts undoRefusal). Seed ¶9: "Operations can spend Setback against Agents at any
 * time", so this works with no fight started. Players get null. Which spends are offered is the panel's own rule
 * (cards/panel-view.ts agentSpends / otherAgentSpends).
 */
import type { JsonObject } from "../../../foundry/registry.js";
import { SETBACK_PER_SPEND } from "../rules/index.js";
import { agentSpends, otherAgentSpends, type SpendRecord } from "../cards/panel-view.js";

export interface OperationsInput {
  isGM: boolean;
  /** The actor's type: zodiacAgent or zodiacOtherAgent (anything else has no section). */
  type: string;
  name: string;
  system: JsonObject;
  /** Operations' Setback now. */
  setback: number;
  /** The latest standing spend on this actor (operations.ts undoOffer), if any, and why its Undo is refused now. */
  undo: (Pick<SpendRecord, "id" | "kind"> & { blockedKey?: string | null }) | null;
}

export interface OperationsView {
  name: string;
  setback: number;
  cost: number;
  canShoot: boolean;
  canCancel: boolean;
  wagers: number;
  rank: number;
  /** `blockedKey`: the Undo is not offered, and this (i18n, with `name`) says why, in place of the button. */
  undo: { id: string; labelKey: string; blockedKey: string | null } | null;
  /** No spend and no Undo to offer: the section says why rather than stand empty. */
  nothingKey: string | null;
}

export function operationsView(input: OperationsInput): OperationsView | null {
  if (!input.isGM) return null;
  const agent = input.type === "zodiacAgent";
  if (!agent && input.type !== "zodiacOtherAgent") return null;
  const a = agent ? agentSpends(input.system, true, input.setback) : { ...otherAgentSpends(input.system, true, input.setback), canShoot: false };
  const undo = input.undo
    ? { id: input.undo.id, labelKey: input.undo.kind === "shoot" ? "FRACAS.Zodiac.Panel.UndoShoot" : "FRACAS.Zodiac.Panel.UndoCancel", blockedKey: input.undo.blockedKey ?? null }
    : null;
  const nothing = !a.canShoot && !a.canCancel && !undo;
  return {
    name: input.name,
    setback: input.setback,
    cost: SETBACK_PER_SPEND,
    canShoot: a.canShoot,
    canCancel: a.canCancel,
    wagers: a.wagersAgainst,
    rank: a.rank,
    undo,
    nothingKey: nothing ? `FRACAS.Zodiac.Sheet.Operations.NoSpend.${agent ? "agent" : "otherAgent"}` : null,
  };
}
