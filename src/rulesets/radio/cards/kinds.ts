/** The radio card kinds: templates, pure effects (effects.ts) and follow-up buttons (flow.ts). */
import type { CardKind } from "../../../foundry/registry.js";
import { attackEffect, damageEffect, escapeEffect, fleeEffect } from "./effects.js";
import { rollDamage, rollFleeChecks } from "./flow.js";

export const radioCards: Record<string, CardKind> = {
  attack: {
    template: "radio/cards/attack.hbs",
    effect: attackEffect,
    followUps: {
      damage: async ({ message, result }) => {
        await rollDamage(message, result);
      },
    },
  },
  damage: {
    template: "radio/cards/damage.hbs",
    effect: damageEffect,
    followUps: {
      flee: async ({ message }) => {
        await rollFleeChecks(message);
      },
    },
  },
  flee: { template: "radio/cards/flee.hbs", effect: fleeEffect },
  escape: { template: "radio/cards/escape.hbs", effect: escapeEffect },
};
