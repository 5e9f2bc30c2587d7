/** Writes a kernel state change to the hero: its data, then its status icons (flags before icons, so status sync sees no change to follow). */
import { setStatuses } from "../../../foundry/status-toggles.js";
import type { StateChange } from "../rules/index.js";
import { updateOf } from "../data/state.js";

export async function writeState(actor: Actor.Implementation, change: StateChange, extra: Record<string, string | boolean> = {}): Promise<void> {
  await actor.update({ ...updateOf(actor.system, change.state), ...extra } as never);
  await setStatuses(actor, change.events);
}
