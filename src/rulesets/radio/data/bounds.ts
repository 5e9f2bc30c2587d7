/**
 * Numbers a sheet lets a user type that the rules bound by another field (session 6 audit: bad
 * input was kept silently). Seed 001: NPCs "have a maximum number of wounds they can sustain", so
 * current wounds above the maximum are a typing slip (7 for 4), not a state; a henchmen group's
 * `carried` is damage short of one whole henchman, so it stays below `woundsEach` (the derived
 * pool already read it so, while the sheet kept showing the typed number). The models' _preUpdate
 * lower such a value to its bound and tell the user who typed it, on their own client.
 */
import { t } from "../../../foundry/i18n.js";

type Changes = Record<string, unknown>;

/** A number the update sets (form numbers may arrive as numeric strings), or undefined. */
export function numberIn(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** The system part of expanded update changes, if any. */
export function systemOf(changes: unknown): Changes | undefined {
  const system = (changes as { system?: unknown } | null)?.system;
  return system && typeof system === "object" ? (system as Changes) : undefined;
}

/** Pure: the value wounds must take so they are not above their maximum after `change`, or null. */
export function woundsCap(current: { value: number; max: number }, change: { value?: unknown; max?: unknown } | undefined): number | null {
  // Only an update that sets one of the two is judged (stored data is not re-judged on every write).
  if (!change || (numberIn(change.value) === undefined && numberIn(change.max) === undefined)) return null;
  const max = numberIn(change.max) ?? current.max;
  const value = numberIn(change.value) ?? current.value;
  return value > max ? max : null;
}

/** Pure: the damage a henchmen group carries after `change`, lowered below `woundsEach`, or null when it already is. */
export function carriedCap(current: { carried: number; woundsEach: number }, change: { carried?: unknown; woundsEach?: unknown } | undefined): number | null {
  if (!change || (numberIn(change.carried) === undefined && numberIn(change.woundsEach) === undefined)) return null;
  const each = numberIn(change.woundsEach) ?? current.woundsEach;
  const carried = numberIn(change.carried) ?? current.carried;
  return carried > each - 1 ? Math.max(0, each - 1) : null;
}

export const tell = (key: string, data: Record<string, string | number>) => ui.notifications?.warn(t(key, data));

/** A hero's or opponent's update: wounds above the maximum are lowered to it, and the user told. */
export function keepWoundsWithinMax(current: { value: number; max: number }, changes: unknown, name: string): void {
  const system = systemOf(changes);
  const wounds = system?.wounds as Changes | undefined;
  const cap = woundsCap(current, wounds && typeof wounds === "object" ? wounds : undefined);
  if (cap === null || !system) return;
  system.wounds = { ...(wounds as Changes), value: cap };
  tell("FRACAS.Radio.Refused.WoundsAboveMax", { name, max: cap });
}

/** A henchmen group's update: carried damage of a whole henchman or more is lowered, and the user told. */
export function keepCarriedBelowEach(current: { carried: number; woundsEach: number }, changes: unknown, name: string): void {
  const system = systemOf(changes);
  const cap = carriedCap(current, system);
  if (cap === null || !system) return;
  system.carried = cap;
  tell("FRACAS.Radio.Refused.CarriedTooMuch", { name, each: cap + 1, carried: cap });
}
