/**
 * The FEAT roll: an attack (one card per target, each with its own roll, dodge and cover), a dodge
 * (kept for the round) or a plain ability FEAT. Dice are Foundry Rolls; their values go to the
 * kernel; the results are posted as cards.
 */
import { FracasRuleError } from "../../../engine/errors.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { t } from "../../../foundry/i18n.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { escapingRefusal } from "../holds.js";
import { warnRefused } from "../../../foundry/queries.js";
import { warnTargetGone } from "../../../foundry/sheets/target-gone.js";
import { ATTACK_ACTIONS, resolveAttack, resolveFeat } from "../rules/index.js";
import type { AttackAction } from "../rules/index.js";
import { currentEndurance, heroView } from "../data/state.js";
import { attackCardView } from "../sheets/attack-card-view.js";
import { featCardView } from "../sheets/feat-card-view.js";
import { coverFor, gmCoverShift } from "../sheets/cover-choice.js";
import { karmaShortfall } from "../sheets/karma-per-target.js";
import { targetDodge, type FeatForm } from "../sheets/feat-form.js";
import type { CardTalent } from "../sheets/talents.js";
import type { SnatchObject } from "../sheets/snatch-view.js";
import { faseripTables } from "./tables.js";
import { freesEscaper } from "./effects.js";
import { karmaPoolOf, takeKarma, withKarmaTaken } from "./karma.js";
import { RULESET } from "./ruleset.js";
import { rollDie } from "./dice.js";
import { tokenUuidOf, type TargetRef } from "./targets.js";
import { combatantOf, roundOf } from "./fight-round.js";
import { readDodge, recordDodge } from "./dodge-memory.js";
import { actorDownReason, attackRefusalOf, claimSideAttack, dodgeRefusalOf, sideTurnOf, sideTurnText } from "./may-act.js";
import { releaseClaim } from "../../../foundry/queries.js";

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

/**
 * The objects `actor` carries that a Snatching could take: its weapon items in view (id and name).
 * A concealed one is left out: the card is public, so listing it would reveal it, and one cannot
 * grab what one does not see (DECISIONS.md, session 7 wave 2). The GM may still rule otherwise.
 */
