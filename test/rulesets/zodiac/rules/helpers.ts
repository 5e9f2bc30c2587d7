import { isRuleError } from "../../../../src/engine/errors.js";

/** The FracasRuleError code `f` throws; any other throw fails the test, no throw returns "none". */
export function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isRuleError(e)) return e.code;
    throw e;
  }
  return "none";
}
