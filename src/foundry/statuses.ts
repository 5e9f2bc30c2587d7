/**
 * The shared token status effects (ids fracas-<status>) that wound events toggle, added to
 * CONFIG.statusEffects beside Foundry's own; rulesets may add more through their descriptor. The
 * token HUD offers each on the actors of the rulesets that read it, and of core's statuses only
 * those Foundry itself acts on.
 */
import { STATUSES, statusEffectId } from "../engine/events.js";
import { ACTOR_TYPES, type RulesetId } from "../rulesets/types.js";

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

/**
 * The rulesets whose rules read or set each status: the token HUD offers it on those rulesets'
 * actors only (review-s10-gm G8). Dead is everyone's (Foundry's defeated mark points at it).
 */
const READ_BY: Partial<Record<(typeof STATUSES)[number], readonly RulesetId[]>> = {
  stunned: ["bond", "faserip"],
  unconscious: ["bond", "radio", "faserip"],
  dying: ["radio", "faserip"],
  almostDead: ["zodiac"],
  prone: ["bond", "faserip"],
  restrained: ["bond", "faserip"],
};

/** Core's statuses to which Foundry itself gives a meaning (vision, elevation): kept on the HUD. */
const CORE_MEANINGFUL = ["invisible", "blind", "burrow", "hover", "fly"];

export function fracasStatusEffects(): StatusEffect[] {
  return STATUSES.map((s) => {
    const only = READ_BY[s];
    return { id: statusEffectId(s), name: `FRACAS.Status.${s}`, img: ICONS[s], ...(only ? { hud: { actorTypes: only.flatMap((r) => ACTOR_TYPES[r]) } } : {}) };
  });
}

export function registerStatusEffects(extra: StatusEffect[] = []): void {
  const list = CONFIG.statusEffects as unknown as StatusEffect[];
  const ours = [...fracasStatusEffects(), ...extra];
  // Core's own statuses (its skull, daze, net beside ours; burning, bless…) set nothing a Fracas rule
  // reads: hidden from the token HUD, except those Foundry itself acts on, and kept in the list so
  // effects already on actors still resolve. A ruleset's own extra statuses stay.
  for (const effect of list) if (!effect.id.startsWith("fracas-") && !CORE_MEANINGFUL.includes(effect.id)) effect.hud = false;
  for (const effect of ours) {
    if (!list.some((e) => e.id === effect.id)) list.push(effect);
  }
  // Foundry marks a token defeated with the "dead" special status; point it at ours.
  (CONFIG.specialStatusEffects as unknown as Record<string, string>).DEFEATED = statusEffectId("dead");
}
