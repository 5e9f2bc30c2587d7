/**
 * The attack card kind: Apply = the wound (accumulation chart, penalties, statuses) via
 * attackEffect; follow-ups for the target's side — spend a Hero Point (lowers an NPC roll's QR),
 * Shake Off (EF 5 Strength), the knockout Willpower roll (EF 2 × QR), and the GM's scar roll.
 */
import * as ledger from "../../../engine/ledger.js";
import { isRuleError } from "../../../engine/errors.js";
import type { CardKind, JsonObject } from "../../../foundry/registry.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { activeTable } from "../../../foundry/tables.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { applyHeroPointsToResult, resolveScar, resolveShakeOff, scarLocationTable, type HeroPointSpenders } from "../rules/index.js";
import { characteristicChance, readCharacteristics, safePool } from "../data/derive.js";
import { attackEffect, attackTablesInForce, finalAttack, responseFor, type AttackCardResult } from "./effects.js";
import { bondSystem, isNpc, postNote, rollDie, warn } from "./notes.js";
import { postRecovery } from "./recovery.js";

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

function ruleWarning(e: unknown): void {
  if (!isRuleError(e)) throw e;
  warn(`FRACAS.Error.${e.code}`, { ...e.data });
}

/** One Hero Point against an NPC's roll. Default: only the target spends (option: any PC, via its owner or the GM). */
async function spendHeroPoint(ctx: FollowUpContext): Promise<void> {
  const target = await targetForAnswer(ctx);
  if (!target) return;
  const result = resultOf(ctx);
  const whoMaySpend = rulesetOption<string>("bond", "heroPoints", "target") as HeroPointSpenders;
  // The spender is the target unless the option lets this user's own player character spend.
  const own = game.user.character as Actor.Implementation | null;
  const spender = whoMaySpend === "anyPlayerCharacter" && own && bondSystem(own) && own.id !== target.id && !isNpc(own) ? own : target;
  if (isNpc(spender)) {
    warn("FRACAS.Bond.Refused.NpcHeroPoints");
    return;
  }
  const response = responseFor(target.system as unknown as JsonObject, result.attackId);
  try {
    applyHeroPointsToResult(result, response.heroPoints + 1, { spenderIsTarget: spender === target, whoMaySpend }, attackTablesInForce());
  } catch (e) {
    ruleWarning(e);
    return;
  }
  let pool: ledger.Pool;
  try {
    pool = ledger.change(safePool(bondSystem(spender)!.heroPoints), {
      id: foundry.utils.randomID(),
      delta: -1,
      reason: `attack:${result.attackId}`,
      by: game.user.id ?? "",
      at: Date.now(),
    });
  } catch (e) {
    ruleWarning(e);
    return;
  }
  const answer = { [`system.attackResponses.${result.attackId}`]: { ...response, heroPoints: response.heroPoints + 1 } };
  if (spender === target) await target.update({ "system.heroPoints": pool, ...answer } as never);
  else {
    await spender.update({ "system.heroPoints": pool } as never);
    await target.update(answer as never);
  }
  const now = finalAttack(result, target.system as unknown as JsonObject);
  await postNote(spender, "FRACAS.Bond.Note.HeroPoint", {
    name: spender.name,
    target: target.name,
    quality: game.i18n.localize(`FRACAS.Bond.Quality.${now.qualityRating}`),
    wound: game.i18n.localize(`FRACAS.Bond.Wound.${now.woundLevel}`),
  });
}

/** EF 5 Strength roll (STR 14+, H-t-H without point or edge): the wound drops two levels. */
async function shakeOff(ctx: FollowUpContext): Promise<void> {
  const target = await targetForAnswer(ctx);
  if (!target) return;
  const result = resultOf(ctx);
  const response = responseFor(target.system as unknown as JsonObject, result.attackId);
  if (response.shakeOff) {
    warn("FRACAS.Error.shakeOffUsed");
    return;
  }
  const chars = readCharacteristics(bondSystem(target)!.characteristics);
  const current = finalAttack(result, target.system as unknown as JsonObject);
  const { roll, total } = await rollDie("1d100");
  const input = { strength: chars.str, primaryChance: characteristicChance(chars, "str"), roll: total };
  let after;
  try {
    after = resolveShakeOff(current, input, attackTablesInForce());
  } catch (e) {
    ruleWarning(e);
    return;
  }
  await target.update({ [`system.attackResponses.${result.attackId}`]: { ...response, shakeOff: input } } as never);
  await postNote(
    target,
    after.shakeOff?.success ? "FRACAS.Bond.Note.ShakeOffPassed" : "FRACAS.Bond.Note.ShakeOffFailed",
    { name: target.name, wound: game.i18n.localize(`FRACAS.Bond.Wound.${after.woundLevel}`), roll: total },
    [roll],
  );
}

/** A landed knockout: the target's Willpower roll at EF 2 × QR, posted as a recovery card and applied. */
async function knockout(ctx: FollowUpContext): Promise<void> {
  const target = await targetOf(ctx);
  if (!target) return warn("FRACAS.Bond.Refused.NoTarget");
  if (!target.isOwner) return warn("FRACAS.Bond.Refused.NotTargetOwner", { name: target.name });
  const current = finalAttack(resultOf(ctx), target.system as unknown as JsonObject);
  if (current.knockoutEase === null) return warn("FRACAS.Bond.Refused.NoKnockout");
  await postRecovery(target, "knockout", current.qualityRating);
}

/** The GM's scar roll for a Medium-or-worse wound from Fire Combat, a knife or a sword. */
async function scar(ctx: FollowUpContext): Promise<void> {
  if (!game.user.isGM) return warn("FRACAS.Bond.Refused.GmOnly");
  const target = await targetOf(ctx);
  if (!target) return warn("FRACAS.Bond.Refused.NoTarget");
  await addScar(target);
}

/** Rolls the Scar Location Chart and records the scar (+20 Fame if visible). */
export async function addScar(actor: Actor.Implementation): Promise<void> {
  const sys = bondSystem(actor);
  if (!sys) return;
  const { roll, total } = await rollDie("1d10");
  const s = resolveScar(total, activeTable(scarLocationTable));
  await actor.update({ "system.scars": [...sys.scars, s], "system.fame": Math.min(99999, sys.fame + s.fame) } as never);
  await postNote(actor, s.visible ? "FRACAS.Bond.Note.ScarVisible" : "FRACAS.Bond.Note.Scar", {
    name: actor.name,
    location: game.i18n.localize(`FRACAS.Bond.Scar.${s.location}`),
    fame: s.fame,
  }, [roll]);
}

export const attackCard: CardKind = {
  template: "bond/cards/attack.hbs",
  effect: attackEffect,
  followUps: { heroPoint: spendHeroPoint, shakeOff, knockout, scar },
};
