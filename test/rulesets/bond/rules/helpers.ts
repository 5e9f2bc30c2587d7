import { expect } from "vitest";
import { FracasRuleError } from "../../../../src/engine/errors.js";

/** Asserts that `fn` throws a FracasRuleError with this code (and returns it for more checks). */
export function expectRuleError(fn: () => unknown, code: string): FracasRuleError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FracasRuleError);
    expect((e as FracasRuleError).code).toBe(code);
    return e as FracasRuleError;
  }
  throw new Error(`expected FracasRuleError ${code}, nothing was thrown`);
}

/** True when fn throws a FracasRuleError (any code); rethrows anything else so bugs surface. */
export function throwsRuleError(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch (e) {
    if (e instanceof FracasRuleError) return true;
    throw e;
  }
}
