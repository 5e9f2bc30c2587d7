/**
 * The radio chat flow on Foundry: roll the attack (2d10 via Roll) → attack card; its follow-up
 * rolls damage (1d6, and the victim's consequence d6 after a limb shot) → damage card, applied
 * per target with Undo by the core; a fallen leader's follow-up asks the GM for its followers'
 * flee checks (cards/flee.ts).
 */
import * as ledger from "../../../engine/ledger.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { claimRoll, releaseClaim, requestFollowUp, warnRefused } from "../../../foundry/queries.js";
import { lookupUuid, lookupUuidSync } from "../../../foundry/typed.js";
import { warnTargetGone } from "../../../foundry/sheets/target-gone.js";
import { ruleErrorMessage, ruleErrorRefusal, t } from "../../../foundry/i18n.js";
import { isRuleError, type FracasRuleError } from "../../../engine/errors.js";
import { setStatuses } from "../../../foundry/status-toggles.js";
import { completeFinalAction, escapeCheck, resolveAttack, resolveDamage } from "../rules/index.js";
import type { Action, AttackResult } from "../rules/index.js";
import { attackTokenChanges, chargeTokens, readPool, targetState, tokensRef, undoTokenEntries, type Sys } from "../data/state.js";
import { downReason } from "../data/down.js";
import { leaderFallen } from "../data/leader-fall.js";
import { attackInput, skillFromOf, type AttackSetupInput, type AttackState, type AttackTarget } from "../sheets/attack-view.js";
import { radioOptions, radioTables } from "./runtime.js";
import type { DefensiveRound } from "./defence-round.js";
import { json, radioCardsOf } from "./messages.js";
import { attackCardView, damageCardView, escapeCardView, type AttackCardResult, type DamageCardResult, type EscapeCardResult } from "./views.js";
import { combatantOf } from "../../../foundry/documents/combatant-of.js";
import { claimTurn, turnOf } from "./turn.js";
import { followersOf } from "./followers.js";
import { withTokens } from "./token-lock.js";
import { TokensRefused, takeBackTokens, writeTokens } from "./token-writes.js";
import { TOKEN_REASON } from "../data/token-reasons.js";

const RULESET = "radio";

export async function rollDice(formula: string): Promise<{ roll: Roll; faces: number[] }> {
  const roll = new Roll(formula);
  await roll.evaluate();
  const faces = roll.dice.flatMap((d) => d.results.map((r) => r.result));
  return { roll, faces };
}

/** The attacker's token pool, or null for an attacker without one (a henchmen group). */
function tokenPoolOf(actor: Actor.Implementation): ledger.Pool | null {
  const system = actor.system as unknown as { tokens?: unknown };
  return "tokens" in (system as object) ? readPool(system.tokens) : null;
}

/**
 * Records earned and cashed-in tokens on the attacker's ledger (the roller owns the attacker), each
 * entry carrying `ref` (the attack card's tokensRef, so only that card's undo can reverse them);
 * returns the entry ids written. The pool is read as it is then, where every token writer queues
 * (token-writes.ts: the active GM's client, under the actor's token lock), so a sheet's token button
 * clicked meanwhile, on this client or another, is not lost; a refusal (the ledger's rule error, or
 * TokensRefused) writes nothing.
 */
export async function recordTokens(actor: Actor.Implementation, attack: { tokensEarned: number; tokensCharged: number }, ref: string): Promise<string[]> {
  if (!tokenPoolOf(actor)) return [];
  const changes = attackTokenChanges(attack, () => foundry.utils.randomID(), ref);
  if (changes.length > 0) await writeTokens(actor, changes);
  return changes.map((c) => c.id);
}

export interface RollAttackOptions {
  /** The dying hero's final heroic action: the card says so and the action is completed after the roll. */
  final?: boolean;
  /** The final-action prompt card this attack answers (completed through it, by the GM if need be). */
  finalCardId?: string;
}

