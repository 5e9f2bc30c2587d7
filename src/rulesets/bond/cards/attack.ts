/**
 * The attack card kind: Apply = the wound (accumulation chart, penalties, statuses) via
 * attackEffect; follow-ups for the target's side — spend a Hero Point (hero-points.ts: lowers an
 * NPC roll's QR), Shake Off (EF 5 Strength), the knockout Willpower roll (EF 2 × QR), each once per
 * attack and less the target's own wound penalty, and the GM's scar roll (scars.ts). The
 * once-per-attack rolls are claimed on the target (core claimRoll) right before they are rolled,
 * so two clients clicking at the same instant cannot both roll. A roll refused after its claim but
 * before any die (read again after the claim's round trip) gives the claim back (core
 * releaseClaim), so a refused click uses nothing up and the roll stays open.
 * Those write only the target actor (its owner may) and post new messages (anyone may), so the
 * target's owner runs them on their own client even when the GM posted the card. GM follow-ups
 * (run on the GM's client) cover what the clicking player may not write (a draw, draw.ts; a Hero
 * Point from another player's own character) and the Hero Points, all checked under one lock there.
 */
import { isRuleError } from "../../../engine/errors.js";
import { ruleErrorText } from "../rule-error.js";
import type { CardKind, JsonObject } from "../../../foundry/registry.js";
import { claimRoll, releaseClaim } from "../../../foundry/queries.js";
import { t } from "../../../foundry/i18n.js";
import { easeText, signed } from "../format.js";
import { SHAKE_OFF_EASE, resolveShakeOff, shakeOffEligibility, woundPenalty, type WoundLevel } from "../rules/index.js";
import { characteristicChance, readCharacteristics } from "../data/derive.js";
import { attackEffect, attackSummaryText, attackTablesInForce, claimKey, finalAttack, responseFor, responsePath, type AttackCardResult } from "./effects.js";
import { bondSystem, cardWhisper, postNote, rollDie, warn } from "./notes.js";
import { postRecovery, recoveryRefused } from "./recovery.js";
import { drawFollowUp } from "./draw.js";
import { appliedTo, cardTarget, heroPointForFollowUp, heroPointOwnFollowUp, spendHeroPoint } from "./hero-points.js";
import { addScar, dropStaleScar } from "./scars.js";

interface FollowUpContext {
  message: ChatMessage.Implementation;
  result: JsonObject;
  button: HTMLElement;
}

const targetOf = (ctx: FollowUpContext): Promise<Actor.Implementation | null> => cardTarget(ctx.message, ctx.button.dataset.targetUuid ?? "");

/** The target's owner (or the GM) answers for it; the answer is written on the target actor. */
async function targetForAnswer(ctx: FollowUpContext): Promise<Actor.Implementation | null> {
  const target = await targetOf(ctx);
  if (!target) {
    warn("FRACAS.Bond.Refused.NoTarget");
    return null;
  }
  if (!target.isOwner) {
    warn("FRACAS.Bond.Refused.NotTargetOwner", { name: target.name });
    return null;
  }
  if (appliedTo(ctx.message, target.uuid)) {
    warn("FRACAS.Bond.Refused.AlreadyApplied", { name: target.name });
    return null;
  }
  return target;
}

const resultOf = (ctx: FollowUpContext) => ctx.result as unknown as AttackCardResult;

function ruleWarning(e: unknown): void {
  if (!isRuleError(e)) throw e;
  ui.notifications?.warn(ruleErrorText(e));
}

/**
 * Shake Off as it would be rolled now, or null (warned) when it may not be: already tried, not
 * eligible (in words), or refused by the kernel whatever the die. Asked before the claim, so a
 * click that may not roll does not use the attack's one try, and again after it: the claim is a
 * round trip to the GM, during which a Hero Point may have changed the wound it shakes off.
 */
