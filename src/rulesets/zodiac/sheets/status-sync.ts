/**
 * An Agent's state (Healthy / Almost Dead / Dead) and their token's status icons agree both ways.
 *
 * - A sheet edit of the state toggles the icons after its own update (the sheet's
 *   _processSubmitData), only those that differ.
 * - An icon toggled by hand (token HUD, the tracker's defeated skull) sets the state, on the client
 *   of the user who toggled, only when the state does not already say so. Every flow that writes
 *   the state itself (Apply/Undo, the Setback spends, the sheet) writes it *before* toggling the
 *   icons, so their toggles find the state already agreeing and write nothing: no race.
 *
 * The per-toggle rule (not "recompute from all icons") is what keeps that true while a flow is
 * half-way through its toggles: going Almost Dead → Dead, Apply turns Dead on before Almost Dead
 * off, and at no step does a toggle contradict the state it already wrote.
 */
import { statusEffectId, type StatusEvent } from "../../../engine/events.js";
import { statusesOf } from "../rules/health.js";
import type { AgentStatus } from "../rules/index.js";
import { healthAfterHandEdit, type AgentHealthPaths } from "./hand-edit.js";
import { combatRefFor } from "../cards/flow.js";

const ALMOST_DEAD = statusEffectId("almostDead");
const DEAD = statusEffectId("dead");
/** The icons the Agent's state shows, in the kernel's status order. */
const STATE_ICONS = [
  { status: "dead", id: DEAD },
  { status: "almostDead", id: ALMOST_DEAD },
] as const;

/**
 * The state one icon toggle means, or null when the stored state already agrees:
 * - Dead on → Dead. Dead off, on a Dead Agent → Almost Dead if that icon is still shown, else Healthy.
 * - Almost Dead on, on a Healthy Agent → Almost Dead (on a Dead one, Dead outranks it: no change).
 *   Almost Dead off, on an Almost Dead Agent → Healthy.
 */
export function stateAfterIconToggle(stored: string, statusId: string, on: boolean, almostDeadIconShown: boolean): AgentStatus | null {
  if (statusId === DEAD) {
    if (on) return stored === "dead" ? null : "dead";
    return stored === "dead" ? (almostDeadIconShown ? "almostDead" : "healthy") : null;
  }
  if (statusId === ALMOST_DEAD) {
    if (on) return stored === "healthy" ? "almostDead" : null;
    return stored === "almostDead" ? "healthy" : null;
  }
  return null;
}

/** The icon toggles that make an Agent's icons show `state`, given the status ids they carry. */
export function iconTogglesFor(state: string, have: ReadonlySet<string>): StatusEvent[] {
  const want = new Set<string>(statusesOf(state as AgentStatus));
  return STATE_ICONS.filter((i) => have.has(i.id) !== want.has(i.status)).map((i) => ({ status: i.status, on: want.has(i.status) }));
}

/** The update that sets `state` as a hand edit would (hand-edit.ts: Almost Dead gets its round). */
export function stateUpdate(stored: AgentHealthPaths, state: AgentStatus, round: number): Record<string, unknown> {
  const extra = healthAfterHandEdit(stored, state, round) ?? {};
  return { "system.health.status": state, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`system.health.${k}`, v])) };
}

function healthOf(actor: Actor.Implementation): AgentHealthPaths {
  return (actor.system as unknown as { health: AgentHealthPaths }).health;
}

/** After a sheet's own update: toggle the icons the new state shows differently, when the state changed. */
export async function iconsFollowState(actor: Actor.Implementation, before: string): Promise<void> {
  const state = healthOf(actor).status;
  if (state === before) return;
  for (const e of iconTogglesFor(state, new Set(actor.statuses ?? []))) await actor.toggleStatusEffect(statusEffectId(e.status), { active: e.on });
}

let pending: Promise<unknown> = Promise.resolve();

/** The state writes icon toggles started (the hooks cannot await them; tests can). */
export function stateSyncSettled(): Promise<unknown> {
  return pending;
}

interface EffectLike {
  parent?: unknown;
  statuses?: ReadonlySet<string> | Iterable<string>;
}

/**
 * createActiveEffect / deleteActiveEffect: every client sees it; only the user who toggled acts
 * (they own the Agent, having toggled its effect). The state to write is decided now, from the
 * state as it stands when the toggle lands, so a flow that already wrote it finds nothing to do.
 */
export function onStatusEffectToggle(effect: EffectLike, on: boolean, userId: string): void {
  if (userId !== game.user.id) return;
  const actor = effect.parent;
  if (!(actor instanceof Actor) || (actor.type as string) !== "zodiacAgent") return;
  const agent = actor as Actor.Implementation;
  const ids = [...(effect.statuses ?? [])].filter((id) => id === DEAD || id === ALMOST_DEAD);
  let state = healthOf(agent).status;
  let changed = false;
  for (const id of ids) {
    const next = stateAfterIconToggle(state, id, on, (agent.statuses ?? new Set()).has(ALMOST_DEAD));
    if (next) {
      state = next;
      changed = true;
    }
  }
  if (!changed) return;
  const write = agent.update(stateUpdate(healthOf(agent), state as AgentStatus, combatRefFor(agent)?.round ?? 0) as never);
  pending = Promise.all([pending, write.catch((err: unknown) => console.error("Fracas | zodiac: the state did not follow the status icon", err))]);
}