/**
 * The dialog's setup with what the kernel reads of the attacker, the targets' defence and the
 * combat read again from the documents as they are now: the dialog's copy was taken when it
 * opened, and the tokens may have been spent since, or the target declared the defensive action
 * (the combat part as the dialog's refreshCombat reads it).
 */
export function liveSetup(actor: Actor.Implementation, setup: AttackSetupInput): AttackSetupInput {
  const { action, phase } = declaredAction(actor);
  return { ...setup, attacker: { name: actor.name, type: actor.type, system: actor.system as unknown as Sys }, targets: liveTargets(setup.targets), phase, declared: action };
}

/**
 * Everything the attack will be checked against, tried without dice on the attacker as it is now:
 * the kernel's refusals (the combination, the phase, the cash-in against the token count — none
 * depends on the dice) and the ledger's for the tokens it would write, with the cash-in charged as
 * on a hit (the worst case). Throws the refusal (a rule error); returns the live setup and the
 * tokens the attack writes before its dice (`reserved`: earned, and the cash-in as on a hit).
 */
export function tryAttack(actor: Actor.Implementation, setup: AttackSetupInput, state: AttackState): AttackSetupInput {
  return triedAttack(actor, setup, state).live;
}

function triedAttack(actor: Actor.Implementation, setup: AttackSetupInput, state: AttackState): { live: AttackSetupInput; reserved: { tokensEarned: number; tokensCharged: number } } {
  const live = liveSetup(actor, setup);
  const probe = resolveAttack(attackInput(live, state, [10, 10]), radioOptions(), radioTables());
  // Neither depends on the dice: the earned tokens come from the action, the cash-in from the box.
  const reserved = { tokensEarned: probe.tokensEarned, tokensCharged: probe.tokensSpent };
  const pool = tokenPoolOf(actor);
  let n = 0;
  // A dry run: nothing is written, so any ids not in the pool will do.
  const newId = () => `${foundry.utils.randomID()}${n++}`;
  if (pool) chargeTokens(pool, reserved, { by: game.user.id || "probe", at: Date.now(), newId, ref: "probe" });
  return { live, reserved };
}

/** The ledger reason of the cash-in given back on a miss (written before the dice as on a hit). */
const CASH_IN_RETURNED = TOKEN_REASON.doubleDamageReturned;

/**
 * Rolls 2d10 for the dialog's attack, hands the dice to the kernel and posts the attack card. In a
 * started combat the attack must be the attacker's step's (cards/turn.ts): a player out of turn is
 * refused before any die. Everything the kernel and the token ledger will check is tried first
 * (tryAttack, on the attacker as it is now), so a refused attack throws before the step is claimed
 * and does not use it up. The claim is a round trip through the GM: the attacker is read and tried
 * again after it, and its tokens are written and confirmed, before the dice: a refusal there, or a
 * GM's client that did not answer, gives the step back (core releaseClaim). Nothing is refused
 * after the dice; if the dice or the card's post fail after all (a dice module's error, the card
 * left out by a module's preCreateChatMessage hook), the tokens written are taken back and the
 * step given back before the failure is thrown (review-s9 H8): no tokens stay spent with no card
 * to Undo them.
 */
