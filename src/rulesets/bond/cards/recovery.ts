/**
 * The recovery card kind: a Stun roll (EF 8), a wound's Willpower roll (LW 7, MW 5, HW 3) or the
 * Willpower roll against a knockout (EF 2 × QR). The card stores the inputs; Apply re-runs the
 * kernel on the character's wound state. Posted by the character's owner and applied at once; an
 * Apply that fails leaves the roll held by its card, to be applied, not rolled again (D66).
 */
import type { CardKind, JsonObject } from "../../../foundry/registry.js";
import { postCard } from "../../../foundry/chat/cards.js";
import { applyCardNow } from "../../../foundry/chat/apply-now.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { isRuleError } from "../../../engine/errors.js";
import { ruleErrorText } from "../rule-error.js";
import { characteristicChance, readCharacteristics, safeWoundState } from "../data/derive.js";
import { recoveryEffect, resolveRecoveryCard, type RecoveryCardResult, type RecoveryKind } from "./effects.js";
import { recoveryCardView } from "./views.js";
import { bondSystem, rollDie, warn } from "./notes.js";
import { t } from "../../../foundry/i18n.js";
import { startedCombatOf } from "../../../foundry/documents/combatant-of.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { claimRoll, releaseClaim } from "../../../foundry/queries.js";
import { applyFailedUpdate, heldRollCard, isAppliedTo, recoveryClaimKey, rollCardUpdate, rollsMade } from "./recovery-count.js";

export { recoveryClaimKey } from "./recovery-count.js";

/** Actor flag: the combat round of the last wound recovery roll (D18: one try per round in a fight). */
const WOUND_TRY_FLAG = "bondWoundTry";

function woundTriedThisRound(actor: Actor.Implementation, combat: Combat.Implementation | null): boolean {
  if (!combat) return false;
  const tried = actor.getFlag("fracas" as never, WOUND_TRY_FLAG as never) as { combat?: unknown; round?: unknown } | undefined;
  return !!tried && tried.combat === combat.id && tried.round === combat.round;
}

/** A recovery roll that was made: its card and whether it passed. */
export interface PostedRecovery {
  messageId: string;
  success: boolean;
}

/** The card's stored inputs for this roll, from the character's data and the dice. */
function recoveryInput(actor: Actor.Implementation, which: RecoveryKind, attackQualityRating: number, d100: number, d6: number): RecoveryCardResult {
  const sys = bondSystem(actor)!;
  const chars = readCharacteristics(sys.characteristics);
  const state = safeWoundState(sys.wound);
  // A Stun roll made in the round its Stun landed in: the D6 rounds start with the next round (D39).
  const fight = which === "stun" ? startedCombatOf(actor) : null;
  const landed = sys.stunLanded;
  const stunLandedThisRound = !!fight && landed.combat !== "" && landed.combat === fight.id && landed.round === fight.round;
  const characteristic = which === "stun" && state.stunCharacteristic === "strength" ? "str" : "wil";
  return {
    which,
    primaryChance: characteristicChance(chars, characteristic),
    roll: d100,
    durationRoll: d6,
    woundPenaltyApplies: rulesetOption("bond", "woundPenaltyApplies", false),
    attackQualityRating,
    actorName: actor.name,
    characteristic,
    ...(which === "stun" ? { stunLandedThisRound } : {}),
  };
}

/**
 * Whether the kernel refuses this roll now, whatever the dice fall (e.g. a dead character makes no
 * knockout roll); warned. A once-only roll asks this before it is claimed, so a refused click
 * claims nothing, and again after the claim, when a refusal gives the claim back (core releaseClaim).
 */
export function recoveryRefused(actor: Actor.Implementation, which: RecoveryKind, attackQualityRating = 1): boolean {
  const sys = bondSystem(actor);
  if (!sys) return true;
  try {
    resolveRecoveryCard(recoveryInput(actor, which, attackQualityRating, 1, 1), safeWoundState(sys.wound));
    return false;
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorText(e));
    return true;
  }
}

/** Whether a wound's Willpower roll was already tried this round of the character's fight (D18); warned. */
function refusedTriedThisRound(actor: Actor.Implementation, which: RecoveryKind): boolean {
  // A helpless character retries a wound's Willpower roll once per round of a fight (DECISIONS D18).
  if (which !== "wound" || !woundTriedThisRound(actor, startedCombatOf(actor))) return false;
  warn("FRACAS.Bond.Refused.TriedThisRound", { name: actor.name });
  return true;
}

