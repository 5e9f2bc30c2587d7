/**
 * A landed knockout nobody resisted (DECISIONS D38). The attack card offers its target "Resist
 * knockout"; when no one clicks it, the GM's round start (descriptor.onRoundStart, after the
 * recovery prompts) posts a prompt for every knockout of this combat's earlier rounds that landed
 * on a target (as it lands now, after the target's Hero Points), whose roll is neither made nor
 * claimed, and that the GM has not taken back (an Apply undone). Whispered to the target's owners
 * and the GM; its button makes the same roll as the card's button (attack.ts resistKnockout: the
 * claim `<attackId>:knockout` and the stored record), so the two cannot both roll. Each knockout is
 * prompted once (attackResponses[attackId].knockoutPrompted); one on a target already dead,
 * incapacitated or knocked out is recorded without a prompt, as there is nobody left to resist it.
 */
import { isRuleError } from "../../../engine/errors.js";
import type { CardKind, JsonObject } from "../../../foundry/registry.js";
import { postCard } from "../../../foundry/chat/cards.js";
import { isClaimed } from "../../../foundry/claims.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { clampEase, knockoutEase, woundPenalty } from "../rules/index.js";
import { safeWoundState } from "../data/derive.js";
import { claimKey, finalAttack, responseFor, responsePath, type AttackCardResult } from "./effects.js";
import { resistKnockout } from "./attack.js";
import { bondSystem, warn } from "./notes.js";
import { gmsAndOwners } from "../../../foundry/recipients.js";
import { knockoutPromptView, type KnockoutPromptResult } from "./views.js";

interface CardSystem {
  ruleset: string;
  kind: string;
  result: JsonObject;
  targets: { uuid: string; name: string }[];
  applications: { targetUuid: string; undone: boolean }[];
}

/** What the round start does about one attack on one target. */
export type KnockoutDue = "prompt" | "record" | "none";

/**
 * Pure over the attack, the target's data and the card's applications to it: "prompt" (post and
 * record), "record" (nobody can resist any more: record only), or "none" (no knockout landed, the
 * roll is made, claimed or already prompted, or the GM undid every Apply of it on this target).
 */
export function knockoutDue(result: AttackCardResult, targetSystem: JsonObject, applications: readonly { undone: boolean }[], claimed: boolean): KnockoutDue {
  let now: AttackCardResult;
  try {
    now = finalAttack(result, targetSystem);
  } catch (e) {
    // A damaged stored result must not stop the round from starting.
    if (isRuleError(e)) return "none";
    throw e;
  }
  if (!now.success || now.knockoutEase === null) return "none";
  const response = responseFor(targetSystem, result.attackId);
  if (response.knockout || response.knockoutPrompted || claimed) return "none";
  if (applications.length > 0 && applications.every((a) => a.undone)) return "none";
  const state = safeWoundState(targetSystem.wound);
  return state.level === "KL" || state.level === "IN" || state.knockedOut ? "record" : "prompt";
}

/**
 * Can this attack's knockout ever be due? Only a hit with the Knockout blow carries a knockout EF;
 * the target's Hero Points only lower the QR (a hit may become a miss, never the reverse), so a card
 * without one never gets one, whatever its targets do later.
 */
function mayKnockOut(result: AttackCardResult): boolean {
  return result.success === true && typeof result.knockoutEase === "number";
}

/**
 * This knockout's answer is on record for good: the roll made, or the round start has prompted or
 * recorded it. Neither record is ever taken back (D32, D38), so it will not be due again.
 */
export function knockoutSettled(result: AttackCardResult, targetSystem: JsonObject): boolean {
  const response = responseFor(targetSystem, result.attackId);
  return response.knockout !== null || response.knockoutPrompted;
}

/**
 * The knockouts (attack id + target uuid) this client has found settled: a later round start does
 * not look their target up again (review-s7-perf #7). Not only the last round's cards are read: a
 * knockout stays open while nobody answers it, e.g. its Apply undone and applied again (D38), so
 * each round reads the fight's cards, but looks up only a target whose knockout may still be due.
 * Lost on a reload: the next round start then finds them settled again from the records.
 */