export async function rollAttack(actor: Actor.Implementation, setup: AttackSetupInput, state: AttackState, options: RollAttackOptions = {}): Promise<ChatMessage.Implementation | undefined> {
  if (targetGone(setup, state)) return undefined;
  const turn = turnOf(actor, options.final === true);
  if (!turn.refused) tryAttack(actor, setup, state);
  const claim = await claimTurn(actor, turn);
  if (claim === "refused") return undefined;
  let tried: ReturnType<typeof triedAttack>;
  try {
    tried = triedAttack(actor, setup, state);
    if (targetGone(setup, state)) {
      if (claim === "claimed" && turn.key) await releaseClaim(actor, turn.key);
      return undefined;
    }
  } catch (e) {
    // Refused after the claim but before any die (the tokens spent in that instant): the step is
    // given back, so the player may still attack in it once the cause is mended.
    if (!isRuleError(e) || !turn.key) throw e;
    // Only a claim this click made: the GM rolling in a step a player already claimed gives nothing back.
    if (claim === "claimed") await releaseClaim(actor, turn.key);
    ui.notifications?.warn(ruleErrorMessage(e));
    return undefined;
  }
  const { live, reserved } = tried;
  // The card's id is made first so the token entries written before it can name it (their ref).
  const id = foundry.utils.randomID();
  // The tokens are written and confirmed BEFORE the dice (session 9 wave 2): the earned ones and
  // the cash-in as on a hit, where every token writer queues (token-writes.ts). A refusal there
  // (the tokens spent meanwhile on another client, not the owner) or a GM's client that did not
  // answer in time rolls nothing and gives the step back, so no attack is rolled without its card.
  let entries: string[];
  try {
    entries = await recordTokens(actor, reserved, tokensRef(id));
  } catch (e) {
    const refusal = e instanceof TokensRefused ? t(e.reason) : null;
    // Nothing claimed (outside a combat): the caller shows a rule refusal as before the claim.
    if (refusal === null && (!isRuleError(e) || !turn.key)) throw e;
    if (claim === "claimed" && turn.key) await releaseClaim(actor, turn.key).catch((err: unknown) => console.error("Fracas |", err));
    ui.notifications?.warn(refusal ?? ruleErrorMessage(e as FracasRuleError));
    return undefined;
  }
  // Every entry this attack writes (the cash-in's give-back too), taken back if no card is posted.
  const written = [...entries];
  let message: ChatMessage.Implementation | undefined;
  try {
    message = await rollAndPost(actor, { id, live, state, setup, options, reserved, entries, written });
  } catch (e) {
    await unwindAttack(actor, written, claim === "claimed" && turn.key ? turn.key : undefined);
    throw e;
  }
  if (options.final) await finishFinalAction(actor, options.finalCardId);
  return message;
}

interface RollAndPost {
  id: string;
  live: AttackSetupInput;
  state: AttackState;
  setup: AttackSetupInput;
  options: RollAttackOptions;
  reserved: { tokensEarned: number; tokensCharged: number };
  /** The entries written before the dice (the card lists them). */
  entries: string[];
  /** Every entry written: the give-back of a missed cash-in is added. */
  written: string[];
}

/** The attack's dice, its kernel result and its card (posted, or thrown: CardNotPosted when left out). */
async function rollAndPost(actor: Actor.Implementation, a: RollAndPost): Promise<ChatMessage.Implementation> {
  const { id, live, state, setup, options, reserved } = a;
  let entries = a.entries;
  const { roll, faces } = await rollDice("2d10");
  const dice: [number, number] = [faces[0] ?? 1, faces[1] ?? 1];
  const attack = resolveAttack(attackInput(live, state, dice), radioOptions(), radioTables());
  // A miss charges no cash-in (kernel: tokensCharged on a hit only): the one written before the
  // dice is given back, and the card lists only the earned entries (its Undo tokens reverses those).
  if (attack.tokensCharged === 0 && reserved.tokensCharged > 0 && entries.length > 0) {
    const giveBack = foundry.utils.randomID();
    a.written.push(giveBack);
    entries = await returnCashIn(actor, entries, reserved.tokensCharged, tokensRef(id), giveBack);
  }
  const target = setup.targets.find((x) => x.uuid === state.targetUuid);
  const weapon = setup.weapons.find((w) => w.id === state.weaponId);
  const result: AttackCardResult = {
    attack,
    attackerName: actor.name,
    weaponName: weapon?.name ?? t("FRACAS.Radio.Attack.BareHands"),
    description: state.description.trim(),
    targets: target ? [{ uuid: target.uuid, name: target.name }] : [],
  };
  // The skill modifier's source, as the attacker was when rolled (the card names it: GM checks).
  const from = skillFromOf(live, state);
  if (from) result.skillFrom = from;
  if (options.final) result.final = true;
  if (entries.length > 0) result.tokens = { actorUuid: actor.uuid, entries, undone: false };
  // The attack card is not applicable (CardKind.applicable: false): damage comes from its follow-up.
  const message = await postCard({ id, ruleset: RULESET, kind: "attack", source: actor, result: json(result), rolls: [roll], targets: result.targets, context: { view: attackCardView(result) } });
  // V13 leaves out a create a module's preCreateChatMessage hook refused, without throwing.
  if (!message) throw new CardNotPosted();
  return message;
}

