/**
 * The faserip roll flows: the FEAT (attack, dodge, ability FEAT), the defender's Slam?/Stun? and
 * 0-Health Endurance FEATs, a round of dying, knock-back on the map. Dice are Foundry Rolls;
 * their values go to the kernel; the results are posted as cards.
 */
import { isRuleError, FracasRuleError } from "../../../engine/errors.js";
import { statusEffectId } from "../../../engine/events.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { lookupUuid, lookupUuidSync } from "../../../foundry/typed.js";
import {
  applyAttack,
  ATTACK_ACTIONS,
  checkZeroHealthFeat,
  dodgeShift,
  dyingTick,
  resolveAttack,
  resolveFeat,
  resolveSecondary,
  restoreHealth,
  stabilise,
  standUp,
  stunTick,
  toRankKey,
  zeroHealthFeat,
} from "../rules/index.js";
import type { AttackAction, Color, KarmaSpend, RankKey, SecondaryCheck, StateChange } from "../rules/index.js";
import { currentEndurance, heroView, isStabilised, needsZeroHealthFeat, stateOf, updateOf } from "../data/state.js";
import { attackCardView, coverFor, dyingCardView, featCardView, karmaShortfall, secondaryCardView, targetDodge, tokensKnown, type CardTalent, type FeatForm } from "../sheets/views.js";
import { dodgeRefusal, dodgeThisRound } from "../combat.js";
import { requestApply, requestCombatantMemory } from "../../../foundry/queries.js";
import { appliesHere } from "../../../foundry/active-gm.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { faseripTables } from "./tables.js";
import { freesEscaper } from "./effects.js";
import { downReason } from "../down.js";
import { knockBackPosition } from "./knockback.js";
import { alreadyRolled, claimOnce, releaseOnce } from "./once.js";
import { askEnduranceKarma } from "./endurance-karma.js";
import type { EnduranceKind } from "../sheets/endurance-view.js";
import { combatantOf } from "../../../foundry/documents/combatant-of.js";
import { karmaPoolOf, returnKarma, takeKarma, withKarmaTaken, type KarmaTaken } from "./karma.js";

export const RULESET = "faserip";

export interface TargetRef {
  uuid: string;
  name: string;
  tokenUuid: string;
}

/** The current user's targeted tokens, with their token uuids (for knock-back). */
export function currentTargets(): TargetRef[] {
  const out: TargetRef[] = [];
  for (const token of game.user.targets) {
    const actor = token.actor;
    // A target is a placed token; its document uuid is what knock-back moves.
    const doc = (token as { document?: { uuid?: string } }).document;
    if (actor) out.push({ uuid: actor.uuid, name: token.name ?? actor.name, tokenUuid: doc?.uuid ?? "" });
  }
  return out;
}

async function d(sides: number): Promise<{ roll: Roll; value: number }> {
  const roll = new Roll(`1d${sides}`);
  await roll.evaluate();
  return { roll, value: roll.total ?? 1 };
}

function tokenUuidOf(actor: Actor.Implementation): string {
  // No scene viewed (or no canvas at all): the actor has no token to push from.
  const tokens = typeof actor.getActiveTokens === "function" ? actor.getActiveTokens() : [];
  const token = tokens[0] as { document?: { uuid?: string } } | undefined;
  return token?.document?.uuid ?? "";
}

/** The combatant of `actor` (core combatantOf: the viewed combat first, else a started one). */
export { combatantOf };

/** The round of the fight `actor` is in (0 outside combat). */
export function roundOf(actor: { uuid: string; id: string | null }): number {
  return combatantOf(actor)?.parent?.round ?? game.combat?.round ?? 0;
}

export interface DodgeMemory {
  round: number;
  color: Color;
  /** The column shift of the dodge's colour on the dodge table in force. */
  shift: number;
}

/** The dodge this combatant made this round (its combatant memory), with its shift. */
export function readDodge(combatant: Combatant.Implementation | null, round: number): DodgeMemory | null {
  if (!combatant) return null;
  const d = dodgeThisRound(combatantStateOf(combatant).memory, round);
  return d ? { ...d, shift: dodgeShift(d.color, faseripTables().dodgeShifts) } : null;
}


