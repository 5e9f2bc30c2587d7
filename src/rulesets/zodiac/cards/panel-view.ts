/**
 * The Setback panel's view and the one rule it adds around the kernel, pure: cancelling one
 * Wager against an Other Agent's stored Rank count (1 Setback), refused for a head-shot kill.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import type { HistoryLine } from "../../../engine/ledger.js";
import { statusDiff, type StatusEvent } from "../../../engine/events.js";
import type { CombatantInfo, JsonObject } from "../../../foundry/registry.js";
import type { PathValue } from "../../../foundry/documents/path-values.js";
import { SETBACK_PER_SPEND, spendSetback } from "../rules/index.js";
import { roundStatus, rollingOrder } from "../combat.js";
import { agentRecordOf, otherAgentRecordOf, type OtherAgentRecord } from "./effects.js";
import { agentRank } from "./agent-cancel.js";
import { cancellable, requireSpentWager } from "./spent-wagers.js";
import { signedNumber } from "../../../foundry/signed-number.js";

/** The panel's template (descriptor.trackerPanel.template). */
export const PANEL_TEMPLATE = "systems/fracas/templates/zodiac/tracker-panel.hbs";

export interface SpendRecord {
  id: string;
  kind: "shoot" | "cancel";
  actorUuid: string;
  name: string;
  /** {path, value} pairs (foundry/documents/path-values.ts); a record from before them, an object. */
  prior: PathValue[] | JsonObject;
  statuses: StatusEvent[];
  entryId: string;
  undone: boolean;
  /** When it was made, strictly increasing per actor across stores (operations.ts); older records have none. */
  at?: number;
  /**
   * The values the spend wrote, at the paths of `prior` (read back after its update): Undo goes
   * ahead only while the actor still holds them (operations.ts). Older records have none.
   */
  after?: PathValue[] | JsonObject;
  /**
   * Closed by the GM's "Give Operations its Setback back" (operations.ts giveBackIn): its Setback
   * came back through its own pool entry, the actor was put right by hand (so `undone` too).
   */
  byHand?: boolean;
}

/**
 * What Operations may spend Setback on for one Agent now, the same on the panel and the Agent
 * sheet: shoot a Healthy Agent (an Almost Dead one cannot be shot again, DECISIONS #5), cancel a
 * spent Wager against the Rank of one not dead (#45); both only for the GM, with Setback to spend.
 */
export function agentSpends(system: JsonObject, isGM: boolean, setback: number) {
  const rec = agentRecordOf(system);
  const spent = cancellable(rec);
  const canSpend = isGM && setback >= SETBACK_PER_SPEND;
  return {
    status: rec.status,
    wagersAgainst: rec.wagersAgainst,
    rank: agentRank(system),
    spent,
    free: rec.free,
    canShoot: canSpend && rec.status === "healthy",
    canCancel: canSpend && spent > 0 && rec.status !== "dead",
  };
}

/**
 * Seed: "Operations spends a point of Setback to cancel out one Wagers against an Agent's Rank."
 * On the stored record: one fewer Wager, one fewer *spent* Wager; an Other Agent who died at Rank
 * lives again below it. The kernel's rule (strike: "Setback cancels spent Wagers only", never the
 * free one) holds across strikes because every strike application records its spent/free split:
 * with no spent Wager left, the refusal is the kernel's `cancelTooMany`. A head-shot kill cannot
 * be undone by Setback (recorded `headShot`, or — for records older than that flag — dead with
 * fewer Wagers than Rank).
 */
