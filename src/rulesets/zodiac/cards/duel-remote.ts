/**
 * Pending duels seen, revealed and cancelled from a GM's client that does not hold their commits
 * (session 6; closing s5, "found, not fixed").
 *
 * Sealed commits live only on the client of the GM who received them (commits.ts: the active GM at
 * the commit; never in a document, which every client receives). So another GM's Agent sheet
 * listed no pending duel, and its Reveal (and the card's, a plain follow-up run where it is
 * clicked) found nothing to reveal. Now such a client asks every other connected GM by a User query
 * (delivered to that one user only):
 * - "list" (asked through duel-list.ts, also by a commit looking for the challenge it answers):
 *   the Agent's pending duels as that client holds them — who against whom, who committed, who it
 *   waits for (duel-cancel.ts pendingDuelsOf): the facts the public commit cards already show,
 *   never a Wager, dice or Agent Point number. Public, so not signed.
 * - "reveal" / "cancel": run on the holder, which re-checks everything there (it is a GM asking, it
 *   holds that duel: else `Duel.NotPending`) exactly as a click on its own sheet would. Signed with core's signRequest
 *   (queries.ts: the request written into a flag on the asker's own User, read back and cleared by
 *   the holder), since Foundry does not tell a query's handler who sent it.
 * When no connected GM holds a duel whose commit card is still open, the sheet says so
 * (operations-view.ts `lost`): the duel waits until that GM's browser is connected again. A GM
 * that did not answer in time is named instead ("{gm} did not answer", review s6 R3): it is
 * connected, and may hold it.
 */
import { t } from "../../../foundry/i18n.js";
import { clearSignedRequest, readSignedRequest, signRequest } from "../../../foundry/queries.js";
import type { Done } from "../operations.js";
import { cancelPendingDuel, openCommitCards, pendingDuelsOf, type PendingDuel } from "./duel-cancel.js";
import type { LostDuel } from "../sheets/operations-view.js";
import { heldCommits } from "./commits.js";
import { alreadyRevealed, oneDuelAtATime, revealDuel, revealOutcome, tellRevealRefused, type RevealRefused } from "./flow.js";
import { pairOfKey } from "./results.js";
import { askAll, DUELS_QUERY, namesOf, str } from "./duel-list.js";

export { DUELS_QUERY };

const ACT_TIMEOUT = 15_000;

const NOT_GM = { ok: false as const, reason: "FRACAS.Chat.Refused.NotGM" };
const BAD = { ok: false as const, reason: "FRACAS.Chat.Refused.BadRequest" };
const UNVERIFIED = { ok: false as const, reason: "FRACAS.Chat.Refused.Unverified" };
const NOT_PENDING = { ok: false as const, reason: "FRACAS.Zodiac.Duel.NotPending" };

type Act = "reveal" | "cancel";

/** What a holder answers a Reveal or Cancel it was asked for: done, or the refusal to show the asker. */
export type RemoteDone = { ok: true } | (Omit<RevealRefused, "ok" | "level"> & { ok: false; level?: "warn" | "info" });

/** The query handler (CONFIG.queries[DUELS_QUERY]): runs on the GM client asked. */
export async function onDuelsQuery(data: unknown): Promise<unknown> {
  if (!game.user.isGM) return NOT_GM;
  const d = data as Record<string, unknown> | null;
  if (d?.action === "list") return str(d.actorUuid) ? { ok: true, duels: pendingDuelsOf(d.actorUuid) } : BAD;
  try {
    if (d?.action !== "reveal" && d?.action !== "cancel") return BAD;
    // Who asks and which duel: what the asker signed, never the query's own fields.
    const signed = readSignedRequest(DUELS_QUERY, data);
    if (!signed || signed.action !== d.action || !str(signed.key)) return UNVERIFIED;
    const key = signed.key;
    // Re-checked here, whatever the asking client thought: a GM asks, and this client holds the duel.
    if (!game.users.get(String(signed.userId))?.isGM) return NOT_GM;
    if (d.action === "cancel") return await cancelPendingDuel(key);
    // Not held here (revealed or cancelled since the asker listed it, or never): said so, rather
    // than the reveal's "still waiting for a commitment from" both sides.
    const outcome = await oneDuelAtATime(async () => (heldCommits().some((c) => c.duelKey === key) ? revealOutcome(key) : NOT_PENDING));
    if (outcome.ok) return { ok: true };
    const { ok: _ok, ...refusal } = outcome;
    return { ok: false, ...refusal };
  } finally {
    // Whatever the outcome, so a request cannot be replayed (nothing to clear when none was signed).
    // A clearing refused (e.g. an Assistant GM holder writing a full GM's User) must not replace a
    // Reveal or Cancel already done with "Failed" (review s6 R4): logged, the result kept.
    await clearSignedRequest(data).catch((err: unknown) => console.error("Fracas | zodiac duel request: the signed request was not cleared:", err));
  }
}

