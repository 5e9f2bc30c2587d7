/**
 * Two browsers at the same instant, in the one process the fake runs every client in (CONTRIBUTING:
 * testing two clients' races). Core's locks are module state, which each browser has its own of:
 * `perClientPoolLocks` keys `withPoolLock` by the client running it (use it in a `vi.mock` of
 * src/foundry/locks.js). `slowUpdates` models the server's round trip, which the fake skips.
 */
import type { FakeActor } from "./fake/index.js";

type Locks = typeof import("../../src/foundry/locks.js");

/** The locks module with `withPoolLock` per client: `vi.mock(path, (orig) => perClientPoolLocks(orig))`. */
export async function perClientPoolLocks(importOriginal: () => Promise<unknown>): Promise<Locks> {
  const real = (await importOriginal()) as Locks;
  const client = () => (globalThis as { game?: { user?: { id?: string | null } } }).game?.user?.id ?? "?";
  return { ...real, withPoolLock: <T>(pool: string, run: () => Promise<T>) => real.withPoolLock(`${client()}|${pool}`, run) };
}

/** In Foundry an update reaches the document after the server's round trip; the fake applies it at once: model the trip. */
export function slowUpdates(actor: FakeActor): void {
  const update = actor.update.bind(actor);
  actor.update = (async (...args: Parameters<typeof update>) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return update(...args);
  }) as typeof actor.update;
}
