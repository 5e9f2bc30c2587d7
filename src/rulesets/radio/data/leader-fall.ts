/**
 * When a group's leader has fallen (seed 001: "When a group's leader falls, members each make a
 * consequence check to stop themselves from fleeing"), and whether the fall still needs its flee
 * prompt. Pure over the leader's data and status ids.
 *
 * A leader has fallen when the wounds say unconscious or dead (as the kernel reads them), or the
 * token carries the unconscious or dead status (the GM's mark; the tracker's defeated skull is the
 * dead status). Each fall gets one flee prompt: the damage card that felled the leader offers it
 * (its Apply writes `fallNoted` and the fall's id, `fallId`); any other fall (the GM edits the
 * wounds, a status) is noted by the active GM's check, which writes both and posts the prompt when
 * someone may flee in a fight. Standing again clears them, so a later fall prompts again. Each
 * fall's checks are rolled once, whichever card offers them (keyed by `fallId`).
 */
import { statusEffectId } from "../../../engine/events.js";
import { targetState, type Sys } from "./state.js";

/** The status ids that fell a leader whatever the wounds say. */
export const FALLEN_STATUSES: readonly string[] = [statusEffectId("unconscious"), statusEffectId("dead")];

export function leaderFallen(type: string, system: Sys, statuses: readonly string[] = []): boolean {
  if (statuses.some((s) => FALLEN_STATUSES.includes(s))) return true;
  const state = targetState(type, system);
  if (!state) return false;
  // A henchmen group named as a leader (the sheets offer minions and bosses only) falls with its last henchman.
  return state.kind === "henchmen" ? state.count <= 0 : state.state !== "active";
}

/**
 * What the fall check does for a leader: post the flee prompt (fallen, not yet noted, and someone
 * may flee in a fight), note the fall without a prompt (fallen, not noted, and no one to flee or no
 * fight: so it is not prompted later, on some unrelated edit once a fight starts), clear the note
 * (standing again), or nothing.
 */
export function fallAction(input: { fallen: boolean; noted: boolean; canFlee: boolean }): "prompt" | "note" | "reset" | null {
  if (input.fallen) return input.noted ? null : input.canFlee ? "prompt" : "note";
  return input.noted ? "reset" : null;
}

/** A fall id as stored or carried on a card: letters and digits only (it goes into a claim key), else none. */
export function cleanFallId(v: unknown): string {
  return typeof v === "string" && /^[A-Za-z0-9]{1,40}$/.test(v) ? v : "";
}

/**
 * The claim key of one follower's flee check for one fall of its leader (claimed on the leader
 * with the core's claimRoll; claims.ts allows letters, digits and `._:-`, 120 characters: a
 * 40-character id and a token actor's UUID fit).
 */
export function fleeKey(fallId: string, followerUuid: string): string {
  return `radio.flee.${fallId}.${followerUuid}`;
}
