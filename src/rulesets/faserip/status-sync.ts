/**
 * A hero's status flags follow the token's status icons toggled by hand (the token HUD, the
 * tracker's defeated skull). Every card and sheet flow writes the flags (system.status) and then
 * toggles the icons; nothing went the other way, so an icon the GM took off by hand changed
 * nothing the rules read: the skull off a dead hero left them dead (Restore refused: "the GM
 * clears Dead first" could not be done), Restrained off a hero whose holder let go or was knocked
 * out left them held (never standing up), and Unconscious off left them down.
 *
 * The rule is per toggle, and only when the flag does not already say so: each flow writes the
 * flags *before* its icons (cards/write-state.ts, the core Apply/Undo and their rollbacks), so
 * their own toggles find the flags agreeing and write nothing (no race, no loop).
 * - Unconscious, Dying, Dead, Prone, Restrained: the flag follows the icon, on or off.
 * - Stunned off: the stun ends (no rounds left). Stunned on by hand sets no count (the seed's
 *   1–10 rounds are rolled, not guessed); the icon alone keeps the hero down (down.ts) until it
 *   is taken off.
 * - Dying off on a hero at 0 Health who is not dead: stabilised, as the dying card's Stabilise
 *   does, so the next round start does not roll the 0-Health FEAT that could start dying again.
 * Only a GM's toggle counts, on that GM's client (a player's click on their own token's icon rules nothing).
 */
import { statusEffectId } from "../../engine/events.js";
import { heroView, MIRRORED_STATUSES } from "./data/state.js";
import { HERO_TYPE } from "./cards/effects.js";
import { backgroundWork } from "../../foundry/background-work.js";

/**
 * The flag update (dot paths) one icon toggle means for a hero with this system data, or null
 * when the flags already agree. `statusIds`: the toggled effect's status ids.
 */
export function flagsAfterIconToggle(system: unknown, statusIds: Iterable<string>, on: boolean): Record<string, boolean | number | string> | null {
  const hero = heroView(system);
  const update: Record<string, boolean | number | string> = {};
  for (const id of statusIds) {
    for (const s of MIRRORED_STATUSES) if (id === statusEffectId(s) && hero.status[s] !== on) update[`system.status.${s}`] = on;
    // Restrained off by hand ends the hold: its holder is forgotten (holds.ts reads it no more).
    if (id === statusEffectId("restrained") && !on && hero.status.heldBy !== "") update["system.status.heldBy"] = "";
    if (id === statusEffectId("stunned") && !on && hero.status.stunnedRounds > 0) update["system.status.stunnedRounds"] = 0;
    if (id === statusEffectId("dying") && !on && hero.status.dying && hero.health.value === 0 && !hero.status.dead) update["system.status.stabilised"] = true;
  }
  return Object.keys(update).length > 0 ? update : null;
}

const work = backgroundWork("faserip: the status flags following an icon");

/** The flag writes icon toggles started (the hooks cannot await them; tests can). */
export function statusSyncSettled(): Promise<unknown> {
  return work.settled();
}

interface EffectLike {
  parent?: unknown;
  statuses?: Iterable<string>;
}

/** createActiveEffect / deleteActiveEffect: on the toggling user's client, the hero's flags follow. */
export function onStatusEffectToggle(effect: EffectLike, on: boolean, userId: string): void {
  // The GM's hand only: a player clicking their own token's icon must not end a hold, a stun or
  // dying (Stabilise is the GM's), nor revive; the flows write the flags themselves.
  if (userId !== game.user.id || !game.user.isGM) return;
  const actor = effect.parent;
  if (!(actor instanceof Actor) || (actor.type as string) !== HERO_TYPE) return;
  const hero = actor as Actor.Implementation;
  const update = flagsAfterIconToggle(hero.system, effect.statuses ?? [], on);
  if (!update) return;
  work.add(hero.update(update as never));
}
