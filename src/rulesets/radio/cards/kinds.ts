/** The radio card kinds: templates, pure effects (effects.ts) and follow-up buttons (flow.ts, round.ts). */
import type { CardKind, GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { t } from "../../../foundry/i18n.js";
import { attackEffect, damageEffect, escapeEffect, fleeEffect, promptEffect } from "./effects.js";
import { completeFinal, renderCardContent, rollDamage, rollEscape, undoAttackTokens } from "./flow.js";
import { openAttackDialog } from "../sheets/attack-dialog.js";
import { finalCardView, type AttackCardResult, type EscapeOfferResult, type FinalCardResult } from "./views.js";
import { escapeRefusal } from "./defence-round.js";
import { owesFinalAction, type Sys } from "../data/state.js";
import { endCombatFollowUp } from "./combat-end.js";
import { damageFlee, leaderDownFlee, rollFleeChecks } from "./flee.js";
import { radioSummaryText } from "./summaries.js";

/** The actor a card's result names, when this user owns it (the GM owns every actor). */
function ownedBy(user: User.Implementation, uuid: unknown): Actor.Implementation | null {
  const actor = typeof uuid === "string" && uuid !== "" ? lookupUuidSync(uuid) : null;
  return actor instanceof Actor && actor.testUserPermission(user, "OWNER") ? (actor as Actor.Implementation) : null;
}

/** The clicking client's own actor for a prompt card, or a warning and null. */
function myActor(result: JsonObject): Actor.Implementation | null {
  const actor = ownedBy(game.user, result.actorUuid);
  if (!actor) ui.notifications?.warn(t("FRACAS.Radio.Refused.NotYourCharacter"));
  return actor;
}

/** Takes back an attack's earned and cashed-in tokens: the GM or the attacker's owner may ask. */
const undoTokens: GmFollowUp = {
  allowed: ({ user, result }) => user.isGM || ownedBy(user, (result as unknown as AttackCardResult).tokens?.actorUuid) !== null,
  run: ({ user, message, result }) => undoAttackTokens(message, result, user.id ?? ""),
};

/** Completes a dying hero's final heroic action and closes its prompt (the prompt is the GM's card). */
const finalDone: GmFollowUp = {
  allowed: ({ user, result }) => user.isGM || ownedBy(user, result.actorUuid) !== null,
  async run({ message, result }) {
    const r = result as unknown as FinalCardResult;
    if (r.done) return { ok: false, reason: "FRACAS.Radio.Refused.FinalDone" };
    const actor = ownedBy(game.user, r.actorUuid);
    if (!actor) return { ok: false, reason: "FRACAS.Chat.Refused.NoTarget" };
    const outcome = await completeFinal(actor);
    if (!outcome.ok) return outcome;
    const next: FinalCardResult = { ...r, done: true };
    const content = await renderCardContent(message, "radio/cards/final.hbs", next, finalCardView(next));
    await message.update({ "system.result.done": true, content } as never);
    return { ok: true };
  },
};

export const radioCards: Record<string, CardKind> = {
  attack: {
    template: "radio/cards/attack.hbs",
    // Nothing to apply: the damage card it leads to is applied.
    applicable: false,
    effect: attackEffect,
    followUps: {
      damage: async ({ message, result }) => {
        await rollDamage(message, result);
      },
    },
    gmFollowUps: { undoTokens },
  },
  damage: {
    template: "radio/cards/damage.hbs",
    effect: damageEffect,
    summaryText: radioSummaryText,
    // The flee checks are rolled on the GM's client (claimed per fall on the leader: flee.ts); the
    // card's button, on any client, asks for them.
    followUps: {
      flee: async ({ message }) => {
        await rollFleeChecks(message);
      },
    },
    gmFollowUps: { flee: damageFlee },
  },
  flee: { template: "radio/cards/flee.hbs", effect: fleeEffect, summaryText: radioSummaryText },
  escape: { template: "radio/cards/escape.hbs", effect: escapeEffect },
  final: {
    template: "radio/cards/final.hbs",
    applicable: false,
    effect: promptEffect,
    followUps: {
      finalAttack: async ({ message, result }) => {
        const actor = myActor(result);
        if (!actor) return;
        if ((result as unknown as FinalCardResult).done || !owesFinalAction(actor.type, actor.system as unknown as Sys)) {
          ui.notifications?.warn(t("FRACAS.Radio.Refused.FinalDone"));
          return;
        }
        openAttackDialog(actor, { cardId: message.id ?? "" });
      },
    },
    gmFollowUps: { finalDone },
  },
  escapeOffer: {
    template: "radio/cards/escape-offer.hbs",
    applicable: false,
    effect: promptEffect,
    followUps: {
      escape: async ({ message, result }) => {
        const actor = myActor(result);
        if (!actor) return;
        const offerId = message.id ?? "";
        const offer = result as unknown as EscapeOfferResult;
        const at = { combatId: offer.combatId, round: offer.round };
        // One escape per defensive round, at its end: not twice (by this offer or the sheet), not
        // for an older round's offer; rollEscape claims it before the die.
        const refusal = escapeRefusal(actor.uuid, at);
        if (refusal) {
          ui.notifications?.warn(t(refusal));
          return;
        }
        await rollEscape(actor, "defensive", offerId, at);
      },
    },
  },
  // Whispered to the GM when a leader fell other than by a damage card (leader-fall.ts): the flee checks, GM only.
  leaderDown: {
    template: "radio/cards/leader-down.hbs",
    applicable: false,
    effect: promptEffect,
    gmFollowUps: { flee: leaderDownFlee },
  },
  // Whispered to the GM when one side has no one left opposing (combat-end.ts): End combat, GM only.
  combatEnd: {
    template: "radio/cards/combat-end.hbs",
    applicable: false,
    effect: promptEffect,
    gmFollowUps: { endCombat: endCombatFollowUp },
  },
};
