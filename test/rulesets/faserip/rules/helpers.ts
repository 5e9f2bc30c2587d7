/** Shared test helpers for the faserip kernel tests. */
import { expect } from "vitest";
import { FracasRuleError } from "../../../../src/engine/errors.js";

/** Asserts `fn` throws a FracasRuleError with `code`. */
export function expectRuleError(fn: () => unknown, code: string): void {
  let caught: unknown = null;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(FracasRuleError);
  expect((caught as FracasRuleError).code).toBe(code);
}

/** Runs `fn` and returns true when it threw a FracasRuleError (and rethrows anything else). */
export function throwsRuleError(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch (e) {
    if (e instanceof FracasRuleError) return true;
    throw e;
  }
}
