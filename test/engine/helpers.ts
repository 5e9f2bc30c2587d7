/** Shared by the engine tests: fast-check run count and the code of the FracasRuleError a call throws. */
import { FracasRuleError } from "../../src/engine/errors.js";

export const RUNS = { numRuns: 1000 };

/** The thrown FracasRuleError's code, "no error" when nothing is thrown; any other error propagates. */
export function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof FracasRuleError) return e.code;
    throw e;
  }
  return "no error";
}