export function cancelOneWager(state: OtherAgentRecord, rank: number, setback: number): { setback: number; state: OtherAgentRecord; events: StatusEvent[] } {
  if (state.headShot || (state.status === "dead" && state.wagersAgainst < rank)) {
    throw new FracasRuleError("headShotCannotBeCancelled", "Setback cannot save the target of a head shot", { cancelled: 1 });
  }
  const spent = requireSpentWager(state, "Other Agent");
  const left = spendSetback(setback, SETBACK_PER_SPEND);
  const wagersAgainst = state.wagersAgainst - 1;
  const status = wagersAgainst >= rank ? "dead" : "healthy";
  return {
    setback: left,
    state: { ...state, wagersAgainst, spent: spent - 1, status },
    events: statusDiff(state.status === "dead" ? ["dead"] : [], status === "dead" ? ["dead"] : []),
  };
}


/**
 * What Operations may spend Setback on for one Other Agent now, the same on the panel and their
 * sheet: cancel a spent Wager against their Rank (never the free one, never a head shot's kill).
 */
export function otherAgentSpends(system: JsonObject, isGM: boolean, setback: number) {
  const rec = otherAgentRecordOf(system);
  const rank = Number(system.rank ?? 1);
  const headShot = rec.headShot || (rec.status === "dead" && rec.wagersAgainst < rank);
  const spent = cancellable(rec);
  return { wagersAgainst: rec.wagersAgainst, rank, spent, free: rec.free, headShot, canCancel: isGM && spent > 0 && !headShot && setback >= SETBACK_PER_SPEND };
}

export interface PanelInput {
  isGM: boolean;
  setback: number;
  history: HistoryLine[];
  combatants: (CombatantInfo & { uuid: string })[];
  memory: JsonObject;
  /** Combatant ids that have rolled this round. */
  rolled: string[];
  spends: SpendRecord[];
  /** Why a spend's Undo would be refused now (localized), or null (operations.ts undoRefusal). */
  undoBlocked?: (spend: SpendRecord) => string | null;
  /** Whether that refusal leaves the Setback for the GM to give back by button (operations.ts fixedByHand). */
  canGiveBack?: (spend: SpendRecord) => boolean;
  localize: (key: string, data?: Record<string, string | number>) => string;
}

export interface PanelView {
  isGM: boolean;
  setback: number;
  /** Setback each spend (shoot, cancel a Wager) costs, for the buttons' labels. */
  cost: number;
  history: { text: string; delta: string; after: number; undone: boolean }[];
  order: { id: string; name: string; rolled: boolean; place: number; canUp: boolean; canDown: boolean; up: number; down: number }[];
  complete: boolean;
  missing: string;
  agents: { uuid: string; name: string; canShoot: boolean; statusLabel: string; wagersAgainst: number; rank: number; spent: number; free: number; canCancel: boolean }[];
  otherAgents: { uuid: string; name: string; wagersAgainst: number; rank: number; spent: number; free: number; headShot: boolean; canCancel: boolean }[];
  /**
   * `blocked`: the Undo would be refused, and why; the button is shown disabled with it.
   * `giveBack`: that refusal's hand fix ends with this GM button's Setback step (its label), or null.
   */
  spends: { id: string; label: string; blocked: string | null; giveBack: string | null }[];
}

/** Names a player's panel must not show: hidden combatants' (review s7 R4), unless a shown combatant has the same name. */
type Unseen = ReadonlySet<string>;

function reasonText(reason: string, localize: PanelInput["localize"], unseen: Unseen): string {
  // Split at the first "|" only: an Agent's name may hold one (it is the rest of the reason).
  const bar = reason.indexOf("|");
  const key = bar < 0 ? reason : reason.slice(0, bar);
  const name = bar < 0 ? undefined : reason.slice(bar + 1);
  if (!key.startsWith("FRACAS.")) return reason;
  // A hidden Agent's miss, shot or save is still in the history (the Setback moved), without their name.
  return localize(key, { name: name !== undefined && unseen.has(name) ? localize("FRACAS.Zodiac.Panel.UnseenAgent") : (name ?? "") });
}

/** A change with its sign, the minus being the true minus sign (U+2212), as everywhere in the panel. */
export function signed(n: number): string {
  return signedNumber(n);
}

