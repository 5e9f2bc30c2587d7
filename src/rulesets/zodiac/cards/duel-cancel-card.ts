/**
 * "Cancel this duel (GM)" on a commit card (review s4 #4): a plain follow-up, run on the clicking GM's
 * client as the card's Reveal is (review s6b R3). It was a core GM follow-up, run on the active GM's
 * client inside core's 15 s query, and from there it asked the other GMs' lists (up to 5 s) and then
 * the holder (up to 15 s): the outer query could time out while the cancel still ran, and the clicker
 * was told nothing. Now the clicking client asks every holder itself (duel-remote.ts
 * cancelEverywhere: every side of a split duel too, UX review s6b #1) and shows the outcome here.
 * A player's click is refused (the button is disabled on a player's copy anyway: data-fracas-gm-only).
 *
 * `cancelDuel`, the old GM follow-up, stays for cards posted before (their stored HTML still carries
 * it): the same cancel, with its waits cut so that both fit inside core's 15 s follow-up query.
 */
import type { GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { t } from "../../../foundry/i18n.js";
import { isOpenCommitCard } from "./duel-cancel.js";
import { cancelEverywhere, tellRemote, type CancelTimeouts } from "./duel-remote.js";
import { mayAsk, NOT_GM } from "./setback-follow-up.js";

const NOT_PENDING = { ok: false as const, reason: "FRACAS.Zodiac.Duel.NotPending" };

/** The old GM follow-up's waits: the GMs' lists, then the holders' cancels, together under core's 15 s. */
export const FOLLOW_UP_TIMEOUTS: CancelTimeouts = { list: 4_000, act: 9_000 };

/** The refusal as a follow-up returns it (the clicker's warning: the reason and its data). */
function asFollowUpResult(done: { ok: boolean; reason?: string; data?: Record<string, string | number> }): { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> } {
  if (done.ok) return { ok: true };
  return { ok: false, reason: done.reason ?? "FRACAS.Chat.Failed", ...(done.data ? { data: done.data } : {}) };
}

/** The card's Cancel on the clicking client: refused for a player and for a card no longer open; else every side cancelled, the outcome shown here. */
export async function cancelFromCardHere(message: ChatMessage.Implementation, result: JsonObject): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(t("FRACAS.Chat.Refused.NotGM"));
    return;
  }
  const key = String(result.duelKey ?? "");
  // The cards are public, so whether this one is still open is checked here first; each holder re-checks what it holds.
  if (result.cancelled === true || !isOpenCommitCard(message, key)) {
    ui.notifications?.warn(t(NOT_PENDING.reason));
    return;
  }
  tellRemote(await cancelEverywhere(key));
}

/** Cards posted before the plain follow-up: the same cancel, run on the active GM's client (core). */
export const cancelDuel: GmFollowUp = {
  allowed: ({ user, message }) => mayAsk(user, message),
  run: async ({ user, message, result }) => {
    if (!user.isGM) return NOT_GM;
    const key = String(result.duelKey ?? "");
    if (!isOpenCommitCard(message, key)) return NOT_PENDING;
    return asFollowUpResult(await cancelEverywhere(key, FOLLOW_UP_TIMEOUTS));
  },
};

export const DUEL_CANCEL_FOLLOW_UPS = { cancelDuel };
