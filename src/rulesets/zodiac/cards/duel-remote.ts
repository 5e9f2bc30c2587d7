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
import { clearSignedRequest, oneTabQuery, readSignedRequest, signRequest } from "../../../foundry/queries.js";
import type { Done } from "../operations.js";
import { cancelPendingDuel, openCommitCards, pendingDuelsOf, type PendingDuel } from "./duel-cancel.js";
import type { ListedDuel, LostDuel } from "../sheets/operations-view.js";
import { heldCommits } from "./commits.js";
import { alreadyRevealed, oneDuelAtATime, revealDuel, revealOutcome, tellRevealRefused, type RevealRefused } from "./flow.js";
import { pairOfKey } from "./results.js";
import { isTheGmTab } from "../../../foundry/gm-tab.js";
import { askAll, DUELS_QUERY, LIST_TIMEOUT, namesOf, str, type Asked } from "./duel-list.js";
import { cardOf, commitCardKeys, committedOnCards } from "./commit-cards.js";

export { DUELS_QUERY };

/** A Reveal or Cancel sent to another GM's client waits this long for its answer. */
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
  // Answered by the one tab of the GM (review s7 B1): a second tab holds no commits (commits.ts).
  config.queries[DUELS_QUERY] = oneTabQuery(onDuelsQuery);
}

/** What a GM's sheet lists: one entry per duel, and the GMs whose client did not answer (they may hold more). */
export interface Seen {
  duels: ListedDuel[];
  unanswered: string[];
}

/**
 * This Agent's pending duels, for a GM's sheet, one entry per duel: held by this client, or by
 * another connected GM's (named as the holder, its Reveal and Cancel sent there), and the GMs that
 * did not answer in time (review s6 R3: before, they were dropped and their duels called held by no
 * connected GM). A fight's duel can be held in two places (review s6 R2: its key is the same on every
 * client; made rare by duel-answer.ts, not impossible): it is one entry (UX review s6b #1; before,
 * one per holder, each with a Cancel of its own side), marked `split` with where its sides are, no
 * Reveal (no client holds both sides), and one Cancel that cancels every side (cancelEverywhere).
 * Read from the other GMs' lists already asked (the sheet's cache, duel-list-cache.ts).
 * `checking`: they have not answered yet, so no duel is said to be elsewhere (that would name a
 * side as in an absent GM's browser before any GM was asked).
 */
export function duelsSeen(actorUuid: string, { answered, unanswered }: Asked, checking = false): Seen {
  const sides: { duel: PendingDuel; holder: { id: string; name: string; self?: boolean } | null }[] = pendingDuelsOf(actorUuid).map((duel) => ({ duel, holder: null }));
  // In a GM's second tab the one tab answers under this same user (duel-list.ts otherGMs): that
  // holder is "your other tab", not "<own name>'s browser" (review s7c F5).
  const holderOf = (gm: User.Implementation) => ({ id: gm.id ?? "", name: gm.name ?? "", ...(gm.id === game.user.id ? { self: true } : {}) });
  for (const { gm, duels } of answered) for (const duel of duels) sides.push({ duel, holder: holderOf(gm) });
  const keys = [...new Set(sides.map((x) => x.duel.key))];
  const duels = keys.map((key): ListedDuel => {
    const of = sides.filter((x) => x.duel.key === key);
    const first = of[0]!.duel;
    if (of.length === 1) return of[0]!.holder ? { ...first, holder: of[0]!.holder } : first;
    const committed = [...new Set(of.flatMap((x) => x.duel.committed))];
    const both = committed.length >= 2;
    // A side in this GM's other tab is in this browser too ("split between this browser and …").
    const here = of.some((x) => x.holder === null || x.holder.self === true);
    const gms = namesOf(of.flatMap((x) => (x.holder && !x.holder.self ? [x.holder] : [])));
    return { key, opponent: first.opponent, committed, waitingFor: both ? null : first.waitingFor, split: { here, gms } };
  });
  const noAnswer = namesOf(unanswered);
  return { duels: checking ? duels : duels.map((d) => withSideElsewhere(d, noAnswer)), unanswered: unanswered.map((g) => g.name ?? "?") };
}

/** The side an open commit card says committed, that no answering GM holds (null: none; the duel really waits). */
function sideElsewhere(key: string, committed: readonly string[]): string | null {
  return committedOnCards(key).find((name) => !committed.includes(name)) ?? null;
}

