/**
 * The shared token status effects (ids fracas-<status>) that wound events toggle, added to
 * CONFIG.statusEffects beside Foundry's own; rulesets may add more through their descriptor. The
 * token HUD offers each where a rule reads it, and not core's same-picture statuses.
 */
import { STATUSES, statusEffectId } from "../engine/events.js";
import { ACTOR_TYPES } from "../rulesets/types.js";

const ICONS: Record<(typeof STATUSES)[number], string> = {
  stunned: "icons/svg/daze.svg",
  unconscious: "icons/svg/unconscious.svg",
  dying: "icons/svg/blood.svg",
  dead: "icons/svg/skull.svg",
  almostDead: "icons/svg/heal.svg",
  prone: "icons/svg/falling.svg",
  restrained: "icons/svg/net.svg",
};

type StatusEffect = { id: string; name: string; img: string; hud?: false | { actorTypes: string[] } };

/** Statuses one ruleset's rules alone read: the token HUD offers them on that ruleset's actors only. */
const ONLY_FOR: Partial<Record<(typeof STATUSES)[number], readonly string[]>> = {
  almostDead: ACTOR_TYPES.zodiac,
};

export function fracasStatusEffects(): StatusEffect[] {
  return STATUSES.map((s) => {
    const only = ONLY_FOR[s];
    return { id: statusEffectId(s), name: `FRACAS.Status.${s}`, img: ICONS[s], ...(only ? { hud: { actorTypes: [...only] } } : {}) };
  });
}

export function registerStatusEffects(extra: StatusEffect[] = []): void {
  const list = CONFIG.statusEffects as unknown as StatusEffect[];
  const ours = [...fracasStatusEffects(), ...extra];
  // Core's look-alikes (its skull, daze, net… beside ours) would set a status no Fracas rule reads:
  // hidden from the token HUD, kept in the list so effects already on actors still resolve.
  const pictures = new Set(ours.map((e) => e.img));
  for (const effect of list) if (!effect.id.startsWith("fracas-") && pictures.has(effect.img)) effect.hud = false;
  for (const effect of ours) {
    if (!list.some((e) => e.id === effect.id)) list.push(effect);
  }
  // Foundry marks a token defeated with the "dead" special status; point it at ours.
  (CONFIG.specialStatusEffects as unknown as Record<string, string>).DEFEATED = statusEffectId("dead");
}