/**
 * Keeps a dodge for the round in the dodger's combatant memory. Players may not write combatant
 * system data, so the write goes through the GM (requestCombatantMemory); the combat mapping's
 * memoryPatch decides, for the GM's own dodges too. Returns the refusal, if any.
 */
async function recordDodge(combatant: Combatant.Implementation, round: number, color: Color): Promise<string | null> {
  const combatId = combatant.parent?.id ?? game.combat?.id ?? "";
  const patch = { dodge: { round, color } };
  const done = await requestCombatantMemory(combatId, combatant.id ?? "", patch);
  return done.ok ? null : (done.reason ?? "FRACAS.Chat.Failed");
}

/**
 * Why `actor` may make no attack now for another reason than being down (an i18n key taking
 * {name}), or null: a dodge made this round was the round's action (seed: "Dodge: Use their
 * action"), so no attack after it. performFeat refuses with it (for the GM too); the FEAT dialog
 * and the sheet's weapon buttons say it before the click.
 */
export function attackRefusalOf(actor: Actor.Implementation): string | null {
  return readDodge(combatantOf(actor), roundOf(actor)) ? "FRACAS.Faserip.Refused.DodgedThisRound" : null;
}

/** Why `actor` cannot act now (down.ts), from its status, its token icons and its combatant's defeated mark. */
export function actorDownReason(actor: Actor.Implementation): string | null {
  return downReason({ system: actor.system, statuses: [...(actor.statuses ?? [])], defeated: combatantOf(actor)?.isDefeated ?? false });
}

/**
 * Why `actor` may not dodge now (an i18n key), or null: in a fight a dodge is kept by the GM
 * (none connected: a player's could not count), once per round, and only as the round's action
 * (combat.ts dodgeRefusal). Outside a fight a dodge is a plain roll. The FEAT dialog shows it
 * before the click; performFeat refuses with it.
 */
export function dodgeRefusalOf(actor: Actor.Implementation): string | null {
  const dodger = combatantOf(actor);
  if (!dodger) return null;
  if (!game.user.isGM && !game.users.activeGM) return "FRACAS.Chat.NoGM";
  return dodgeRefusal(combatantStateOf(dodger), roundOf(actor));
}

export interface FeatRequest {
  actor: Actor.Implementation;
  form: FeatForm;
  targets: TargetRef[];
  weapon: { name: string; damage: number } | null;
  /**
   * The ticked talents whose shifts the form's Other already carries (the dialog's withTalents):
   * the cards name them, so the column's total shift is explained.
   */
  talents?: CardTalent[];
}

