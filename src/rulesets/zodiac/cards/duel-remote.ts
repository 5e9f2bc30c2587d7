/**
 * Pending duels seen, revealed and cancelled from a GM's client that does not hold their commits
 * (session 6; closing s5, "found, not fixed").
 *
 * Sealed commits live only on the client of the GM who received them (commits.ts: the active GM at
 * the commit; never in a document, which every client receives). So another GM's Agent sheet
 * listed no pending duel, and its Reveal (and the card's, a plain follow-up run where it is
 * clicked) found nothing to reveal. Now such a client asks every other connected GM by a User query
 * (delivered to that one user only):
 * - "list": the Agent's pending duels as that client holds them — who against whom, who committed,
 *   who it waits for (duel-cancel.ts pendingDuelsOf): the facts the public commit cards already
 *   show, never a Wager, dice or Agent Point number. Public, so not signed.
 * - "reveal" / "cancel": run on the holder, which re-checks everything there (it is a GM asking, it
 *   holds that duel) exactly as a click on its own sheet would. Signed: the asking GM first writes
 *   the request into a flag on their own User (only they or a GM may write it; the holder reads it
 *   back and clears it), since Foundry does not tell a query's handler who sent it.
 * When no connected GM holds a duel whose commit card is still open, the sheet says so
 * (operations-view.ts `lost`): the duel waits until that GM's browser is connected again.
 */
import { t } from "../../../foundry/i18n.js";
import type { Done } from "../operations.js";
import { cancelPendingDuel, openCommitCards, pendingDuelsOf, type PendingDuel } from "./duel-cancel.js";
import type { LostDuel } from "../sheets/operations-view.js";
import { heldCommits } from "./commits.js";
import { alreadyRevealed, oneDuelAtATime, revealDuel, revealOutcome, tellRevealRefused, type RevealRefused } from "./flow.js";
import { pairOfKey } from "./results.js";

export const DUELS_QUERY = "fracas.zodiacDuels";
const ASK_FLAG = "zodiacDuelAsks";
/** A flag key segment (foundry.utils.randomID): no dots, so a request names one slot only. */
const ASK_ID = /^[A-Za-z0-9]{1,32}$/;
/** A sheet waits this long for another GM's list (a slow client must not hold the sheet up for long). */
const LIST_TIMEOUT = 5_000;
const ACT_TIMEOUT = 15_000;

const str = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length < 300;
const NOT_GM = { ok: false as const, reason: "FRACAS.Chat.Refused.NotGM" };
const BAD = { ok: false as const, reason: "FRACAS.Chat.Refused.BadRequest" };
const UNVERIFIED = { ok: false as const, reason: "FRACAS.Chat.Refused.Unverified" };

type Act = "reveal" | "cancel";
interface ActAsk {
  action: Act;
  key: string;
  userId: string;
  askId: string;
}

/** What a holder answers a Reveal or Cancel it was asked for: done, or the refusal to show the asker. */
export type RemoteDone = { ok: true } | (Omit<RevealRefused, "ok" | "level"> & { ok: false; level?: "warn" | "info" });

/** The other GMs connected now (each may hold commits: the active GM, or one who was active before). */
function otherGMs(): User.Implementation[] {
  return game.users.filter((u) => u.isGM && u.active && u.id !== game.user.id) as User.Implementation[];
}

/** A pending duel's public facts only (a holder's answer is checked, not trusted for its shape). */
function publicDuel(d: unknown): PendingDuel | null {
  const x = d as Partial<PendingDuel> | null;
  if (!x || !str(x.key) || !str(x.opponent) || !Array.isArray(x.committed) || !x.committed.every(str)) return null;
  if (x.waitingFor !== null && !str(x.waitingFor)) return null;
  return { key: x.key, opponent: x.opponent, committed: [...x.committed], waitingFor: x.waitingFor ?? null };
}

/** The query handler (CONFIG.queries[DUELS_QUERY]): runs on the GM client asked. */
export async function onDuelsQuery(data: unknown): Promise<unknown> {
  if (!game.user.isGM) return NOT_GM;
  const d = data as Record<string, unknown> | null;
  if (d?.action === "list") return str(d.actorUuid) ? { ok: true, duels: pendingDuelsOf(d.actorUuid) } : BAD;
  if ((d?.action !== "reveal" && d?.action !== "cancel") || !str(d.key) || !str(d.userId) || !ASK_ID.test(String(d.askId))) return BAD;
  const user = game.users.get(d.userId);
  if (!user) return UNVERIFIED;
  const path = `${ASK_FLAG}.${d.askId}`;
  const signed = user.getFlag("fracas" as never, path as never) as Partial<ActAsk> | undefined;
  try {
    if (!signed || signed.action !== d.action || signed.key !== d.key) return UNVERIFIED;
    // Re-checked here, whatever the asking client thought: a GM asks, and this client holds the duel.
    if (!user.isGM) return NOT_GM;
    if (d.action === "cancel") return await cancelPendingDuel(d.key);
    const outcome = await oneDuelAtATime(() => revealOutcome(d.key as string));
    if (outcome.ok) return { ok: true };
    const { ok: _ok, ...refusal } = outcome;
    return { ok: false, ...refusal };
  } finally {
    if (signed !== undefined) await user.unsetFlag("fracas" as never, path as never);
  }
}

