/**
 * Writes a player may not do, executed on the active GM's client (CONFIG.queries). Each handler
 * re-checks its input: the requester, the stored card, the target; never numbers from the client.
 * The request side decides: write locally when this user may, else ask the GM, else say clearly
 * that no GM is connected and write nothing.
 */
import { executeApply, executeFollowUp, executeUndo, type ApplyRequest, type FollowUpRequest, type Outcome, type UndoRequest } from "./chat/apply.js";
import type { JsonObject } from "./registry.js";
import { executePoolChange, setPoolChangeSender, type PoolChange } from "./pools.js";
import { t } from "./i18n.js";
import { backgroundWork } from "./background-work.js";
import { executeClaim, type ClaimRequest } from "./claims.js";
import { executeDeclare, executeMemoryPatch, type DeclareOutcome, type DeclareRequest, type MemoryRequest } from "./documents/combatant.js";
import { isActiveGM } from "./active-gm.js";
import { isTheGmTab } from "./gm-tab.js";
import { executeRoundStart, type RoundStartAction, type RoundStartRequest } from "./documents/round-start.js";
import { clearSignedRequest, isString, readSignedRequest } from "./signed-requests.js";
import { LEDGER_QUERY, executeLedgerWrite, parseLedgerRequest, type LedgerRequest } from "./actor-ledger.js";
import { NO_GM, viaGM } from "./via-gm.js";

// A ruleset's own GM query signs and checks its requests as the core's do.
export { clearOwnStaleRequests, clearSignedRequest, readSignedRequest, signRequest } from "./signed-requests.js";

export const QUERY = {
  apply: "fracas.applyCard",
  undo: "fracas.undoCard",
  pool: "fracas.pool",
  declare: "fracas.declare",
  memory: "fracas.memory",
  followUp: "fracas.followUp",
  claim: "fracas.claim",
  round: "fracas.round",
  ledger: LEDGER_QUERY,
} as const;

const UNVERIFIED = { ok: false as const, reason: "FRACAS.Chat.Refused.Unverified" };
const OTHER_TAB = { ok: false as const, reason: "FRACAS.GmTab.Another" };
/** Longer than any sender waits (viaGM's 15 s timeout). */
const OTHER_TAB_DELAY_MS = 20_000;
const NOT_GM = { ok: false as const, reason: "FRACAS.Chat.Refused.NotGM" };
const NOT_ACTIVE_GM = { ok: false as const, reason: "FRACAS.Chat.Refused.NotActiveGM" };
const BAD_REQUEST = { ok: false as const, reason: "FRACAS.Chat.Refused.BadRequest" };

/** A small JSON object (a follow-up's args, a memory patch): bounded so a request cannot be huge. */
function isSmallObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && JSON.stringify(v).length <= 2000;
}

/**
 * One GM-side handler: only on a GM's client (the active GM's: registerQueries); only the request
 * the sender signed (with the verified sender as userId); `parse` returns the typed request or null
 * when it is malformed.
 */
function gmHandler<Req, Res>(query: string, parse: (d: Record<string, unknown>) => Req | null, run: (req: Req) => Promise<Res>) {
  return async (data: unknown): Promise<Res | { ok: false; reason: string }> => {
    if (!game.user.isGM) return NOT_GM;
    const signed = readSignedRequest(query, data);
    if (!signed) return UNVERIFIED;
    const req = parse(signed);
    return req ? run(req) : BAD_REQUEST;
  };
}

