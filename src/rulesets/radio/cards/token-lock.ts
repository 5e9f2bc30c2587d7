/**
 * One read-change-write of an actor's action tokens at a time on this client (core withPoolLock,
 * keyed by the actor): each write reads the pool as the previous one left it. A double click on the
 * GM's +1 wrote two pools each read before the other's write landed, and the second replaced the
 * first (one token for two clicks); a double click on "described defence" checked "earned?" twice
 * before either wrote (session 8, wave 2, "hard to break"). The lock is per client: every writer
 * therefore runs on one client, the active GM's (token-writes.ts), so clicks on two clients queue
 * here too (session 9). A run must not wait on another run for the same actor (it would wait
 * forever): take it once, around the check and the write.
 */
import { withActorLedger } from "../../../foundry/actor-ledger.js";
import { TOKENS } from "./token-writes.js";

/** The same lock core's actor ledger takes for every token write (one key, spelled there). */
export function withTokens<T>(actor: { uuid: string }, run: () => Promise<T>): Promise<T> {
  return withActorLedger(TOKENS, actor, run);
}
