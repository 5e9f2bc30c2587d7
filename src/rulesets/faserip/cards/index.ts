/** The faserip card kinds: attack, secondary (Slam?/Stun?/0 Health; the GM sets a White Slam?'s areas), dyingTick, standUp and feat. */
import type { CardKind } from "../../../foundry/registry.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { attackEffect, dyingTickEffect, featEffect, secondaryEffect, standUpEffect } from "./effects.js";
import { faseripTables } from "./tables.js";
import { knockBack, rollSecondary, rollZeroHealth, stabiliseActor } from "./roll.js";
import { onceKey } from "./once.js";
import { knockbackAreasFollowUp, SECONDARY_TEMPLATE } from "./knockback-areas.js";

export const CARD_TEMPLATES = {
  attack: "faserip/cards/attack.hbs",
  secondary: SECONDARY_TEMPLATE,
  dyingTick: "faserip/cards/dying-tick.hbs",
  feat: "faserip/cards/feat.hbs",
  standUp: "faserip/cards/stand-up.hbs",
} as const;

export const faseripCards: Record<string, CardKind> = {
  attack: {
    template: CARD_TEMPLATES.attack,
    effect: attackEffect,
    followUps: {
      secondary: async ({ message, result }) => {
        await rollSecondary(result, onceKey(message, "secondary"));
      },
      zeroHealth: async ({ message, result }) => {
        await rollZeroHealth(result, onceKey(message, "zeroHealth"));
      },
    },
  },
  secondary: {
    template: CARD_TEMPLATES.secondary,
    effect: (input) => secondaryEffect(input, { universal: faseripTables().universal }),
    followUps: {
      knockback: async ({ result }) => {
        await knockBack(result);
      },
    },
    // A White Slam?'s areas, set by the GM (cards/knockback-areas.ts).
    gmFollowUps: { knockbackAreas: knockbackAreasFollowUp },
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
  feat: {
    template: CARD_TEMPLATES.feat,
    // A dodge or ability FEAT changes no one: no Apply rows (a dodge is kept in combatant memory).
    applicable: false,
    effect: featEffect,
  },
};
