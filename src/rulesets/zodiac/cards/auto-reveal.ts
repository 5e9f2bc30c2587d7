/**
 * A duel revealed as soon as both sides have committed and paid (rules audit s14 F2, "clicks").
 * Seed 003: both Agents set their Wagers aside in secret and reveal them together; once the second
 * commitment is in, nothing is left to choose, yet the duel waited for the GM's Reveal. Now the GM
 * client holding the commits (commits.ts) reveals it when the second commit is marked paid (its card
 * posted, or the sender's paid notice), through the same Reveal as the button (flow.ts, one duel at
 * a time). A Reveal the rules refuse (a finishing Wager too soon, a side's Agent deleted) is told
 * to that GM as the button would, the commits kept for the Cancel. A GM who would rather reveal by
 * hand turns the world option off (zodiac.autoReveal).
 */
import { rulesetOption } from "../../../foundry/settings.js";
import { backgroundWork } from "../../../foundry/background-work.js";
import { heldCommits, onCommitPaid } from "./commits.js";
import { wasPaid } from "./paid.js";
import { oneDuelAtATime, revealOutcome, tellRevealRefused } from "./flow.js";

const work = backgroundWork("zodiac: revealing a duel both sides have committed to (the card still offers Reveal)");

/** Settles once every Reveal started so far has (tests, macros). */
export function autoRevealsSettled(): Promise<unknown> {
  return work.settled();
}

/** Refusals that only mean someone else revealed or cancelled it first: nothing to tell. */
const QUIET = new Set(["FRACAS.Zodiac.Duel.AlreadyRevealed", "FRACAS.Zodiac.Duel.Waiting", "FRACAS.Zodiac.Duel.NotPending"]);

/** Both sides of this duel are held here and paid. */
function readyToReveal(duelKey: string): boolean {
  const held = heldCommits().filter((c) => c.duelKey === duelKey);
  return new Set(held.map((c) => c.actor.uuid)).size === 2 && held.every(wasPaid);
}

/** commits.ts onCommitPaid: a held commit of `duelKey` was just marked paid on this (the holder's) client. */
export function onDuelCommitPaid(duelKey: string): void {
  if (!game.user.isGM || !rulesetOption("zodiac", "autoReveal", true) || !readyToReveal(duelKey)) return;
  work.add(
    oneDuelAtATime(() => (readyToReveal(duelKey) ? revealOutcome(duelKey) : Promise.resolve(null))).then((outcome) => {
      if (outcome && !outcome.ok && !QUIET.has(outcome.reason)) tellRevealRefused(outcome);
    }),
  );
}

/** Installs the listener (the ruleset's hooks, once). */
export function registerAutoReveal(): void {
  onCommitPaid(onDuelCommitPaid);
}
