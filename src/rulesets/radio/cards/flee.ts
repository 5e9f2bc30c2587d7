/**
 * The followers' flee checks after their leader fell (seed 001: "When a group's leader falls,
 * members each make a consequence check to stop themselves from fleeing"): one card per follower,
 * one die per henchman (one for a minion).
 *
 * Two cards may offer the checks for one fall: the damage card that felled the leader (any user's
 * button) and the GM's "Leader down" card (a fall by any other way: cards/leader-fall.ts); the GM
 * may also mark a leader defeated instead of applying the damage card that would have felled it,
 * and get both. So the checks are keyed by the fall, not by the card: the leader's `fallId`
 * (effects.ts, leader-fall.ts), claimed once per follower on the leader with the core's claimRoll.
 * A claim on the leader needs its owner, so both buttons run on a GM's client (a GM follow-up; the
 * damage card's button asks the GM), and one fall gives one set of checks whichever is pressed.
 */
import { postCard } from "../../../foundry/chat/cards.js";
import { isClaimed } from "../../../foundry/claims.js";
import type { GmFollowUp } from "../../../foundry/registry.js";
import { claimRoll, requestFollowUp, warnRefused } from "../../../foundry/queries.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { combatantOf } from "../../../foundry/documents/combatant-of.js";
import { gmsAndOwners } from "../../../foundry/recipients.js";
import { fleeKey } from "../data/leader-fall.js";
import { hasFallen, rollDice } from "./flow.js";
import { followersOf } from "./followers.js";
import { currentFallId } from "./leader-fall.js";
import { fleeCardView, type FleeCardResult } from "./views.js";

const RULESET = "radio";

export interface FleeChecks {
  /** Flee cards posted. */
  posted: number;
  /** Followers whose check for this fall was already rolled (by this card or another). */
  done: number;
}

/**
 * After a leader fell: each follower whose check for this fall is still to roll rolls its
 * consequence dice; a card per follower. `message` is the card offering the checks (its targets
 * are the leaders). Runs on a GM's client. A leader that is not a minion or boss has no recorded
 * fall: its checks are keyed by the offering card, as before fall ids.
 */
export async function fleeChecks(message: ChatMessage.Implementation): Promise<FleeChecks> {
  const targets = (message.system as unknown as { targets: { uuid: string; name: string }[] }).targets ?? [];
  const out: FleeChecks = { posted: 0, done: 0 };
  for (const target of targets) {
    const leader = await lookupUuid(target.uuid);
    if (!(leader instanceof Actor)) continue;
    // Wounds, or the GM's unconscious/dead status: a leader still standing has not fallen.
    if (!hasFallen(leader)) continue;
    const fallId = (await currentFallId(leader as Actor.Implementation)) ?? message.id ?? "";
    for (const follower of followersOf(leader)) {
      const sys = follower.system as unknown as { count?: number; fled?: boolean };
      // A group or a minion already gone (fled, or a group that escaped) has no one left to run.
      const dice = sys.fled === true ? 0 : (follower.type as string) === "radioHenchmen" ? (sys.count ?? 0) : 1;
      if (dice <= 0) continue;
      const key = fleeKey(fallId, follower.uuid);
      // Read first so a second button says "already rolled" once, not once per follower; the
      // claim (through the active GM, one at a time) settles two buttons pressed at once.
      if (isClaimed(leader as Actor.Implementation, key) || !(await claimRoll(leader as Actor.Implementation, key))) {
        out.done++;
        continue;
      }
      const { roll, faces } = await rollDice(`${dice}d6`);
      const result: FleeCardResult = { leaderName: leader.name, followerName: follower.name, rolls: faces, damageMessageId: message.id ?? "", followerUuid: follower.uuid, leaderUuid: leader.uuid, fallId };
      // A card naming a hidden combatant (an ambusher Foundry's tracker hides from players) goes to
      // the GMs (and the follower's owners) only, whatever the GM's roll mode (review-s7-player #2).
      const secret = [leader, follower].some((a) => combatantOf(a)?.hidden === true);
      await postCard({
        ruleset: RULESET,
        kind: "flee",
        source: leader as Actor.Implementation,
        result: { ...result },
        rolls: [roll],
        targets: [{ uuid: follower.uuid, name: follower.name }],
        context: { view: fleeCardView(result) },
        ...(secret ? { whisper: gmsAndOwners([follower]) } : {}),
      });
      out.posted++;
    }
  }
  return out;
}

/** The follow-up's answer: done, or why nothing was rolled (all rolled already, or nobody to roll for). */
function outcome(checks: FleeChecks): { ok: true } | { ok: false; reason: string } {
  if (checks.posted > 0) return { ok: true };
  return { ok: false, reason: checks.done > 0 ? "FRACAS.Radio.Refused.FleeRolled" : "FRACAS.Radio.Refused.NoFleeChecks" };
}

/** "Roll flee checks (GM)" on the leader-down card. */
export const leaderDownFlee: GmFollowUp = {
  allowed: ({ user }) => user.isGM,
  run: async ({ message }) => outcome(await fleeChecks(message)),
};

/** The damage card's flee checks, on the GM's client: any user who sees the card may ask. */
export const damageFlee: GmFollowUp = {
  allowed: () => true,
  run: async ({ message }) => outcome(await fleeChecks(message)),
};

/** The damage card's "Roll flee checks" button (a client follow-up, also on cards posted before): asks the GM, says why when nothing was rolled. */
export async function rollFleeChecks(message: ChatMessage.Implementation): Promise<void> {
  const done = await requestFollowUp(message.id ?? "", "flee", {});
  // With no GM connected the request has said so already (an error); warnRefused does not repeat it.
  warnRefused(done);
}
