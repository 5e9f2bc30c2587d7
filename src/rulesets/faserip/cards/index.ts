/** The faserip card kinds: attack, secondary (Slam?/Stun?/0 Health; the GM sets a White Slam?'s areas), dyingTick, standUp, feat and dodgeNow. */
import type { CardKind } from "../../../foundry/registry.js";
import { lookupUuid, lookupUuidSync } from "../../../foundry/typed.js";
import { attackEffect, dyingTickEffect, featEffect, secondaryEffect, standUpEffect } from "./effects.js";
import { faseripTables } from "./tables.js";
import { moveKnockedBack } from "./knockback-move.js";
import { rollSecondary } from "./secondary-roll.js";
import { rollZeroHealth } from "./zero-health-roll.js";
import { stabiliseActor } from "./stabilise.js";
import { onceKey } from "./once.js";
import { actedThisRoundOf } from "./acted-this-round.js";
import { snatchObjectFollowUp } from "./snatch.js";
import { ATTACK_TEMPLATE } from "./attack-content.js";
import { attackCardUpdate } from "./zero-health-prompt.js";
import { knockbackAreasFollowUp, SECONDARY_TEMPLATE, setTypedAreas } from "./knockback-areas.js";
import { knockbackMovedFollowUp } from "./knockback-moved.js";
import { mayRollFor, openFeatDialog } from "../sheets/open-feat.js";

export const CARD_TEMPLATES = {
  attack: ATTACK_TEMPLATE,
  secondary: SECONDARY_TEMPLATE,
  dyingTick: "faserip/cards/dying-tick.hbs",
  feat: "faserip/cards/feat.hbs",
  standUp: "faserip/cards/stand-up.hbs",
  dodgeNow: "faserip/cards/dodge-now.hbs",
} as const;

/** actedThisRoundOf for a card's target, by its uuid (false when it is not an actor any more). */
function actedThisRoundOfUuid(uuid: string): boolean {
  const actor = lookupUuidSync(uuid);
  return actor instanceof Actor && actedThisRoundOf(actor as Actor.Implementation);
}

export const faseripCards: Record<string, CardKind> = {
  attack: {
    template: CARD_TEMPLATES.attack,
    effect: attackEffect,
    // The 0-Health FEAT's button appears once the blow that takes Health to 0 is applied (zero-health-prompt.ts).
    cardUpdate: attackCardUpdate,
    followUps: {
      secondary: async ({ message, result }) => {
        await rollSecondary(result, onceKey(message, "secondary"));
      },
      zeroHealth: async ({ message, result }) => {
        await rollZeroHealth(result, onceKey(message, "zeroHealth"));
      },
    },
    // Snatching's Grab: the snatcher takes one of the defender's listed objects (cards/snatch.ts).
    gmFollowUps: { snatchObject: snatchObjectFollowUp },
  },
  secondary: {
    template: CARD_TEMPLATES.secondary,
    // A stun on one who has already acted this round counts from the next round (rules stunCount).
    effect: (input) => secondaryEffect(input, { universal: faseripTables().universal }, { actedThisRound: actedThisRoundOfUuid(input.target.uuid) }),
    followUps: {
      // A number the GM typed in the areas field and did not Set is set first, then moved (knockback-move.ts).
      knockback: async ({ message, result, button }) => {
        await moveKnockedBack(message, result, button);
      },
      // The GM's typed number of areas (a White Slam?), checked here and sent to knockbackAreas.
      setAreas: ({ message, button }) => setTypedAreas(message, button),
    },
    // A White Slam?'s areas, set by the GM (cards/knockback-areas.ts); the Move recorded once (cards/knockback-moved.ts).
    gmFollowUps: { knockbackAreas: knockbackAreasFollowUp, knockbackMoved: knockbackMovedFollowUp },
  },
  dyingTick: {
    template: CARD_TEMPLATES.dyingTick,
    effect: dyingTickEffect,
    followUps: {
      stabilise: async ({ result }) => {
        const actor = await lookupUuid(String(result["targetUuid"] ?? ""));
        // enduranceAfter null: this tick kills (an older card may still show the button).
        if (actor instanceof Actor) await stabiliseActor(actor as Actor.Implementation, result["enduranceAfter"] === null);
      },
    },
  },
  // Posted and applied by the round start (a prone character who can act gets up); Undo keeps them down.
  standUp: {
    template: CARD_TEMPLATES.standUp,
    effect: standUpEffect,
  },
  // Whispered when the other side begins to act (dodge-prompt.ts): its button opens the hero's FEAT dialog on Dodging.
  dodgeNow: {
    template: CARD_TEMPLATES.dodgeNow,
    applicable: false,
    effect: featEffect,
    followUps: {
      dodge: async ({ result }) => {
        const actor = lookupUuidSync(String(result["actorUuid"] ?? ""));
        if (!(actor instanceof Actor)) return;
        const hero = actor as Actor.Implementation;
        if (mayRollFor(hero)) openFeatDialog(hero, { ability: "agility", action: "dodging" });
      },
    },
  },
  feat: {
    template: CARD_TEMPLATES.feat,
    // A dodge or ability FEAT changes no one: no Apply rows (a dodge is kept in combatant memory).
    applicable: false,
    effect: featEffect,
  },
};
