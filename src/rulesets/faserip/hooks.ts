/**
 * FASERIP's own hooks, registered on Foundry's "init" at most once per Hooks registry (core
 * registerOnce, mark "faserip"): a hero's status flags follow the icons toggled by hand
 * (status-sync.ts); a hold ends with its holder (holds.ts). (A card's GM-only controls are disabled on players' copies by the core:
 * chat/gm-only-controls.ts, for an element marked data-fracas-gm-only.)
 */
import { registerOnce } from "../../foundry/hooks-once.js";
import { isMigrationUpdate } from "../../foundry/migration-option.js";
import { onStatusEffectToggle } from "./status-sync.js";
import { onStepForDodges } from "./cards/dodge-prompt.js";
import { onCombatantDeleted, onCombatantUpdated, onEffectCreated, onHeroDeleted, onHeroUpdated, onTokenDeleted } from "./holds.js";

export function registerFaseripHooks(): boolean {
  return registerOnce("faserip", (hooks) => {
    hooks.on("createActiveEffect", (effect, _options, userId) => onStatusEffectToggle(effect as never, true, userId as string));
    hooks.on("deleteActiveEffect", (effect, _options, userId) => onStatusEffectToggle(effect as never, false, userId as string));
    // A hold ends when its holder falls or either leaves the fight (holds.ts; the active GM writes).
    // A migration reshapes stored data: no one fell (migration-option.ts).
    hooks.on("updateActor", (actor, changes, options) => void (isMigrationUpdate(options) || onHeroUpdated(actor, changes as never)));
    hooks.on("createActiveEffect", (effect) => onEffectCreated(effect as never));
    hooks.on("updateCombatant", (combatant, changes) => onCombatantUpdated(combatant as never, changes as never));
    hooks.on("deleteCombatant", (combatant) => onCombatantDeleted(combatant as never));
    // A side begins to act: the other side's players are asked to dodge first (dodge-prompt.ts).
    hooks.on("updateCombat", (combat, changed) => onStepForDodges(combat as never, changed as object));
    // A holder deleted (its actor, or an unlinked holder's token) lets go too.
    hooks.on("deleteActor", (actor) => onHeroDeleted(actor));
    hooks.on("deleteToken", (token) => onTokenDeleted(token as never));
  });
}
