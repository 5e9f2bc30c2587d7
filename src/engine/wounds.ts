/**
 * Wound-track primitives that rulesets compose: a ladder of named levels (Bond's ST…KL, Zodiac's
 * Healthy/Almost Dead/Dead), a points track (Faserip Health, Radio wounds), and a group pool
 * (Radio henchmen sharing wounds). No ruleset rule lives here: which level means which status, and
 * how wounds accumulate, is the ruleset's business; these only move, clamp and report.
 */
import { FracasRuleError, requireChoice, requireInt } from "./errors.js";
import { STATUSES, type Status, type StatusEvent, statusDiff } from "./events.js";

/** Wound points beyond this are a bug upstream (Faserip's biggest ranks stay far below). */
export const TRACK_LIMIT = 1_000_000_000;

// ---- ladder ----------------------------------------------------------------------------------

/** Ordered levels, least severe first (e.g. none < ST < LW < MW < HW < IN < KL). */
export interface Ladder<L extends string = string> {
  levels: readonly L[];
}

/** A ladder from distinct, non-empty level names, least severe first. */
export function createLadder<L extends string>(levels: readonly L[]): Ladder<L> {
  if (!Array.isArray(levels) || levels.length === 0) throw new FracasRuleError("badLadder", "a ladder needs at least one level", {});
  const seen = new Set<string>();
  for (const l of levels) {
    if (typeof l !== "string" || l === "") throw new FracasRuleError("badLadder", `ladder level ${String(l)} is not a name`, { level: String(l) });
    if (seen.has(l)) throw new FracasRuleError("badLadder", `ladder level ${l} appears twice`, { level: l });
    seen.add(l);
  }
  return { levels: [...levels] };
}

/** Position of `level` on the ladder (0 = least severe); throws `badChoice` for an unknown level. */
export function levelIndex<L extends string>(ladder: Ladder<L>, level: L): number {
  return ladder.levels.indexOf(requireChoice("level", level, ladder.levels));
}

/** Moves `n` levels (negative = down), clamped to the ladder's ends. */
export function stepLevel<L extends string>(ladder: Ladder<L>, level: L, n: number): L {
  requireInt("steps", n, -TRACK_LIMIT, TRACK_LIMIT);
  const i = Math.min(ladder.levels.length - 1, Math.max(0, levelIndex(ladder, level) + n));
  return ladder.levels[i]!;
}

/** `n` (≥ 0, default 1) levels more severe, clamped at the top. */
export function stepUp<L extends string>(ladder: Ladder<L>, level: L, n = 1): L {
  return stepLevel(ladder, level, requireInt("steps", n, 0, TRACK_LIMIT));
}

/** `n` (≥ 0, default 1) levels less severe, clamped at the bottom. */
export function stepDown<L extends string>(ladder: Ladder<L>, level: L, n = 1): L {
  return stepLevel(ladder, level, -requireInt("steps", n, 0, TRACK_LIMIT));
}

/** -1, 0 or 1 as `a` is less, equally or more severe than `b`. */
export function compareLevels<L extends string>(ladder: Ladder<L>, a: L, b: L): -1 | 0 | 1 {
  return Math.sign(levelIndex(ladder, a) - levelIndex(ladder, b)) as -1 | 0 | 1;
}

/** The most severe of one or more levels. */
export function maxLevel<L extends string>(ladder: Ladder<L>, ...levels: L[]): L {
  return extreme(ladder, levels, 1);
}

/** The least severe of one or more levels. */
export function minLevel<L extends string>(ladder: Ladder<L>, ...levels: L[]): L {
  return extreme(ladder, levels, -1);
}

/** True when `level` is `threshold` or more severe. */
export function isAtLeast<L extends string>(ladder: Ladder<L>, level: L, threshold: L): boolean {
  return compareLevels(ladder, level, threshold) >= 0;
}

