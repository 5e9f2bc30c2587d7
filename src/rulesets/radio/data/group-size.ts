/**
 * A henchmen group's size: the group at full strength, so its token bar and the sheet's pool show
 * what the group has lost (review-s10-content P3: with the maximum taken from the henchmen still
 * standing, every Apply lowered both, and the bar always read full). Damage and flight lower
 * `count`; nothing but the GM typing a smaller size lowers `size`. DECISIONS.md "The henchmen bar
 * shows losses".
 *
 * `size` is null on a group stored before it existed (and on an update that clears it). Such a
 * group's size is its count as it stands, written at its first change of count, before the change
 * lowers it. This is done here rather than in `migrateData` because V13 also migrates an update's
 * changes, and a partial `{count: 3}` (an Apply) looks like an old group: a migrateData that set
 * size = count would lower the size at every hit, the very bug.
 */
import { numberIn, systemOf, tell } from "./bounds.js";

/** The group's size as shown and as the bar's maximum: never below the henchmen standing. */
export function groupSizeOf(size: unknown, count: number): number {
  const stored = numberIn(size);
  return Math.max(stored ?? count, count);
}

/**
 * Pure: the size to store after `change` (an update's system part), or null when it sets neither
 * count nor size. More henchmen than the size raise it (reinforcements); fewer keep it (losses, by
 * an Apply or by hand). A typed size below the count becomes the count (`typedBelow`).
 */
export function sizeAfter(current: { count: number; size: number | null }, change: { count?: unknown; size?: unknown } | undefined): { size: number; typedBelow: boolean } | null {
  if (!change) return null;
  const count = numberIn(change.count);
  const sizeSet = "size" in change;
  if (count === undefined && !sizeSet) return null;
  const newCount = count ?? current.count;
  const typed = sizeSet ? numberIn(change.size) : undefined;
  // A cleared size is the group as it stands before this update; so is one never stored.
  const base = typed ?? (sizeSet ? current.count : groupSizeOf(current.size, current.count));
  return { size: Math.max(base, newCount), typedBelow: typed !== undefined && typed < newCount };
}

/** A henchmen group's update: the size is kept at least the count, and a user who typed less told. */
export function keepSizeAtLeastCount(current: { count: number; size: number | null }, changes: unknown, name: string): void {
  const system = systemOf(changes);
  const next = sizeAfter(current, system);
  if (!next || !system) return;
  system.size = next.size;
  if (next.typedBelow) tell("FRACAS.Radio.Refused.SizeBelowCount", { name, size: next.size });
}