/** Installs the query handler once (CONFIG.queries exists before systems load; guarded anyway). */
export function registerDuelsQuery(): void {
  const config = (globalThis as { CONFIG?: { queries?: Record<string, unknown> } }).CONFIG;
  if (!config?.queries || config.queries[DUELS_QUERY]) return;
  config.queries[DUELS_QUERY] = onDuelsQuery;
}

/**
 * A pending duel as a GM's sheet lists it: `holder` is the GM client holding its commits (absent:
 * this one); `splitWith` names the other GM clients holding a side of the same key (below).
 */
export type SeenDuel = PendingDuel & { holder?: { id: string; name: string }; splitWith?: string };

/** What a GM's sheet lists: the duels seen, and the GMs whose client did not answer (they may hold more). */
export interface Seen {
  duels: SeenDuel[];
  unanswered: string[];
}

/**
 * This Agent's pending duels, for a GM's sheet: those this client holds, then those every other
 * connected GM's client holds (each named as the holder), and the GMs that did not answer in time
 * (review s6 R3: before, they were dropped and their duels called held by no connected GM).
 * A fight's duel can be held in two places (review s6 R2: its key is the same on every client, so
 * a side committed after a handover while a GM's list did not answer goes to the active GM — made
 * rare by duel-answer.ts, not impossible): each holder's side is listed with its own Cancel, and
 * says where the other side is (`splitWith`), since neither holder can reveal it.
 */
export async function pendingDuelsSeen(actorUuid: string): Promise<Seen> {
  const out: SeenDuel[] = pendingDuelsOf(actorUuid);
  const { answered, unanswered } = await askAll(actorUuid);
  for (const { gm, duels } of answered) for (const d of duels) out.push({ ...d, holder: { id: gm.id ?? "", name: gm.name ?? "" } });
  const holderName = (d: SeenDuel) => d.holder?.name ?? game.user.name ?? "";
  const duels = out.map((d) => {
    const others = out.filter((x) => x !== d && x.key === d.key).map(holderName);
    return others.length > 0 ? { ...d, splitWith: others.join(", ") } : d;
  });
  return { duels, unanswered: unanswered.map((g) => g.name ?? "?") };
}

interface CommitCardResult {
  duelKey?: unknown;
  actor?: { uuid?: unknown };
  name?: unknown;
  opponentName?: unknown;
}

/**
 * This Agent's duels announced by open commit cards (not revealed, not cancelled) that no client
 * listed in `seen` holds: their commits are on a GM's client that is not connected (or whose browser
 * lost them) — or, when `unanswered` names GMs that did not answer, maybe on theirs: each is then
 * marked with those names (`noAnswer`), not called lost. From the public cards only: who committed,
 * against whom.
 */
export function lostDuels(actorUuid: string, seen: readonly { key: string }[], unanswered: readonly string[] = []): LostDuel[] {
  const keys = new Set<string>();
  for (const m of game.messages) {
    const sys = m.system as unknown as { ruleset?: string; kind?: string; result?: CommitCardResult };
    const key = sys.result?.duelKey;
    if (m.type !== "card" || sys.ruleset !== "zodiac" || sys.kind !== "duelCommit" || typeof key !== "string") continue;
    if (pairOfKey(key).split("|").includes(actorUuid) && !seen.some((d) => d.key === key)) keys.add(key);
  }
  const out: LostDuel[] = [];
  for (const key of keys) {
    const cards = openCommitCards(key).map((m) => (m.system as unknown as { result: CommitCardResult }).result);
    if (cards.length === 0) continue;
    const committed = [...new Set(cards.map((r) => String(r.name ?? "")))];
    const mine = cards.find((r) => r.actor?.uuid === actorUuid);
    const theirs = cards.find((r) => r.actor?.uuid !== actorUuid);
    const opponent = mine ? String(mine.opponentName ?? "") : String(theirs?.name ?? "");
    out.push(unanswered.length > 0 ? { key, opponent, committed, noAnswer: unanswered.join(", ") } : { key, opponent, committed });
  }
  return out;
}

