/**
 * Hero Points against an NPC's roll on the attack card (D23, D35, D44). The target's owner spends
 * the target's own points (the card's "Spend a Hero Point"); under the "any player character"
 * option another player spends one of their own character's (GM follow-up heroPointFor).
 *
 * Each spend reads the points already spent on this attack and writes that count + 1. Two spends
 * read at the same instant would both write old + 1, and one point paid for would not count. So
 * every spend on a target is checked and written on one client, one at a time, under the target's
 * lock (core withActorLock, the lock its once-per-attack roll claims are checked under too), and
 * reads the count inside it: the active GM's client (the owner's click is sent there, heroPointOwn),
 * or the owner's own when it is the active GM's or no GM is connected.
 *
 * The card's Apply reads the same count (the wound lands at the QR the points leave) under the
 * card's lock (core withCardLock), on that same client. A spend that passed "not applied yet" and is
 * still writing would let an Apply read the old count: the wound at the old QR, the point paid
 * anyway. So every spend also holds the card's lock, taken outside the actor locks (the one order
 * used: card, then actor; Apply and Undo take no actor lock, claims no card lock). Nothing run
 * inside takes either lock again (a locked run must not wait on its own key).
 */
import { postedBySourceSide } from "../../../foundry/chat/card-author.js";
import * as ledger from "../../../engine/ledger.js";
import { isRuleError } from "../../../engine/errors.js";
import { ruleRefusal } from "../rule-error.js";
import type { GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { requestFollowUp, warnRefused } from "../../../foundry/queries.js";
import { isClaimed } from "../../../foundry/claims.js";
import { withActorLock, withCardLock } from "../../../foundry/locks.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { isActiveGM } from "../../../foundry/active-gm.js";
import { pluralKey, t } from "../../../foundry/i18n.js";
import { applyHeroPointsToResult, type HeroPointSpenders } from "../rules/index.js";
import { safePool } from "../data/derive.js";
import { withHeroPoints } from "./hero-point-ledger.js";
import { attackTablesInForce, claimKey, finalAttack, responseFor, responsePath, type AttackCardResult } from "./effects.js";
import { bondSystem, cardWhisper, isNpc, postNote, warn } from "./notes.js";
import { dropStaleScar } from "./scars.js";

type Refusal = { ok: false; reason: string; data?: Record<string, string | number> };
type Outcome = { ok: true } | Refusal;

const refuse = (key: string, data?: Record<string, string | number>): Refusal => ({ ok: false, reason: `FRACAS.Bond.Refused.${key}`, ...(data ? { data } : {}) });

/** A kernel refusal as a key and the data that fills it (rule-error.ts), worded on the clicking client. */
function refusedBy(e: unknown): Refusal {
  if (!isRuleError(e)) throw e;
  const r = ruleRefusal(e);
  return { ok: false, reason: r.key, data: r.data };
}

interface AttackCardSystem {
  targets: { uuid: string }[];
  applications: { targetUuid: string; undone: boolean }[];
}

/** A bond character the card names as a target, or null. */
export async function cardTarget(message: ChatMessage.Implementation, uuid: unknown): Promise<Actor.Implementation | null> {
  const card = message.system as unknown as AttackCardSystem;
  if (typeof uuid !== "string" || !card.targets.some((x) => x.uuid === uuid)) return null;
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor && bondSystem(doc as Actor.Implementation) ? (doc as Actor.Implementation) : null;
}

/** Whether the card's attack stands applied to this target (answers come before the Apply). */
export function appliedTo(message: ChatMessage.Implementation, uuid: string): boolean {
  const card = message.system as unknown as AttackCardSystem;
  return card.applications.some((a) => a.targetUuid === uuid && !a.undone);
}

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

const whoMaySpend = (): HeroPointSpenders => (rulesetOption<string>("bond", "heroPoints", "target") === "anyPlayerCharacter" ? "anyPlayerCharacter" : "target");

function spendEntry(result: AttackCardResult, userId: string): ledger.ChangeInput {
  return { id: foundry.utils.randomID(), delta: -1, reason: `attack:${result.attackId}`, by: userId, at: Date.now() };
}

/** The spend's note, to whoever the attack card went to (public when the card was). */
async function heroPointNote(message: ChatMessage.Implementation, spender: Actor.Implementation, target: Actor.Implementation, result: AttackCardResult): Promise<void> {
  const now = finalAttack(result, target.system as unknown as JsonObject);
  await postNote(spender, "FRACAS.Bond.Note.HeroPoint", {
    name: spender.name,
    target: target.name,
    quality: game.i18n.localize(`FRACAS.Bond.Quality.${now.qualityRating}`),
    wound: game.i18n.localize(`FRACAS.Bond.Wound.${now.woundLevel}`),
    // Where "now" comes from, so the GM can check it against the book: the rolled QR, the points
    // spent against this attack (one step each), and the DC the wound table is read at.
    rolled: game.i18n.localize(`FRACAS.Bond.Quality.${now.rolledQualityRating}`),
    spent: t(pluralKey("FRACAS.Bond.Note.HeroPointsSpent", now.heroPointsSpent), { count: now.heroPointsSpent }),
    dc: now.damageClass,
  }, [], cardWhisper(message));
}

/**
 * Runs under the locks of all the actors named, taken in one order (by UUID), so two runs that
 * need the same two actors never each hold one while waiting for the other.
 */
function withActorLocks<T>(uuids: readonly string[], run: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...new Set(uuids)].sort();
  return first === undefined ? run() : withActorLock(first, () => withActorLocks(rest, run));
}

