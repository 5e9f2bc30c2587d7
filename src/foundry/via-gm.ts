/**
 * The one way a write asked of the active GM is sent: signed, answered by one GM tab, its request
 * cleared if the query fails. Core's queries (queries.ts) and the actor ledger (actor-ledger.ts)
 * both send through it.
 */
import { t } from "./i18n.js";
import { clearSignedRequest, signRequest } from "./signed-requests.js";

/**
 * Runs `local` when this user may write, else asks the active GM; no GM → notification (an error,
 * said here once: callers pass the refusal to `warnRefused`, which does not say it again), nothing
 * written. A query that fails (the GM left, or went inactive before it was sent: V13's User#query
 * throws then) clears its own signed request, so no request lingers on the User, readable by all
 * and answerable later.
 */
export async function viaGM<R extends { ok: boolean; reason?: string }>(mayWriteHere: boolean, local: () => Promise<R>, query: string, data: object): Promise<R | { ok: false; reason: string }> {
  if (mayWriteHere) return local();
  const gm = game.users.activeGM;
  if (!gm) {
    ui.notifications?.error(t(NO_GM));
    return { ok: false, reason: NO_GM };
  }
  const signed = await signRequest(query, data as Record<string, unknown>);
  try {
    return (await gm.query(query as never, signed as never, { timeout: 15_000 } as never)) as R;
  } catch (err) {
    await clearSignedRequest(signed).catch((e: unknown) => console.error("Fracas | a request could not be cleared", e));
    throw err;
  }
}

export const NO_GM = "FRACAS.Chat.NoGM";
