import { expect } from "vitest";
import { FracasRuleError } from "../../../../src/engine/errors.js";

/** Asserts `fn` throws a FracasRuleError with `code`. */
export function expectRuleError(fn: () => unknown, code: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected FracasRuleError ${code}`).toBeInstanceOf(FracasRuleError);
  expect((caught as FracasRuleError).code).toBe(code);
}

/** Throws a FracasRuleError (any code) or nothing; anything else fails the test. */
export function throwsOnlyRuleErrors(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if (e instanceof FracasRuleError) return true;
    throw e;
  }
}

/** Ways two d10 total s (2..20): the triangle 1,2,…,10,…,1. */
export const waysToRoll = (s: number): number => (s < 2 || s > 20 ? 0 : 10 - Math.abs(s - 11));