function shakeOffNow(target: Actor.Implementation, result: AttackCardResult) {
  const response = responseFor(target.system as unknown as JsonObject, result.attackId);
  if (response.shakeOff) {
    warn("FRACAS.Error.shakeOffUsed");
    return null;
  }
  const sys = bondSystem(target)!;
  const chars = readCharacteristics(sys.characteristics);
  const current = finalAttack(result, target.system as unknown as JsonObject);
  let eligibility;
  try {
    eligibility = shakeOffEligibility({ strength: chars.str, attackKind: current.attackKind, pointOrEdge: current.pointOrEdge, woundLevel: current.tableWoundLevel });
  } catch (e) {
    ruleWarning(e);
    return null;
  }
  if (!eligibility.eligible) {
    warn("FRACAS.Error.shakeOffNotAllowed", { reason: t(`FRACAS.Bond.ShakeOff.${eligibility.reason}`) });
    return null;
  }
  // The target's own wound (before this attack lands) lowers the EF, as on every task (D31).
  const input = { strength: chars.str, primaryChance: characteristicChance(chars, "str"), woundLevel: sys.woundState.level };
  try {
    resolveShakeOff(current, { ...input, roll: 1 }, attackTablesInForce());
  } catch (e) {
    ruleWarning(e);
    return null;
  }
  return { current, input };
}

/**
 * The Shake Off's EF for the note's "(Strength PC 14 × EF {ease})": the EF itself, and when the
 * roller's own wound lowered it (D31), where it comes from: "4: Shake Off's 5, −1 Light Wound"
 * (ux-review-s7 #3), so PC × EF reads as the SC it gives.
 */
function shakeOffEaseText(level: WoundLevel, ef: number): string {
  const penalty = woundPenalty(level);
  if (penalty === 0) return t("FRACAS.Bond.Note.ShakeOffEase.Plain", { ef: easeText(ef) });
  return t("FRACAS.Bond.Note.ShakeOffEase.Wounded", { base: SHAKE_OFF_EASE, penalty: signed(penalty), wound: game.i18n.localize(`FRACAS.Bond.Wound.${level}`), ef: easeText(ef) });
}

/** EF 5 Strength roll (STR 14+, H-t-H without point or edge): the wound drops two levels. */
async function shakeOff(ctx: FollowUpContext): Promise<void> {
  const target = await targetForAnswer(ctx);
  if (!target) return;
  const result = resultOf(ctx);
  if (!shakeOffNow(target, result)) return;
  const key = claimKey(result.attackId, "shakeOff");
  if (!(await claimRoll(target, key))) return;
  const now = shakeOffNow(target, result);
  if (!now) return releaseClaim(target, key);
  const { roll, total } = await rollDie("1d100");
  const input = { ...now.input, roll: total };
  let after;
  try {
    after = resolveShakeOff(now.current, input, attackTablesInForce());
  } catch (e) {
    ruleWarning(e);
    return;
  }
  await target.update({ [responsePath(result.attackId, "shakeOff")]: input } as never);
  await postNote(
    target,
    after.shakeOff?.success ? "FRACAS.Bond.Note.ShakeOffPassed" : "FRACAS.Bond.Note.ShakeOffFailed",
    {
      name: target.name,
      wound: game.i18n.localize(`FRACAS.Bond.Wound.${after.woundLevel}`),
      roll: total,
      sc: after.shakeOff?.successChance ?? 0,
      pc: input.primaryChance,
      ease: shakeOffEaseText(input.woundLevel, after.shakeOff?.easeFactor ?? 0),
    },
    [roll],
    cardWhisper(ctx.message),
  );
  await dropStaleScar(target, result, cardWhisper(ctx.message));
}

/**
 * A landed knockout: the target's Willpower roll at EF 2 × QR (less its own wound penalty), posted
 * as a recovery card and applied. One roll per attack and target, recorded like Shake Off, so a
 * failed second click cannot overturn a pass.
 */
async function knockout(ctx: FollowUpContext): Promise<void> {
  const target = await targetOf(ctx);
  if (!target) return warn("FRACAS.Bond.Refused.NoTarget");
  await resistKnockout(target, resultOf(ctx));
}