function extreme<L extends string>(ladder: Ladder<L>, levels: L[], sign: 1 | -1): L {
  if (levels.length === 0) throw new FracasRuleError("badLadder", "at least one level is needed", {});
  return levels.reduce((best, l) => (compareLevels(ladder, l, best) * sign > 0 ? l : best), requireChoice("level", levels[0], ladder.levels));
}

// ---- points ----------------------------------------------------------------------------------

/** A points track: `current` moves between `min` and `max`. */
export interface PointsTrack {
  current: number;
  max: number;
  min: number;
}

/** A threshold t is reached when current ≤ t; a crossing says it was just reached (down) or left (up). */
export interface Crossing {
  threshold: number;
  direction: "down" | "up";
}

export interface PointsResult {
  track: PointsTrack;
  /** Points actually moved (≥ 0). */
  applied: number;
  /** Points that did not fit because the track clamped (≥ 0). */
  excess: number;
  /** Thresholds crossed, in the order the move passed them. */
  crossings: Crossing[];
}

/** A points track at `current` (default `max`), floored at `min` (default 0). */
export function createPoints(max: number, current?: number, min = 0): PointsTrack {
  requireInt("min", min, -TRACK_LIMIT, TRACK_LIMIT);
  requireInt("max", max, min, TRACK_LIMIT);
  return { current: requireInt("current", current ?? max, min, max), max, min };
}

/** Removes `amount` points, clamped at min, reporting thresholds reached on the way down. */
export function damagePoints(track: PointsTrack, amount: number, thresholds: readonly number[] = []): PointsResult {
  return movePoints(track, -requireInt("damage", amount, 0, TRACK_LIMIT), thresholds);
}

/** Restores `amount` points, clamped at max, reporting thresholds left on the way up. */
export function healPoints(track: PointsTrack, amount: number, thresholds: readonly number[] = []): PointsResult {
  return movePoints(track, requireInt("healing", amount, 0, TRACK_LIMIT), thresholds);
}

function movePoints(track: PointsTrack, delta: number, thresholds: readonly number[]): PointsResult {
  const t = requirePoints(track);
  if (!Array.isArray(thresholds)) throw new FracasRuleError("badList", "thresholds must be a list of whole numbers", { name: "thresholds" });
  const marks = [...new Set(thresholds.map((x) => requireInt("threshold", x, -TRACK_LIMIT, TRACK_LIMIT)))];
  const next = Math.min(t.max, Math.max(t.min, t.current + delta));
  const applied = Math.abs(next - t.current);
  const crossings: Crossing[] =
    delta < 0
      ? marks.filter((m) => t.current > m && next <= m).sort((a, b) => b - a).map((threshold) => ({ threshold, direction: "down" }))
      : marks.filter((m) => t.current <= m && next > m).sort((a, b) => a - b).map((threshold) => ({ threshold, direction: "up" }));
  return { track: { ...t, current: next }, applied, excess: Math.abs(delta) - applied, crossings };
}

/** Throws `badTrack` unless `track` is a well-formed points track. */
export function requirePoints(track: unknown): PointsTrack {
  if (typeof track !== "object" || track === null) throw new FracasRuleError("badTrack", "a points track {current, max, min} is needed", {});
  const t = track as Partial<PointsTrack>;
  requireInt("min", t.min, -TRACK_LIMIT, TRACK_LIMIT);
  requireInt("max", t.max, t.min!, TRACK_LIMIT);
  requireInt("current", t.current, t.min!, t.max!);
  return { current: t.current!, max: t.max!, min: t.min! };
}

// ---- group pool ------------------------------------------------------------------------------

/** A group sharing one pool of wounds: `count` members of `eachMax` wounds, the front one carrying `carried` damage. */
export interface GroupTrack {
  count: number;
  eachMax: number;
  /** Damage already on the front member, 0 ≤ carried < eachMax (0 when count is 0). */
  carried: number;
}

export interface GroupResult {
  track: GroupTrack;
  /** Members taken out by this damage. */
  removed: number;
  /** Damage left over after the last member fell. */
  excess: number;
}

