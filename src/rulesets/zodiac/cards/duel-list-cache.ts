/**
 * The other GMs' pending-duel lists as this client last heard them, for the Agent sheet's
 * "Operations (GM)" section (review-s7-perf #4). Before, every render of an Agent sheet on a GM's
 * client waited for a query to each other connected GM (duel-list.ts askAll, up to its 5 s timeout),
 * and a sheet renders on every field edit, every Setback change and every duel card. Now the render
 * reads this cache and never waits:
 * - an Agent never asked about (or whose lists are stale) is asked in the background; the render
 *   goes on with what is known — nothing on the first ask (`checking`: the sheet says it is
 *   checking the other GMs' browsers), the last lists after that — and the sheets of that Agent
 *   are redrawn when the answers are in (`onRemoteDuelsRefreshed`, operations-refresh.ts);
 * - the lists go stale (`remoteDuelsChanged`) on what already redraws the sheets: a duel or commit
 *   card created, updated or deleted, a GM connecting or leaving, this client's commits changing;
 *   and one Agent's when their sheet is opened (so "close and reopen this sheet to ask again",
 *   said after a GM did not answer, stays true);
 * - a table with one GM never asks anyone (no other GM: nothing to cache).
 * Reveal and Cancel still ask the GMs at the click (duel-remote.ts holdersOf): acting on a stale
 * list would be wrong, showing one for a moment is not.
 *
 * Per user: in Foundry one client is one user; the test fake runs every client in one process.
 */
import { backgroundWork } from "../../../foundry/background-work.js";
import { askAll, otherGMs, type Asked } from "./duel-list.js";

interface Entry {
  /** The last answers (null: never answered yet). */
  asked: Asked | null;
  /** The generation those answers were asked in; older than the client's: stale. */
  generation: number;
  refreshing: boolean;
}

interface ClientCache {
  generation: number;
  entries: Map<string, Entry>;
}

const clients = new Map<string, ClientCache>();
const listeners = new Set<(actorUuid: string) => void>();
const work = backgroundWork("zodiac: asking the other GMs for their pending duels");
const NONE: Asked = { answered: [], unanswered: [] };

function mine(): ClientCache {
  const id = game.user.id ?? "";
  let cache = clients.get(id);
  if (!cache) {
    cache = { generation: 0, entries: new Map() };
    clients.set(id, cache);
  }
  return cache;
}

/**
 * What the render reads: the other GMs' lists as last heard, whether they have not answered once
 * yet (`checking`), and whether those lists are older than the last change (`stale`, review s7 R5:
 * a commit card just posted is not in them yet, so nothing may be called lost or elsewhere from them).
 */
export interface CachedLists {
  asked: Asked;
  checking: boolean;
  stale: boolean;
}

/**
 * The other GMs' lists for this Agent now, without waiting; asks them in the background when stale
 * (the sheets of this Agent are redrawn when they answer). No other GM connected: nothing, no ask.
 */
export function cachedLists(actorUuid: string): CachedLists {
  if (otherGMs().length === 0) return { asked: NONE, checking: false, stale: false };
  const cache = mine();
  let entry = cache.entries.get(actorUuid);
  if (!entry) {
    entry = { asked: null, generation: -1, refreshing: false };
    cache.entries.set(actorUuid, entry);
  }
  const stale = entry.generation !== cache.generation;
  if (stale && !entry.refreshing) refresh(entry, actorUuid, cache.generation);
  return entry.asked ? { asked: entry.asked, checking: false, stale } : { asked: NONE, checking: true, stale: true };
}

function refresh(entry: Entry, actorUuid: string, generation: number): void {
  entry.refreshing = true;
  const asking = (async () => {
    try {
      entry.asked = await askAll(actorUuid);
      // Stale again at once when the lists changed while they were being asked: the redraw asks again.
      entry.generation = generation;
    } finally {
      entry.refreshing = false;
    }
    for (const fn of listeners) fn(actorUuid);
  })();
  work.add(asking);
}

/** Something a list could show changed: every Agent's lists on this client are asked again at their next render. */
export function remoteDuelsChanged(): void {
  mine().generation += 1;
}

/** One Agent's lists are asked again at their next render (their sheet was opened). */
export function remoteDuelsOfChanged(actorUuid: string): void {
  const entry = mine().entries.get(actorUuid);
  if (entry) entry.generation = -1;
}

/** Calls `fn` with the Agent's uuid once their lists are in (operations-refresh.ts redraws their sheets). */
export function onRemoteDuelsRefreshed(fn: (actorUuid: string) => void): void {
  listeners.add(fn);
}

/** Settles once every ask started so far has (and its redraw was started). */
export function remoteDuelsSettled(): Promise<unknown> {
  return work.settled();
}
