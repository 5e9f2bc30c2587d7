/**
 * What ends with a Bond fight, for one fighter (the core writes it on the active GM's client when a
 * begun combat is deleted: src/foundry/documents/fight-end.ts):
 * - cover (D51): the GM sets each character's cover on its sheet (D49) and it lasted until changed,
 *   so a cover set in one fight followed the character into the next scene; it is set back to "none";
 * - a failed Stun's rounds (D53): they ran down only at round starts, so a character stunned for
 *   rounds the fight no longer had stayed unable to act (attacks, tasks) until a week's rest; they
 *   run out (kernel `endOfFight`), and the "stunned" status goes when nothing else keeps it;
 * - a Trip's prone and a Restrain's restrained (audit s13): Rise and Release are the fight's ways
 *   out of them, and with the fight over nobody rolls those, so both icons lingered into the next
 *   scene; they go (the GM who wants one kept sets it again).
 */
import { statusEffectId } from "../../engine/events.js";
import type { FightEndChange } from "../../foundry/registry.js";
import { endOfFight } from "./rules/index.js";
import { safeWoundState } from "./data/derive.js";
import { bondSystem } from "./cards/notes.js";

/** What a Trip and a Restrain leave on a character (specific-blows.ts), undone in a fight by Rise and Release. */
const HELD = ["prone", "restrained"] as const;

export function bondFightEnded(actor: Actor.Implementation): FightEndChange | null {
  const sys = bondSystem(actor);
  if (!sys) return null;
  const stun = sys.wound.stunRounds > 0 ? endOfFight(safeWoundState(sys.wound)) : null;
  const held = HELD.filter((status) => actor.statuses?.has(statusEffectId(status)));
  if (sys.cover === "none" && !stun && held.length === 0) return null;
  const update: Record<string, unknown> = {};
  const told: string[] = [];
  if (sys.cover !== "none") {
    update["system.cover"] = "none";
    told.push("FRACAS.Bond.CoverClearedAfterFight");
  }
  if (stun) {
    update["system.wound"] = stun.state;
    told.push("FRACAS.Bond.StunEndedAfterFight");
  }
  if (held.length > 0) told.push("FRACAS.Bond.HeldEndedAfterFight");
  const statuses = [...(stun?.events ?? []).map((e) => ({ id: statusEffectId(e.status), on: e.on })), ...held.map((status) => ({ id: statusEffectId(status), on: false }))];
  return { update, statuses, told };
}
