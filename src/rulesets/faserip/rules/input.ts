/** Small guards for the plain-object inputs the adapter passes in. */
import { FracasRuleError } from "../../../engine/errors.js";

/** Throws unless `v` is a plain object; returns it as a record of unknowns to read safely. */
export function requireObject(name: string, v: unknown): Readonly<Record<string, unknown>> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    throw new FracasRuleError("badInput", `${name} must be an object (got ${v === null ? "null" : typeof v})`, { name });
  }
  return v as Readonly<Record<string, unknown>>;
}

/** Throws unless `v` is an array; returns it typed as unknowns. */
export function requireArray(name: string, v: unknown): readonly unknown[] {
  if (!Array.isArray(v)) throw new FracasRuleError("badInput", `${name} must be a list`, { name });
  return v as readonly unknown[];
}
