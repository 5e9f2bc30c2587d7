/**
 * Whether a held duel commit was paid (review s7c F3): read by the Cancel's refund (duel-cancel.ts)
 * and the Reveal (flow.ts), kept apart from both so neither imports the other.
 */
import { cardOf } from "./commit-cards.js";
import { announces } from "./commits.js";
import type { DuelCommit } from "./results.js";

/**
 * Did the sender pay this commit's Agent Points (review s7c F3)? Marked when its card was posted
 * (commits.ts onCommitCardPosted) or by the sender's paid notice (onPaidQuery, review s8 F7), or its
 * card is in the chat now (posted while no tab of this GM marked it, e.g. during a tab's handover):
 * the card carrying this commit's id (review s8 F1), not any card of its duel key and Agent, which
 * an earlier duel of the same pair in the same round also has. Commits held before the mark existed
 * count as paid.
 */
export function wasPaid(commit: DuelCommit): boolean {
  if (commit.paid !== false) return true;
  return game.messages.some((m) => {
    const s = cardOf(m as ChatMessage.Implementation);
    return s?.ruleset === "zodiac" && s.kind === "duelCommit" && announces(s.result, commit);
  });
}
