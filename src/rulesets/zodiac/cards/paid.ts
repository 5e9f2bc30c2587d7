/**
 * Whether a held duel commit was paid (review s7c F3): read by the Cancel's refund (duel-cancel.ts)
 * and the Reveal (flow.ts), kept apart from both so neither imports the other.
 */
import { cardOf } from "./commit-cards.js";
import type { DuelCommit } from "./results.js";

/**
 * Did the sender pay this commit's Agent Points (review s7c F3)? Marked when its card was posted
 * (commits.ts onCommitCardPosted), or its card is in the chat now (posted while no tab of this GM
 * marked it, e.g. during a tab's handover); commits held before the mark existed count as paid.
 */
export function wasPaid(commit: DuelCommit): boolean {
  if (commit.paid !== false) return true;
  return game.messages.some((m) => {
    const s = cardOf(m as ChatMessage.Implementation);
    return s?.ruleset === "zodiac" && s.kind === "duelCommit" && s.result?.duelKey === commit.duelKey && (s.result?.actor as { uuid?: unknown } | undefined)?.uuid === commit.actor.uuid;
  });
}