export function objectsOf(actor: Actor.Implementation): SnatchObject[] {
  return actor.items
    .filter((i) => (i.type as string) === "faseripWeapon" && (i.system as unknown as { concealed?: unknown }).concealed !== true)
    .map((i) => ({ id: i.id ?? "", name: i.name }));
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
    // A player attacks while their side resolves its actions (side-turn.ts); the GM is told, never refused.
    const turn = sideTurnOf(actor);
    if (turn.refused) {
      ui.notifications?.warn(sideTurnText(turn, actor.name));
      return posted;
    }
    if (form.action === "escaping") {
      const held = escapingRefusal(actor, req.targets.map((x) => x.uuid));
      if (held) {
        ui.notifications?.warn(t(held.key, held.data));
        return posted;
      }
    }
    const action = form.action as AttackAction;
    // A target deleted since it was aimed at (the dialog open meanwhile) is not rolled against:
    // its card would read the defender as Endurance 0 and no armor (session 8, "hard to break").
    // Nothing is rolled then, not even at the others: the multiple-target shift and the Karma
    // per target were chosen for them all. Said in core's words (target-gone.ts); the FEAT dialog
    // stays open and redraws without the deleted target (feat-dialog.ts).
    const found = await Promise.all(req.targets.map(async (x) => ((await lookupUuid(x.uuid)) as Actor.Implementation | null) ?? null));
    const gone = req.targets.filter((_, i) => found[i] === null);
    if (gone.length > 0) {
      for (const x of gone) warnTargetGone(x.name);
      return posted;
    }
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
    // The round's one attack, claimed last before the dice (a refusal above leaves it unclaimed).
    const claim = await claimSideAttack(actor, turn);
    if (claim === "refused") return posted;
    try {
      for (const [index, target] of targets.entries()) {
        const targetActor = target ? (found[index] ?? null) : null;
        const defenderView = targetActor ? heroView(targetActor.system) : null;
        const dodge = targetDodge(targetActor ? (readDodge(combatantOf(targetActor), round)?.shift ?? null) : null, form.dodge);
        // Each card's Karma is taken before its roll (cards/karma.ts) and given back if it is not posted.
        const taken = await takeKarma(actor, form.karma, reason);
        const message = await withKarmaTaken(taken, actor, async (karma) => {
          const { roll, value } = await rollDie(100);
          const attack = resolveAttack(
            {
              action,
              abilityRank,
              roll: value,
              // Cover is the defender's: with several targets each has its own (the dialog's choice per
              // target), and never less than the GM's cover on it now (RULES.md: the GM chooses cover).
              shifts: { ...shifts, cover: Math.min(coverFor(form, index, req.targets.length), targetActor ? gmCoverShift(targetActor.system, tables.cover) : 0), dodge },
              karma,
              attacker: { strength: hero.abilities.strength, endurance: hero.abilities.endurance, weaponDamage: req.weapon?.damage },
              defender: defenderView ? { endurance: currentEndurance(defenderView), armor: defenderView.armor } : { endurance: 0, armor: 0 },
            },
            tables,
          );
          // A successful Escaping frees its roller: the card lists the roller too, so Apply/Undo
          // (through the GM when the clicker may not write) end and restore its Restrained.
          const escaperUuid = freesEscaper(action, attack) ? actor.uuid : "";
          const cardTargets = target ? [{ uuid: target.uuid, name: target.name }] : [];
          if (escaperUuid && !cardTargets.some((x) => x.uuid === escaperUuid)) cardTargets.push({ uuid: escaperUuid, name: actor.name });
          const result = {
            action,
            attack,
            // The ability rolled (the card names it: the form's, which a user may change from the action's own).
            ability: form.ability,
            actorName: actor.name,
            escaperUuid,
            weaponName: req.weapon?.name ?? "",
            targetName: target?.name ?? "",
            targetUuid: target?.uuid ?? "",
            targetTokenUuid: target?.tokenUuid ?? "",
            sourceTokenUuid: tokenUuidOf(actor),
            // Offered once the blow that takes Health to 0 is applied (zero-health-prompt.ts).
            zeroHealthPrompt: false,
            talents,
            // A Snatching lists what the defender carries now (its weapons): a Grab takes one (cards/snatch.ts).
            ...(action === "snatching" && targetActor ? { objects: objectsOf(targetActor) } : {}),
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
    } finally {
      // No card posted (the Karma refused, a rule error, a hook): the attack was not made, so the
      // claim this click wrote is given back and the round's attack can still be rolled.
      if (claim === "claimed" && posted.length === 0 && turn.key) await releaseClaim(actor, turn.key).catch((e: unknown) => console.error("Fracas |", e));
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
    const { roll, value } = await rollDie(100);
    // A dodge or a plain FEAT takes no dodge, cover or multiple-target shift (those shift an
    // attacker's column; sheets/feat-form.ts takesAttackShifts): "other" only, whatever the form carries.
    const feat = resolveFeat({ action: isDodge ? "dodging" : "feat", abilityRank, roll: value, shifts: { other: form.other }, karma }, tables);
    const message = await postCard({
      ruleset: RULESET,
      kind: "feat",
      source: actor,
      result: { feat, actorName: actor.name, talents, ability: form.ability } as unknown as JsonObject,
      rolls: [roll],
      targets: [],
      context: { view: featCardView(feat, actor.name, talents, form.ability) },
    });
    return message ? { message, color: feat.color } : undefined;
  });
  if (!done) return posted;
  posted.push(done.message);
  if (dodger) {
    const refused = await recordDodge(dodger, round, done.color);
    // Not "No GM" again (the GM left during the roll): the core's request has already said it.
    if (refused) warnRefused({ ok: false, reason: refused, data: { name: actor.name } });
  }
  return posted;
}