/**
 * A duel waiting for a side whose commit card is open (closing s6, "found, not fixed"): that side
 * committed in a browser no answering GM has — its GM is not connected, or (`noAnswer`) did not
 * answer. Said so, rather than "waiting for" a side that did commit.
 */
function withSideElsewhere(d: ListedDuel, noAnswer: string): ListedDuel {
  if (d.waitingFor === null || d.split) return d;
  const name = sideElsewhere(d.key, d.committed);
  return name === null ? d : { ...d, elsewhere: { name, noAnswer } };
}

/**
 * This Agent's duels announced by open commit cards (not revealed, not cancelled) that no client
 * listed in `seen` holds: their commits are on a GM's client that is not connected (or whose browser
 * lost them) — or, when `unanswered` names GMs that did not answer, maybe on theirs: each is then
 * marked with those names (`noAnswer`), not called lost. From the public cards only: who committed,
 * against whom.
 */
export function lostDuels(actorUuid: string, seen: readonly { key: string }[], unanswered: readonly string[] = []): LostDuel[] {
  const keys = commitCardKeys((k) => pairOfKey(k).split("|").includes(actorUuid) && !seen.some((d) => d.key === k));
  const out: LostDuel[] = [];
  for (const key of keys) {
    const cards = openCommitCards(key).map((m) => (cardOf(m)?.result ?? {}) as { actor?: { uuid?: unknown }; name?: unknown; opponentName?: unknown });
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
async function askHolder(holderId: string, action: Act, key: string, timeout = ACT_TIMEOUT): Promise<RemoteDone> {
  if (!game.user.isGM) return NOT_GM;
  const holder = game.users.get(holderId);
  if (!holder?.active || !holder.isGM) return { ok: false, reason: "FRACAS.Zodiac.Duel.HolderGone", data: { gm: holder?.name ?? "?" } };
  const signed = await signRequest(DUELS_QUERY, { action, key });
  try {
    const answer = (await holder.query(DUELS_QUERY as never, { action, ...signed } as never, { timeout } as never)) as RemoteDone | null;
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

/** Every GM client holding a side of this duel: this one (`here`), the other GMs whose list has it, and the GMs that did not answer. */
interface Holders {
  here: boolean;
  others: User.Implementation[];
  unanswered: User.Implementation[];
}

async function holdersOf(key: string, listTimeout = LIST_TIMEOUT): Promise<Holders> {
  const here = heldCommits().some((c) => c.duelKey === key);
  // Its key names both Agents, and a GM lists every duel an Agent is a side of: ask for the first one's.
  const { answered, unanswered } = await askAll(pairOfKey(key).split("|")[0] ?? "", listTimeout);
  return { here, others: answered.filter((a) => a.duels.some((d) => d.key === key)).map((a) => a.gm), unanswered };
}

/** Nobody that answered holds it: some GM did not answer (it may hold it), or none connected does. */
const noHolder = (unanswered: string): RemoteDone => (unanswered ? { ok: false, reason: "FRACAS.Zodiac.Duel.NoAnswer", data: { gm: unanswered } } : { ok: false, reason: "FRACAS.Zodiac.Duel.NoHolder" });

/** A duel held in more than one GM's browser cannot be revealed: said where its sides are, and that Cancel gives every Agent Point back. */
const splitRefusal = (h: Holders): RemoteDone =>
  h.here ? { ok: false, reason: "FRACAS.Zodiac.Duel.Split", data: { gm: namesOf(h.others) } } : { ok: false, reason: "FRACAS.Zodiac.Duel.SplitElsewhere", data: { gms: namesOf(h.others) } };

/**
 * The commit card's Reveal, clicked on any client: revealed where the commits are held. On a GM's
 * client that does not hold them, asked of the GM's client that does; when no connected GM holds
 * them, said so (before: "still waiting for" both sides, as if nobody had committed). A split duel
 * (sides held by two GMs' clients) is refused saying so (review s6b R2: before, one holder was asked
 * and answered "still waiting for" a side that had committed on the other).
 */
export async function revealAnywhere(key: string): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(t("FRACAS.Zodiac.Duel.GMReveals"));
    return;
  }
  const h = await holdersOf(key);
  const count = (h.here ? 1 : 0) + h.others.length;
  if (count > 1) tellRemote(splitRefusal(h));
  else if (h.here) await revealHere(key, h);
  else if (h.others[0]) tellRemote(await askHolder(h.others[0].id ?? "", "reveal", key));
  else if (alreadyRevealed(key)) ui.notifications?.warn(t("FRACAS.Zodiac.Duel.AlreadyRevealed"));
  else tellRemote(noHolder(namesOf(h.unanswered)));
}

/**
 * This client holds the duel: revealed, unless its other side committed (its card is open) in a
 * browser no answering GM has (closing s6, "found, not fixed": the Reveal said "still waiting for" a
 * side that had committed). Then said where it is: a GM that did not answer, or one not connected.
 */
async function revealHere(key: string, h: Holders): Promise<void> {
  const held = heldCommits().filter((c) => c.duelKey === key);
  const missing = held.length === 1 ? sideElsewhere(key, held.map((c) => c.actor.name)) : null;
  if (missing === null) await revealDuel(key);
  else if (h.unanswered.length > 0) tellRemote({ ok: false, reason: "FRACAS.Zodiac.Duel.NoAnswer", data: { gm: namesOf(h.unanswered) } });
  else tellRemote({ ok: false, reason: "FRACAS.Zodiac.Duel.OtherSideGone", data: { name: missing } });
}

/** The sheet's Reveal of a listed duel, on the client that holds it (`holderId` empty: this one). */
export async function revealAt(key: string, holderId: string): Promise<void> {
  // This GM's own listing: revealed here, except in a second tab (it lists its one tab's duels as held by this GM, asked there).
  if (!holderId || (holderId === game.user.id && isTheGmTab())) {
    await revealDuel(key);
    return;
  }
  tellRemote(await askHolder(holderId, "reveal", key));
}

/** How long cancelEverywhere waits: for the GMs' lists, then for each holder's cancel. */
export interface CancelTimeouts {
  list: number;
  act: number;
}

/**
 * Cancels a duel on every GM client holding a side of it (UX review s6b #1, review s6b R2): the
 * sheet's Cancel and the commit card's. This client cancels its own side; every other connected GM
 * whose list has the duel is asked to cancel its side (signed, re-checked there). Each holder gives
 * back the Agent Points of the sides it held, forgets them, and closes those sides' cards only
 * (duel-cancel.ts cancelKey), so a card never says "given back" while another GM still holds that
 * side. Before, a split duel's Cancel emptied one side and closed both cards.
 * Refused, nothing done, when no answering GM holds it (`Duel.NoHolder`, or `Duel.NoAnswer` naming
 * a GM that did not answer; `Duel.NotPending` when no card of it is open either: cancelled or revealed). A holder that did not confirm (timed out, refused) or a GM that did not
 * answer the list, while others cancelled, is named (`Duel.SplitNotAll`): its side's card stays open.
 * A holder answering NotPending has no side left (cancelled or revealed since): nothing to undo.
 */
export async function cancelEverywhere(key: string, timeouts: CancelTimeouts = { list: LIST_TIMEOUT, act: ACT_TIMEOUT }): Promise<RemoteDone | Done> {
  if (!game.user.isGM) return NOT_GM;
  const h = await holdersOf(key, timeouts.list);
  if (!h.here && h.others.length === 0) {
    // No card of it open either: cancelled or revealed since the button was drawn, not waiting for a GM.
    if (openCommitCards(key).length === 0 && h.unanswered.length === 0) return NOT_PENDING;
    return noHolder(namesOf(h.unanswered));
  }
  const [mine, ...theirs] = await Promise.all([
    h.here ? cancelPendingDuel(key) : Promise.resolve({ ok: true } as Done),
    ...h.others.map((gm) => askHolder(gm.id ?? "", "cancel", key, timeouts.act)),
  ]);
  const unconfirmed = h.others.filter((_gm, i) => !confirmed(theirs[i]!));
  if (!confirmed(mine!)) return mine!;
  const notAll = [...unconfirmed, ...h.unanswered];
  return notAll.length > 0 ? { ok: false, reason: "FRACAS.Zodiac.Duel.SplitNotAll", data: { gm: namesOf(notAll) } } : { ok: true };
}

/** A holder's side is gone: cancelled now, or no longer held there (NotPending). */
const confirmed = (done: RemoteDone | Done): boolean => done.ok || done.reason === NOT_PENDING.reason;