/**
 * The target's owner spends one of the target's own points: checked and written under the card's
 * lock and the target's, on the client running it (the GM's, or the owner's own with no GM connected).
 */
function spendOwn(user: User.Implementation, message: ChatMessage.Implementation, result: AttackCardResult, target: Actor.Implementation): Promise<Outcome> {
  return withCardLock(message.id, () => withActorLock(target.uuid, () => spendOwnNow(user, message, result, target)));
}

async function spendOwnNow(user: User.Implementation, message: ChatMessage.Implementation, r: AttackCardResult, target: Actor.Implementation): Promise<Outcome> {
  if (!target.testUserPermission(user, "OWNER")) return refuse("NotTargetOwner", { name: target.name });
  if (appliedTo(message, target.uuid)) return refuse("AlreadyApplied", { name: target.name });
  if (isNpc(target)) return refuse("NpcHeroPoints");
  // Read inside the lock: a spend queued before this one has written its count and its pool.
  const response = responseFor(target.system as unknown as JsonObject, r.attackId);
  if (knockoutRolled(target, r, response)) return refuse("HeroPointAfterKnockout");
  try {
    applyHeroPointsToResult(r, response.heroPoints + 1, { spenderIsTarget: true, whoMaySpend: whoMaySpend() }, attackTablesInForce());
  } catch (e) {
    return refusedBy(e);
  }
  // The pool read and written under its ledger lock, where the sheet's ± writes it (hero-point-ledger.ts).
  const spent = await withHeroPoints(target, async () => {
    let pool: ledger.Pool;
    try {
      pool = ledger.change(safePool(bondSystem(target)!.heroPoints), spendEntry(r, user.id ?? ""));
    } catch (e) {
      return refusedBy(e);
    }
    // Only the count is written (a dotted key into the ObjectField merges): a whole record read
    // before this write would undo a Shake Off, draw or knockout recorded meanwhile by another client.
    await target.update({ "system.==heroPoints": pool, [heroPointsPath(r.attackId)]: response.heroPoints + 1 } as never);
    return null;
  });
  if (spent) return spent;
  await heroPointNote(message, target, target, r);
  await dropStaleScar(target, r, cardWhisper(message));
  return { ok: true };
}

/**
 * The card's "Spend a Hero Point". The target's owner spends the target's own point: on the
 * active GM's client (heroPointOwn), or here when this is it or no GM is connected. Anyone else is
 * refused by default; under the "any player character" option their click goes to the GM
 * follow-up heroPointFor, which spends the clicking player's own character's point. A refusal is
 * warned once (warnRefused: "No GM" has already been said by the core's request, review-s7-player #7).
 */