/** Rolls the FEAT and posts its card(s): one attack card per target (each rolls separately). */
export async function performFeat(req: FeatRequest): Promise<ChatMessage.Implementation[]> {
  const { actor, form } = req;
  const tables = faseripTables();
  const hero = heroView(actor.system);
  const abilityRank = hero.abilities[form.ability];
  const shifts = { cover: form.cover, multipleTargets: form.multipleTargets, other: form.other };
  const posted: ChatMessage.Implementation[] = [];
  const reason = t(`FRACAS.Faserip.Action.${form.action}`);
  const round = roundOf(actor);
  const isAttack = (ATTACK_ACTIONS as readonly string[]).includes(form.action);
  const talents = (req.talents ?? []).map((x) => ({ name: x.name, shift: x.shift }));

  // An attack or a dodge is the character's action: none for one who is down (before any roll).
  // A plain ability FEAT stays open (the GM may call for one whatever the state).
  if (isAttack || form.action === "dodging") {
    const down = actorDownReason(actor);
    if (down) {
      ui.notifications?.warn(t("FRACAS.Faserip.Refused.CannotAct", { name: actor.name, reason: t(down) }));
      return posted;
    }
  }

  if (isAttack) {
    // A dodge made this round was the round's action (seed: "Dodge: Use their action"): no attack
    // after it, as no dodge after another declared action (combat.ts dodgeRefusal).
    const dodged = attackRefusalOf(actor);
    if (dodged) {
      ui.notifications?.warn(t(dodged, { name: actor.name }));
      return posted;
    }
    const action = form.action as AttackAction;
    const targets: (TargetRef | null)[] = req.targets.length > 0 ? req.targets : [null];
    const pool = karmaPoolOf(actor);
    // Each target's card spends the Karma (below): the whole Karma × targets is checked before
    // any of it is taken, so a pool that cannot pay every card spends nothing and rolls nothing.
    const short = karmaShortfall({ action, karma: form.karma }, targets.length, pool);
    if (short) {
      ui.notifications?.warn(t(short.key, { karma: short.karma, targets: short.targets, total: short.total, pool: short.pool, most: short.most }));
      return posted;
    }
    if (form.karma > pool) throw new FracasRuleError("notEnoughKarma", "not enough Karma", { points: form.karma, pool });
    for (const [index, target] of targets.entries()) {
      const targetActor = target ? ((await lookupUuid(target.uuid)) as Actor.Implementation | null) : null;
      const defenderView = targetActor ? heroView(targetActor.system) : null;
      const dodge = targetDodge(targetActor ? (readDodge(combatantOf(targetActor), round)?.shift ?? null) : null, form.dodge);
      // Each card's Karma is taken before its roll (cards/karma.ts) and given back if it is not posted.
      const taken = await takeKarma(actor, form.karma, reason);
      const message = await withKarmaTaken(taken, actor, async (karma) => {
        const { roll, value } = await d(100);
        const attack = resolveAttack(
          {
            action,
            abilityRank,
            roll: value,
            // Cover is the defender's: with several targets each has its own (the dialog's choice per target).
            shifts: { ...shifts, cover: coverFor(form, index, req.targets.length), dodge },
            karma,
            attacker: { strength: hero.abilities.strength, endurance: hero.abilities.endurance, weaponDamage: req.weapon?.damage },
            defender: defenderView ? { endurance: currentEndurance(defenderView), armor: defenderView.armor } : { endurance: 0, armor: 0 },
          },
          tables,
        );
        let zeroHealthPrompt = false;
        if (targetActor && attack.landed) {
          try {
            const after = applyAttack(stateOf(targetActor.system), attack).state;
            zeroHealthPrompt = needsZeroHealthFeat(targetActor.system, after);
          } catch (e) {
            if (!isRuleError(e)) throw e;
          }
        }
        // A successful Escaping frees its roller: the card lists the roller too, so Apply/Undo
        // (through the GM when the clicker may not write) end and restore its Restrained.
        const escaperUuid = freesEscaper(action, attack) ? actor.uuid : "";
        const cardTargets = target ? [{ uuid: target.uuid, name: target.name }] : [];
        if (escaperUuid && !cardTargets.some((x) => x.uuid === escaperUuid)) cardTargets.push({ uuid: escaperUuid, name: actor.name });
        const result = {
          action,
          attack,
          actorName: actor.name,
          escaperUuid,
          weaponName: req.weapon?.name ?? "",
          targetName: target?.name ?? "",
          targetUuid: target?.uuid ?? "",
          targetTokenUuid: target?.tokenUuid ?? "",
          sourceTokenUuid: tokenUuidOf(actor),
          zeroHealthPrompt,
          talents,
        };
        return postCard({
          ruleset: RULESET,
          kind: "attack",
          source: actor,
          result: result as unknown as JsonObject,
          rolls: [roll],
          targets: cardTargets,
          context: { view: attackCardView({ ...result, attack: attack }), hasTarget: target !== null },
        });
      });
      if (message) posted.push(message);
    }
    return posted;
  }

  const isDodge = form.action === "dodging";
  // In combat, a dodge is checked before the roll (once per round, and only as the round's action).
  const dodger = isDodge ? combatantOf(actor) : null;
  if (isDodge) {
    const refusal = dodgeRefusalOf(actor);
    if (refusal) {
      ui.notifications?.warn(t(refusal, { name: actor.name }));
      return posted;
    }
  }
  const taken = await takeKarma(actor, form.karma, reason);
  const done = await withKarmaTaken(taken, actor, async (karma) => {
    const { roll, value } = await d(100);
    // A dodge or a plain FEAT takes no dodge, cover or multiple-target shift (those shift an
    // attacker's column; views.ts takesAttackShifts): "other" only, whatever the form carries.
    const feat = resolveFeat({ action: isDodge ? "dodging" : "feat", abilityRank, roll: value, shifts: { other: form.other }, karma }, tables);
    const message = await postCard({
      ruleset: RULESET,
      kind: "feat",
      source: actor,
      result: { feat, actorName: actor.name, talents } as unknown as JsonObject,
      rolls: [roll],
      targets: [],
      context: { view: featCardView(feat, actor.name, talents) },
    });
    return message ? { message, color: feat.color } : undefined;
  });
  if (!done) return posted;
  posted.push(done.message);
  if (dodger) {
    const refused = await recordDodge(dodger, round, done.color);
    if (refused) ui.notifications?.warn(t(refused, { name: actor.name }));
  }
  return posted;
}