/** A group of `count` members with `eachMax` (default 1) wounds each. */
export function createGroup(count: number, eachMax = 1): GroupTrack {
  return { count: requireInt("count", count, 0, TRACK_LIMIT), eachMax: requireInt("eachMax", eachMax, 1, TRACK_LIMIT), carried: 0 };
}

/** Deals `amount` damage front to back: each member falls after eachMax, the remainder carries to the next. */
export function damageGroup(group: GroupTrack, amount: number): GroupResult {
  const g = requireGroup(group);
  requireInt("damage", amount, 0, TRACK_LIMIT);
  const total = g.carried + amount;
  const removed = Math.min(g.count, Math.floor(total / g.eachMax));
  const count = g.count - removed;
  const carried = count === 0 ? 0 : total - removed * g.eachMax;
  const excess = count === 0 ? total - g.count * g.eachMax : 0;
  return { track: { count, eachMax: g.eachMax, carried }, removed, excess };
}

/** Wounds the group can still take before its last member falls. */
export function groupRemaining(group: GroupTrack): number {
  const g = requireGroup(group);
  return g.count * g.eachMax - g.carried;
}

/** Throws `badTrack` unless `group` is a well-formed group track. */
export function requireGroup(group: unknown): GroupTrack {
  if (typeof group !== "object" || group === null) throw new FracasRuleError("badTrack", "a group track {count, eachMax, carried} is needed", {});
  const g = group as Partial<GroupTrack>;
  requireInt("count", g.count, 0, TRACK_LIMIT);
  requireInt("eachMax", g.eachMax, 1, TRACK_LIMIT);
  requireInt("carried", g.carried, 0, g.count === 0 ? 0 : g.eachMax! - 1);
  return { count: g.count!, eachMax: g.eachMax!, carried: g.carried! };
}

// ---- statuses --------------------------------------------------------------------------------

/** A band of a points track: at or below `atOrBelow`, these statuses hold. */
export interface StatusBand {
  atOrBelow: number;
  statuses: Status[];
}

/** The result every ruleset's wound application returns: new track, its statuses, and the events to toggle. */
export interface TrackChange<T> {
  track: T;
  statuses: Status[];
  events: StatusEvent[];
}

/** Statuses of the most severe band containing `value` (the band with the lowest atOrBelow ≥ value); none above every band. */
export function statusesAtPoints(value: number, bands: readonly StatusBand[]): Status[] {
  requireInt("value", value, -TRACK_LIMIT, TRACK_LIMIT);
  if (!Array.isArray(bands)) throw new FracasRuleError("badList", "bands must be a list", { name: "bands" });
  let best: StatusBand | null = null;
  for (const b of bands) {
    requireInt("band atOrBelow", b?.atOrBelow, -TRACK_LIMIT, TRACK_LIMIT);
    if (value <= b.atOrBelow && (best === null || b.atOrBelow < best.atOrBelow)) best = b;
  }
  return best ? normaliseStatuses(best.statuses) : [];
}

/** Statuses a ladder level carries according to `map` (levels missing from the map carry none). */
export function statusesAtLevel<L extends string>(ladder: Ladder<L>, level: L, map: Partial<Record<L, readonly Status[]>>): Status[] {
  levelIndex(ladder, level);
  return normaliseStatuses(map[level] ?? []);
}

/** Checks, de-duplicates and orders statuses (STATUSES order) so equal sets compare equal. */
export function normaliseStatuses(statuses: readonly Status[]): Status[] {
  if (!Array.isArray(statuses)) throw new FracasRuleError("badList", "statuses must be a list", { name: "statuses" });
  const set = new Set(statuses.map((s) => requireChoice("status", s, STATUSES)));
  return STATUSES.filter((s) => set.has(s));
}

/** Packs a track move with its status events: statuses of `after`, and the diff from `before`'s. */
export function trackChange<T>(before: T, after: T, statusesFor: (track: T) => readonly Status[]): TrackChange<T> {
  const was = normaliseStatuses(statusesFor(before));
  const now = normaliseStatuses(statusesFor(after));
  return { track: after, statuses: now, events: statusDiff(was, now) };
}
