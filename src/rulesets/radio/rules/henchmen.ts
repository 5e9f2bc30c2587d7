/**
 * Henchmen fight as a group with a pool of wounds: a hit removes as many henchmen as its damage
 * covers. Each henchman takes `woundsEach` (default 1); damage that does not finish the front
 * henchman is `carried` into the next hit, so a pool never loses or invents wounds.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { statusDiff } from "../../../engine/events.js";
import type { StatusEvent } from "../../../engine/events.js";
import { MAX_DAMAGE } from "./wounds.js";
import { wholeNumber } from "./vocabulary.js";

export interface HenchmenGroup {
  count: number;
  woundsEach: number;
  /** Damage already taken by the front henchman, always below woundsEach. */
  carried: number;
}

export interface HenchmenResult {
  group: HenchmenGroup;
  removed: number;
  /** Damage beyond what the whole group could absorb. */
  wasted: number;
  events: StatusEvent[];
}

export const MAX_HENCHMEN = 10_000;
export const MAX_WOUNDS_EACH = 1_000;

export function henchmenGroup(count: number, woundsEach = 1): HenchmenGroup {
  return requireGroup({ count, woundsEach, carried: 0 });
}

export function requireGroup(group: HenchmenGroup): HenchmenGroup {
  if (typeof group !== "object" || group === null) throw new FracasRuleError("badInput", "henchmen group missing");
  const count = wholeNumber("count", group.count, 0, MAX_HENCHMEN);
  const woundsEach = wholeNumber("woundsEach", group.woundsEach, 1, MAX_WOUNDS_EACH);
  const carried = wholeNumber("carried", group.carried, 0, woundsEach - 1);
  if (count === 0 && carried !== 0) {
    throw new FracasRuleError("emptyGroupCarries", "an empty group cannot carry damage", { name: "carried", value: carried });
  }
  return { count, woundsEach, carried };
}

/** Wounds the group can still take before the last henchman goes. */
export function henchmenPool(group: HenchmenGroup): number {
  const g = requireGroup(group);
  return g.count * g.woundsEach - g.carried;
}

export function applyToHenchmen(group: HenchmenGroup, damage: number): HenchmenResult {
  const g = requireGroup(group);
  const dmg = wholeNumber("damage", damage, 1, MAX_DAMAGE);
  const soaked = g.carried + dmg;
  const removed = Math.min(g.count, Math.floor(soaked / g.woundsEach));
  const count = g.count - removed;
  const carried = count === 0 ? 0 : soaked - removed * g.woundsEach;
  const wasted = count === 0 ? soaked - removed * g.woundsEach : 0;
  const before = g.count > 0 ? [] : (["dead"] as const);
  const after = count > 0 ? [] : (["dead"] as const);
  return { group: { count, woundsEach: g.woundsEach, carried }, removed, wasted, events: statusDiff(before, after) };
}
