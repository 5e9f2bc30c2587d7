/**
 * Sealed duel commits, kept where the other player cannot read them.
 *
 * Foundry broadcasts every ChatMessage (whispered or not), every flag and every setting to every
 * connected client (the server's modifyDocument broadcast, and the world data each client loads);
 * a whisper only hides the message in the chat log. So a commit must never be written to a
 * document. The committing player sends it to the active GM with a User query (delivered to that
 * one user only), and the GM's client keeps it in memory (and in the GM browser's localStorage, so
 * a reload before the reveal does not lose it) until the reveal.
 *
 * Who sent it: Foundry does not tell a query handler its sender, so the sender first writes a
 * random seal id and a SHA-256 digest of (nonce + commit) into a flag on their own User (only they or a GM
 * may write it). The flag is broadcast, but holds no numbers; the nonce travels only in the query.
 * The GM checks the flag, the hash, and that the sender owns the committing Agent.
 *
 * Which GM: the active one (game.users.activeGM). Another GM sends their commits there too, as a
 * player does (session 6): kept on their own client, a second GM's commit for an NPC Agent could
 * never meet the player's answer held by the active GM. Other GMs reach the held commits through
 * duel-remote.ts (the pending duels' public facts, Reveal and Cancel), never the numbers.
 */
import { t } from "../../../foundry/i18n.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { isActiveGM } from "../../../foundry/active-gm.js";
import { isTheGmTab } from "../../../foundry/gm-tab.js";
import { sha256Hex } from "../../../foundry/sha256.js";
import { duelKey, isDuelKeyOf, pairOfKey, type DuelCommit } from "./results.js";
import { cardOf } from "./commit-cards.js";

export const COMMIT_QUERY = "fracas.zodiacCommit";
/** The sender's "paid" notice (review s8 F7): its Agent Points are spent though its card did not post. */
export const PAID_QUERY = "fracas.zodiacCommitPaid";
const SEAL_FLAG = "zodiacSeals";
/** Before session 6 one key per browser; now one per user (below), read once when that user's is absent. */
const LEGACY_STORE_KEY = "fracas.zodiac.commits";
const storeKey = (userId: string) => `${LEGACY_STORE_KEY}.${userId}`;

/**
 * The sealed commits this client holds, per user: in Foundry one client is one user, so this is the
 * GM's store; keyed so that the test fake, which runs every client in one process, keeps each GM's
 * apart (and a browser shared by two GMs keeps each one's in its own slot).
 */
const stores = new Map<string, DuelCommit[]>();

