/**
 * Where a duel commit is sent (session 6, after a handover). Commits are held on the client of the
 * GM who was active when they were made (commits.ts). When the active GM changes while the old one
 * stays connected, a commit answering a challenge held there went to the new active GM, which did
 * not hold the challenge: outside a fight it started a new duel, in a fight it sat under the same
 * key on another client, and neither duel could be revealed. Now, when the chat shows an open
 * commit card of this pair's duel (in a fight: this round's), the committing client asks the
 * connected GMs which holds it (the public "list", duel-list.ts) and sends the commit there, where
 * it meets the challenge (or is refused as a second commit would be). When the opponent's challenge
 * is open but no connected GM holds it, the commit is refused, saying so: sent to the active GM it
 * would start a duel that never meets the challenge, its Agent Points spent for nothing. With no
 * open card of the pair there is nothing to meet, and the commit goes to the active GM as before.
 *
 * In a fight (review s6 R2) the key is the same on every client (fight, round, pair), so the
 * opponent's side may be held by another GM with no card of it in this client's chat yet — its card
 * is posted only after the GM kept it, and the GM may have deleted it. So in a fight the connected
 * GMs are asked whenever there is another one, card or not: the commit joins the side already held
 * (before: sent to the new active GM, the duel split between two clients under one key, each
 * Reveal answering "still waiting"). With one GM connected nothing is asked.
 * A GM that does not answer in time (R3) is not "holding nothing": a challenge it may hold is
 * refused naming it (`Duel.ChallengeNoAnswer`), nothing spent, rather than split or lost.
 */
import { heldCommits, sealCommit, type Sealed } from "./commits.js";
import { cardOf, commitCardKeys, openCommitCards } from "./commit-cards.js";
import { askAll, namesOf } from "./duel-list.js";
import { isDuelKeyOf, type DuelCommit } from "./results.js";

/** Is `key` a duel this commit could meet: of the same pair, in a fight the same round's, outside one any? */
const ofThisDuel = (key: string, commit: DuelCommit) => isDuelKeyOf(key, commit.actor.uuid, commit.opponent.uuid, commit.combat);

/** This pair's duels with open commit cards, each with the Agents (uuids) whose cards are open. */
function openDuels(commit: DuelCommit): { key: string; committed: string[] }[] {
  const out: { key: string; committed: string[] }[] = [];
  for (const key of commitCardKeys((k) => ofThisDuel(k, commit))) {
    const committed = openCommitCards(key).map((m) => String((cardOf(m)?.result?.actor as { uuid?: unknown } | undefined)?.uuid ?? ""));
    if (committed.length > 0) out.push({ key, committed });
  }
  return out;
}

/**
 * The GM client holding a pending duel of this pair (this client's first, then the active GM's,
 * then another's), or null when no connected GM that answered holds one (`unanswered`: those that
 * did not answer in time).
 */
async function holderOfPair(commit: DuelCommit): Promise<{ holder: User.Implementation | null; unanswered: User.Implementation[] }> {
  if (heldCommits().some((c) => ofThisDuel(c.duelKey, commit))) return { holder: game.user, unanswered: [] };
  const { answered, unanswered } = await askAll(commit.actor.uuid);
  const holding = answered.filter((a) => a.duels.some((d) => ofThisDuel(d.key, commit)));
  return { holder: (holding.find((a) => a.gm.id === game.users.activeGM?.id) ?? holding[0])?.gm ?? null, unanswered };
}

/** Seals the commit with the GM client holding the duel it answers, else with the active GM (commits.ts). */
export async function sealWhereHeld(commit: DuelCommit): Promise<Sealed> {
  const open = openDuels(commit);
  // Outside a fight only an open card can name a duel to join; in a fight the key can (above), once
  // more than one GM is connected (with the active GM alone, it holds the other side or nobody does).
  // Every connected GM, this client included (a player's client counts the GMs only): duel-list.ts
  // otherGMs() leaves out only this client, so it is not the same count from a player's client.
  const gms = game.users.filter((u) => u.isGM && u.active).length;
  const mayBeHeld = open.length > 0 || (commit.combat !== null && gms > 1);
  if (!mayBeHeld) return sealCommit(commit);
  const { holder, unanswered } = await holderOfPair(commit);
  if (holder) return sealCommit(commit, holder);
  const challenged = open.some((d) => d.committed.includes(commit.opponent.uuid) && !d.committed.includes(commit.actor.uuid));
  if (!challenged) return sealCommit(commit);
  if (unanswered.length > 0) return { ok: false, reason: "FRACAS.Zodiac.Duel.ChallengeNoAnswer", data: { gm: namesOf(unanswered) } };
  return { ok: false, reason: "FRACAS.Zodiac.Duel.ChallengeHolderGone" };
}