/** May this user roll for / move `actor`'s token? The GM or an owner. */
function mayControl(actor: Actor.Implementation): boolean {
  return game.user.isGM || actor.isOwner;
}

async function targetOf(result: JsonObject): Promise<Actor.Implementation | null> {
  const uuid = typeof result["targetUuid"] === "string" ? result["targetUuid"] : "";
  if (!uuid) return null;
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/**
 * The kernel's refusal of a roll about to be made, found before anything is written: `resolve` is
 * the kernel call, run on every face the d100 can show (so a refusal that only one colour would
 * meet is found too). The caller warns and rolls nothing (review 1 #12: a refused click spends no
 * claim and no Karma).
 */
function refusalOnAnyFace(resolve: (roll: number) => unknown): FracasRuleError | null {
  for (let roll = 1; roll <= 100; roll++) {
    try {
      resolve(roll);
    } catch (e) {
      if (!isRuleError(e)) throw e;
      return e;
    }
  }
  return null;
}

/** The kernel's refusal found by a dry run (refusalOnAnyFace), worded for the user; null when none. */
function refusalText(refusal: FracasRuleError | null): string | null {
  return refusal ? ruleErrorMessage(refusal) : null;
}

/**
 * Why a card's Endurance FEAT may not be rolled now with `karma` (the user's warning, worded), or
 * null: read from the hero as it is at the call, so it is asked before the claim and again after.
 */
type FeatRefusal = (karma: KarmaSpend | undefined) => string | null;

/**
 * The Karma the roller spends on a card's Endurance FEAT, taken before the dice. In this order,
 * so that a click refused or cancelled anywhere spends nothing, and only one of two clicks at the
 * same instant (the GM and the owner, or a double click) writes the Karma pool:
 * 1. on this client: the fast "already rolled" check, the prompt, the pool as it is now, and
 *    `refused` (the kernel's dry run, with the Karma) — a refusal here claims nothing;
 * 2. the claim (cards/once.ts, through the GM): the click that loses it writes nothing at all;
 * 3. the spend (a Karma ledger entry), then `refused` again, on the hero and pool as they are
 *    after those round trips. A refusal in 3 (the pool spent meanwhile, the hero healed) gives
 *    the Karma back and the claim back (releaseOnce), so the card's button still rolls.
 * Null: no roll (the user has been told why).
 */
async function takeEnduranceFeatKarma(
  target: Actor.Implementation,
  kind: EnduranceKind,
  enduranceRank: RankKey,
  once: string | undefined,
  refused: FeatRefusal,
): Promise<KarmaTaken | null> {
  if (once && alreadyRolled(target, once)) return null;
  const points = await askEnduranceKarma({ kind, name: target.name, enduranceRank, karmaPool: karmaPoolOf(target) });
  if (points === null) return null;
  // The pool may have changed while the prompt was open.
  const pool = karmaPoolOf(target);
  if (points > pool) {
    ui.notifications?.warn(t("FRACAS.Error.notEnoughKarma", { points, pool }));
    return null;
  }
  const before = refused(points > 0 ? { points, pool } : undefined);
  if (before) {
    ui.notifications?.warn(before);
    return null;
  }
  if (once && !(await claimOnce(target, once))) return null;
  const giveClaimBack = async () => {
    if (once) await releaseOnce(target, once);
  };
  let taken: KarmaTaken;
  try {
    taken = await takeKarma(target, points, t(`FRACAS.Faserip.Secondary.${kind}`));
  } catch (e) {
    await giveClaimBack();
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
    return null;
  }
  const after = refused(taken.karma);
  if (after) {
    await returnKarma(target, taken);
    await giveClaimBack();
    ui.notifications?.warn(after);
    return null;
  }
  return taken;
}

/**
 * The defender's Endurance FEAT on the Slam? or Stun? column, posted as a secondary card (once per
 * attack card). Its roller (the GM or the defender's owner) may spend Karma on it first; the Karma
 * is taken before the roll and given back when the card is not posted (cards/karma.ts).
 */
export async function rollSecondary(result: JsonObject, once?: string): Promise<ChatMessage.Implementation | undefined> {
  const target = await targetOf(result);
  const attack = result["attack"] as { secondary?: { kind?: string; applies?: boolean } } | undefined;
  const kind = attack?.secondary?.kind;
  if (!target || (kind !== "slam" && kind !== "stun") || attack?.secondary?.applies !== true) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NothingToApply"));
    return undefined;
  }
  if (!mayControl(target)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NotYourRoll"));
    return undefined;
  }
  const tables = faseripTables();
  const endurance = toRankKey("endurance", currentEndurance(heroView(target.system)), tables.ranks);
  // The dry run gives a d10, so a White Stun? (which needs one) is not taken for a refusal.
  const refused: FeatRefusal = (karma) => refusalText(refusalOnAnyFace((roll) => resolveSecondary({ kind, enduranceRank: endurance, roll, karma, d10: 1 }, tables)));
  const taken = await takeEnduranceFeatKarma(target, kind, endurance, once, refused);
  if (!taken) return undefined;
  return withKarmaTaken(taken, target, async (karma) => {
    const { roll, value } = await d(100);
    const rolls = [roll];
    let check: SecondaryCheck;
    try {
      check = resolveSecondary({ kind, enduranceRank: endurance, roll: value, karma }, tables);
    } catch (e) {
      if (!isRuleError(e) || e.code !== "needDie") throw e;
      const d10 = await d(10);
      rolls.push(d10.roll);
      check = resolveSecondary({ kind, enduranceRank: endurance, roll: value, karma, d10: d10.value }, tables);
    }
    const out = {
      kind: kind as "slam" | "stun",
      name: target.name,
      check,
      roll: value,
      karmaSpent: check.karmaSpent,
      effectiveRoll: check.effectiveRoll,
      color: check.color,
      enduranceRank: check.enduranceRank,
      targetUuid: target.uuid,
      attackerTokenUuid: typeof result["sourceTokenUuid"] === "string" ? result["sourceTokenUuid"] : "",
      defenderTokenUuid: typeof result["targetTokenUuid"] === "string" ? result["targetTokenUuid"] : "",
    };
    const canKnockback = tokensKnown(out);
    return postCard({
      ruleset: RULESET,
      kind: "secondary",
      source: target,
      result: out as unknown as JsonObject,
      rolls,
      targets: [{ uuid: target.uuid, name: target.name }],
      context: { view: secondaryCardView({ ...out, canKnockback }) },
    });
  });
}