/** The attack card was left out (V13's create gave nothing): said in the player's words, by the dialog's error notice. */
export class CardNotPosted extends Error {
  constructor() {
    super(t("FRACAS.Radio.Attack.NotPosted"));
    this.name = "CardNotPosted";
  }
}

/**
 * An attack whose dice or card failed after its tokens were written: the entries are taken back
 * (the roller's own; the ledger skips one already undone, e.g. a give-back asked back after a
 * timeout) and the step this click claimed is given back, as a refusal before the dice does. A
 * failure here is logged, not thrown: the caller throws the attack's own failure.
 */
async function unwindAttack(actor: Actor.Implementation, written: string[], claimed: string | undefined): Promise<void> {
  await takeBackTokens(actor, written).catch((err: unknown) => console.error("Fracas | radio: an attack with no card: its tokens were not taken back:", err));
  if (claimed) await releaseClaim(actor, claimed).catch((err: unknown) => console.error("Fracas |", err));
}

/**
 * Gives back a missed attack's cash-in (written before the dice as on a hit) with a plus entry of
 * the card's ref; returns the entries the card lists: the earned one(s) only, as on a miss before.
 * The give-back cannot be refused by the ledger (it only adds); if the GM's client does not confirm
 * it in time (it has then been asked to take it back), the card lists the cash-in too, so the pool
 * and the card agree, and the player is told to have the GM give the tokens back.
 */
async function returnCashIn(actor: Actor.Implementation, entries: string[], tokens: number, ref: string, id: string): Promise<string[]> {
  try {
    await writeTokens(actor, [{ id, delta: tokens, reason: CASH_IN_RETURNED, ref }]);
    return entries.slice(0, -1);
  } catch (e) {
    console.error("Fracas | radio: a missed attack's cash-in was not given back:", e);
    ui.notifications?.warn(t("FRACAS.Radio.Tokens.CashInNotReturned", { name: actor.name, tokens }));
    return entries;
  }
}

/**
 * Warns and returns true when the dialog's chosen target was deleted since it opened (its actor or
 * its token: the UUID no longer finds an actor). The attack is not rolled against it: a card naming
 * no one in the world could not be applied, and the step is not used up (session 8, "hard to
 * break" 1). Said in core's words (target-gone.ts); the attack dialog stays open and redraws without
 * the target. With no target chosen there is nothing to check.
 */
function targetGone(setup: AttackSetupInput, state: AttackState): boolean {
  if (state.targetUuid === "" || lookupUuidSync(state.targetUuid) instanceof Actor) return false;
  warnTargetGone(setup.targets.find((x) => x.uuid === state.targetUuid)?.name ?? "");
  return true;
}

