/** Which fight an actor is in, and its round. */
import { combatantOf } from "../../../foundry/documents/combatant-of.js";

/** The combatant of `actor` (core combatantOf: the viewed combat first, else a started one). */
export { combatantOf };

/** The round of the fight `actor` is in (0 outside combat). */
export function roundOf(actor: { uuid: string; id: string | null }): number {
  return combatantOf(actor)?.parent?.round ?? game.combat?.round ?? 0;
}
