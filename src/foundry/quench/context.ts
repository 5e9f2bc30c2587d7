/**
 * What Quench gives a batch's registration function (Quench's QuenchBatchContext, reduced to what
 * Fracas uses): Mocha's BDD functions and chai's assert.
 */

/** A Mocha suite or test (what Quench's describe and it give back): its own timeout, in ms. */
export interface Timed {
  timeout(ms: number): unknown;
}

/** chai's assert, strict forms only (chai's `equal` is `==`; the typed fake runs node's strict assert). */
export interface QuenchAssert {
  ok(value: unknown, message?: string): void;
  strictEqual(actual: unknown, expected: unknown, message?: string): void;
  notStrictEqual(actual: unknown, expected: unknown, message?: string): void;
  deepStrictEqual(actual: unknown, expected: unknown, message?: string): void;
  notDeepEqual(actual: unknown, expected: unknown, message?: string): void;
}

export interface QuenchContext {
  /** Mocha calls `fn` with the new suite as `this`: `this.timeout(ms)` there reaches every test and hook added inside. */
  describe(name: string, fn: (this: Timed) => void): Timed;
  it(name: string, fn: () => Promise<void>): Timed;
  before(fn: () => Promise<void>): unknown;
  after(fn: () => Promise<void>): unknown;
  assert: QuenchAssert;
}

export interface Quench {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options: { displayName: string }): void;
}

/**
 * Each flow's and hook's time limit. Mocha's default is 2 s, and a flow makes 10–25 sequential server
 * round trips (50–150 ms each on a hosted server) and waits, bounded, for the GM's background
 * corrections. A flow that timed out keeps running in the background and would overlap the next.
 */
export const FLOW_TIMEOUT_MS = 60_000;
