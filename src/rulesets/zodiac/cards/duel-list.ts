/**
 * Asking another GM's client which pending duels it holds (session 6): the "list" of the duels
 * query (duel-remote.ts answers it). Only public facts cross — key, names, who committed, who it
 * waits for, what the commit cards already show — so any client may ask, unsigned: a GM's sheet
 * (duel-remote.ts duelsSeen), a GM's Reveal or Cancel looking for the holder, and a commit
 * looking for the challenge it answers (duel-answer.ts). Kept apart from duel-remote.ts, which
 * reveals and cancels, so the commit path does not import the reveal's.
 *
 * A GM whose client does not answer in time (review s6 R3) is connected but slow, or its handler
 * failed: it may hold the duel. So every asker is told who did not answer (`askAll`), and says
 * "{gm} did not answer" rather than "no connected GM holds it", which would be false.
 */
import type { PendingDuel } from "./duel-cancel.js";
import { str } from "./commits.js";
import { isTheGmTab } from "../../../foundry/gm-tab.js";

export const DUELS_QUERY = "fracas.zodiacDuels";
/** A sheet or a commit waits this long for another GM's list (a slow client must not hold it up for long). */
export const LIST_TIMEOUT = 5_000;

export { str };

/**
 * The other GMs connected now (each may hold commits: the active GM, or one who was active before).
 * In a second tab of a GM (gm-tab.ts, review s7 B1) this GM too: its commits are held by its one
 * tab, which a query to this same user reaches (this tab's own handler does not answer).
 */
export function otherGMs(): User.Implementation[] {
  const here = isTheGmTab();
  return game.users.filter((u) => u.isGM && u.active && (u.id !== game.user.id || !here)) as User.Implementation[];
}

/** A pending duel's public facts only (a holder's answer is checked, not trusted for its shape). */
function publicDuel(d: unknown): PendingDuel | null {
  const x = d as Partial<PendingDuel> | null;
  if (!x || !str(x.key) || !str(x.opponent) || !Array.isArray(x.committed) || !x.committed.every(str)) return null;
  if (x.waitingFor !== null && !str(x.waitingFor)) return null;
  return { key: x.key, opponent: x.opponent, committed: [...x.committed], waitingFor: x.waitingFor ?? null };
}

/** What every other connected GM's client holds for this Agent: each answer, and the GMs that did not answer. */
export interface Asked {
  answered: { gm: User.Implementation; duels: PendingDuel[] }[];
  unanswered: User.Implementation[];
}

/** Asks every other connected GM at once (one that does not answer holds the others up by its timeout only once). */
export async function askAll(actorUuid: string, timeout = LIST_TIMEOUT): Promise<Asked> {
  const answers = await Promise.all(otherGMs().map(async (gm) => ({ gm, duels: await listFrom(gm, actorUuid, timeout) })));
  return {
    answered: answers.filter((a): a is { gm: User.Implementation; duels: PendingDuel[] } => a.duels !== null),
    unanswered: answers.filter((a) => a.duels === null).map((a) => a.gm),
  };
}

/** The names of GMs that did not answer, as one string for "{gm} did not answer". */
export const namesOf = (gms: readonly { name?: string | null }[]): string => gms.map((g) => g.name ?? "?").join(", ");

/** What another GM's client holds for this Agent, or null when it did not answer. */
export async function listFrom(gm: User.Implementation, actorUuid: string, timeout = LIST_TIMEOUT): Promise<PendingDuel[] | null> {
  try {
    const answer = (await gm.query(DUELS_QUERY as never, { action: "list", actorUuid } as never, { timeout } as never)) as { ok?: unknown; duels?: unknown } | null;
    if (answer?.ok !== true || !Array.isArray(answer.duels)) return null;
    return answer.duels.map(publicDuel).filter((x): x is PendingDuel => x !== null);
  } catch (err) {
    console.warn("Fracas | zodiac: a GM's client did not list its pending duels:", err);
    return null;
  }
}
