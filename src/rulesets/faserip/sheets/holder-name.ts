/**
 * The name of the character recorded as holding a hero (`system.status.heldBy`, an actor UUID written
 * by a Hold's or a Reverse's Apply, holds.ts), for the hero sheet's "Held by …" line. The holder may
 * be a world actor or an unlinked token's actor: a combatant's actor is searched too, as holds.ts
 * finds the held. Null when none is found (the holder deleted, or a token on no combat's scene).
 */
import { lookupUuidSync } from "../../../foundry/typed.js";

export function holderName(uuid: string): string | null {
  if (uuid === "") return null;
  try {
    const found = lookupUuidSync(uuid);
    if (found instanceof Actor) return found.name;
  } catch {
    // A UUID this client cannot parse (a token on an unloaded scene): searched among the combatants below.
  }
  for (const combat of game.combats ?? []) for (const c of combat.combatants) if (c.actor?.uuid === uuid) return c.actor.name;
  return null;
}