const settled = new Set<string>();
const settledKey = (attackId: string, targetUuid: string): string => `${attackId} ${targetUuid}`;

function isAttackCard(system: unknown, combatId: string, round: number): system is CardSystem {
  const c = system as Partial<CardSystem> | null;
  if (!c || c.ruleset !== "bond" || c.kind !== "attack" || !c.result || !Array.isArray(c.targets)) return false;
  const r = c.result as Partial<AttackCardResult>;
  return typeof r.attackId === "string" && r.combatId === combatId && typeof r.combatRound === "number" && r.combatRound < round;
}

async function bondActor(uuid: string): Promise<Actor.Implementation | null> {
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor && bondSystem(doc as Actor.Implementation) ? (doc as Actor.Implementation) : null;
}

/** The round start's knockout prompts for this combat (GM's client). */
export async function promptKnockouts(combat: Combat.Implementation, round: number): Promise<void> {
  if (!game.user.isGM) return;
  const combatId = combat.id ?? "";
  for (const message of game.messages.contents) {
    const card = message.system as unknown;
    if (!isAttackCard(card, combatId, round)) continue;
    const attack = card.result as unknown as AttackCardResult;
    if (!mayKnockOut(attack)) continue;
    for (const t of card.targets) {
      if (settled.has(settledKey(attack.attackId, t.uuid))) continue;
      const target = await bondActor(t.uuid);
      if (!target) continue;
      const system = target.system as unknown as JsonObject;
      if (knockoutSettled(attack, system)) {
        settled.add(settledKey(attack.attackId, t.uuid));
        continue;
      }
      const applications = (card.applications ?? []).filter((a) => a.targetUuid === target.uuid);
      const due = knockoutDue(attack, system, applications, isClaimed(target, claimKey(attack.attackId, "knockout")));
      if (due === "none") continue;
      if (due === "prompt") await postPrompt(target, attack, round);
      // Only the flag is written: the owner may have recorded the roll while the prompt was posted.
      await target.update({ [responsePath(attack.attackId, "knockoutPrompted")]: true } as never);
      settled.add(settledKey(attack.attackId, t.uuid));
    }
  }
}

async function postPrompt(target: Actor.Implementation, attack: AttackCardResult, round: number): Promise<void> {
  const now = finalAttack(attack, target.system as unknown as JsonObject);
  const level = safeWoundState(bondSystem(target)!.wound).level;
  const result: KnockoutPromptResult = {
    attack,
    targetUuid: target.uuid,
    targetName: target.name,
    round,
    // The EF the roll would use now (it is read again when rolled): 2 × QR less the target's wound penalty (D31).
    ease: clampEase(knockoutEase(now.qualityRating) + woundPenalty(level)),
    // Its parts, so the prompt says where the EF comes from (ux-review-s7 #2).
    qualityRating: now.qualityRating,
    woundLevel: level,
  };
  await postCard({
    ruleset: "bond",
    kind: "knockoutPrompt",
    source: target,
    result: result as unknown as JsonObject,
    targets: [],
    whisper: gmsAndOwners([target]),
    context: { card: knockoutPromptView(result) },
  });
}

/** The prompt's button: the target's owner (or the GM) makes the knockout roll, as from the attack card. */
async function resist(ctx: { message: ChatMessage.Implementation; result: JsonObject; button: HTMLElement }): Promise<void> {
  const r = ctx.result as unknown as Partial<KnockoutPromptResult>;
  if (!r.attack || typeof r.attack.attackId !== "string" || typeof r.targetUuid !== "string") return warn("FRACAS.Bond.Refused.BadCard");
  const target = await bondActor(r.targetUuid);
  if (!target) return warn("FRACAS.Bond.Refused.NoTarget");
  await resistKnockout(target, r.attack);
}

export const knockoutPromptCard: CardKind = {
  template: "bond/cards/knockout-prompt.hbs",
  applicable: false,
  effect: () => ({ refused: "FRACAS.Bond.Refused.NothingToApply" }),
  followUps: { resist },
};
