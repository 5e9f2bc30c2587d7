/**
 * Applies a damage card to whoever it hit: a PC, a minion or boss (wound points), or a henchmen
 * group (a pool). Returns the next state and the status events; the adapter keeps the prior
 * state for Undo.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import type { StatusEvent } from "../../../engine/events.js";
import { applyToHenchmen, requireGroup } from "./henchmen.js";
import type { DamageResult } from "./resolve-damage.js";
import { applyHit, MAX_DAMAGE } from "./wounds.js";
import type { WoundState } from "./wounds.js";
import { flag, MAX_WOUNDS, oneOf, wholeNumber } from "./vocabulary.js";

interface Wounded {
  wounds: number;
  state: WoundState;
  disabledLimbs: string[];
  /** Lost the weapon held in a limb that was shot. */
  disarmed: boolean;
}

export interface PcState extends Wounded {
  kind: "pc";
  /** Dead, but owed one final heroic action in their next action phase. */
  finalAction: boolean;
  piercingWounds: number;
}

export interface OpponentState extends Wounded {
  kind: "minion" | "boss";
}

export interface HenchmenState {
  kind: "henchmen";
  count: number;
  woundsEach: number;
  carried: number;
}

export type TargetState = PcState | OpponentState | HenchmenState;

export interface ApplyResult<S extends TargetState = TargetState> {
  state: S;
  events: StatusEvent[];
  /** Henchmen removed by this hit (0 for anyone else). */
  removed: number;
  /**
   * A henchmen pool only: the damage the pool took, the card's unless a head or heart shot raised
   * it to fell the henchman hit (so the Apply row can show the count's arithmetic).
   */
  dealt?: number;
}

export function applyDamage<S extends TargetState>(target: S, result: DamageResult): ApplyResult<S>;
export function applyDamage(target: TargetState, result: DamageResult): ApplyResult {
  if (typeof target !== "object" || target === null) throw new FracasRuleError("badInput", "no target state");
  if (typeof result !== "object" || result === null) throw new FracasRuleError("badInput", "no damage result");
  const damage = wholeNumber("damage", result.damage, 1, MAX_DAMAGE);
  const lethal = flag("lethal", result.lethal);
  const kind = oneOf("kind", target.kind, ["pc", "minion", "boss", "henchmen"] as const);

  if (target.kind === "henchmen") {
    const group = requireGroup(target);
    // A head or heart shot finishes at least the henchman it hit; the pool has no limbs to disable.
    const dealt = lethal ? Math.max(damage, group.woundsEach - group.carried) : damage;
    const r = applyToHenchmen(group, dealt);
    return { state: { kind: "henchmen", ...r.group }, events: r.events, removed: r.removed, dealt };
  }

  const limbs = requireLimbs(target.disabledLimbs);
  const limb = result.limb;
  const disabledLimbs = limb?.outcome === "limbDisabled" && !limbs.includes(limb.name) ? [...limbs, limb.name] : limbs;
  const disarmed = flag("disarmed", target.disarmed) || limb?.outcome === "weaponLost";
  const isPC = kind === "pc";
  const pending = isPC && flag("finalAction", (target as PcState).finalAction);
  const track = { wounds: target.wounds, state: target.state, isPC, finalAction: pending, knockout: flag("knockout", result.knockout), areaWeapon: flag("areaWeapon", result.areaWeapon) };
  let hit = applyHit(track, damage);
  if (lethal && hit.state !== "dead") {
    // Lethal: take the wounds below zero so the seed's own rule (below 0 = dead) applies.
    const wounds = Math.max(-MAX_WOUNDS, Math.min(hit.wounds, -1));
    hit = applyHit({ ...track, knockout: false }, Math.max(1, track.wounds - wounds));
  }
  const common = { wounds: hit.wounds, state: hit.state, disabledLimbs, disarmed };
  if (target.kind === "pc") {
    const piercingWounds = wholeNumber("piercingWounds", target.piercingWounds ?? 0, 0, MAX_WOUNDS);
    return {
      state: { kind: "pc", ...common, finalAction: hit.finalAction, piercingWounds: piercingWounds + (flag("piercing", result.piercing) ? 1 : 0) },
      events: hit.events,
      removed: 0,
    };
  }
  return { state: { kind: target.kind, ...common }, events: hit.events, removed: 0 };
}

function requireLimbs(v: unknown): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x): x is string => typeof x === "string")) {
    throw new FracasRuleError("badInput", "disabledLimbs must be a list of limb names");
  }
  return [...v];
}
