/**
 * "Cancel this duel, giving back the Agent Points spent (GM)" on a commit card (review s4 #4): a GM
 * follow-up, so it runs on the active GM's client. The duel's commits are held on the client of the
 * GM who was active at the commit (commits.ts), which after a handover is another, still connected
 * GM: run on the active GM's client, the cancel closed the cards there but gave no Agent Points back
 * and left the holder's commits held (session 6). Now the active GM cancels a duel it holds itself
 * (duel-cancel.ts), and sends one it does not hold to the GM client that does (duel-remote.ts), as
 * the sheet's Cancel does; when no connected GM holds it, nothing is closed and the refusal says so.
 */
import type { GmFollowUp } from "../../../foundry/registry.js";
import { heldCommits } from "./commits.js";
import { cancelFromCard, isOpenCommitCard } from "./duel-cancel.js";
import { cancelAtHolder } from "./duel-remote.js";
import { oneDuelAtATime } from "./flow.js";
import { mayAsk, NOT_GM } from "./setback-follow-up.js";

const NOT_PENDING = { ok: false as const, reason: "FRACAS.Zodiac.Duel.NotPending" };

/** The refusal as a follow-up returns it (the clicker's warning: the reason and its data). */
function asFollowUpResult(done: { ok: boolean; reason?: string; data?: Record<string, string | number> }): { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> } {
  if (done.ok) return { ok: true };
  return { ok: false, reason: done.reason ?? "FRACAS.Chat.Failed", ...(done.data ? { data: done.data } : {}) };
}

export const cancelDuel: GmFollowUp = {
  allowed: ({ user, message }) => mayAsk(user, message),
  run: async ({ user, message, result }) => {
    if (!user.isGM) return NOT_GM;
    const key = String(result.duelKey ?? "");
    if (heldCommits().some((c) => c.duelKey === key)) return oneDuelAtATime(() => cancelFromCard(message, key));
    // Not held here. The cards are public, so whether this one is still open is checked here first;
    // the holder re-checks that it holds the duel. Not inside oneDuelAtATime: the holder runs its
    // own, one at a time with its reveals.
    if (!isOpenCommitCard(message, key)) return NOT_PENDING;
    return asFollowUpResult(await cancelAtHolder(key));
  },
};

export const DUEL_CANCEL_FOLLOW_UPS = { cancelDuel };
