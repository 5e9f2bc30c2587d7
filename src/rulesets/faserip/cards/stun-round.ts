/** A round of stun passes for a stunned hero. */
import { stunTick } from "../rules/index.js";
import { stateOf } from "../data/state.js";
import { writeState } from "./write-state.js";

/** One round of stun passes. */
export async function passStunRound(actor: Actor.Implementation): Promise<void> {
  await writeState(actor, stunTick(stateOf(actor.system)));
}
