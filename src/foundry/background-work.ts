/**
 * Work a hook starts and cannot await (Foundry does not await hook listeners): a failure is logged
 * with what was being done, never lost in an unhandled rejection, and tests and macros can wait for
 * everything started so far.
 */

export interface BackgroundWork {
  /** Starts tracking `work`; a rejection is logged as "Fracas | <label> failed". */
  add(work: Promise<unknown>): void;
  /** Settles once everything added so far has settled (never rejects, holds no result). */
  settled(): Promise<unknown>;
}

export function backgroundWork(label: string): BackgroundWork {
  let pending: Promise<unknown> = Promise.resolve();
  return {
    add(work) {
      // `.then(() => undefined)`: the chain keeps no result. Promise.all's array held every earlier
      // one (documents, closed sheets) for the whole session.
      pending = Promise.all([pending, work.catch((err: unknown) => console.error(`Fracas | ${label} failed`, err))]).then(() => undefined);
    },
    settled: () => pending,
  };
}