/** The handlers installed into CONFIG.queries in init. Each runs on the GM's client only. */
export const queryHandlers = {
  [QUERY.round]: gmHandler(
    QUERY.round,
    (d): RoundStartRequest | null => (isString(d.combatId) && (d.action === "start" || d.action === "next") && isString(d.userId) ? { combatId: d.combatId, action: d.action, userId: d.userId } : null),
    executeRoundStart,
  ),
  [QUERY.apply]: gmHandler(
    QUERY.apply,
    (d): ApplyRequest | null => (isString(d.messageId) && isString(d.targetUuid) && isString(d.userId) ? { messageId: d.messageId, targetUuid: d.targetUuid, userId: d.userId } : null),
    executeApply,
  ),
  [QUERY.undo]: gmHandler(
    QUERY.undo,
    (d): UndoRequest | null => (isString(d.messageId) && isString(d.applicationId) && isString(d.userId) ? { messageId: d.messageId, applicationId: d.applicationId, userId: d.userId } : null),
    executeUndo,
  ),
  [QUERY.pool]: gmHandler(
    QUERY.pool,
    (d): { change: PoolChange; userId: string } | null => {
      const c = d.change as PoolChange | undefined;
      if (!c || typeof c !== "object" || !isString(d.userId) || !isString(c.pool)) return null;
      if (c.kind === "change" && (!Number.isInteger(c.delta) || typeof c.reason !== "string")) return null;
      if (c.kind === "undo" && !isString(c.entryId)) return null;
      if (c.kind !== "change" && c.kind !== "undo") return null;
      return { change: c, userId: d.userId };
    },
    // GM pools change only at a GM's hand; Setback a player's roll earns arrives through the
    // card it is stored on (applyCard), never as a bare number from a player.
    async ({ change, userId }) => {
      const requester = game.users.get(userId);
      return requester?.isGM ? executePoolChange(change, requester.id ?? "") : NOT_GM;
    },
  ),
  [QUERY.declare]: gmHandler(
    QUERY.declare,
    (d): DeclareRequest | null =>
      isString(d.combatId) && isString(d.combatantId) && typeof d.value === "string" && d.value.length <= 64 && isString(d.userId)
        ? { combatId: d.combatId, combatantId: d.combatantId, value: d.value, userId: d.userId }
        : null,
    executeDeclare,
  ),
  [QUERY.followUp]: gmHandler(
    QUERY.followUp,
    (d): FollowUpRequest | null =>
      isString(d.messageId) && isString(d.name) && isString(d.userId) && isSmallObject(d.args) ? { messageId: d.messageId, name: d.name, args: d.args as JsonObject, userId: d.userId } : null,
    executeFollowUp,
  ),
  [QUERY.claim]: gmHandler(
    QUERY.claim,
    (d): ClaimRequest | null =>
      isString(d.actorUuid) && isString(d.key) && isString(d.userId) ? { actorUuid: d.actorUuid, key: d.key, userId: d.userId, release: d.release === true } : null,
    executeClaim,
  ),
  // An actor's own pool (Radio's tokens, FASERIP's Karma): bounded by its ledger's spec (actor-ledger.ts).
  [QUERY.ledger]: gmHandler(
    QUERY.ledger,
    (d): { req: LedgerRequest; userId: string } | null => {
      const req = parseLedgerRequest(d);
      return req && isString(d.userId) ? { req, userId: d.userId } : null;
    },
    ({ req, userId }) => executeLedgerWrite(req, userId),
  ),
  [QUERY.memory]: gmHandler(
    QUERY.memory,
    (d): MemoryRequest | null =>
      isString(d.combatId) && isString(d.combatantId) && isString(d.userId) && isSmallObject(d.patch) ? { combatId: d.combatId, combatantId: d.combatantId, patch: d.patch, userId: d.userId } : null,
    executeMemoryPatch,
  ),
};

/**
 * Requests this GM client has run whose slots are still being cleared ("user:request"). The answer
 * goes back before the slot is cleared (a User write is a round trip, and every client receives
 * it), so until the clear lands a replay is refused from this set.
 */
const handled = new Set<string>();
const clearing = backgroundWork("clearing a handled request");

/** The clears of handled requests started so far (tests wait for them). */
export function handledRequestsCleared(): Promise<unknown> {
  return clearing.settled();
}

function handledKey(data: unknown): string | null {
  const d = data as { userId?: unknown; requestId?: unknown } | null;
  return d && isString(d.userId) && isString(d.requestId) ? `${d.userId}:${d.requestId}` : null;
}

export function registerQueries(): void {
  // A pool change made on another GM's client goes to the active GM's (pools.ts).
  setPoolChangeSender((change) => requestPoolChange(change) as never);
  for (const [name, handler] of Object.entries(queryHandlers)) {
    (CONFIG.queries as unknown as Record<string, unknown>)[name] = oneTabQuery(async (data: unknown) => {
      const onGM = game.user.isGM;
      // Only the active GM's client runs them (V13 lets a user query any user): a request sent to a
      // second GM as well as to the active one would run twice, each behind its own locks. Refused
      // before the request is taken or cleared, so the sender's slot stays for the active GM.
      if (onGM && !isActiveGM()) return NOT_ACTIVE_GM;
      const key = handledKey(data);
      if (onGM && key) {
        // Taken before it runs: the same request arriving twice (a replay while it runs) is refused.
        if (handled.has(key)) return UNVERIFIED;
        handled.add(key);
      }
      try {
        return await (handler as (d: unknown) => Promise<unknown>)(data);
      } finally {
        // Forgotten once the slot is gone; kept (refusing a replay) if the clear failed.
        if (onGM && key) clearing.add(clearSignedRequest(data).then(() => handled.delete(key)));
      }
    });
  }
}

/**
 * A GM query handler as every Fracas query is registered (core's above, a ruleset's own): in a
 * second tab of the same GM (gm-tab.ts) it answers nothing the sender waits for. V13 sends a query
 * to each of the user's sockets and keeps the first answer, so the one tab answers; this one only
 * after the sender's timeout, with a refusal nobody reads.
 */