/** Installs the query handler once (CONFIG.queries exists before systems load; guarded anyway). */
export function registerDuelsQuery(): void {
  const config = (globalThis as { CONFIG?: { queries?: Record<string, unknown> } }).CONFIG;
  if (!config?.queries || config.queries[DUELS_QUERY]) return;
  config.queries[DUELS_QUERY] = onDuelsQuery;
}

/** A pending duel as a GM's sheet lists it: `holder` is the GM client holding its commits (absent: this one). */
export type SeenDuel = PendingDuel & { holder?: { id: string; name: string } };

/** What another GM's client holds for this Agent, or null when it did not answer. */
async function listFrom(gm: User.Implementation, actorUuid: string): Promise<PendingDuel[] | null> {
  try {
    const answer = (await gm.query(DUELS_QUERY as never, { action: "list", actorUuid } as never, { timeout: LIST_TIMEOUT } as never)) as { ok?: unknown; duels?: unknown } | null;
    if (answer?.ok !== true || !Array.isArray(answer.duels)) return null;
    return answer.duels.map(publicDuel).filter((x): x is PendingDuel => x !== null);
  } catch (err) {
    console.warn("Fracas | zodiac: a GM's client did not list its pending duels:", err);
    return null;
  }
}

/**
 * This Agent's pending duels, for a GM's sheet: those this client holds, then those every other
 * connected GM's client holds (each named as the holder). A duel held twice (it cannot be, but a
 * stale browser store could) is listed once, this client's first.
 */
export async function pendingDuelsSeen(actorUuid: string): Promise<SeenDuel[]> {
  const out: SeenDuel[] = pendingDuelsOf(actorUuid);
  const answers = await Promise.all(otherGMs().map(async (gm) => ({ gm, duels: await listFrom(gm, actorUuid) })));
  for (const { gm, duels } of answers) {
    for (const d of duels ?? []) if (!out.some((x) => x.key === d.key)) out.push({ ...d, holder: { id: gm.id ?? "", name: gm.name ?? "" } });
  }
  return out;
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
 * lost them). From the public cards only: who committed, against whom.
 */
export function lostDuels(actorUuid: string, seen: readonly { key: string }[]): LostDuel[] {
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
    out.push({ key, opponent, committed });
  }
  return out;
}

/** Asks the holder to reveal or cancel; their refusal comes back to be shown here. */
async function askHolder(holderId: string, action: Act, key: string): Promise<RemoteDone> {
  if (!game.user.isGM) return NOT_GM;
  const holder = game.users.get(holderId);
  if (!holder?.active || !holder.isGM) return { ok: false, reason: "FRACAS.Zodiac.Duel.HolderGone", data: { gm: holder?.name ?? "?" } };
  const askId = foundry.utils.randomID();
  const ask: Omit<ActAsk, "userId" | "askId"> = { action, key };
  await game.user.setFlag("fracas" as never, `${ASK_FLAG}.${askId}` as never, ask as never);
  try {
    const answer = (await holder.query(DUELS_QUERY as never, { ...ask, userId: game.user.id, askId } as never, { timeout: ACT_TIMEOUT } as never)) as RemoteDone | null;
    return answer ?? { ok: false, reason: "FRACAS.Chat.Failed" };
  } catch (err) {
    // Not answered (disconnected, timed out): take the request back; it may still have run there.
    await game.user.unsetFlag("fracas" as never, `${ASK_FLAG}.${askId}` as never).catch(() => undefined);
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

/** Which GM client holds this duel's commits: this one, another connected GM's, or none connected. */
async function holderOf(key: string): Promise<{ here: true } | { here: false; id: string } | null> {
  if (heldCommits().some((c) => c.duelKey === key)) return { here: true };
  // Its key names both Agents: ask for the first one's duels.
  const actorUuid = pairOfKey(key).split("|")[0] ?? "";
  for (const gm of otherGMs()) if ((await listFrom(gm, actorUuid))?.some((d) => d.key === key)) return { here: false, id: gm.id ?? "" };
  return null;
}

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
  if (holder?.here) await revealDuel(key);
  else if (holder) tellRemote(await askHolder(holder.id, "reveal", key));
  else ui.notifications?.warn(t(alreadyRevealed(key) ? "FRACAS.Zodiac.Duel.AlreadyRevealed" : "FRACAS.Zodiac.Duel.NoHolder"));
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
