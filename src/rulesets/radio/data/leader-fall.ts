/**
 * When a group's leader has fallen (seed 001: "When a group's leader falls, members each make a
 * consequence check to stop themselves from fleeing"), and whether the fall still needs its flee
 * prompt. Pure over the leader's data and status ids.
 *
 * A leader has fallen when the wounds say unconscious or dead (as the kernel reads them), or the
 * token carries the unconscious or dead status (the GM's mark; the tracker's defeated skull is the
 * dead status). Each fall gets one flee prompt: the damage card that felled the leader offers it
 * (its Apply writes `fallNoted`); any other fall (the GM edits the wounds, a status) is noted by
 * the active GM's check, which posts the prompt and writes `fallNoted`. Standing again clears it,
 * so a later fall prompts again.
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
 * may flee), clear the note (standing again), or nothing.
 */
export function fallAction(input: { fallen: boolean; noted: boolean; canFlee: boolean }): "prompt" | "reset" | null {
  if (input.fallen) return !input.noted && input.canFlee ? "prompt" : null;
  return input.noted ? "reset" : null;
}
