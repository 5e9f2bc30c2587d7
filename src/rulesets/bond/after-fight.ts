/**
 * What ends with a Bond fight, for one fighter (the core writes it on the active GM's client when a
 * begun combat is deleted: src/foundry/documents/fight-end.ts):
 * - cover (D51): the GM sets each character's cover on its sheet (D49) and it lasted until changed,
 *   so a cover set in one fight followed the character into the next scene; it is set back to "none";
 * - a failed Stun's rounds (D53): they ran down only at round starts, so a character stunned for
 *   rounds the fight no longer had stayed unable to act (attacks, tasks) until a week's rest; they
 *   run out (kernel `endOfFight`), and the "stunned" status goes when nothing else keeps it.
 */
import { statusEffectId } from "../../engine/events.js";
import type { FightEndChange } from "../../foundry/registry.js";
import { endOfFight } from "./rules/index.js";
import { safeWoundState } from "./data/derive.js";
import { bondSystem } from "./cards/notes.js";

export function bondFightEnded(actor: Actor.Implementation): FightEndChange | null {
  const sys = bondSystem(actor);
  if (!sys) return null;
  const stun = sys.wound.stunRounds > 0 ? endOfFight(safeWoundState(sys.wound)) : null;
  if (sys.cover === "none" && !stun) return null;
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
  return { update, statuses: (stun?.events ?? []).map((e) => ({ id: statusEffectId(e.status), on: e.on })), told };
}