/** The Endurance FEAT of a character at 0 Health, from an attack card's button (White: they begin dying). */
export function rollZeroHealth(result: JsonObject, once?: string): Promise<ChatMessage.Implementation | undefined> {
  return zeroHealthRoll(result, { once, roundStart: false });
}

/**
 * The round start's own 0-Health FEAT, rolled by the GM's client inside nextRound: no Karma is
 * offered (a prompt there would hold up the round on the GM's screen, and the hero's owner is not
 * asked); the card says so (DECISIONS.md).
 */
export async function rollZeroHealthAtRoundStart(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  const message = await zeroHealthRoll({ targetUuid: actor.uuid }, { roundStart: true });
  // Applied when posted, as the dying and stand-up cards: a White starts dying now; its Undo stays the GM's way back.
  await applyAtOnce(message, actor);
  return message;
}

async function zeroHealthRoll(result: JsonObject, opts: { once?: string; roundStart: boolean }): Promise<ChatMessage.Implementation | undefined> {
  const target = await targetOf(result);
  if (!target) return undefined;
  if (!mayControl(target)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NotYourRoll"));
    return undefined;
  }
  // Stabilised after dying: safe at 0 Health, no more FEATs (the button may be on an older card).
  if (isStabilised(target.system)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.Stabilised"));
    return undefined;
  }
  // Not at 0 Health (healed since the card) or already dying: refused before any claim or die.
  let before;
  try {
    before = checkZeroHealthFeat(stateOf(target.system));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
    return undefined;
  }
  const universal = faseripTables().universal;
  // Read from the hero at each call: before the claim, and again after it and the Karma's round trips.
  const refused: FeatRefusal = (karma) =>
    isStabilised(target.system) ? t("FRACAS.Faserip.Refused.Stabilised") : refusalText(refusalOnAnyFace((roll) => zeroHealthFeat(stateOf(target.system), roll, karma, universal)));
  const taken: KarmaTaken | null = opts.roundStart
    ? { karma: undefined, entry: null }
    : await takeEnduranceFeatKarma(target, "zeroHealth", toRankKey("endurance", before.endurance), opts.once, refused);
  if (!taken) return undefined;
  return withKarmaTaken(taken, target, async (karma) => {
    const { roll, value } = await d(100);
    let feat;
    try {
      // A card's FEAT was checked again after its claim, before the dice (takeEnduranceFeatKarma);
      // this read is the round start's check, and a last one: no card, the Karma is given back.
      feat = zeroHealthFeat(stateOf(target.system), value, karma, universal);
    } catch (e) {
      if (!isRuleError(e)) throw e;
      ui.notifications?.warn(ruleErrorMessage(e));
      return undefined;
    }
    const out = {
      kind: "zeroHealth",
      name: target.name,
      roll: value,
      karmaSpent: feat.karmaSpent,
      effectiveRoll: feat.effectiveRoll,
      roundStart: opts.roundStart,
      color: feat.color,
      startsDying: feat.startsDying,
      enduranceRank: toRankKey("endurance", stateOf(target.system).endurance),
      targetUuid: target.uuid,
    };
    return postCard({
      ruleset: RULESET,
      kind: "secondary",
      source: target,
      result: out as unknown as JsonObject,
      rolls: [roll],
      targets: [{ uuid: target.uuid, name: target.name }],
      context: { view: secondaryCardView({ ...out, kind: "zeroHealth" }) },
    });
  });
}

