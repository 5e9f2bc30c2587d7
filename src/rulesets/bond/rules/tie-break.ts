/**
 * Comparing repeated rolls that break a tie: the first roll decides unless equal, then the next
 * (a re-roll), and so on. Kept local to the bond rules (the shared order engine is separate).
 */
import { FracasRuleError } from "../../../engine/errors.js";

/** −1 if `a` wins with lower rolls, 1 if `b` does, null while the rolls given leave them tied. */
export function compareLowestWins(a: readonly number[], b: readonly number[]): -1 | 1 | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return null;
}

/** Throws the one error the adapter listens for to roll more dice: the ids still tied. */
export function tieUnresolved(ids: readonly string[], what: string): never {
  const sorted = [...ids].sort();
  throw new FracasRuleError("tieUnresolved", `${what}: ${sorted.join(", ")} are still tied; roll again for them`, {
    ids: sorted.join(", "),
    what,
  });
}

/**
 * Sorts with a comparator that may report an unresolved pair; collects every id in an unresolved
 * pair and throws once, so the adapter can roll for all of them together.
 */
export function sortOrThrowTies<T extends { id: string }>(items: readonly T[], compare: (a: T, b: T) => number | null, what: string): T[] {
  const unresolved = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      if (compare(items[i]!, items[j]!) === null) {
        unresolved.add(items[i]!.id);
        unresolved.add(items[j]!.id);
      }
    }
  }
  if (unresolved.size > 0) tieUnresolved([...unresolved], what);
  return [...items].sort((a, b) => compare(a, b) ?? 0);
}
