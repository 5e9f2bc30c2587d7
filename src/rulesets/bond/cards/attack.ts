/**
 * The attack card kind: Apply = the wound (accumulation chart, penalties, statuses) via
 * attackEffect; follow-ups for the target's side — spend a Hero Point (lowers an NPC roll's QR),
 * Shake Off (EF 5 Strength), the knockout Willpower roll (EF 2 × QR), each once per attack and
 * less the target's own wound penalty, and the GM's scar roll. The once-per-attack rolls are
 * claimed on the target (core claimRoll) right before they are rolled, so two clients clicking at
 * the same instant cannot both roll.
 * Those write only the target actor (its owner may) and post new messages (anyone may), so the
 * target's owner runs them on their own client even when the GM posted the card. GM follow-ups
 * (run on the GM's client) cover what the clicking player may not write: a draw (draw.ts) and a
 * Hero Point from another player's own character under the "any player character" option.
 */
import * as ledger from "../../../engine/ledger.js";
import { isRuleError } from "../../../engine/errors.js";
import type { CardKind, GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { claimRoll, requestFollowUp } from "../../../foundry/queries.js";
import { isClaimed } from "../../../foundry/claims.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { activeTable } from "../../../foundry/tables.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { t } from "../../../foundry/i18n.js";
import { applyHeroPointsToResult, resolveScar, resolveShakeOff, scarLocationTable, shakeOffEligibility, type HeroPointSpenders } from "../rules/index.js";
import { characteristicChance, readCharacteristics, safePool } from "../data/derive.js";
import { attackEffect, attackTablesInForce, finalAttack, responseFor, responsePath, type AttackCardResult } from "./effects.js";
import { bondSystem, isNpc, postNote, rollDie, warn } from "./notes.js";
import { postRecovery, recoveryRefused } from "./recovery.js";
import { drawFollowUp } from "./draw.js";

interface FollowUpContext {
  message: ChatMessage.Implementation;
  result: JsonObject;
  button: HTMLElement;
}

async function targetOf(ctx: FollowUpContext): Promise<Actor.Implementation | null> {
  const uuid = ctx.button.dataset.targetUuid ?? "";
  const card = ctx.message.system as unknown as { targets: { uuid: string }[]; applications: { targetUuid: string; undone: boolean }[] };
  if (!card.targets.some((x) => x.uuid === uuid)) return null;
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor && bondSystem(doc as Actor.Implementation) ? (doc as Actor.Implementation) : null;
}

function alreadyApplied(ctx: FollowUpContext, uuid: string): boolean {
  const card = ctx.message.system as unknown as { applications: { targetUuid: string; undone: boolean }[] };
  return card.applications.some((a) => a.targetUuid === uuid && !a.undone);
}

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
  if (alreadyApplied(ctx, target.uuid)) {
    warn("FRACAS.Bond.Refused.AlreadyApplied", { name: target.name });
    return null;
  }
  return target;
}

const resultOf = (ctx: FollowUpContext) => ctx.result as unknown as AttackCardResult;

/** The once-per-attack rolls, claimed on the target before they are rolled (core claims.ts). */
export type OnceRoll = "knockout" | "shakeOff" | "scar";

/**
 * The claim key of one once-per-attack roll on one target: the attack and the roll. The stored
 * record (attackResponses) still says what was rolled; the claim only stops two clients (a GM and
 * an owner clicking at the same instant) from both rolling before either has written it.
 */
export const claimKey = (attackId: string, roll: OnceRoll): string => `${attackId}:${roll}`;

const heroPointsPath = (attackId: string): string => responsePath(attackId, "heroPoints");

/**
 * Hero Points lower the attack's QR, and the knockout roll's EF is 2 × that QR: spent after the
 * roll they could turn a knockout that was already resisted or suffered into a miss, leaving the
 * target knocked out by a blow that no longer landed. So they are spent before it (D35): once the
 * roll is made (or claimed by a click still rolling), Hero Points on this attack are refused.
 */
