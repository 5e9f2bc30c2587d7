/**
 * An Agent's state (Healthy / Almost Dead / Dead) and their token's status icons agree both ways.
 *
 * - A sheet edit of the state toggles the icons after its own update (the sheet's
 *   _processSubmitData), only those that differ.
 * - An icon toggled by hand (token HUD, the tracker's defeated skull) sets the state, on the client
 *   of the user who toggled, only when the state does not already say so. Every flow that writes
 *   the state itself (Apply/Undo, the Setback spends and their Undo and rollback, the sheet) writes
 *   it *before* toggling the icons, so their toggles find the state already agreeing and write
 *   nothing: no race. (The core Apply's and Undo's rollbacks still toggle first; see below.)
 *
 * The per-toggle rule (not "recompute from all icons") is what keeps that true while a flow is
 * half-way through its toggles: going Almost Dead → Dead, Apply turns Dead on before Almost Dead
 * off, and at no step does a toggle contradict the state it already wrote.
 *
 * An icon never makes an Agent Healthy while the Wagers against them stand at their Rank (seed:
 * "once an Agent has Wagers equal or greater than his Rank he is considered Almost Dead"): the
 * tracker's skull taken off an Agent the Rank killed leaves them Almost Dead, and the Almost Dead
 * icon taken off such an Agent changes nothing; either way the toggling user is told why, and
 * their client then puts the Almost Dead icon back (after the state write), so the token and the
 * tracker never show nothing while the record says Almost Dead (DECISIONS, "held at Rank"). This
 * also keeps a rollback that toggles icons before restoring the state (the core Apply's) from
 * writing Healthy at Rank for a moment.
 */
import { setStatuses } from "../../../foundry/status-toggles.js";
import { statusEffectId, type StatusEvent } from "../../../engine/events.js";
import { statusesOf } from "../rules/health.js";
import type { AgentStatus } from "../rules/index.js";
import { healthAfterHandEdit, type AgentHealthPaths } from "./hand-edit.js";
import { withFightOfSince } from "../cards/duel-round.js";
import { combatRefFor } from "../cards/flow.js";
import { agentRank } from "../cards/agent-cancel.js";
import { pluralKey, t } from "../../../foundry/i18n.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { backgroundWork } from "../../../foundry/background-work.js";

const ALMOST_DEAD = statusEffectId("almostDead");
const DEAD = statusEffectId("dead");
/** The icons the Agent's state shows, in the kernel's status order. */
const STATE_ICONS = [
  { status: "dead", id: DEAD },
  { status: "almostDead", id: ALMOST_DEAD },
] as const;

/**
 * The state one icon toggle means, or null when the stored state already agrees (or the Rank
 * forbids it). `atRank`: the Wagers against the Agent stand at or past their Rank.
 * - Dead on → Dead. Dead off, on a Dead Agent → Almost Dead if that icon is still shown or the
 *   Agent is at Rank, else Healthy.
 * - Almost Dead on, on a Healthy Agent → Almost Dead (on a Dead one, Dead outranks it: no change).
 *   Almost Dead off, on an Almost Dead Agent → Healthy, unless at Rank (no change).
 */
export function stateAfterIconToggle(stored: string, statusId: string, on: boolean, almostDeadIconShown: boolean, atRank: boolean): AgentStatus | null {
  if (statusId === DEAD) {
    if (on) return stored === "dead" ? null : "dead";
    return stored === "dead" ? (almostDeadIconShown || atRank ? "almostDead" : "healthy") : null;
  }
  if (statusId === ALMOST_DEAD) {
    if (on) return stored === "healthy" ? "almostDead" : null;
    return stored === "almostDead" && !atRank ? "healthy" : null;
  }
  return null;
}

/** The toggle alone would have made the Agent Healthy, but the Wagers at their Rank keep them Almost Dead. */
export function heldAtRank(stored: string, statusId: string, on: boolean, almostDeadIconShown: boolean, atRank: boolean): boolean {
  return atRank && stateAfterIconToggle(stored, statusId, on, almostDeadIconShown, false) === "healthy";
}