export async function spendHeroPoint(ctx: { message: ChatMessage.Implementation; result: JsonObject; button: HTMLElement }): Promise<void> {
  const target = await cardTarget(ctx.message, ctx.button.dataset.targetUuid ?? "");
  if (!target) return warn("FRACAS.Bond.Refused.NoTarget");
  const messageId = ctx.message.id ?? "";
  if (!target.isOwner) {
    if (whoMaySpend() !== "anyPlayerCharacter") return warn("FRACAS.Bond.Refused.NotTargetOwner", { name: target.name });
    return warnRefused(await requestFollowUp(messageId, "heroPointFor", { targetUuid: target.uuid }));
  }
  // Here only on the active GM's own tab (or with no GM): a second tab of that GM sends it to the
  // first, which holds the card's lock (review-s7-changes R7).
  if (!game.users.activeGM || isActiveGM()) return warnRefused(await spendOwn(game.user, ctx.message, ctx.result as unknown as AttackCardResult, target));
  warnRefused(await requestFollowUp(messageId, "heroPointOwn", { targetUuid: target.uuid }));
}

/** The owner's spend sent to the GM's client: `run` checks that the requester owns the target. */
export const heroPointOwnFollowUp: GmFollowUp = {
  // Every check (ownership, the kernel's) is made in run, so a refusal names its real reason.
  allowed: () => true,

  async run({ user, message, result, args }): Promise<Outcome> {
    const target = await cardTarget(message, args.targetUuid);
    if (!target) return refuse("NoTarget");
    return spendOwn(user, message, result as unknown as AttackCardResult, target);
  },
};

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

/**
 * "Any player character" may spend: a player whose character is not the target spends one of
 * their OWN character's Hero Points against the NPC's roll on another PC. The GM's client writes
 * both the spender's ledger entry and the target's record of the points spent on this attack,
 * under the card's lock (against its Apply) and both actors' locks (the target's count, the
 * spender's pool).
 */
export const heroPointForFollowUp: GmFollowUp = {
  allowed({ result, message }) {
    const r = result as unknown as AttackCardResult;
    // An NPC's roll: posted by the GM or whoever rolls for that NPC (card-author.ts), not made up by a player.
    return whoMaySpend() === "anyPlayerCharacter" && r.attackerIsNpc === true && r.success === true && postedBySourceSide(message);
  },

  async run({ user, message, result, args }): Promise<Outcome> {
    const r = result as unknown as AttackCardResult;
    const target = await cardTarget(message, args.targetUuid);
    if (!target) return refuse("NoTarget");
    if (isNpc(target)) return refuse("HeroPointsForPc");
    const spender = ownCharacter(user, target);
    if (!spender) return refuse("NoOwnCharacter");
    return withCardLock(message.id, () => withActorLocks([target.uuid, spender.uuid], () => spendForNow(user, message, r, target, spender)));
  },
};

async function spendForNow(user: User.Implementation, message: ChatMessage.Implementation, r: AttackCardResult, target: Actor.Implementation, spender: Actor.Implementation): Promise<Outcome> {
  if (appliedTo(message, target.uuid)) return refuse("AppliedUndoFirst");
  // Read inside the locks: a spend queued before this one has written its count and its pool.
  const response = responseFor(target.system as unknown as JsonObject, r.attackId);
  if (knockoutRolled(target, r, response)) return refuse("HeroPointAfterKnockout");
  try {
    applyHeroPointsToResult(r, response.heroPoints + 1, { spenderIsTarget: false, whoMaySpend: whoMaySpend() }, attackTablesInForce());
  } catch (e) {
    return refusedBy(e);
  }
  // The spender's pool read and written under its ledger lock, where the sheet's ± writes it (hero-point-ledger.ts).
  const spent = await withHeroPoints(spender, async () => {
    const before = safePool(bondSystem(spender)!.heroPoints);
    let pool: ledger.Pool;
    try {
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
    return null;
  });
  if (spent) return spent;
  await heroPointNote(message, spender, target, r);
  await dropStaleScar(target, r, cardWhisper(message));
  return { ok: true };
}
