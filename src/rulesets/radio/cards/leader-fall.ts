/**
 * A leader who falls other than by a damage card (the GM edits the wounds, toggles the unconscious
 * or dead status, or marks the token defeated) still brings the followers' flee checks (seed 001:
 * "When a group's leader falls, members each make a consequence check"). On the active GM's client,
 * after each actor update and each status change (hooks the descriptor module registers), a leader
 * that has fallen and whose fall is not yet noted gets ONE whispered "leader down" card with the
 * flee-check button (GM only), and its `fallNoted` and `fallId` are set; standing again clears
 * them. The damage card that fells a leader offers the checks itself and notes the fall in the same
 * write (effects.ts), so that fall is not prompted twice. A fall while no follower may flee in a
 * started radio fight is noted without a card: a fight that starts later does not prompt for it.
 */
import { postCard } from "../../../foundry/chat/cards.js";
import type { Sys } from "../data/state.js";
import { cleanFallId, fallAction, leaderFallen } from "../data/leader-fall.js";
import { isCombatantOf } from "../../../foundry/documents/combatant-of.js";
import { followersOf } from "./followers.js";
import { json } from "./messages.js";
import { leaderDownView, type LeaderDownResult } from "./views.js";
import { isActiveGM } from "../../../foundry/active-gm.js";
import { backgroundWork } from "../../../foundry/background-work.js";

const RULESET = "radio";


/** A follower that could still run: a henchmen group with someone left, neither having fled (or escaped) already. */
function canFlee(follower: Actor.Implementation): boolean {
  const sys = follower.system as unknown as { count?: number; fled?: boolean };
  if (sys.fled === true) return false;
  return (follower.type as string) === "radioHenchmen" ? (sys.count ?? 0) > 0 : true;
}

/** Whether the actor fights in a started radio combat (the flee checks matter there). */
function inRadioFight(actor: Actor.Implementation): boolean {
  return game.combats.some(
    (c) => (c.system as unknown as { ruleset?: string }).ruleset === RULESET && c.started && c.combatants.some((x) => isCombatantOf(x, actor)),
  );
}

/**
 * Checks one actor: notes a fall not yet noted (with a new fall id), and posts the leader-down
 * card for it when a follower in a started radio fight may still flee; or clears the note once it
 * stands again. Returns the card posted, if any.
 */
export async function checkLeaderFall(leader: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  if (!isActiveGM() || (leader.type as string) !== "radioOpponent") return undefined;
  const system = leader.system as unknown as Sys;
  const fallen = leaderFallen(leader.type, system, [...(leader.statuses ?? [])]);
  const noted = system.fallNoted === true;
  const followers = fallen && !noted ? followersOf(leader).filter(canFlee) : [];
  const action = fallAction({ fallen, noted, canFlee: followers.length > 0 && [leader, ...followers].some(inRadioFight) });
  if (action === "reset") {
    await leader.update({ "system.fallNoted": false, "system.fallId": "" } as never);
    return undefined;
  }
  if (action === null) return undefined;
  // Noted first: the card is then posted once even if another update arrives meanwhile.
  await leader.update({ "system.fallNoted": true, "system.fallId": foundry.utils.randomID() } as never);
  if (action === "note") return undefined;
  const result: LeaderDownResult = { leaderUuid: leader.uuid, leaderName: leader.name, followers: followers.map((f) => f.name) };
  return postCard({
    ruleset: RULESET,
    kind: "leaderDown",
    source: leader,
    result: json(result),
    targets: [{ uuid: leader.uuid, name: leader.name }],
    whisper: game.users.filter((u) => u.isGM).map((u) => u.id ?? ""),
    context: { view: leaderDownView(result) },
  });
}

/**
 * The id of a fallen leader's current fall, by which its followers' flee checks are claimed
 * (cards/flee.ts); null for a leader standing, or one that is not a minion or boss (no fall is
 * recorded on a henchmen group). A fall with no id yet (the check has not run, or a damage card
 * posted before fall ids noted it) is given one now, so every card offering the checks names the
 * same fall. A GM's client (a player cannot write the leader), after the checks queued there.
 */
async function fallIdOf(leader: Actor.Implementation): Promise<string | null> {
  if ((leader.type as string) !== "radioOpponent") return null;
  const system = leader.system as unknown as Sys;
  if (!leaderFallen(leader.type, system, [...(leader.statuses ?? [])])) return null;
  const id = cleanFallId(system.fallId);
  if (system.fallNoted === true && id !== "") return id;
  const next = foundry.utils.randomID();
  await leader.update({ "system.fallNoted": true, "system.fallId": next } as never);
  return next;
}

/** The tail of the queue (never rejects); `work` logs each check's failure and lets tests wait. */
let checking: Promise<unknown> = Promise.resolve();
const work = backgroundWork("radio: leader-fall check");

/** Runs after the checks queued before it, one at a time (an Apply writes the actor, then its statuses): each reads the actor afresh. */
function queued<T>(task: () => Promise<T>): Promise<T> {
  const run = checking.then(task);
  checking = run.catch(() => undefined);
  work.add(run);
  return run;
}

export function queueLeaderFallCheck(leader: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  return queued(() => checkLeaderFall(leader));
}

/** The leader's current fall id (fallIdOf), in the same queue as the fall checks. */
export function currentFallId(leader: Actor.Implementation): Promise<string | null> {
  return queued(() => fallIdOf(leader));
}

/** The checks the last updates started (the hooks cannot await them; tests and macros can). */
export function leaderFallSettled(): Promise<unknown> {
  return work.settled();
}

/**
 * The updateActor, createActiveEffect and deleteActiveEffect hooks: every client sees them; only
 * the active GM checks. An update that writes `fallNoted` itself (a damage card's Apply or Undo,
 * or this check's own note) is the fall's bookkeeping, not a new fall: the statuses an Undo then
 * removes would otherwise look like a fall for a moment.
 */
export function onLeaderChange(actor: unknown, changed?: object): void {
  if (!isActiveGM() || !(actor instanceof Actor) || (actor.type as string) !== "radioOpponent") return;
  if (changed && foundry.utils.getProperty(changed, "system.fallNoted") !== undefined) return;
  void queueLeaderFallCheck(actor as Actor.Implementation).catch(() => undefined);
}
