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
import { pluralKey } from "../../../foundry/i18n.js";
import { SETBACK_PER_SPEND } from "../rules/index.js";
import { agentSpends, otherAgentSpends, type SpendRecord } from "../cards/panel-view.js";
import type { PendingDuel } from "../cards/duel-cancel.js";

/**
 * A pending duel as listed, once per duel (cards/duel-remote.ts duelsSeen): `holder` is the
 * other GM whose client holds its commits (absent: this client); `split`, set instead when its
 * sides are held by more than one GM client — whether this one is among them (`here`) and the
 * other holders' names (`gms`).
 */
/** The GM client holding a listed duel; `self`: this same GM's other tab (review s7c F5). */
export interface DuelHolder {
  id: string;
  name: string;
  self?: boolean;
}

export type ListedDuel = PendingDuel & { holder?: DuelHolder; split?: DuelSplit; elsewhere?: SideElsewhere };

/**
 * The side a listed duel waits for has committed (its card is open) but no answering GM's client
 * holds it (closing s6, "found, not fixed": it was listed as "waiting for" that side): its name, and
 * the GMs that did not answer (names, joined; empty: none, so its GM is not connected).
 */
export interface SideElsewhere {
  name: string;
  noAnswer: string;
}

/** Where a split duel's sides are held: this client (`here`) and the other GMs' (names, joined). */
export interface DuelSplit {
  here: boolean;
  gms: string;
}

/**
 * A duel whose commit card is still open but whose commits no connected GM's client holds (the GM
 * who received them is away, or their browser lost them): `committed` from the public cards.
 */
export interface LostDuel {
  key: string;
  opponent: string;
  committed: string[];
  /** GMs whose client did not answer the list (names, joined): they may hold it, so it is not called lost. */
  noAnswer?: string;
}

export interface OperationsInput {
  isGM: boolean;
  /** The actor's type: zodiacAgent or zodiacOtherAgent (anything else has no section). */
  type: string;
  name: string;
  system: JsonObject;
  /** Operations' Setback now. */
  setback: number;
  /**
   * The latest standing spend on this actor (operations.ts undoOffer), if any, and why its Undo is
   * refused now (an i18n key, with the values it names: operations.ts undoRefusal).
   */
  undo: (Pick<SpendRecord, "id" | "kind"> & { blockedKey?: string | null; blockedData?: Record<string, string | number>; giveBack?: boolean }) | null;
  /** An Agent's duels the GM's client holds commits for, not revealed yet (cards/duel-cancel.ts pendingDuelsOf). */
  duels?: readonly ListedDuel[];
  /** Open commit cards of this Agent that no connected GM holds (cards/duel-remote.ts lostDuels). */
  lost?: readonly LostDuel[];
  /** The other GMs are being asked for their duels for the first time (cards/duel-list-cache.ts). */
  checking?: boolean;
}

/** One reason nothing can be spent, as an i18n key with every value any of them names. */
export interface WhyNot {
  key: string;
  name: string;
  free: number;
  wagers: number;
  cost: number;
}

export interface OperationsView {
  name: string;
  setback: number;
  cost: number;
  canShoot: boolean;
  canCancel: boolean;
  wagers: number;
  rank: number;
  /**
   * `blockedKey`: the Undo is not offered, and this (i18n, with `blockedData`) says why, in place of
   * the button. `giveBack`: that refusal leaves a hand fix, whose Setback step is a GM button
   * ("Give Operations its 1 Setback back", operations.ts giveBackIn), not a macro (UX review s4 #2).
   */
  undo: { id: string; labelKey: string; blockedKey: string | null; blockedData: Record<string, string | number>; giveBack: boolean } | null;
  /**
   * No spend to offer: the actual reasons, first thing in the section (UX review s3 #8) — no
   * Setback, then, when even Setback would not help, what about this actor stops each spend.
   */
  why: WhyNot[];
  /** The closing hint, without the pool's count when a reason above already says there is no Setback (UX review s4 #2). */
  hintKey: string;
  /**
   * The Agent's pending duels, each with "Cancel the duel against … and give back the Agent Points"
   * (session 5): a duel whose commit card was deleted could be ended only by clearing
   * the GM browser's stored commits. A duel still being played is not a dead one (UX review s5 #3):
   * `waitingFor` names the side still to commit; when both have (`ready`), the sheet offers its
   * Reveal too, as the card does (`first` and `second`: who committed, in order).
   */
  duels: PendingDuelView[];
  /**
   * The Agent's duels whose commits no connected GM holds (session 6): said, with what happens —
   * they wait for that GM's browser to be connected again; nothing here can reveal or cancel them.
   */
  lost: LostDuelView[];
  /**
   * The Agent's open duels no answering GM holds while some GM did not answer in time (review s6
   * R3): not called lost (that GM is connected, and may hold them), but "{gm} did not answer".
   */
  unanswered: (LostDuelView & { gm: string })[];
  /**
   * The other GMs' browsers are being asked for this Agent's duels for the first time
   * (review-s7-perf #4: the sheet no longer waits for them): said, and the sheet is redrawn when
   * they answer. Meanwhile only this browser's duels are listed, and none is called lost.
   */
  checking: boolean;
}

