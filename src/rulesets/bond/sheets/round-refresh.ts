/**
 * Open Bond character sheets are drawn again when their fight's round changes or the fight ends:
 * the sheet disables Attack and Pick up by the round's count (D46, D50), and a new round (or no
 * fight) gives the attacks back without any write to the character that would re-render it.
 */
import { isCombatantOf } from "../../../foundry/documents/combatant-of.js";
import { typingIn } from "../../../foundry/dom/typing.js";

interface WatchedSheet {
  readonly rendered: boolean;
  readonly actor: Actor.Implementation;
  readonly element?: HTMLElement | null;
  render(): unknown;
}

const open = new Set<WatchedSheet>();
let hooked = false;

function refresh(combat: Combat.Implementation): void {
  for (const sheet of open) {
    if (!sheet.rendered) {
      open.delete(sheet);
      continue;
    }
    // A number being typed (Fame, a characteristic) would be lost: that sheet redraws at its next change.
    if (typingIn(sheet.element)) continue;
    if (combat.combatants.some((c) => isCombatantOf(c, sheet.actor))) void sheet.render();
  }
}

/** Called on each render of a character sheet: watched until it is closed (found not rendered). */
export function watchRound(sheet: WatchedSheet): void {
  open.add(sheet);
  if (hooked) return;
  hooked = true;
  Hooks.on("updateCombat", (combat, changed) => {
    if ("round" in (changed as object)) refresh(combat as Combat.Implementation);
  });
  Hooks.on("deleteCombat", (combat) => refresh(combat as Combat.Implementation));
}