function userId(): string {
  return game.user.id ?? "";
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** This client's store, loaded from the browser on first use. */
function load(): DuelCommit[] {
  const id = userId();
  let store = stores.get(id);
  if (store) return store;
  store = [];
  stores.set(id, store);
  try {
    const raw = storage()?.getItem(storeKey(id)) ?? storage()?.getItem(LEGACY_STORE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    if (Array.isArray(list)) for (const c of list) if (validCommit(c)) store.push(c);
  } catch {
    // A corrupt entry is dropped.
  }
  return store;
}

function save(store: DuelCommit[]): void {
  try {
    storage()?.setItem(storeKey(userId()), JSON.stringify(store.slice(-200)));
    storage()?.removeItem(LEGACY_STORE_KEY);
  } catch {
    // No storage (or full): memory only.
  }
}

/**
 * A tab that takes over the GM's work ("fracas.gmTabTakenOver", review s7 B2) reads the store again:
 * the one it loaded before holds none of what the closed tab kept since, and its next save would
 * overwrite them in localStorage (sealed commits lost, their Agent Points spent for nothing).
 */
export function onGmTabTakenOver(): void {
  stores.delete(userId());
  changed();
}

/** Told after this client's held commits change (sheets/operations-refresh.ts redraws the GM's sheets). */
const listeners = new Set<() => void>();

/** Calls `fn` after every change to this client's held commits (kept, revealed, cancelled). */
export function onCommitsChange(fn: () => void): void {
  listeners.add(fn);
}

function changed(): void {
  for (const fn of listeners) fn();
}

/**
 * The commits this GM client holds (none on a player's client). None in a second tab of the same GM
 * (gm-tab.ts, review s7 B1): the one tab holds them; this tab reading the shared localStorage would
 * list, reveal or cancel them a second time, outside the one tab's lock.
 */
export function heldCommits(): DuelCommit[] {
  if (!isTheGmTab()) return [];
  return load().map((c) => foundry.utils.deepClone(c));
}

/** Forgets the commits of a revealed (or cancelled) duel. */
export function forgetCommits(key: string): void {
  const store = load();
  for (let i = store.length - 1; i >= 0; i--) if (store[i]!.duelKey === key) store.splice(i, 1);
  save(store);
  changed();
}

const int = (v: unknown, min: number, max: number) => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
export const str = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length < 300;
const ref = (v: unknown) => !!v && typeof v === "object" && str((v as { uuid?: unknown }).uuid) && typeof (v as { name?: unknown }).name === "string";

/** Is this a well-formed commit (shape, bounds, and a duel key that matches its two sides)? */
export function validCommit(c: unknown): c is DuelCommit {
  if (!c || typeof c !== "object") return false;
  const x = c as Record<string, unknown>;
  if (!ref(x.actor) || !ref(x.opponent) || !str(x.duelKey) || typeof x.areaName !== "string") return false;
  if (!int(x.area, 0, 99) || !int(x.spend, 0, 99) || !int(x.gathered, 0, 99) || !int(x.wagers, 0, 99) || !int(x.agentPointsLeft, -99, 999)) return false;
  if (typeof x.finish !== "boolean" || (x.calledShot !== null && typeof x.calledShot !== "string")) return false;
  if (x.paid !== undefined && typeof x.paid !== "boolean") return false;
  if (x.commitId !== undefined && !str(x.commitId)) return false;
  const combat = x.combat as { id?: unknown; round?: unknown } | null;
  if (combat !== null && (typeof combat !== "object" || typeof combat.id !== "string" || typeof combat.round !== "number")) return false;
  const a = (x.actor as { uuid: string }).uuid;
  const b = (x.opponent as { uuid: string }).uuid;
  return a !== b && isDuelKeyOf(x.duelKey, a, b, combat as DuelCommit["combat"]);
}

/**
 * What the GM's client answers a commit: the duel's key it is held under and the commit's own id
 * (review s8 F1), or the refusal. `holder`: the user whose client keeps it, added by the sender
 * (sealCommit), where a paid notice goes (F7).
 */
export type Sealed = { ok: true; duelKey: string; commitId: string; holder?: string } | { ok: false; reason: string; data?: Record<string, string> };

/**
 * The key a commit outside a fight is held under (there are no rounds there to tell duels apart):
 * the opponent's open duel against this Agent (held, and this Agent not yet in it) if there is one
 * — the answer to a challenge — else a new duel with its own id. Chosen on the GM's client, which
 * holds every commit and keeps them one at a time, so two Agents committing at once still meet in
 * one duel, and a duel after a revealed one never shares its key (its old cards' Reveal and Cancel
 * cannot reach the new one).
 */
function outsideKey(store: readonly DuelCommit[], commit: DuelCommit): string {
  const pair = pairOfKey(commit.duelKey);
  const outside = (s: DuelCommit) => s.combat === null && pairOfKey(s.duelKey) === pair;
  const open = store.find((s) => outside(s) && s.actor.uuid === commit.opponent.uuid && !store.some((x) => x.duelKey === s.duelKey && x.actor.uuid === commit.actor.uuid));
  return open?.duelKey ?? duelKey(commit.actor.uuid, commit.opponent.uuid, null, foundry.utils.randomID());
}

/** Does this Agent already hold a commit against this opponent outside a fight (a duel never revealed)? */
function pendingOutside(store: readonly DuelCommit[], commit: DuelCommit): boolean {
  const pair = pairOfKey(commit.duelKey);
  return store.some((s) => s.combat === null && pairOfKey(s.duelKey) === pair && s.actor.uuid === commit.actor.uuid);
}

/**
 * GM side: keeps a commit (the first one per Agent per duel is final) and says under which key.
 * Outside a fight the GM's client gives the duel its key (outsideKey); a second commit by an Agent
 * who already holds one against the same opponent there means an earlier duel was never revealed:
 * the refusal says so, and that the GM can cancel it (from its card or the Agent's sheet,
 * duel-cancel.ts), rather than a bare "already committed".
 */
function keep(commit: DuelCommit): Sealed {
  // A second tab of this GM keeps nothing (review s7 B1): its key would be one no card names.
  if (!isTheGmTab()) return { ok: false, reason: "FRACAS.GmTab.Another" };
  const store = load();
  if (commit.combat === null) {
    if (pendingOutside(store, commit)) return { ok: false, reason: "FRACAS.Zodiac.Duel.Pending" };
    commit = { ...commit, duelKey: outsideKey(store, commit) };
  } else if (store.some((s) => s.duelKey === commit.duelKey && s.actor.uuid === commit.actor.uuid)) {
    return { ok: false, reason: "FRACAS.Error.alreadySealed" };
  }
  // Not paid yet: the sender spends its Agent Points only once this answer reaches it (review s7c F3).
  // Its own id, chosen here (whatever the sender sent): its card carries it (review s8 F1).
  const commitId = foundry.utils.randomID(16);
  store.push({ ...foundry.utils.deepClone(commit), paid: false, commitId });
  save(store);
  changed();
  return { ok: true, duelKey: commit.duelKey, commitId };
}

/**
 * Is this commit card the one announcing `commit`? By the commit's id (review s8 F1: two duels of
 * one pair in one round share a key, so the first duel's card announced the second's commit too).
 * A commit kept before ids existed is matched as before, by key and Agent, by a card with no id.
 */
export function announces(result: Record<string, unknown> | undefined, commit: DuelCommit): boolean {
  const id = result?.commitId;
  if (commit.commitId !== undefined) return id === commit.commitId;
  return id === undefined && result?.duelKey === commit.duelKey && (result?.actor as { uuid?: unknown } | undefined)?.uuid === commit.actor.uuid;
}

/** Told the duel's key when one of its held commits becomes paid (auto-reveal.ts). */
const paidListeners = new Set<(duelKey: string) => void>();

/** Calls `fn` with a duel's key each time one of its held commits is marked paid on this client. */
export function onCommitPaid(fn: (duelKey: string) => void): void {
  paidListeners.add(fn);
}

/** Marks the held commit paid (this client's store); false when it holds no such commit. */
function markPaid(match: (c: DuelCommit) => boolean): boolean {
  const store = load();
  const c = store.find(match);
  if (!c) return false;
  if (c.paid === false) {
    c.paid = true;
    save(store);
    for (const fn of paidListeners) fn(c.duelKey);
  }
  return true;
}

/**
 * createChatMessage (every client; acts in the GM's one tab only): a duel commit card is the
 * sender's receipt — it is posted right after the Agent Points are spent (flow.ts commitDuel) — so
 * the held commit it announces (by its id, review s8 F1) is marked paid, and stays so if the card is
 * deleted later (review s7c F3). A commit whose answer never reached its sender (the tab closed, the
 * query timed out) has no card and stays unpaid: its Cancel gives nothing back.
 */
export function onCommitCardPosted(message: ChatMessage.Implementation | null | undefined): void {
  const s = message ? cardOf(message) : null;
  if (s?.ruleset !== "zodiac" || s.kind !== "duelCommit" || !game.user.isGM || !isTheGmTab()) return;
  markPaid((x) => x.paid === false && announces(s.result, x));
}

/**
 * The paid notice's handler (CONFIG.queries[PAID_QUERY], review s8 F7): the sender spent the
 * commit's Agent Points but its card did not post, so the commit with this id is marked paid. The
 * id is known only to the sender and this GM until its card shows it (and a card marks it paid
 * anyway), so the notice needs no seal: nobody else can name an unpaid commit.
 */
export async function onPaidQuery(data: unknown): Promise<{ ok: boolean }> {
  if (!game.user.isGM || !isTheGmTab()) return { ok: false };
  const id = (data as { commitId?: unknown } | null)?.commitId;
  return { ok: str(id) && markPaid((x) => x.commitId === id) };
}

/**
 * What became of a paid notice (review s8b G2): "paid" once the holder has marked the commit paid;
 * "unpaid" when it certainly did not (no such user, not connected before the notice was sent, or its
 * handler ran and answered no); "unknown" when the query failed after it may have been sent (a
 * timeout, an answer lost on the way back): the holder may still mark it paid, so nothing may be
 * given back on that alone.
 */
export type PaidNotice = "paid" | "unpaid" | "unknown";

/**
 * Sender side (flow.ts commitDuel): tells the holder that this commit's Agent Points were spent
 * though its card did not post.
 */
export async function tellPaid(sealed: { commitId: string; holder?: string }): Promise<PaidNotice> {
  const holder = sealed.holder ? game.users.get(sealed.holder) : null;
  if (!holder) return "unpaid";
  if (holder.id === game.user.id && isTheGmTab()) return markPaid((x) => x.commitId === sealed.commitId) ? "paid" : "unpaid";
  // Not connected: V13's User#query refuses before it emits, so the holder never hears of it.
  if (!holder.active) return "unpaid";
  try {
    const done = (await holder.query(PAID_QUERY as never, { commitId: sealed.commitId } as never, { timeout: 15_000 } as never)) as { ok?: unknown } | null;
    return done?.ok === true ? "paid" : "unpaid";
  } catch (err) {
    console.error("Fracas | zodiac commit: the paid notice was not answered by the GM:", err);
    return "unknown";
  }
}

interface SealQuery {
  userId: string;
  sealId: string;
  nonce: string;
  commit: DuelCommit;
}

/**
 * The query handler (CONFIG.queries[COMMIT_QUERY]): runs on the GM client the commit was sent to —
 * the active GM's, or the one holding the challenge it answers (sealCommit's `holder`, duel-answer.ts).
 */
export async function onCommitQuery(data: unknown): Promise<Sealed> {
  if (!game.user.isGM) return { ok: false, reason: "FRACAS.Chat.Refused.NotGM" };
  const d = data as Partial<SealQuery> | null;
  if (!d || !str(d.userId) || !str(d.sealId) || !str(d.nonce) || !validCommit(d.commit)) return { ok: false, reason: "FRACAS.Chat.Refused.BadRequest" };
  const user = game.users.get(d.userId as string);
  const seal = user?.getFlag("fracas" as never, `${SEAL_FLAG}.${d.sealId}` as never) as unknown;
  if (!user) return { ok: false, reason: "FRACAS.Chat.Refused.Unverified" };
  try {
    if (typeof seal !== "string" || seal !== sha256Hex(d.nonce + JSON.stringify(d.commit))) return { ok: false, reason: "FRACAS.Chat.Refused.Unverified" };
    const actor = lookupUuidSync(d.commit.actor.uuid);
    if (!(actor instanceof Actor) || !actor.testUserPermission(user as never, "OWNER")) return { ok: false, reason: "FRACAS.Chat.Refused.NotYours" };
    return keep(d.commit);
  } finally {
    // Whatever the outcome, so a seal cannot be replayed. A clearing the server refuses must not
    // replace a commit already kept with "Failed" (review s6 R4): the player would commit again.
    if (seal !== undefined) await user.unsetFlag("fracas" as never, `${SEAL_FLAG}.${d.sealId}` as never).catch((err: unknown) => console.error("Fracas | zodiac commit: the seal was not cleared:", err));
  }
}

/**
 * Sends a commit to the active GM (who keeps their own; another GM sends theirs there too), or to
 * `holder`, the GM client holding the challenge it answers (duel-answer.ts: after a handover, not
 * the active GM's). Nothing is written anywhere another player can read. Returns the key the GM
 * holds it under (outside a fight, the GM's client chooses it), or the refusal's i18n key.
 */
export async function sealCommit(commit: DuelCommit, holder?: User.Implementation): Promise<Sealed> {
  if (!validCommit(commit)) return { ok: false, reason: "FRACAS.Chat.Refused.BadRequest" };
  // In a second tab of the holder, sent to the one tab (the same user's query reaches it), never kept here.
  if (holder ? holder.id === game.user.id && isTheGmTab() : isActiveGM()) {
    const kept = keep(commit);
    return kept.ok ? { ...kept, holder: game.user.id ?? "" } : kept;
  }
  const gm = holder ?? game.users.activeGM;
  if (!gm) return { ok: false, reason: "FRACAS.Chat.NoGM" };
  const sealId = foundry.utils.randomID();
  const nonce = foundry.utils.randomID(24);
  await game.user.setFlag("fracas" as never, `${SEAL_FLAG}.${sealId}` as never, sha256Hex(nonce + JSON.stringify(commit)) as never);
  try {
    const done = (await gm.query(COMMIT_QUERY as never, { userId: game.user.id, sealId, nonce, commit } as never, { timeout: 15_000 } as never)) as Partial<Sealed> | null;
    if (done?.ok === true && typeof done.duelKey === "string" && str(done.commitId) && isDuelKeyOf(done.duelKey, commit.actor.uuid, commit.opponent.uuid, commit.combat)) {
      return { ok: true, duelKey: done.duelKey, commitId: done.commitId, holder: gm.id ?? "" };
    }
    return { ok: false, reason: (done as { reason?: string } | null)?.reason ?? "FRACAS.Chat.Failed" };
  } catch (err) {
    // The GM never answered (disconnected, timed out): take the seal back.
    await game.user.unsetFlag("fracas" as never, `${SEAL_FLAG}.${sealId}` as never).catch(() => undefined);
    console.error("Fracas | zodiac commit:", err);
    ui.notifications?.error(t("FRACAS.Chat.Failed"));
    return { ok: false, reason: "FRACAS.Chat.Failed" };
  }
}