/** Asks the holder to reveal or cancel; their refusal comes back to be shown here. */
async function askHolder(holderId: string, action: Act, key: string): Promise<RemoteDone> {
  if (!game.user.isGM) return NOT_GM;
  const holder = game.users.get(holderId);
  if (!holder?.active || !holder.isGM) return { ok: false, reason: "FRACAS.Zodiac.Duel.HolderGone", data: { gm: holder?.name ?? "?" } };
  const signed = await signRequest(DUELS_QUERY, { action, key });
  try {
    const answer = (await holder.query(DUELS_QUERY as never, { action, ...signed } as never, { timeout: ACT_TIMEOUT } as never)) as RemoteDone | null;
    return answer ?? { ok: false, reason: "FRACAS.Chat.Failed" };
  } catch (err) {
    // Not answered (disconnected, timed out): take the request back; it may still have run there.
    await clearSignedRequest(signed).catch(() => undefined);
    console.error("Fracas | zodiac duel request:", err);
    return { ok: false, reason: "FRACAS.Chat.Failed" };
  }
}

/** Shows a refusal here, a holder's or this client's own. */
export function tellRemote(done: RemoteDone | Done): void {
  if (done.ok) return;
  const r = done as Exclude<RemoteDone, { ok: true }>;
  tellRevealRefused({ reason: r.reason, level: r.level ?? "warn", ...(r.data ? { data: r.data } : {}), ...(r.nested ? { nested: r.nested } : {}) });
}

/**
 * Which GM client holds this duel's commits: this one, another connected GM's, or none that
 * answered (`unanswered`: the GMs that did not, which may hold it).
 */
async function holderOf(key: string): Promise<{ here: true } | { here: false; id: string } | { none: true; unanswered: string }> {
  if (heldCommits().some((c) => c.duelKey === key)) return { here: true };
  // Its key names both Agents: ask for the first one's duels.
  const { answered, unanswered } = await askAll(pairOfKey(key).split("|")[0] ?? "");
  const found = answered.find((a) => a.duels.some((d) => d.key === key));
  return found ? { here: false, id: found.gm.id ?? "" } : { none: true, unanswered: namesOf(unanswered) };
}

/** Nobody that answered holds it: some GM did not answer (it may hold it), or none connected does. */
const noHolder = (unanswered: string): RemoteDone => (unanswered ? { ok: false, reason: "FRACAS.Zodiac.Duel.NoAnswer", data: { gm: unanswered } } : { ok: false, reason: "FRACAS.Zodiac.Duel.NoHolder" });

/**
 * The commit card's Reveal, clicked on any client: revealed where the commits are held. On a GM's
 * client that does not hold them, asked of the GM's client that does; when no connected GM holds
 * them, said so (before: "still waiting for" both sides, as if nobody had committed).
 */
export async function revealAnywhere(key: string): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(t("FRACAS.Zodiac.Duel.GMReveals"));
    return;
  }
  const holder = await holderOf(key);
  if ("none" in holder) {
    if (alreadyRevealed(key)) ui.notifications?.warn(t("FRACAS.Zodiac.Duel.AlreadyRevealed"));
    else tellRemote(noHolder(holder.unanswered));
  } else if (holder.here) await revealDuel(key);
  else tellRemote(await askHolder(holder.id, "reveal", key));
}

/** The sheet's Reveal of a listed duel, on the client that holds it (`holderId` empty: this one). */
export async function revealAt(key: string, holderId: string): Promise<void> {
  if (!holderId || holderId === game.user.id) {
    await revealDuel(key);
    return;
  }
  tellRemote(await askHolder(holderId, "reveal", key));
}

/** The sheet's Cancel of a listed duel, on the client that holds it (`holderId` empty: this one). */
export async function cancelAt(key: string, holderId: string): Promise<RemoteDone | Done> {
  if (!holderId || holderId === game.user.id) return cancelPendingDuel(key);
  return askHolder(holderId, "cancel", key);
}

/**
 * The commit card's "Cancel this duel (GM)" on a GM client that does not hold the duel — the active
 * GM's, which runs the card's GM follow-ups, after a handover (the holder connected, not active):
 * sent to the holder, which gives the Agent Points back, forgets its commits and closes the cards
 * (before: closed here, no Agent Points back, the holder's commits still held). None connected holds
 * it: refused (`Duel.NoHolder`), as the sheet and the card's Reveal say; a GM that did not answer
 * may hold it (`Duel.NoAnswer`, naming them).
 */
export async function cancelAtHolder(key: string): Promise<RemoteDone | Done> {
  const holder = await holderOf(key);
  if ("none" in holder) return noHolder(holder.unanswered);
  if (holder.here) return cancelPendingDuel(key);
  return askHolder(holder.id, "cancel", key);
}