function knockoutRolled(target: Actor.Implementation, result: AttackCardResult, response: { knockout: unknown }): boolean {
  return response.knockout !== null || isClaimed(target, claimKey(result.attackId, "knockout"));
}

function ruleWarning(e: unknown): void {
  if (!isRuleError(e)) throw e;
  warn(`FRACAS.Error.${e.code}`, { ...e.data });
}

const whoMaySpend = (): HeroPointSpenders => (rulesetOption<string>("bond", "heroPoints", "target") === "anyPlayerCharacter" ? "anyPlayerCharacter" : "target");

function spendEntry(result: AttackCardResult, userId: string): ledger.ChangeInput {
  return { id: foundry.utils.randomID(), delta: -1, reason: `attack:${result.attackId}`, by: userId, at: Date.now() };
}

async function heroPointNote(spender: Actor.Implementation, target: Actor.Implementation, result: AttackCardResult): Promise<void> {
  const now = finalAttack(result, target.system as unknown as JsonObject);
  await postNote(spender, "FRACAS.Bond.Note.HeroPoint", {
    name: spender.name,
    target: target.name,
    quality: game.i18n.localize(`FRACAS.Bond.Quality.${now.qualityRating}`),
    wound: game.i18n.localize(`FRACAS.Bond.Wound.${now.woundLevel}`),
  });
}

/**
 * One Hero Point against an NPC's roll. The target's owner spends the target's own points here.
 * Anyone else is refused by default; under the "any player character" option their click goes to
 * the GM follow-up heroPointFor, which spends the clicking player's own character's point.
 */
async function spendHeroPoint(ctx: FollowUpContext): Promise<void> {
  const target = await targetOf(ctx);
  if (!target) return warn("FRACAS.Bond.Refused.NoTarget");
  if (!target.isOwner && whoMaySpend() === "anyPlayerCharacter") {
    const outcome = await requestFollowUp(ctx.message.id ?? "", "heroPointFor", { targetUuid: target.uuid });
    if (!outcome.ok && outcome.reason) warn(outcome.reason);
    return;
  }
  if (!(await targetForAnswer(ctx))) return;
  const result = resultOf(ctx);
  if (isNpc(target)) return warn("FRACAS.Bond.Refused.NpcHeroPoints");
  const response = responseFor(target.system as unknown as JsonObject, result.attackId);
  if (knockoutRolled(target, result, response)) return warn("FRACAS.Bond.Refused.HeroPointAfterKnockout");
  let pool: ledger.Pool;
  try {
    applyHeroPointsToResult(result, response.heroPoints + 1, { spenderIsTarget: true, whoMaySpend: whoMaySpend() }, attackTablesInForce());
    pool = ledger.change(safePool(bondSystem(target)!.heroPoints), spendEntry(result, game.user.id ?? ""));
  } catch (e) {
    return ruleWarning(e);
  }
  // Only the count is written (a dotted key into the ObjectField merges): a whole record read
  // before this write would undo a Shake Off, draw or knockout recorded meanwhile by another client.
  await target.update({ "system.==heroPoints": pool, [heroPointsPath(result.attackId)]: response.heroPoints + 1 } as never);
  await heroPointNote(target, target, result);
  await dropStaleScar(target, result);
}

/**
 * The player character a user spends for: their assigned character, else the one player
 * character they own (never the target itself). Null when there is none or the choice is unclear.
 */
export function ownCharacter(user: User.Implementation, target: Actor.Implementation): Actor.Implementation | null {
  const fits = (a: Actor.Implementation | null | undefined): a is Actor.Implementation =>
    !!a && !!bondSystem(a) && a.id !== target.id && !isNpc(a) && a.testUserPermission(user, "OWNER");
  const assigned = (user as unknown as { character?: Actor.Implementation | null }).character;
  if (fits(assigned)) return assigned;
  if (user.isGM) return null;
  const owned = game.actors.filter((a) => fits(a as Actor.Implementation)) as Actor.Implementation[];
  return owned.length === 1 ? owned[0]! : null;
}