/** The card's body re-rendered from a changed result (the core renders a card's content once, at posting). */
export async function renderCardContent(message: ChatMessage.Implementation, template: string, result: unknown, view: unknown): Promise<string> {
  const sys = message.system as unknown as { sourceUuid?: string; targets?: { uuid: string; name: string }[] };
  const found = sys.sourceUuid ? lookupUuidSync(sys.sourceUuid) : null;
  const source = found instanceof Actor ? { name: found.name, img: found.img, uuid: found.uuid } : null;
  return foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/${template}`, { result, source, targets: sys.targets ?? [], view });
}

type Outcome = { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> };

/** The ledger's refusals of a token undo, in the card's words; any other (wrongRef, unknownEntry…) means the entries are not this card's. */
const UNDO_REFUSALS: Record<string, string> = {
  insufficient: "FRACAS.Radio.Refused.TokensSpent",
  alreadyUndone: "FRACAS.Radio.Refused.TokensUndone",
};

/**
 * Takes back the tokens an attack earned and cashed in (GM follow-up "undoTokens", on the GM's
 * client): the ledger's own undo, newest entry first, in one actor write; then the card says so.
 * The stored record (actor and entry ids) is the card author's to edit, so it is trusted only as
 * far as the ledger confirms it: every named entry must carry this card's ref (`<message id>:tokens`),
 * or nothing is undone.
 */
export async function undoAttackTokens(message: ChatMessage.Implementation, stored: JsonObject, by: string): Promise<Outcome> {
  const r = stored as unknown as AttackCardResult;
  const record = r.tokens;
  if (!record || !Array.isArray(record.entries) || record.entries.length === 0) return { ok: false, reason: "FRACAS.Radio.Refused.NoTokens" };
  if (record.undone) return { ok: false, reason: "FRACAS.Radio.Refused.TokensUndone" };
  const actor = await lookupUuid(record.actorUuid);
  if (!(actor instanceof Actor)) return { ok: false, reason: "FRACAS.Chat.Refused.NoTarget" };
  // Under the actor's token lock (token-lock.ts), the read, the undo, the write and its rollback: a
  // GM's ±1 on the sheet meanwhile was overwritten by this write or erased by the rollback (review-s8 F6).
  return withTokens(actor, async (): Promise<Outcome> => {
    const before = readPool((actor.system as unknown as { tokens?: unknown }).tokens);
    let after: ledger.Pool;
    try {
      after = undoTokenEntries(before, record.entries, { by, at: Date.now(), newId: () => foundry.utils.randomID(), ref: tokensRef(message.id ?? "") });
    } catch (e) {
      if (isRuleError(e)) return { ok: false, reason: UNDO_REFUSALS[e.code] ?? "FRACAS.Radio.Refused.TokensNotThisCard" };
      throw e;
    }
    await actor.update({ "system.==tokens": after } as never);
    const next: AttackCardResult = { ...r, tokens: { ...record, undone: true } };
    try {
      const content = await renderCardContent(message, "radio/cards/attack.hbs", next, attackCardView(next));
      await message.update({ "system.result.tokens.undone": true, content } as never);
    } catch (err) {
      await actor.update({ "system.==tokens": before } as never);
      throw err;
    }
    return { ok: true };
  });
}

/** A dying hero has taken (or given up) the final heroic action: the kernel says dead, the token shows it. */
export async function completeFinal(actor: Actor.Implementation): Promise<Outcome> {
  const state = targetState(actor.type, actor.system as unknown as JsonObject);
  if (state?.kind !== "pc") return { ok: false, reason: "FRACAS.Error.noFinalAction" };
  let done: ReturnType<typeof completeFinalAction>;
  try {
    done = completeFinalAction({ wounds: state.wounds, state: state.state, finalAction: state.finalAction });
  } catch (e) {
    if (isRuleError(e)) {
      const r = ruleErrorRefusal(e);
      return { ok: false, reason: r.key, data: r.data };
    }
    throw e;
  }
  await actor.update({ "system.finalAction": false, "system.state": done.state } as never);
  await setStatuses(actor, done.events);
  return { ok: true };
}

/** The newest final-action prompt still open for this hero, if any. */
export function openFinalCard(actorUuid: string): ChatMessage.Implementation | null {
  return radioCardsOf("final", (r) => r.actorUuid === actorUuid && r.done !== true).at(-1) ?? null;
}

/**
 * Completes the final heroic action from a client: through its prompt card when there is one (the
 * GM's card, so a player asks the GM: gmFollowUp "finalDone"), else directly on the owned actor.
 */
export async function finishFinalAction(actor: Actor.Implementation, cardId?: string): Promise<Outcome> {
  const card = (cardId ? game.messages.get(cardId) : null) ?? openFinalCard(actor.uuid);
  const outcome: Outcome = card ? ((await requestFollowUp(card.id ?? "", "finalDone", {})) as Outcome) : await completeFinal(actor);
  // A refusal's reason, once: "No GM" was already said by the request (core viaGM, review-s7-player #7).
  warnRefused(outcome);
  return outcome;
}

export async function rollDamage(message: ChatMessage.Implementation, stored: JsonObject): Promise<ChatMessage.Implementation | undefined> {
  const r = stored as unknown as AttackCardResult;
  if (!r.attack?.hit) {
    ui.notifications?.warn(t("FRACAS.Error.noDamageOnMiss"));
    return undefined;
  }
  if (stored.damageRolled === true) {
    ui.notifications?.warn(t("FRACAS.Radio.Refused.DamageRolled"));
    return undefined;
  }
  // Only the attack card's author (or a GM) may mark it "damage rolled" (Foundry lets a player
  // update only their own messages), so only they may roll: anyone else could roll it again and again.
  if (!message.isAuthor && !game.user.isGM) {
    ui.notifications?.warn(t("FRACAS.Radio.Refused.NotYourAttack"));
    return undefined;
  }
  // The attack card's own source (an unlinked token's actor too, which the speaker's actor id is not).
  const sourceUuid = (message.system as unknown as { sourceUuid?: string }).sourceUuid;
  const found = sourceUuid ? lookupUuidSync(sourceUuid) : null;
  const source = found instanceof Actor ? (found as Actor.Implementation) : null;
  // `damageRolled` is written after the roll: two clicks at once (the author and the GM, or a
  // double click) both pass it, so the roll is claimed first, through the GM, on the attacker.
  if (source && !(await claimRoll(source, `${message.id ?? ""}:damage`))) return undefined;
  const formula = r.attack.called === "limb" ? "1d6 + 1d6" : "1d6";
  const { roll, faces } = await rollDice(formula);
  const critRoll = faces[0] ?? 1;
  const limbRoll = r.attack.called === "limb" ? faces[1] : undefined;
  const tables = radioTables();
  const damage = resolveDamage(limbRoll === undefined ? { attack: r.attack, critRoll } : { attack: r.attack, critRoll, limbRoll }, radioOptions(), tables.damage);
  // The flee checks come with the fall: a leader already down (hit again) fell earlier, and that
  // fall had its prompt (data/leader-fall.ts).
  // A target is matched as itself or, an unlinked token's actor, as its base actor (followers.ts).
  const leaders = r.targets
    .filter((x) => {
      const leader = lookupUuidSync(x.uuid);
      return leader instanceof Actor && followersOf(leader).length > 0 && !hasFallen(leader);
    })
    .map((x) => x.name);
  // The card's id names the fall its Apply may cause (`fallId`, effects.ts): the flee checks are
  // claimed per fall (cards/flee.ts), whichever card offers them.
  const id = foundry.utils.randomID();
  const result: DamageCardResult = { damage, attack: r.attack, attackerName: r.attackerName, weaponName: r.weaponName, critRoll, leaders, fallId: id };
  // One damage roll per hit: marked on the attack card (by whoever may write it).
  await message.update({ "system.result.damageRolled": true } as never);
  return postCard({ id, ruleset: RULESET, kind: "damage", source, result: json(result), rolls: [roll], targets: r.targets, context: { view: damageCardView(result) } });
}

/** Whether a document is an actor whose wounds or statuses say it has fallen (data/leader-fall.ts). */
export function hasFallen(doc: unknown): boolean {
  if (!(doc instanceof Actor)) return false;
  return leaderFallen(doc.type, doc.system as unknown as JsonObject, [...(doc.statuses ?? [])]);
}

/**
 * A defensive participant tries to leave at the end of the round: one consequence d6. `at` names
 * the defensive round it answers (one escape per defensive round: cards/defence-round.ts); the
 * posted cards say whether it was rolled only once a card is posted, so the roll is claimed first
 * (core claimRoll, through the GM, key `<combat>:<round>:escape`): the offer's button and the
 * sheet's, pressed by the GM and the owner at the same instant, roll once.
 */
export async function rollEscape(actor: Actor.Implementation, action: Action, offerId?: string, at?: DefensiveRound): Promise<ChatMessage.Implementation | undefined> {
  // Refused before any die is rolled (and before the claim) when the round was not defensive.
  escapeCheck({ action, roll: 1 });
  if (at && !(await claimRoll(actor, escapeKey(at)))) return undefined;
  const { roll, faces } = await rollDice("1d6");
  const outcome = escapeCheck({ action, roll: faces[0] ?? 1 });
  const result: EscapeCardResult = { roll: faces[0] ?? 1, outcome };
  if (offerId) result.offerId = offerId;
  if (at) Object.assign(result, { actorUuid: actor.uuid, combatId: at.combatId, round: at.round });
  return postCard({ ruleset: RULESET, kind: "escape", source: actor, result: json(result), rolls: [roll], targets: [{ uuid: actor.uuid, name: actor.name }], context: { view: escapeCardView(result) } });
}

/** The claim key of one defensive round's escape (claims.ts allows letters, digits and `._:-`). */
export function escapeKey(at: DefensiveRound): string {
  return `${at.combatId}:${at.round}:escape`;
}

/** The declared action of this actor's combatant in its combat, and the phase if it holds the current step. */
export function declaredAction(actor: Actor.Implementation): { action: Action | null; phase: number | null } {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent as Combat.Implementation | null | undefined;
  if (!combat || !combatant) return { action: null, phase: null };
  const declaration = combatantStateOf(combatant).declaration;
  const sys = combat.system as unknown as { plan?: { steps?: { combatantId: string; phase: number; kind?: string }[] }; step?: number };
  const step = sys.plan?.steps?.[sys.step ?? 0];
  // Only an acting step has a combat phase (1–4); the declare steps that open a round are phase 0.
  const phase = combat.started && step && step.kind === "act" && step.combatantId === combatant.id ? step.phase : null;
  const actions = ["frenzied", "standard", "targeted", "spell", "defensive"];
  return { action: actions.includes(declaration) ? (declaration as Action) : null, phase };
}

/**
 * Why this actor cannot attack now (an i18n key), or null: the combat mapping's own reason (its
 * data, and in a combat Foundry's defeated mark on its combatant). A dying hero owed the final
 * heroic action may attack (that attack is the action).
 */
export function attackerDownReason(actor: Actor.Implementation): string | null {
  return downReason(actor.type, actor.system as unknown as JsonObject, markedDefeated(actor));
}

/** Foundry's defeated mark on this actor's combatant (in the viewed or a started combat); false outside a combat. */
export function markedDefeated(actor: Actor.Implementation): boolean {
  return combatantOf(actor)?.isDefeated ?? false;
}

/**
 * A target's defence as its combat says it: in a started combat its combatant's declaration decides
 * whether it is defensive this round (attackers take −4, damage halves), `fromCombat` true; outside
 * one nothing is declared, and the attack dialog's box decides (`fromCombat` false).
 */
export function targetDefence(actorUuid: string): { defensive: boolean; fromCombat: boolean } {
  const combatant = combatantOf({ uuid: actorUuid, id: null });
  const combat = combatant?.parent as Combat.Implementation | null | undefined;
  if (!combatant || !combat?.started) return { defensive: false, fromCombat: false };
  return { defensive: combatantStateOf(combatant).declaration === "defensive", fromCombat: true };
}

/**
 * The targets as they are now: their defence read again from their combat (a declaration made
 * since the dialog opened) and their sheet (armour ticked since).
 */
export function liveTargets(targets: readonly AttackTarget[]): AttackTarget[] {
  return targets.map((x) => {
    const doc = lookupUuidSync(x.uuid);
    const system = doc instanceof Actor ? (doc.system as unknown as Sys) : x.system;
    return { ...x, system, ...targetDefence(x.uuid) };
  });
}
