/**
 * A kernel's status events ({status, on}) shown on an actor as its token status effects
 * (fracas-<status>): the one place every ruleset's wound, Apply, Undo and round-start writes go
 * through.
 */
import { statusEffectId } from "../engine/events.js";

/** A status starting (on) or ending (off); `status` is a kernel status (stunned, almostDead…). */
export interface StatusToggle {
  status: string;
  on: boolean;
}

/** The toggles that change something on this actor as it is now (so an Undo reverses only those). */
export function changedStatuses<T extends StatusToggle>(actor: Actor.Implementation, events: readonly T[]): T[] {
  const have = new Set(actor.statuses ?? []);
  return events.filter((e) => have.has(statusEffectId(e.status)) !== e.on);
}

/** Sets each status on or off on the actor, in order (`invert`: each the other way, for an Undo). */
export async function setStatuses(actor: Actor.Implementation, events: readonly StatusToggle[], { invert = false }: { invert?: boolean } = {}): Promise<void> {
  for (const e of events) await actor.toggleStatusEffect(statusEffectId(e.status), { active: invert ? !e.on : e.on });
}
