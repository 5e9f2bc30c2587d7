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
 */
import { heldCommits, sealCommit, type Sealed } from "./commits.js";
import { cardOf, commitCardKeys, openCommitCards } from "./commit-cards.js";
import { listFrom, otherGMs } from "./duel-list.js";
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
 * then another's), or null when no connected GM holds one.
 */
async function holderOfPair(commit: DuelCommit): Promise<User.Implementation | null> {
  if (heldCommits().some((c) => ofThisDuel(c.duelKey, commit))) return game.user;
  const answers = await Promise.all(otherGMs().map(async (gm) => ({ gm, duels: await listFrom(gm, commit.actor.uuid) })));
  const holding = answers.filter((a) => a.duels?.some((d) => ofThisDuel(d.key, commit)));
  return (holding.find((a) => a.gm.id === game.users.activeGM?.id) ?? holding[0])?.gm ?? null;
}

/** Seals the commit with the GM client holding the duel it answers, else with the active GM (commits.ts). */
export async function sealWhereHeld(commit: DuelCommit): Promise<Sealed> {
  const open = openDuels(commit);
  if (open.length === 0) return sealCommit(commit);
  const holder = await holderOfPair(commit);
  if (holder) return sealCommit(commit, holder);
  const challenged = open.some((d) => d.committed.includes(commit.opponent.uuid) && !d.committed.includes(commit.actor.uuid));
  return challenged ? { ok: false, reason: "FRACAS.Zodiac.Duel.ChallengeHolderGone" } : sealCommit(commit);
}
