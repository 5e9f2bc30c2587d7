/**
 * Once-only rolls (Bond's knockout and Shake Off, FASERIP's Slam?/Stun? check and 0-Health FEAT) are
 * claimed before they are rolled. A claim is checked and written on one client, the active GM's,
 * one at a time per actor, so a GM and an owner clicking the same button at the same instant cannot
 * both roll. With no GM connected the owner claims on their own client: nobody else can race them.
 *
 * Claims live in the actor's flags (flags.fracas.claims), newest last, MAX_CLAIMS kept. They guard a
 * race, not trust: whoever owns the actor rolls its dice anyway.
 */
import { withActorLock } from "./locks.js";
import { lookupUuid } from "./typed.js";

export const MAX_CLAIMS = 100;
const KEY = /^[A-Za-z0-9._:-]{1,120}$/;

export interface ClaimRequest {
  actorUuid: string;
  key: string;
  userId: string;
  /** Gives back a claim whose roll was refused before any die was rolled (so the roll stays open). */
  release?: boolean;
}

export type ClaimOutcome = { ok: true } | { ok: false; reason: string };

function claimsOf(actor: Actor.Implementation): string[] {
  const list = actor.getFlag("fracas" as never, "claims" as never) as unknown;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
}

/** Whether this roll was already claimed on the actor (for a card's view: hide a spent button). */
export function isClaimed(actor: Actor.Implementation, key: string): boolean {
  return claimsOf(actor).includes(key);
}

/**
 * Claims `key` on `actor` from this client (the active GM's, which may write any actor), under the
 * actor's lock: for a once-only the GM keeps where the requester may not clear it (a snatched
 * object is kept on its defender, not on the snatcher its owner writes). Whether this call claimed it.
 */
export async function claimHere(actor: Actor.Implementation, key: string): Promise<boolean> {
  if (!KEY.test(key)) return false;
  return withActorLock(actor.uuid, async () => {
    const claims = claimsOf(actor);
    if (claims.includes(key)) return false;
    await actor.setFlag("fracas" as never, "claims" as never, [...claims, key].slice(-MAX_CLAIMS) as never);
    return true;
  });
}

/** Checks and writes one claim (on the GM's client for a player's request; re-checks the requester owns the actor). */
export async function executeClaim(req: ClaimRequest): Promise<ClaimOutcome> {
  if (!KEY.test(req.key)) return { ok: false, reason: "FRACAS.Chat.Refused.BadRequest" };
  const actor = await lookupUuid(req.actorUuid);
  if (!(actor instanceof Actor)) return { ok: false, reason: "FRACAS.Chat.Refused.NoTarget" };
  const user = game.users.get(req.userId);
  if (!user || !actor.testUserPermission(user, "OWNER")) return { ok: false, reason: "FRACAS.Chat.Refused.NotOwner" };
  if (!req.release) return (await claimHere(actor, req.key)) ? { ok: true } : { ok: false, reason: "FRACAS.Chat.Refused.AlreadyRolled" };
  return withActorLock(actor.uuid, async () => {
    const claims = claimsOf(actor);
    if (claims.includes(req.key)) await actor.setFlag("fracas" as never, "claims" as never, claims.filter((k) => k !== req.key) as never);
    return { ok: true } as const;
  });
}