type Outcome = { ok: true } | { ok: false; reason: string };
const refusedBy = (e: unknown): Outcome => {
  if (!isRuleError(e)) throw e;
  return { ok: false, reason: `FRACAS.Error.${e.code}` };
};

/**
 * "Any player character" may spend: a player whose character is not the target spends one of
 * their OWN character's Hero Points against the NPC's roll on another PC. The GM's client writes
 * both the spender's ledger entry and the target's record of the points spent on this attack.
 */
export const heroPointForFollowUp: GmFollowUp = {
  allowed({ result }) {
    const r = result as unknown as AttackCardResult;
    return whoMaySpend() === "anyPlayerCharacter" && r.attackerIsNpc === true && r.success === true;
  },

  async run({ user, message, result, args }): Promise<Outcome> {
    const r = result as unknown as AttackCardResult;
    const card = message.system as unknown as { targets: { uuid: string }[]; applications: { targetUuid: string; undone: boolean }[] };
    if (typeof args.targetUuid !== "string" || !card.targets.some((t) => t.uuid === args.targetUuid)) return { ok: false, reason: "FRACAS.Bond.Refused.NoTarget" };
    const doc = await lookupUuid(args.targetUuid);
    const target = doc instanceof Actor && bondSystem(doc as Actor.Implementation) ? (doc as Actor.Implementation) : null;
    if (!target) return { ok: false, reason: "FRACAS.Bond.Refused.NoTarget" };
    if (isNpc(target)) return { ok: false, reason: "FRACAS.Bond.Refused.HeroPointsForPc" };
    if (card.applications.some((a) => a.targetUuid === target.uuid && !a.undone)) return { ok: false, reason: "FRACAS.Bond.Refused.AppliedUndoFirst" };
    const spender = ownCharacter(user, target);
    if (!spender) return { ok: false, reason: "FRACAS.Bond.Refused.NoOwnCharacter" };
    const response = responseFor(target.system as unknown as JsonObject, r.attackId);
    if (knockoutRolled(target, r, response)) return { ok: false, reason: "FRACAS.Bond.Refused.HeroPointAfterKnockout" };
    const before = safePool(bondSystem(spender)!.heroPoints);
    let pool: ledger.Pool;
    try {
      applyHeroPointsToResult(r, response.heroPoints + 1, { spenderIsTarget: false, whoMaySpend: whoMaySpend() }, attackTablesInForce());
      pool = ledger.change(before, spendEntry(r, user.id ?? ""));
    } catch (e) {
      return refusedBy(e);
    }
    await spender.update({ "system.==heroPoints": pool } as never);
    try {
      await target.update({ [heroPointsPath(r.attackId)]: response.heroPoints + 1 } as never);
    } catch (e) {
      await spender.update({ "system.==heroPoints": before } as never);
      throw e;
    }
    await heroPointNote(spender, target, r);
    await dropStaleScar(target, r);
    return { ok: true };
  },
};

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

/** EF 5 Strength roll (STR 14+, H-t-H without point or edge): the wound drops two levels. */
async function shakeOff(ctx: FollowUpContext): Promise<void> {
  const target = await targetForAnswer(ctx);
  if (!target) return;
  const result = resultOf(ctx);
  if (!shakeOffNow(target, result)) return;
  if (!(await claimRoll(target, claimKey(result.attackId, "shakeOff")))) return;
  const now = shakeOffNow(target, result);
  if (!now) return;
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
    { name: target.name, wound: game.i18n.localize(`FRACAS.Bond.Wound.${after.woundLevel}`), roll: total, sc: after.shakeOff?.successChance ?? 0, ef: after.shakeOff?.easeFactor ?? 0 },
    [roll],
  );
  await dropStaleScar(target, result);
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
  if (!(await claimRoll(target, claimKey(result.attackId, "knockout")))) return;
  // Read again after the claim's round trip: a Hero Point spent meanwhile lowers the QR, so the EF.
  const current = knockoutNow(target, result);
  if (!current) return;
  const posted = await postRecovery(target, "knockout", current.qualityRating);
  if (!posted) return;
  // Only the knockout key: the GM may have recorded the round-start prompt while the roll was made.
  await target.update({ [responsePath(result.attackId, "knockout")]: posted } as never);
}

