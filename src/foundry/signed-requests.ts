/** Signed requests: how a GM's client knows who sent a query (the comment on SignedRequest). */

/** A non-empty string of a sane length (an id, a uuid): what a query's data may name. */
export function isString(v: unknown): v is string {
  return typeof v === "string" && v.length > 0 && v.length < 200;
}

/**
 * Foundry hands a query handler only the data the sender chose, not who sent it. So a request is
 * signed: the sender first writes it into a flag on their own User document (which the server lets
 * only that user, or a GM, write), then sends just their id and the request's id. The GM reads the
 * request back from that user's flag — so both who asks and what is asked are the server's word,
 * never the client's.
 */
interface SignedRequest {
  id: string;
  query: string;
  payload: Record<string, unknown>;
  /** When it was signed (ms): a slot older than a query's wait is left from before. */
  at?: number;
}

/**
 * Each request has its own slot (flags.fracas.requests.<id>), so quick successive requests don't
 * collide. Send the returned `{ userId, requestId }` (with anything unsigned the handler routes on);
 * the handler reads it back with readSignedRequest and clears it with clearSignedRequest.
 */
export async function signRequest(query: string, payload: Record<string, unknown>): Promise<{ userId: string; requestId: string }> {
  const id = foundry.utils.randomID();
  const request: SignedRequest = { id, query, payload, at: Date.now() };
  await game.user.setFlag("fracas" as never, `requests.${id}` as never, request as never);
  return { userId: game.user.id ?? "", requestId: id };
}

/** The sender and the flag key a query names, when well formed. */
function requestSlot(data: unknown): { user: User.Implementation; requestId: string; key: string } | null {
  const d = data as { userId?: unknown; requestId?: unknown } | null;
  if (!d || !isString(d.userId) || !isString(d.requestId) || !/^[A-Za-z0-9]{1,32}$/.test(d.requestId)) return null;
  const user = game.users.get(d.userId);
  return user ? { user, requestId: d.requestId, key: `requests.${d.requestId}` } : null;
}

/** The verified request (with the verified sender as userId), or null when it is not what the sender signed. */
export function readSignedRequest(query: string, data: unknown): Record<string, unknown> | null {
  const slot = requestSlot(data);
  if (!slot) return null;
  const signed = slot.user.getFlag("fracas" as never, slot.key as never) as SignedRequest | undefined;
  if (!signed || signed.id !== slot.requestId || signed.query !== query || typeof signed.payload !== "object" || signed.payload === null) return null;
  return { ...signed.payload, userId: slot.user.id };
}

/**
 * The handler clears a handled request's slot (whatever the outcome), so it cannot be replayed; a
 * sender whose query failed (no answer) clears its own.
 */
export async function clearSignedRequest(data: unknown): Promise<void> {
  const slot = requestSlot(data);
  if (slot && slot.user.getFlag("fracas" as never, slot.key as never) !== undefined) {
    await slot.user.unsetFlag("fracas" as never, slot.key as never);
  }
}

/** Longer than any query waits (viaGM's 15 s): a slot older than this is nobody's any more. */
const STALE_AFTER_MS = 60_000;

/**
 * On load, this user's own request slots left from before (a query whose answer never came back
 * before a reload): while they stay they are readable by every client and answerable. Only those
 * older than a query's wait: another tab of this user may be waiting for a newer one.
 */
export async function clearOwnStaleRequests(now = Date.now()): Promise<void> {
  const slots = game.user.getFlag("fracas" as never, "requests" as never) as Record<string, SignedRequest | undefined> | undefined;
  const stale = Object.entries(slots ?? {}).filter(([, r]) => !(typeof r?.at === "number" && now - r.at < STALE_AFTER_MS));
  if (stale.length === 0) return;
  for (const [id] of stale) await game.user.unsetFlag("fracas" as never, `requests.${id}` as never);
}