export interface PendingDuelView {
  key: string;
  opponent: string;
  first: string;
  second: string | null;
  waitingFor: string | null;
  ready: boolean;
  /** Held by another GM's client (or this GM's other tab, `self`): its Reveal and Cancel are sent there (cards/duel-remote.ts). */
  holder?: DuelHolder;
  /** Held in more than one GM's browser: no Reveal (no client holds both sides); its one Cancel cancels every side. */
  split?: DuelSplit;
  /** The other side committed in a browser no answering GM has: said, not "waiting for" it (`second` names it). */
  elsewhere?: SideElsewhere;
}

export interface LostDuelView {
  opponent: string;
  first: string;
  /** The other side, when both committed. */
  second: string | null;
}

const WHY = "FRACAS.Zodiac.Sheet.Operations.Why";

const lostDuelView = (d: LostDuel): LostDuelView => ({ opponent: d.opponent, first: d.committed[0] ?? "", second: d.committed[1] ?? null });

function pendingDuelView(d: ListedDuel): PendingDuelView {
  const both = d.waitingFor === null && d.committed.length >= 2;
  const view: PendingDuelView = { key: d.key, opponent: d.opponent, first: d.committed[0] ?? "", second: both ? d.committed[1]! : null, waitingFor: both ? null : (d.waitingFor ?? d.opponent), ready: both && !d.split };
  // Its card says the other side committed too: both named, and where that side is said instead of "waiting".
  if (!both && d.elsewhere) return { ...view, second: d.elsewhere.name, waitingFor: null, elsewhere: { ...d.elsewhere }, ...(d.holder ? { holder: { ...d.holder } } : {}) };
  return { ...view, ...(d.holder ? { holder: { ...d.holder } } : {}), ...(d.split ? { split: { ...d.split } } : {}) };
}

/**
 * Why no spend of 1 Setback can cancel a Wager against this Rank: none stands, only free ones
 * (never cancellable: the kernel's strike), or the rest were typed in by hand (neither spent nor free).
 */
function cancelWhy(wagers: number, free: number): string {
  if (wagers <= 0) return `${WHY}.noWagers`;
  return free >= wagers ? pluralKey(`${WHY}.freeOnly`, free) : `${WHY}.handOnly`;
}

/** The actor's own reasons, when even Setback to spend would offer nothing. */
function actorWhy(input: OperationsInput, agent: boolean): string[] {
  if (agent) {
    const a = agentSpends(input.system, true, SETBACK_PER_SPEND);
    if (a.canShoot || a.canCancel) return [];
    if (a.status === "dead") return [`${WHY}.agentDead`];
    return [`${WHY}.almostDead`, cancelWhy(a.wagersAgainst, a.free)];
  }
  const o = otherAgentSpends(input.system, true, SETBACK_PER_SPEND);
  if (o.canCancel) return [];
  return o.headShot ? [`${WHY}.headShot`] : [cancelWhy(o.wagersAgainst, o.free)];
}

export function operationsView(input: OperationsInput): OperationsView | null {
  if (!input.isGM) return null;
  const agent = input.type === "zodiacAgent";
  if (!agent && input.type !== "zodiacOtherAgent") return null;
  const a = agent ? agentSpends(input.system, true, input.setback) : { ...otherAgentSpends(input.system, true, input.setback), canShoot: false };
  const undo = input.undo
    ? {
        id: input.undo.id,
        labelKey: input.undo.kind === "shoot" ? "FRACAS.Zodiac.Panel.UndoShoot" : "FRACAS.Zodiac.Panel.UndoCancel",
        blockedKey: input.undo.blockedKey ?? null,
        blockedData: input.undo.blockedData ?? {},
        giveBack: (input.undo.blockedKey ?? null) !== null && input.undo.giveBack === true,
      }
    : null;
  const keys = a.canShoot || a.canCancel ? [] : [...(input.setback < SETBACK_PER_SPEND ? [`${WHY}.noSetback`] : []), ...actorWhy(input, agent)];
  return {
    name: input.name,
    setback: input.setback,
    cost: SETBACK_PER_SPEND,
    canShoot: a.canShoot,
    canCancel: a.canCancel,
    wagers: a.wagersAgainst,
    rank: a.rank,
    undo,
    why: keys.map((key) => ({ key, name: input.name, free: a.free, wagers: a.wagersAgainst, cost: SETBACK_PER_SPEND })),
    hintKey: keys.includes(`${WHY}.noSetback`) ? "FRACAS.Zodiac.Sheet.Operations.HintNoPool" : "FRACAS.Zodiac.Sheet.Operations.Hint",
    duels: agent ? (input.duels ?? []).map(pendingDuelView) : [],
    lost: agent ? (input.lost ?? []).filter((d) => !d.noAnswer).map(lostDuelView) : [],
    unanswered: agent ? (input.lost ?? []).filter((d) => d.noAnswer).map((d) => ({ ...lostDuelView(d), gm: d.noAnswer! })) : [],
    checking: agent && input.checking === true,
  };
}
