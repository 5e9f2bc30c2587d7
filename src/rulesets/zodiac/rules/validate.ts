/** Input checks shared by the zodiac kernel, so bad input fails with a FracasRuleError at the door. */
import { FracasRuleError } from "../../../engine/errors.js";

export function requireRecord(name: string, v: unknown): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    throw new FracasRuleError("badInput", `${name} must be an object`, { name });
  }
  return v as Record<string, unknown>;
}

/** A missing flag is false; anything but a boolean is refused (a string "false" would be truthy). */
export function optionalBool(name: string, v: unknown): boolean {
  if (v === undefined) return false;
  if (typeof v !== "boolean") throw new FracasRuleError("badInput", `${name} must be true or false`, { name, value: String(v) });
  return v;
}

/** A list of distinct, non-empty ids (agents, combatants). */
export function requireIdList(name: string, v: unknown, minLength = 0): string[] {
  if (!Array.isArray(v)) throw new FracasRuleError("badInput", `${name} must be a list of ids`, { name });
  const seen = new Set<string>();
  for (const id of v) {
    if (typeof id !== "string" || id === "") {
      throw new FracasRuleError("badInput", `${name} must hold non-empty id strings (got ${String(id)})`, { name, value: String(id) });
    }
    if (seen.has(id)) throw new FracasRuleError("duplicateId", `${name} lists ${id} twice`, { name, id });
    seen.add(id);
  }
  if (v.length < minLength) {
    throw new FracasRuleError("badInput", `${name} needs at least ${minLength} ids`, { name, min: minLength });
  }
  return [...(v as string[])];
}