/** The icon toggles that make an Agent's icons show `state`, given the status ids they carry. */
export function iconTogglesFor(state: string, have: ReadonlySet<string>): StatusEvent[] {
  const want = new Set<string>(statusesOf(state as AgentStatus));
  return STATE_ICONS.filter((i) => have.has(i.id) !== want.has(i.status)).map((i) => ({ status: i.status, on: want.has(i.status) }));
}

/**
 * The update that sets `state` as a hand edit would (hand-edit.ts: Almost Dead gets its round),
 * except back from Dead to an Almost Dead the record already dates: that round and cause stand
 * (the skull taken off by mistake must not push the killing Wager's earliest round later).
 */
export function stateUpdate(stored: AgentHealthPaths, state: AgentStatus, round: number, combatId: string | null = null): Record<string, unknown> {
  if (stored.status === "dead" && state === "almostDead" && stored.almostDeadSince !== null) return { "system.health.status": state };
  // The round written is counted in this fight (duel-round.ts), as a sheet edit's.
  const edit = healthAfterHandEdit(stored, state, round);
  const extra = edit ? withFightOfSince(edit, combatId) : {};
  return { "system.health.status": state, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`system.health.${k}`, v])) };
}

function healthOf(actor: Actor.Implementation): AgentHealthPaths & { wagersAgainst: number } {
  return (actor.system as unknown as { health: AgentHealthPaths & { wagersAgainst: number } }).health;
}

/** Toggles the icons that differ from the Agent's state as it stands now (none when they agree). */
async function showState(actor: Actor.Implementation): Promise<void> {
  await setStatuses(actor, iconTogglesFor(healthOf(actor).status, new Set(actor.statuses ?? [])));
}

/** After a sheet's own update: toggle the icons the new state shows differently, when the state changed. */
export async function iconsFollowState(actor: Actor.Implementation, before: string): Promise<void> {
  if (healthOf(actor).status === before) return;
  await showState(actor);
}

/** The state writes icon toggles started (the hooks cannot await them; a failure is logged). */
const work = backgroundWork("zodiac: the state following a status icon");

/** Settles once every state write started so far has (tests wait on it). */
export function stateSyncSettled(): Promise<unknown> {
  return work.settled();
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
  const wagers = Number(healthOf(agent).wagersAgainst ?? 0);
  const rank = agentRank(agent.system as unknown as JsonObject);
  const atRank = wagers >= rank;
  let state = healthOf(agent).status;
  let changed = false;
  let held = false;
  for (const id of ids) {
    const shown = (agent.statuses ?? new Set()).has(ALMOST_DEAD);
    held ||= heldAtRank(state, id, on, shown, atRank);
    const next = stateAfterIconToggle(state, id, on, shown, atRank);
    if (next) {
      state = next;
      changed = true;
    }
  }
  if (held) ui.notifications?.warn(t(pluralKey("FRACAS.Zodiac.Sync.HeldAtRank", wagers), { name: agent.name, wagers, rank }));
  if (!changed && !held) return;
  const fight = combatRefFor(agent);
  const write = changed ? agent.update(stateUpdate(healthOf(agent), state as AgentStatus, fight?.round ?? 0, fight?.id ?? null) as never) : Promise.resolve();
  // Held at Rank, the record stays (or turns) Almost Dead: put its icon back, after the state write,
  // so token, tracker and sheet agree. The icons follow the state as it stands then (re-read), and
  // that state already says Almost Dead, so the toggle's own hook writes nothing: no loop.
  const done = write.then(() => (held ? showState(agent) : undefined));
  work.add(done);
}

/**
 * An Other Agent's Dead icon after a sheet's own update changed their status (hand-edit.ts: the
 * status follows the Wagers against Rank), as a strike's Apply toggles it. Other Agents' icons do
 * not write their status back (onStatusEffectToggle is for Agents), so there is no loop.
 */
export async function deadIconFollows(actor: Actor.Implementation, before: string): Promise<void> {
  const status = (actor.system as unknown as { status?: string }).status;
  if (status === before) return;
  const on = status === "dead";
  if ((actor.statuses ?? new Set()).has(DEAD) !== on) await actor.toggleStatusEffect(DEAD, { active: on });
}
