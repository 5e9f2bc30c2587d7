/**
 * What ends with a Radio fight, for one fighter (the core writes it on the active GM's client when a
 * begun combat is deleted, and tells the GM and the fighter's players: src/foundry/documents/fight-end.ts).
 * - A hero's escape and an NPC's flight (seed 001: "Players may attempt to escape combat at the end
 *   of any round in which they engaged in a defensive action"; "If all antagonists are dead or have
 *   escaped … then combat ends"; a leader's fall: the group members check "to stop from fleeing").
 *   Both are leaving that combat: `escaped` (hero) and `fled` (minion, boss, henchmen group) are
 *   "gone from the fight" (DECISIONS). Kept after the fight, they downed the fighter in the next one
 *   (struck through on the tracker, no declaration, every attack refused) until someone unticked the
 *   box. They are cleared; a henchmen group keeps its count (the henchmen left, they did not die).
 * - A dying hero who still owes the final heroic action: the seed gives it "upon their next action
 *   phase", which the ended fight no longer has. Fracas does not decide that hero's death for the GM
 *   (no Undo follows the fight's end): nothing is written, the reminder is told (take it or give it
 *   up on the sheet, whose buttons stay).
 * Not ended by the fight (DECISIONS "What ends with the fight"): action tokens, wounds, piercing
 * wounds, disabled limbs, a lost weapon, a leader's fall note.
 */
import type { FightEndChange } from "../../foundry/registry.js";
import { owesFinalAction, type Sys } from "./data/state.js";

/** Pure over the fighter's type and system data (the descriptor's fightEnded reads the actor's). */
export function fightEndChange(type: string, system: Sys): FightEndChange | null {
  const update: Record<string, unknown> = {};
  const told: string[] = [];
  if (type === "radioHero" && system.escaped === true) {
    update["system.escaped"] = false;
    told.push("FRACAS.Radio.FightEnded.Escaped");
  }
  if ((type === "radioOpponent" || type === "radioHenchmen") && system.fled === true) {
    update["system.fled"] = false;
    told.push("FRACAS.Radio.FightEnded.Fled");
  }
  if (owesFinalAction(type, system)) told.push("FRACAS.Radio.FightEnded.FinalAction");
  return told.length > 0 ? { update, told } : null;
}

export function radioFightEnded(actor: Actor.Implementation): FightEndChange | null {
  return fightEndChange(actor.type as string, actor.system as unknown as Sys);
}