/** Rolls, posts and applies a recovery roll; null when refused (warned) or nothing was posted. */
export async function postRecovery(actor: Actor.Implementation, which: RecoveryKind, attackQualityRating = 1): Promise<PostedRecovery | null> {
  const sys = bondSystem(actor);
  if (!sys) return null;
  if (refusedTriedThisRound(actor, which)) return null;
  const combat = which === "wound" ? startedCombatOf(actor) : null;
  // The count this roll's claim key named (recoverClaimed): its card's Apply moves the count past it.
  const made = which === "knockout" ? null : rollsMade(actor, which);
  const d100 = await rollDie("1d100");
  const d6 = await rollDie("1d6");
  const result: RecoveryCardResult = { ...recoveryInput(actor, which, attackQualityRating, d100.total, d6.total), ...(made === null ? {} : { rollCount: made }) };
  const state = safeWoundState(bondSystem(actor)!.wound);
  let change;
  try {
    change = resolveRecoveryCard(result, state);
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorText(e));
    return null;
  }
  const message = await postCard({
    ruleset: "bond",
    kind: "recovery",
    source: actor,
    result: result as unknown as JsonObject,
    // The d6 counts only when a Stun roll fails (rounds without action): then it is shown too.
    rolls: which === "stun" && !change.check.success ? [d100.roll, d6.roll] : [d100.roll],
    targets: [{ uuid: actor.uuid, name: actor.name }],
    context: { card: recoveryCardView(result, change.check, change.state, state) },
  });
  if (!message?.id) return null;
  // Before the Apply, in one write: D18's once-a-round mark (it only refuses, so the sooner every
  // client sees it the better) and the card that holds this roll (recovery-count.ts).
  const marks: Record<string, unknown> = {
    ...(combat ? { [`flags.fracas.${WOUND_TRY_FLAG}`]: { combat: combat.id ?? "", round: combat.round ?? 0 } } : {}),
    ...(which === "knockout" || made === null ? {} : rollCardUpdate(actor, which, made, message.id)),
  };
  if (Object.keys(marks).length > 0) await actor.update(marks as never);
  if (which === "knockout") await applyCardNow(message, actor);
  else await applyRollCard(actor, which, message);
  return { messageId: message.id, success: change.check.success };
}

/**
 * Applies the card of a Stun or wound roll; true once its result is on the character. An Apply
 * that fails outright (refused, the GM's client timed out, a write refused) leaves the roll made
 * and claimed, and its count where it was: the card is marked as held (its Apply failed), and the
 * user is told that the card's Apply, or the roll's button, applies that same result. A timed-out
 * Apply may still land on the GM's client: then the count moves with it and nothing is held.
 */
async function applyRollCard(actor: Actor.Implementation, which: "stun" | "wound", message: ChatMessage.Implementation): Promise<boolean> {
  let applied = false;
  try {
    applied = await applyCardNow(message, actor);
  } catch (err) {
    console.error("Fracas | bond: a recovery roll's card could not be applied", err);
  }
  if (applied || isAppliedTo(message, actor)) return true;
  try {
    const count = (message.system as unknown as { result?: { rollCount?: unknown } }).result?.rollCount;
    if (typeof count === "number") await actor.update(applyFailedUpdate(which, count) as never);
  } catch (err) {
    // Unmarked, the roll's button says "already made" until the card's own Apply is pressed.
    console.error("Fracas | bond: a recovery roll's failed Apply could not be recorded", err);
  }
  warn("FRACAS.Bond.Recovery.NotApplied", { name: actor.name });
  return false;
}

/**
 * A Roll button's recovery roll (the sheet's or a round-start prompt's): ignored (false) while the
 * same roll of the same character is being made on this client, so a double click rolls once
 * (session 8, "hard to break"). Only the buttons go through it: a knockout roll is claimed on the
 * target (attack.ts), and must not be skipped after its claim because another roll is under way.
 */
export function recoverOnce(actor: Actor.Implementation, which: "stun" | "wound"): Promise<boolean> {
  // Claimed as the prompt's Roll is (D66): the owner on the sheet and the GM on the prompt at once roll once.
  return recoverClaimed(actor, which);
}

/**
 * The in-flight key of a recovery Roll on this client: the character and the roll (the sheet's
 * button and a prompt's share it). The user is in it because a client has one user: in a browser it
 * changes nothing, and where clients share one process (the test world) each keeps its own.
 */
function busyKey(actor: Actor.Implementation, which: RecoveryKind): string {
  return `bond.recover:${game.user.id ?? ""}:${actor.uuid}:${which}`;
}

export const recoveryCard: CardKind = {
  template: "bond/cards/recovery.hbs",
  effect: recoveryEffect,
};

/**
 * A Stun or wound recovery Roll, on a round-start prompt (round-start.ts) or on the sheet. The
 * prompt is whispered to the owners and the GM and the sheet is open to both, so two clients may
 * press at the same instant; both would pass the checks above (the D18 flag and the wound state are
 * written after the roll) and both roll. So the roll is claimed first on the character (core
 * claimRoll, checked and written on the active GM's client, as the knockout and Shake Off are): one
 * client rolls, the other is told it was already rolled. The key names the character's next roll
 * of that kind (`recoveryClaimKey`), so the sheet's and the prompt's buttons claim the same one. A
 * click refused whatever the dice (tried this round, no roll due) claims nothing; one refused after
 * its claim (the state changed during the claim's round trip), or whose card was not posted, gives
 * the claim back. A double click on one client is still one submit (the busy key). A roll made whose
 * Apply failed (or was undone) is held by its card (recovery-count.ts): the button applies that card,
 * the same result, and neither claims nor rolls (session 10).
 */
export function recoverClaimed(actor: Actor.Implementation, which: "stun" | "wound"): Promise<boolean> {
  return oneSubmitAtATime(busyKey(actor, which), async () => {
    // A roll already made whose Apply failed (or was undone): its card's result, not a new roll.
    // Not a new try either, so D18's once-a-round check does not refuse it.
    const held = heldRollCard(actor, which);
    if (held) {
      if (!recoveryRefused(actor, which) && (await applyRollCard(actor, which, held))) ui.notifications?.info(t("FRACAS.Bond.Recovery.HeldApplied", { name: actor.name }));
      return;
    }
    if (refusedTriedThisRound(actor, which) || recoveryRefused(actor, which)) return;
    const key = recoveryClaimKey(actor, which);
    if (!(await claimRoll(actor, key))) return;
    if (refusedTriedThisRound(actor, which) || recoveryRefused(actor, which)) return releaseClaim(actor, key);
    if (!(await postRecovery(actor, which))) await releaseClaim(actor, key);
  });
}