/**
 * Applies a card just posted about `actor` at once (the round start's dying, 0-Health and stand-up
 * cards; the sheet's "A round passes" dying card): the card is the note, and its Undo stays. The
 * Apply runs here on the active GM's client (the round start's), else through it (appliesHere: a
 * GM who is not the active one, or a player's click on the sheet); a refusal is shown.
 */
async function applyAtOnce(message: ChatMessage.Implementation | undefined, actor: Actor.Implementation): Promise<void> {
  if (!message?.id) return;
  const done = await requestApply(message.id, actor.uuid, appliesHere(actor));
  if (!done.ok) ui.notifications?.warn(t(done.reason, "data" in done ? done.data : undefined));
}

/**
 * A round of dying passes for `actor` (the round start, or the sheet outside a fight): its dying
 * card is posted and applied at once, so one Endurance rank is lost (DECISIONS.md). The card keeps
 * its Undo and, unless the rank lost kills, its Stabilise (GM).
 */
export async function passDyingRound(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  const message = await postDyingTick(actor);
  await applyAtOnce(message, actor);
  return message;
}

/** A round of dying for `actor`: a card whose Apply drops one Endurance rank (passDyingRound applies it). */
export async function postDyingTick(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  let preview;
  try {
    preview = dyingTick(stateOf(actor.system));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
    return undefined;
  }
  const out = { name: actor.name, enduranceBefore: preview.enduranceBefore, enduranceAfter: preview.enduranceAfter, targetUuid: actor.uuid };
  return postCard({
    ruleset: RULESET,
    kind: "dyingTick",
    source: actor,
    result: out as unknown as JsonObject,
    targets: [{ uuid: actor.uuid, name: actor.name }],
    context: { view: dyingCardView(out) },
  });
}

async function writeState(actor: Actor.Implementation, change: StateChange, extra: Record<string, string | boolean> = {}): Promise<void> {
  await actor.update({ ...updateOf(actor.system, change.state), ...extra } as never);
  for (const e of change.events) await actor.toggleStatusEffect(statusEffectId(e.status), { active: e.on });
}

/**
 * GM: the dying character is stabilised (no longer dying; still unconscious). It is marked
 * stabilised, so the round start rolls no 0-Health Endurance FEAT for it (DECISIONS.md).
 * A dead character is never stabilised, nor one whose dying card says this round kills
 * (`cardKills`): the death stands; an applied one is reverted with the card's Undo.
 */