/** An undo names what it undid ("undid “Jeremy is shot”"), when that entry is still in the history. */
function historyText(h: HistoryLine, byEntry: Map<string, HistoryLine>, localize: PanelInput["localize"], unseen: Unseen): string {
  if (!h.undoes) return reasonText(h.reason, localize, unseen);
  const undone = byEntry.get(h.undoes);
  return undone ? localize("FRACAS.Zodiac.Setback.Reason.UndoOf", { reason: reasonText(undone.reason, localize, unseen) }) : localize("FRACAS.Zodiac.Setback.Reason.Undo");
}

export function panelView(input: PanelInput): PanelView {
  const order = rollingOrder(input.combatants, input.memory);
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const status = roundStatus(input.combatants, input.memory, input.rolled);
  // As V13's tracker and the core plan: a player is never told of a hidden combatant (review-s7-player
  // #2), so a hidden Agent is left out of the order and the names still to roll, and the places are
  // counted among those shown (a gap would tell). The round's completeness still counts them: a
  // round is not over while the GM's hidden Agent has not rolled.
  const shown = (id: string) => input.isGM || byId.get(id)?.hidden !== true;
  const missing = status.missing.filter(shown);
  const byEntry = new Map(input.history.map((h) => [h.id, h]));
  // The history names who missed or was shot (the reason stores the name): a hidden Agent's is
  // withheld from players too (review s7 R4), as the order and "still to roll" already are.
  const shownNames = new Set(input.combatants.filter((c) => shown(c.id)).map((c) => c.name));
  const unseen: Unseen = input.isGM ? new Set() : new Set(input.combatants.filter((c) => !shown(c.id) && !shownNames.has(c.name)).map((c) => c.name));
  const history = input.history
    .slice(-6)
    .reverse()
    .map((h) => ({ text: historyText(h, byEntry, input.localize, unseen), delta: signed(h.delta), after: h.after, undone: h.undone === true }));
  return {
    isGM: input.isGM,
    setback: input.setback,
    cost: SETBACK_PER_SPEND,
    history,
    order: order.filter(shown).map((id, place) => ({
      id,
      name: byId.get(id)?.name ?? "?",
      rolled: input.rolled.includes(id),
      place: place + 1,
      canUp: input.isGM && place > 0,
      canDown: input.isGM && place < order.length - 1,
      up: place - 1,
      down: place + 1,
    })),
    complete: status.complete,
    missing: missing.map((id) => byId.get(id)?.name ?? "?").join(", "),
    agents: input.combatants
      .filter((c) => c.actorType === "zodiacAgent")
      .map((c) => {
        const a = agentSpends(c.system, input.isGM, input.setback);
        return {
          uuid: c.uuid,
          name: c.name,
          canShoot: a.canShoot,
          statusLabel: `FRACAS.Zodiac.Health.${a.status}`,
          wagersAgainst: a.wagersAgainst,
          rank: a.rank,
          spent: a.spent,
          free: a.free,
          canCancel: a.canCancel,
        };
      }),
    otherAgents: input.combatants
      .filter((c) => c.actorType === "zodiacOtherAgent")
      .map((c) => ({ uuid: c.uuid, name: c.name, ...otherAgentSpends(c.system, input.isGM, input.setback) })),
    spends: input.isGM
      ? input.spends
          .filter((s) => !s.undone)
          .slice(-5)
          .reverse()
          .map((s) => {
            const blocked = input.undoBlocked?.(s) ?? null;
            return {
              id: s.id,
              label: input.localize(s.kind === "shoot" ? "FRACAS.Zodiac.Panel.UndoShoot" : "FRACAS.Zodiac.Panel.UndoCancel", { name: s.name }),
              blocked,
              giveBack: blocked !== null && input.canGiveBack?.(s) === true ? input.localize("FRACAS.Zodiac.Sheet.Operations.GiveBack", { cost: SETBACK_PER_SPEND }) : null,
            };
          })
      : [],
  };
}
