/**
 * "Cancel this duel (GM)" on a commit card (review s4 #4), and "Cancel the duel against …" in an
 * Agent sheet's Operations section, for one whose card is gone (session 5). A duel commit is forgotten only by its
 * reveal: a duel outside a fight one side committed to and the other never did (the scene moved
 * on) stays held by the GM's client, refusing that Agent's later commits against the same opponent
 * ("pending"; commits.ts), and a later commit by the opponent would answer it. The GM cancels it here:
 * the pair's held commits are forgotten, the Agent Points each commit spent (gathering, and the
 * finishing point) are given back up to the Agent's maximum, and the duel's open commit cards say
 * it was cancelled and stop offering Reveal and Cancel. Runs on each GM client holding a side of the
 * duel, one at a time with its reveals (flow.ts oneDuelAtATime): the card's button and the sheet's
 * (duel-cancel-card.ts, sheets.ts) ask every holder (duel-remote.ts cancelEverywhere); a player's
 * click is refused (NotGM), as the card's other GM buttons are.
 */
import type { JsonObject } from "../../../foundry/registry.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { FINISH_AGENT_POINTS } from "../rules/index.js";
import type { Done } from "../operations.js";
import { forgetCommits, heldCommits } from "./commits.js";
import { cardContent, oneDuelAtATime } from "./flow.js";
import type { DuelCommit } from "./results.js";
import { cardOf, openCommitCards } from "./commit-cards.js";
import { wasPaid } from "./paid.js";

export { openCommitCards };

/** The Agent Points a commit spent when it was made (flow.ts commitDuel: the roll model's spend). */
export function pointsSpent(commit: DuelCommit): number {
  return commit.spend + (commit.finish ? FINISH_AGENT_POINTS : 0);
}

/** Gives back what the commit spent, if it was paid: never points the sender did not pay (review s7c F3). */
async function giveBack(commit: DuelCommit): Promise<void> {
  const points = wasPaid(commit) ? pointsSpent(commit) : 0;
  if (points <= 0) return;
  const actor = await lookupUuid(commit.actor.uuid);
  if (!(actor instanceof Actor)) return;
  const ap = (actor.system as unknown as { agentPoints: { value: number; max: number } }).agentPoints;
  const after = Math.min(ap.max, ap.value + points);
  if (after > ap.value) await actor.update({ "system.agentPoints.value": after } as never);
}

async function markCancelled(message: ChatMessage.Implementation): Promise<void> {
  const result = { ...(cardOf(message)?.result ?? {}), cancelled: true };
  const content = await cardContent(message, "duelCommit", result);
  await message.update({ "system.result.cancelled": true, content } as never);
}

/**
 * Forgets the duel's commits held here, gives their Agent Points back and closes the open commit
 * cards of those sides only. A fight's duel can be split between two GMs' clients (duel-answer.ts):
 * closing every card of the key told the other side's player their Agent Points came back while
 * the other GM's client still held them (review s6b R2). Each holder closes its own sides' cards,
 * so a card says "given back" only once that is true; duel-remote.ts cancelEverywhere asks every holder.
 */
async function cancelKey(key: string): Promise<void> {
  const held = heldCommits().filter((c) => c.duelKey === key);
  forgetCommits(key);
  for (const c of held) await giveBack(c);
  const sides = new Set(held.map((c) => c.actor.uuid));
  for (const m of openCommitCards(key)) if (sides.has(String((cardOf(m)?.result?.actor as { uuid?: unknown } | undefined)?.uuid ?? ""))) await markCancelled(m);
}

/** Is this commit card still open (revealed or cancelled cards are not: an old card of the pair must not cancel their next duel)? */
export function isOpenCommitCard(message: ChatMessage.Implementation, key: string): boolean {
  return openCommitCards(key).some((m) => m.id === message.id);
}

/** A duel this GM client holds commits for, not yet revealed: its key, its two Agents, and who committed. */
export interface PendingDuel {
  key: string;
  /** The other side's name (seen from the Agent whose sheet lists it). */
  opponent: string;
  /** Who has committed so far (one, or both before the reveal), in commit order. */
  committed: string[];
  /**
   * The side still to commit (either Agent: from the opponent's sheet it is this one), or null
   * when both have and the duel needs only its Reveal (UX review s5 #3: a live duel is not "never revealed").
   */
  waitingFor: string | null;
}

/**
 * The pending duels this Agent is a side of (committed, or committed against), from the commits
 * this client holds: a GM's client that received commits (the active GM at the time), so a player's
 * list is empty; another GM's sheet asks the holder for this list (duel-remote.ts duelsSeen).
 * Public facts only (names, who waits): it crosses to other GMs. One per duel, in commit order.
 */
export function pendingDuelsOf(actorUuid: string): PendingDuel[] {
  const out: PendingDuel[] = [];
  for (const c of heldCommits()) {
    if (c.actor.uuid !== actorUuid && c.opponent.uuid !== actorUuid) continue;
    const other = c.actor.uuid === actorUuid ? c.opponent.name : c.actor.name;
    const found = out.find((d) => d.key === c.duelKey);
    if (found) {
      found.committed.push(c.actor.name);
      found.waitingFor = null;
    } else out.push({ key: c.duelKey, opponent: other, committed: [c.actor.name], waitingFor: c.opponent.name });
  }
  return out;
}

/**
 * This client's side of a duel cancelled, by the duel's key (session 5: the sheet's Cancel, for a
 * pending duel whose commit card is gone, deleted or lost far up the chat; before, only clearing
 * the GM browser's stored commits could end it). Called by cancelEverywhere here and on each other
 * holder (duel-remote.ts). Refused for a player (NotGM) and when this client holds no commit for
 * that duel (revealed or cancelled since: NotPending).
 */
export function cancelPendingDuel(key: string): Promise<Done> {
  if (!game.user.isGM) return Promise.resolve({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
  return oneDuelAtATime(async () => {
    if (!heldCommits().some((c) => c.duelKey === key)) return { ok: false, reason: "FRACAS.Zodiac.Duel.NotPending" } as Done;
    await cancelKey(key);
    return { ok: true } as Done;
  });
}