export async function stabiliseActor(actor: Actor.Implementation, cardKills = false): Promise<void> {
  if (!game.user.isGM) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.GMOnly"));
    return;
  }
  // The system flag or the DEFEATED icon the GM may have set by hand (both count as dead, as in down.ts).
  if (cardKills || heroView(actor.system).status.dead || (actor.statuses?.has(statusEffectId("dead")) ?? false)) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.DeadNoStabilise", { name: actor.name }));
    return;
  }
  try {
    await writeState(actor, stabilise(stateOf(actor.system)), { "system.status.stabilised": true });
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
  }
}

/**
 * The sheet's Restore (its owner or the GM): Health to its maximum, Endurance to its base rank,
 * and the unconsciousness and dying of 0 Health ended, status icons included (rules/condition.ts
 * restoreHealth). Otherwise a restored hero would still be down, and the round start would go on
 * taking Endurance ranks from a dying flag nobody cleared. A dead hero (system status or the
 * DEFEATED icon, as in down.ts) is refused: the GM clears Dead first.
 */
export async function restoreActor(actor: Actor.Implementation): Promise<void> {
  const hero = heroView(actor.system);
  if (hero.status.dead || (actor.statuses?.has(statusEffectId("dead")) ?? false)) {
    ui.notifications?.warn(t("FRACAS.Error.restoreDead"));
    return;
  }
  try {
    // Endurance back to the base rank: the stored override is cleared, not set to the same rank.
    await writeState(actor, restoreHealth(stateOf(actor.system), hero.abilities.endurance), { "system.status.endurance": "" });
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorMessage(e));
  }
}

/**
 * A new round: the prone `actor`, able to act, gets up (DECISIONS.md). GM's client (round start):
 * the card is posted and applied at once (applyAtOnce), so the sheet and the token lose Prone
 * and the card keeps the Undo (a GM who rules the hero still down presses it). Nothing is posted
 * when the kernel refuses (not prone, or something keeps them down).
 */
export async function postStandUp(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  try {
    standUp(stateOf(actor.system));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    return undefined;
  }
  const out = { name: actor.name, targetUuid: actor.uuid };
  const message = await postCard({
    ruleset: RULESET,
    kind: "standUp",
    source: actor,
    result: out as unknown as JsonObject,
    targets: [{ uuid: actor.uuid, name: actor.name }],
    context: { view: { name: actor.name } },
  });
  await applyAtOnce(message, actor);
  return message;
}

/** One round of stun passes. */
export async function passStunRound(actor: Actor.Implementation): Promise<void> {
  await writeState(actor, stunTick(stateOf(actor.system)));
}

/**
 * Slam knock-back on the map: moves the defender's token `areas` grid spaces straight away from
 * the attacker's token. Only the GM or the defender's owner, and only when both tokens are on
 * the viewed scene.
 */
export async function knockBack(result: JsonObject): Promise<boolean> {
  const check = result["check"] as { areas?: number } | undefined;
  const areas = typeof check?.areas === "number" ? check.areas : 0;
  const from = lookupUuidSync(String(result["attackerTokenUuid"] ?? "")) as TokenDocument.Implementation | null;
  const to = lookupUuidSync(String(result["defenderTokenUuid"] ?? "")) as TokenDocument.Implementation | null;
  const board = typeof canvas === "undefined" ? null : canvas;
  if (areas <= 0 || !from || !to || !board?.scene || from.parent !== board.scene || to.parent !== board.scene) {
    ui.notifications?.warn(t("FRACAS.Faserip.Knockback.NotOnMap"));
    return false;
  }
  if (!game.user.isGM && !to.isOwner) {
    ui.notifications?.warn(t("FRACAS.Faserip.Refused.NotYourRoll"));
    return false;
  }
  const size = board.grid?.size ?? 100;
  const rect = (board as unknown as { dimensions?: { sceneRect?: { x: number; y: number; width: number; height: number } } }).dimensions?.sceneRect;
  const bounds = rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height, tokenWidth: (to.width ?? 1) * size, tokenHeight: (to.height ?? 1) * size } : undefined;
  const dest = knockBackPosition({ x: from.x ?? 0, y: from.y ?? 0 }, { x: to.x ?? 0, y: to.y ?? 0 }, areas, size, bounds);
  await to.update({ x: dest.x, y: dest.y } as never);
  return true;
}
