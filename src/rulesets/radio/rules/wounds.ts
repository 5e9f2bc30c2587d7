/**
 * Wound points for PCs, minions and bosses (RULES.md §2): 0 = unconscious, below 0 = dead.
 * PCs: once unconscious, any further hit kills; a lethal blow on a conscious PC leaves one final
 * heroic action (shown as the `dying` status until `completeFinalAction`). NPCs: below 0 dies
 * unless a PC chose to knock them out with a weapon that is not an area weapon.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { statusDiff } from "../../../engine/events.js";
import type { Status, StatusEvent } from "../../../engine/events.js";
import { flag, MAX_WOUNDS, oneOf, wholeNumber } from "./vocabulary.js";

export const WOUND_STATES = ["active", "unconscious", "dead"] as const;
export type WoundState = (typeof WOUND_STATES)[number];

export interface WoundTrack {
  wounds: number;
  isPC: boolean;
  /** Current state; derived from `wounds` when missing (needed for a knocked-out NPC below 0). */
  state?: WoundState;
  /** This PC is dead but still owed a final heroic action. */
  finalAction?: boolean;
  /** The attacker (a PC) chose to knock out rather than kill. */
  knockout?: boolean;
  areaWeapon?: boolean;
}

export interface WoundResult {
  wounds: number;
  state: WoundState;
  finalAction: boolean;
}

export interface HitResult extends WoundResult {
  events: StatusEvent[];
}

/** Far above any real hit; the limit only keeps arithmetic exact. */
export const MAX_DAMAGE = 100_000;

/** The state wounds alone imply. */
export function woundStateOf(wounds: number): WoundState {
  const w = wholeNumber("wounds", wounds, -MAX_WOUNDS, MAX_WOUNDS);
  return w > 0 ? "active" : w === 0 ? "unconscious" : "dead";
}

function priorState(track: WoundTrack): WoundState {
  const implied = woundStateOf(track.wounds);
  if (track.state === undefined) return implied;
  const state = oneOf("state", track.state, WOUND_STATES);
  if (state === "active" && implied !== "active") {
    throw new FracasRuleError("inconsistentWounds", `a combatant at ${track.wounds} wounds cannot be active`, { wounds: track.wounds });
  }
  return state;
}

export function applyWounds(track: WoundTrack, damage: number): WoundResult {
  if (typeof track !== "object" || track === null) throw new FracasRuleError("badInput", "wound track missing");
  const isPC = flag("isPC", track.isPC);
  const knockout = flag("knockout", track.knockout);
  const area = flag("areaWeapon", track.areaWeapon);
  const pending = flag("finalAction", track.finalAction);
  const prior = priorState(track);
  const dmg = wholeNumber("damage", damage, 1, MAX_DAMAGE);
  if (prior === "dead") return { wounds: track.wounds, state: "dead", finalAction: pending && isPC };
  const wounds = Math.max(-MAX_WOUNDS, track.wounds - dmg);

  if (isPC) {
    if (prior === "unconscious") return { wounds, state: "dead", finalAction: false };
    if (wounds > 0) return { wounds, state: "active", finalAction: false };
    if (wounds === 0) return { wounds, state: "unconscious", finalAction: false };
    return { wounds, state: "dead", finalAction: true };
  }
  if (wounds > 0) return { wounds, state: prior, finalAction: false };
  if (wounds === 0 || (knockout && !area)) return { wounds, state: "unconscious", finalAction: false };
  return { wounds, state: "dead", finalAction: false };
}

/** The token statuses a wound state shows. */
export function statusesOf(state: WoundState, finalAction = false): Status[] {
  if (state === "unconscious") return ["unconscious"];
  if (state === "dead") return [finalAction ? "dying" : "dead"];
  return [];
}

/** `applyWounds` plus the status events that take the token from before to after. */
export function applyHit(track: WoundTrack, damage: number): HitResult {
  const result = applyWounds(track, damage);
  const before = statusesOf(priorState(track), flag("finalAction", track.finalAction) && track.isPC === true);
  return { ...result, events: statusDiff(before, statusesOf(result.state, result.finalAction)) };
}

/** A dying PC has taken (or given up) their final heroic action: now they are dead. */
export function completeFinalAction(track: WoundResult): HitResult {
  if (track?.state !== "dead" || track.finalAction !== true) {
    throw new FracasRuleError("noFinalAction", "only a dead PC owed a final action can complete it");
  }
  return { wounds: track.wounds, state: "dead", finalAction: false, events: statusDiff(["dying"], ["dead"]) };
}