export function oneTabQuery<T>(handler: (data: unknown) => Promise<T>): (data: unknown) => Promise<T | typeof OTHER_TAB> {
  return (data) => (game.user.isGM && !isTheGmTab() ? new Promise((resolve) => setTimeout(() => resolve(OTHER_TAB), OTHER_TAB_DELAY_MS)) : handler(data));
}


/** A refused outcome's warning, unless it is "no GM", which viaGM has already said. */
export function warnRefused(outcome: { ok: boolean; reason?: string; data?: Record<string, string | number> }): void {
  if (outcome.ok || !outcome.reason || outcome.reason === NO_GM) return;
  ui.notifications?.warn(t(outcome.reason, outcome.data));
}

export async function requestApply(messageId: string, targetUuid: string, mayWriteHere: boolean) {
  const req: ApplyRequest = { messageId, targetUuid, userId: game.user.id ?? "" };
  return viaGM(mayWriteHere, () => executeApply(req), QUERY.apply, req);
}

export async function requestUndo(messageId: string, applicationId: string, mayWriteHere: boolean) {
  const req: UndoRequest = { messageId, applicationId, userId: game.user.id ?? "" };
  return viaGM(mayWriteHere, () => executeUndo(req), QUERY.undo, req);
}

export async function requestDeclare(combatId: string, combatantId: string, value: string) {
  const req: DeclareRequest = { combatId, combatantId, value, userId: game.user.id ?? "" };
  return viaGM(isActiveGM(), () => executeDeclare(req), QUERY.declare, req);
}

/** A round start pressed by a GM who is not the active GM runs on the active GM's client (documents/round-start.ts). */
export async function requestRoundStart(combatId: string, action: RoundStartAction) {
  const req: RoundStartRequest = { combatId, action, userId: game.user.id ?? "" };
  return viaGM(isActiveGM(), () => executeRoundStart(req), QUERY.round, req);
}

/** Asks the GM to run a card's GM follow-up (the GM runs it directly). */
export async function requestFollowUp(messageId: string, name: string, args: JsonObject) {
  const req: FollowUpRequest = { messageId, name, args, userId: game.user.id ?? "" };
  return viaGM(isActiveGM(), () => executeFollowUp(req), QUERY.followUp, req);
}

/** Asks to merge `patch` into a combatant's memory; the ruleset's CombatMapping.memoryPatch decides. */
export async function requestCombatantMemory(combatId: string, combatantId: string, patch: Record<string, unknown>) {
  const req: MemoryRequest = { combatId, combatantId, patch, userId: game.user.id ?? "" };
  return viaGM(isActiveGM(), () => executeMemoryPatch(req), QUERY.memory, req);
}

export async function requestPoolChange(change: PoolChange) {
  const userId = game.user.id ?? "";
  return viaGM(isActiveGM(), () => executePoolChange(change, userId), QUERY.pool, { change, userId });
}

/**
 * Claims a once-only roll on `actor` before rolling it; true when this click may roll. The active GM
 * checks and writes every claim (see claims.ts); with no GM connected the owner claims locally.
 * A refusal is shown to the user here.
 */
export async function claimRoll(actor: Actor.Implementation, key: string): Promise<boolean> {
  let outcome: { ok: boolean; reason?: string };
  try {
    outcome = await sendClaim({ actorUuid: actor.uuid, key, userId: game.user.id ?? "" });
  } catch (err) {
    // A query that timed out still runs on the GM's client, so the claim may be written after all:
    // give it back (queued behind it there), so the roll this click did not make stays open.
    console.error("Fracas |", err);
    await releaseClaim(actor, key).catch((e: unknown) => console.error("Fracas |", e));
    ui.notifications?.warn(t("FRACAS.Chat.ClaimFailed"));
    return false;
  }
  if (!outcome.ok) ui.notifications?.warn(t(outcome.reason ?? "FRACAS.Chat.Failed", { name: actor.name }));
  return outcome.ok;
}

/**
 * Gives back a claim made by claimRoll when the roll was then refused before any die was rolled
 * (e.g. the state changed during the claim's round trip), so the roll stays open.
 */
export async function releaseClaim(actor: Actor.Implementation, key: string): Promise<void> {
  await sendClaim({ actorUuid: actor.uuid, key, userId: game.user.id ?? "", release: true });
}

/** Only the active GM's client checks claims (an Assistant GM's go there too), so all claims queue on one lock; with no GM connected, the owner's own client. */
async function sendClaim(req: ClaimRequest): Promise<{ ok: boolean; reason?: string }> {
  const here = !game.users.activeGM || isActiveGM();
  return here ? executeClaim(req) : viaGM(false, () => executeClaim(req), QUERY.claim, req);
}
