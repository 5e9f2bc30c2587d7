/**
 * Bond's Foundry hooks, on every client: open attack dialogs follow their attacker, their target
 * and the fight's round (sheets/attack-refresh.ts); an ended fight's covers are cleared and its
 * Stun rounds run out by the active GM (after-fight.ts, D51, D53).
 * Registered on Foundry's "init" (index.ts), at most once per Hooks registry (a second import adds nothing).
 */
import { afterFight } from "./after-fight.js";
import { refreshAttackDialogsFor, refreshAttackDialogsInCombat, refreshAttackDialogsOnTarget } from "./sheets/attack-refresh.js";

const HOOKS_MARK = Symbol.for("fracas.bond.hooks");
export function registerBondHooks(): boolean {
  const hooks = (globalThis as { Hooks?: typeof Hooks }).Hooks as (typeof Hooks & { [HOOKS_MARK]?: boolean }) | undefined;
  if (!hooks || hooks[HOOKS_MARK]) return false;
  hooks[HOOKS_MARK] = true;
  hooks.on("updateActor", (actor) => void refreshAttackDialogsFor(actor as { uuid?: string | null }));
  // A status (prone, restrained, stunned…) is an ActiveEffect on the actor, not an actor update.
  hooks.on("createActiveEffect", (effect) => void refreshAttackDialogsFor((effect as { parent?: { uuid?: string | null } | null }).parent));
  hooks.on("deleteActiveEffect", (effect) => void refreshAttackDialogsFor((effect as { parent?: { uuid?: string | null } | null }).parent));
  hooks.on("targetToken", (user) => void refreshAttackDialogsOnTarget(user as { id?: string | null }));
  hooks.on("updateCombat", (combat, changed) => {
    if ("round" in (changed as object)) refreshAttackDialogsInCombat(combat as Combat.Implementation);
  });
  hooks.on("deleteCombat", (combat) => {
    refreshAttackDialogsInCombat(combat as Combat.Implementation);
    void afterFight(combat as Combat.Implementation);
  });
  return true;
}
