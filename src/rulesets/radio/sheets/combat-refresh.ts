/**
 * The radio sheets show what the fight says of their actor: the Attack button's reason, the
 * described-action row while it is the actor's turn (cards/step-action.ts), the defence row once
 * the defensive action is declared. Foundry redraws a sheet only when its own actor changes, so
 * these went stale when the GM advanced the tracker or someone declared. On an update of a radio
 * combat that moves the step or the round, or records a declaration, this client redraws its open
 * radio actor sheets whose actor fights in that combat (an unlinked token's actor by its own UUID).
 */
import { RadioHenchmenSheet, RadioHeroSheet, RadioOpponentSheet } from "./actor-sheets.js";
import { openApps } from "../../../foundry/typed.js";
import { typingIn } from "../../../foundry/dom/typing.js";

interface Redrawable {
  rendered: boolean;
  element?: HTMLElement;
  document?: { uuid?: string };
  render(): Promise<unknown>;
}

/** Whether an update moved the step or the round, or changed a declaration. */
export function movesTheFight(changed: object): boolean {
  const c = changed as { round?: unknown; system?: { step?: unknown; combatants?: unknown } };
  return c.round !== undefined || c.system?.step !== undefined || c.system?.combatants !== undefined;
}

/** updateCombat: redraws this client's open radio sheets of the combat's fighters; returns how many. */
export function refreshCombatSheets(combat: Combat.Implementation, changed: object): number {
  if ((combat.system as unknown as { ruleset?: string }).ruleset !== "radio" || !movesTheFight(changed)) return 0;
  const fighters = new Set([...combat.combatants].map((c) => c.actor?.uuid).filter((u): u is string => typeof u === "string"));
  let n = 0;
  for (const app of openApps()) {
    if (!(app instanceof RadioHeroSheet || app instanceof RadioOpponentSheet || app instanceof RadioHenchmenSheet)) continue;
    const sheet = app as unknown as Redrawable;
    if (!sheet.rendered || !fighters.has(sheet.document?.uuid ?? "")) continue;
    // Someone typing in it (notes not yet submitted) would lose the text: it redraws on its next change.
    if (typingIn(sheet.element)) continue;
    void sheet.render();
    n += 1;
  }
  return n;
}
