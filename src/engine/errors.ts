/**
 * The kernel's one error type. Every kernel function validates its arguments and throws a
 * FracasRuleError (never a bare Error, never a silent NaN) so callers can tell a rule refusal
 * from a bug. `code` is stable (tests and the adapter switch on it); `message` is plain English
 * for logs; the adapter shows the localized `FRACAS.Error.<code>` string formatted with `data`.
 */
export class FracasRuleError extends Error {
  override readonly name = "FracasRuleError";
  constructor(
    readonly code: string,
    message: string,
    readonly data: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
  }
}

export function isRuleError(e: unknown): e is FracasRuleError {
  return e instanceof FracasRuleError;
}

/** A printable form of any value, even one whose toString throws or is not callable. */
export function describeValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null || typeof v !== "object") return String(v);
  try {
    return JSON.stringify(v) ?? Object.prototype.toString.call(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/** Throws unless `n` is an integer in [min, max]. */
export function requireInt(name: string, n: unknown, min: number, max: number): number {
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max) {
    throw new FracasRuleError(
      "badNumber",
      `${name} must be a whole number from ${min} to ${max} (got ${describeValue(n)})`,
      { name, min, max, value: describeValue(n) },
    );
  }
  return n;
}

/** Throws unless `v` is one of `choices`. */
export function requireChoice<T extends string>(name: string, v: unknown, choices: readonly T[]): T {
  if (typeof v !== "string" || !(choices as readonly string[]).includes(v)) {
    throw new FracasRuleError(
      "badChoice",
      `${name} must be one of ${choices.join(", ")} (got ${describeValue(v)})`,
      { name, value: describeValue(v), choices: choices.join(", ") },
    );
  }
  return v as T;
}