/**
 * The knockout roll itself, for the attack card's button and the round-start prompt alike
 * (knockout-prompt.ts): the same checks, the same claim (`<attackId>:knockout`) and the same
 * record, so whichever is clicked first rolls and the other is refused.
 */
export async function resistKnockout(target: Actor.Implementation, result: AttackCardResult): Promise<void> {
  if (!target.isOwner) return warn("FRACAS.Bond.Refused.NotTargetOwner", { name: target.name });
  if (!knockoutNow(target, result)) return;
  const key = claimKey(result.attackId, "knockout");
  if (!(await claimRoll(target, key))) return;
  // Read again after the claim's round trip: a Hero Point spent meanwhile lowers the QR, so the EF.
  // Refused now (no die rolled): the claim is given back, so the roll stays open (e.g. a target
  // killed by another card's Apply meanwhile may roll once that Apply is undone).
  const current = knockoutNow(target, result);
  if (!current) return releaseClaim(target, key);
  const posted = await postRecovery(target, "knockout", current.qualityRating);
  if (!posted) return;
  // Only the knockout key: the GM may have recorded the round-start prompt while the roll was made.
  await target.update({ [responsePath(result.attackId, "knockout")]: posted } as never);
}

/**
 * The knockout as it lands now, or null (warned) when no roll may be made: no knockout landed (or
 * Hero Points made it miss), the roll is made, or the kernel refuses it whatever the dice (a dead
 * target makes no roll). Asked before the claim, so a refused click claims nothing, and after it
 * (see resistKnockout), when a refusal gives the claim back.
 */
function knockoutNow(target: Actor.Implementation, result: AttackCardResult): AttackCardResult | null {
  const current = finalAttack(result, target.system as unknown as JsonObject);
  if (current.knockoutEase === null) {
    warn("FRACAS.Bond.Refused.NoKnockout");
    return null;
  }
  const response = responseFor(target.system as unknown as JsonObject, result.attackId);
  if (response.knockout) {
    warn("FRACAS.Bond.Refused.KnockoutRolled", { name: target.name });
    return null;
  }
  return recoveryRefused(target, "knockout", current.qualityRating) ? null : current;
}

/**
 * The GM's scar roll for a Medium-or-worse wound from Fire Combat, a knife or a sword: once per
 * attack and target (a wound leaves one scar at most, D36), and only while the wound as it now
 * lands on this target — after its Hero Points and Shake Off — is still one that may scar.
 */
async function scar(ctx: FollowUpContext): Promise<void> {
  if (!game.user.isGM) return warn("FRACAS.Bond.Refused.GmOnly");
  const target = await targetOf(ctx);
  if (!target) return warn("FRACAS.Bond.Refused.NoTarget");
  const result = resultOf(ctx);
  if (!scarNow(target, result)) return;
  const key = claimKey(result.attackId, "scar");
  if (!(await claimRoll(target, key))) return;
  // Read again after the claim: a Hero Point whose write was in flight when the GM clicked (the
  // claim waits for it under the target's lock) may have lowered the wound below Medium. Its own
  // D40 check found no scar to take back yet, so refuse here, and give the claim back.
  if (!scarNow(target, result)) return releaseClaim(target, key);
  await addScar(target, result.attackId, cardWhisper(ctx.message));
}

/** Whether the wound as it now lands on the target may still scar (warned when not). */
function scarNow(target: Actor.Implementation, result: AttackCardResult): boolean {
  const now = finalAttack(result, target.system as unknown as JsonObject);
  if (!now.scarPossible) warn("FRACAS.Bond.Refused.NoScar", { name: target.name, wound: t(`FRACAS.Bond.Wound.${now.woundLevel}`) });
  return now.scarPossible;
}

export const attackCard: CardKind = {
  template: "bond/cards/attack.hbs",
  effect: attackEffect,
  summaryText: attackSummaryText,
  followUps: { heroPoint: spendHeroPoint, shakeOff, knockout, scar },
  gmFollowUps: { draw: drawFollowUp, heroPointFor: heroPointForFollowUp, heroPointOwn: heroPointOwnFollowUp },
};
