/**
 * V13 stores a sheet's number as its field allows (NumberField#clean rounds an integer field and
 * clamps to min/max before validating), without a word: a Strength typed as 35 on a 1–30 field is
 * saved as 30 and the user never learns why. Fracas sheets name each such field and what was saved
 * (they change nothing: V13's cleaning stays the one that stores). Pure over plain objects.
 */

/** A number field's bounds, as V13's NumberField carries them. */
export interface NumberBounds {
  min?: number | undefined;
  max?: number | undefined;
  integer?: boolean;
}

export interface AdjustedNumber {
  path: string;
  typed: number;
  saved: number;
  reason: "above" | "below" | "notWhole";
}

/** What V13 will store for `typed` in a field with these bounds. */
export function storedNumber(typed: number, b: NumberBounds): number {
  let n = b.integer ? Math.round(typed) : typed;
  if (typeof b.min === "number") n = Math.max(n, b.min);
  if (typeof b.max === "number") n = Math.min(n, b.max);
  return n;
}

/** Each submitted number (at its dotted path) that its field will store differently, and why. */
export function adjustedNumbers(submitted: Record<string, unknown>, boundsOf: (path: string) => NumberBounds | null): AdjustedNumber[] {
  const out: AdjustedNumber[] = [];
  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === "number" && Number.isFinite(value)) {
        const bounds = boundsOf(path);
        if (!bounds) continue;
        const saved = storedNumber(value, bounds);
        if (saved === value) continue;
        const reason = typeof bounds.max === "number" && value > bounds.max ? "above" : typeof bounds.min === "number" && value < bounds.min ? "below" : "notWhole";
        out.push({ path, typed: value, saved, reason });
      } else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        walk(value as Record<string, unknown>, path);
      }
    }
  };
  walk(submitted, "");
  return out;
}
