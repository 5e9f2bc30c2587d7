/**
 * What ends with a FASERIP fight, for one fighter (the core writes it on the active GM's client when
 * a begun combat is deleted: src/foundry/documents/fight-end.ts), as Bond's D51/D53:
 * - the GM's cover (RULES.md §4 "GM chooses"): set on the character's sheet for the fight, it lasted
 *   until changed, so a villain left behind heavy cover took −3 CS on every attack of the next
 *   scene; it is set back to "none";
 * - a stun's remaining rounds ("stunned 1-10 rounds"): they ran down only at round starts, so a hero
 *   stunned in the last exchange stayed down, every FEAT refused, until someone edited the sheet;
 *   they run out (kernel `endOfFight`) and the "stunned" icon goes. A stun set by hand with no count
 *   stays, as at a round start (the GM's to lift).
 * - a recorded hold (Restrained with `status.heldBy`, holds.ts): a grip does not outlast the fight;
 *   the "restrained" icon goes. A Restrained with no holder recorded stays (the GM's).
 */
import { statusEffectId } from "../../engine/events.js";
import type { FightEndChange } from "../../foundry/registry.js";
import { endOfFight, releaseHold, type StateChange } from "./rules/index.js";
import { heroView, stateOf, updateOf } from "./data/state.js";
import { HERO_TYPE } from "./cards/effects.js";
import { gmCoverOf } from "./sheets/cover-choice.js";
import { isHeldBy } from "./holds.js";

export function faseripFightEnded(actor: Actor.Implementation): FightEndChange | null {
  if ((actor.type as string) !== HERO_TYPE) return null;
  // The kernel only for a counted stun: a fighter with cover alone is not read as a whole state.
  const status = heroView(actor.system).status;
  const stun = status.stunnedRounds > 0 ? endOfFight(stateOf(actor.system)) : null;
  const held = isHeldBy(actor.system, status.heldBy);
  const hold = held ? releaseHold(stun?.state ?? stateOf(actor.system)) : null;
  const covered = gmCoverOf(actor.system) !== "none";
  if (!covered && !stun && !hold) return null;
  // The state after both ends (stun run out, hold let go) and both icons' events.
  const state: StateChange | null = hold ? { state: hold.state, events: [...(stun?.events ?? []), ...hold.events] } : stun;
  // One update: the state through the bridge every card writes with (flags before icons, so
  // status-sync finds nothing to follow when the core then takes the icons off).
  const update: Record<string, unknown> = state ? { ...updateOf(actor.system, state.state) } : {};
  const told: string[] = [];
  if (covered) {
    update["system.cover"] = "none";
    told.push("FRACAS.Faserip.CoverClearedAfterFight");
  }
  if (stun) told.push("FRACAS.Faserip.StunEndedAfterFight");
  if (hold) told.push("FRACAS.Faserip.HoldEndedAfterFight");
  return { update, statuses: (state?.events ?? []).map((e) => ({ id: statusEffectId(e.status), on: e.on })), told };
}
