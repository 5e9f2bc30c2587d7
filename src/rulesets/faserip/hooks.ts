/**
 * FASERIP's own hooks, registered on Foundry's "init" at most once per Hooks registry (core
 * registerOnce, mark "faserip"): a hero's status flags follow the icons toggled by hand
 * (status-sync.ts). (A card's GM-only controls are disabled on players' copies by the core:
 * chat/gm-only-controls.ts, for an element marked data-fracas-gm-only.)
 */
import { registerOnce } from "../../foundry/hooks-once.js";
import { onStatusEffectToggle } from "./status-sync.js";

export function registerFaseripHooks(): boolean {
  return registerOnce("faserip", (hooks) => {
    hooks.on("createActiveEffect", (effect, _options, userId) => onStatusEffectToggle(effect as never, true, userId as string));
    hooks.on("deleteActiveEffect", (effect, _options, userId) => onStatusEffectToggle(effect as never, false, userId as string));
  });
}