/**
 * The knockout as it lands now, or null (warned) when no roll may be made: no knockout landed (or
 * Hero Points made it miss), the roll is made, or the kernel refuses it whatever the dice (a dead
 * target makes no roll). Asked before the claim, so a refused click spends nothing (the claim
 * cannot be given back), and after it (see resistKnockout).
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
  const now = finalAttack(result, target.system as unknown as JsonObject);
  if (!now.scarPossible) return warn("FRACAS.Bond.Refused.NoScar", { name: target.name, wound: t(`FRACAS.Bond.Wound.${now.woundLevel}`) });
  if (!(await claimRoll(target, claimKey(result.attackId, "scar")))) return;
  await addScar(target, result.attackId);
}

/**
 * Rolls the Scar Location Chart and records the scar (+20 Fame if visible), with the attack it
 * was rolled for ("" from the sheet's own button), so that a wound lowered afterwards can take it back.
 */
export async function addScar(actor: Actor.Implementation, attackId = ""): Promise<void> {
  const sys = bondSystem(actor);
  if (!sys) return;
  const { roll, total } = await rollDie("1d10");
  const s = resolveScar(total, activeTable(scarLocationTable));
  await actor.update({ "system.scars": [...sys.scars, { ...s, attackId }], "system.fame": Math.min(99999, sys.fame + s.fame) } as never);
  await postNote(actor, s.visible ? "FRACAS.Bond.Note.ScarVisible" : "FRACAS.Bond.Note.Scar", {
    name: actor.name,
    location: game.i18n.localize(`FRACAS.Bond.Scar.${s.location}`),
    fame: s.fame,
  }, [roll]);
}

/**
 * D40: a scar rolled for this attack while its wound could scar goes again when the wound as it
 * now lands on the target — after Hero Points spent since, or a Shake Off — no longer may scar
 * (`scarPossible`: below Medium). Removed at once, with the Fame it gave, and a chat note says so,
 * so the GM need not notice and undo it by hand. Scars from the sheet's button (no attack) stay.
 */
export async function dropStaleScar(target: Actor.Implementation, result: AttackCardResult): Promise<void> {
  const sys = bondSystem(target);
  if (!sys) return;
  const stale = sys.scars.filter((s) => s.attackId === result.attackId && result.attackId !== "");
  if (stale.length === 0) return;
  const now = finalAttack(result, target.system as unknown as JsonObject);
  if (now.scarPossible) return;
  const fame = stale.reduce((n, s) => n + s.fame, 0);
  await target.update({ "system.scars": sys.scars.filter((s) => !stale.includes(s)), "system.fame": Math.max(0, sys.fame - fame) } as never);
  for (const s of stale) {
    await postNote(target, s.fame > 0 ? "FRACAS.Bond.Note.ScarRemovedVisible" : "FRACAS.Bond.Note.ScarRemoved", {
      name: target.name,
      wound: game.i18n.localize(`FRACAS.Bond.Wound.${now.woundLevel}`),
      location: game.i18n.localize(`FRACAS.Bond.Scar.${s.location}`),
      fame: s.fame,
    });
  }
}

export const attackCard: CardKind = {
  template: "bond/cards/attack.hbs",
  effect: attackEffect,
  followUps: { heroPoint: spendHeroPoint, shakeOff, knockout, scar },
  gmFollowUps: { draw: drawFollowUp, heroPointFor: heroPointForFollowUp },
};
