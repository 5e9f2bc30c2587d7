/**
 * Henchmen fight as a group with a pool of wounds: a hit removes as many henchmen as its damage
 * covers. Each henchman takes `woundsEach` (default 1); damage that does not finish the front
 * henchman is `carried` into the next hit, so a pool never loses or invents wounds. The arithmetic
 * is the shared wounds engine's group track (damageGroup, groupRemaining); this module keeps Radio's
 * names, bounds and error codes, checked before the engine is asked.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { damageGroup, groupRemaining, type GroupTrack } from "../../../engine/wounds.js";
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

/** The engine's group track for an already-checked group. */
function track(g: HenchmenGroup): GroupTrack {
  return { count: g.count, eachMax: g.woundsEach, carried: g.carried };
}

/** Wounds the group can still take before the last henchman goes. */
export function henchmenPool(group: HenchmenGroup): number {
  return groupRemaining(track(requireGroup(group)));
}

export function applyToHenchmen(group: HenchmenGroup, damage: number): HenchmenResult {
  const g = requireGroup(group);
  const dmg = wholeNumber("damage", damage, 1, MAX_DAMAGE);
  const { track: after, removed, excess } = damageGroup(track(g), dmg);
  const before = g.count > 0 ? [] : (["dead"] as const);
  const now = after.count > 0 ? [] : (["dead"] as const);
  return { group: { count: after.count, woundsEach: after.eachMax, carried: after.carried }, removed, wasted: excess, events: statusDiff(before, now) };
}
