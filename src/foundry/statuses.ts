/**
 * The shared token status effects (ids fracas-<status>) that wound events toggle, added to
 * CONFIG.statusEffects beside Foundry's own; rulesets may add more through their descriptor.
 */
import { STATUSES, statusEffectId } from "../engine/events.js";

const ICONS: Record<(typeof STATUSES)[number], string> = {
  stunned: "icons/svg/daze.svg",
  unconscious: "icons/svg/unconscious.svg",
  dying: "icons/svg/blood.svg",
  dead: "icons/svg/skull.svg",
  almostDead: "icons/svg/heal.svg",
  prone: "icons/svg/falling.svg",
  restrained: "icons/svg/net.svg",
};

export function fracasStatusEffects(): { id: string; name: string; img: string }[] {
  return STATUSES.map((s) => ({ id: statusEffectId(s), name: `FRACAS.Status.${s}`, img: ICONS[s] }));
}

export function registerStatusEffects(extra: { id: string; name: string; img: string }[] = []): void {
  const list = CONFIG.statusEffects as unknown as { id: string }[];
  for (const effect of [...fracasStatusEffects(), ...extra]) {
    if (!list.some((e) => e.id === effect.id)) list.push(effect);
  }
  // Foundry marks a token defeated with the "dead" special status; point it at ours.
  (CONFIG.specialStatusEffects as unknown as Record<string, string>).DEFEATED = statusEffectId("dead");
}
