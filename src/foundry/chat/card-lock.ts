/**
 * One card's writes run one at a time on the client executing them (the GM's, for queries): an
 * Apply, an Undo or a ruleset's follow-up each read the card and write it back, so two at once
 * would lose one record. Keyed by message id; a failure does not block the next in line.
 * A locked run must not wait on another locked run of the same card (it would wait forever).
 */
const cardLocks = new Map<string, Promise<unknown>>();

export function withCardLock<T>(messageId: unknown, run: () => Promise<T>): Promise<T> {
  const key = String(messageId);
  const previous = cardLocks.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(run);
  const settled = next.catch(() => undefined);
  cardLocks.set(key, settled);
  void settled.then(() => {
    if (cardLocks.get(key) === settled) cardLocks.delete(key);
  });
  return next;
}
