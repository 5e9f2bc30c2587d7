/**
 * GM-side writes that read a document and write it back run one at a time per document on the
 * client executing them (the GM's, for queries), so two at once cannot lose one another's change:
 * - a chat card's Apply, Undo and ruleset follow-ups (withCardLock);
 * - a combat's declarations, memory patches and round starts (withCombatLock);
 * - an actor's once-only roll claims (withActorLock);
 * - a pool's read-change-write (withPoolLock): a GM pool, or an actor's own (Radio's action tokens,
 *   keyed by the actor); every writer of that pool goes through it;
 * - a world setting's read-change-write (withSettingLock): the GM's card seals, written by the
 *   Applies of different cards at once.
 * A failure does not block the next in line. A locked run must not wait on another locked run of
 * the same document (it would wait forever).
 */
const locks = new Map<string, Promise<unknown>>();

function withLock<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(run);
  const settled = next.catch(() => undefined);
  locks.set(key, settled);
  void settled.then(() => {
    if (locks.get(key) === settled) locks.delete(key);
  });
  return next;
}

export function withCardLock<T>(messageId: unknown, run: () => Promise<T>): Promise<T> {
  return withLock(`card:${String(messageId)}`, run);
}

export function withCombatLock<T>(combatId: unknown, run: () => Promise<T>): Promise<T> {
  return withLock(`combat:${String(combatId)}`, run);
}

export function withActorLock<T>(actorUuid: unknown, run: () => Promise<T>): Promise<T> {
  return withLock(`actor:${String(actorUuid)}`, run);
}

export function withPoolLock<T>(pool: string, run: () => Promise<T>): Promise<T> {
  return withLock(`pool:${pool}`, run);
}

export function withSettingLock<T>(key: string, run: () => Promise<T>): Promise<T> {
  return withLock(`setting:${key}`, run);
}
