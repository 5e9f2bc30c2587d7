/**
 * Why a radio combatant cannot act now (an i18n key), or null: pure over the actor's type and
 * system data and Foundry's defeated mark, so the combat mapping (tracker, the GM's advance,
 * declarations) and the attack dialog agree.
 *
 * Seed 001: "unconscious at 0 wounds; dies at −1"; fled and escaped combatants have left the
 * fight. The exception: a hero dealt a lethal blow "may make one final heroic action upon their
 * next action phase" — while that action is owed (state dead, finalAction true) the hero acts on
 * their act step even if the token already carries the defeated mark. Once it is taken the hero
 * is dead like anyone else. A henchmen group with nobody left, or that escaped (fled), is down; the data (wounds, state,
 * count, fled/escaped) is the truth, and the defeated mark otherwise downs anyone the GM marked.
 */
import { effectiveState, owesFinalAction, type Sys } from "./state.js";
import { DEFEATED_REASON } from "../../../foundry/registry.js";


const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Sys => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Sys) : {});

export function downReason(type: string | null, system: Sys, defeated: boolean): string | null {
  if (type === "radioHenchmen") {
    if (system.fled === true) return "FRACAS.Radio.Down.fled";
    // No count at all (not a document's data) says nothing; a count of 0 is a group with nobody left.
    if (typeof system.count === "number" && system.count <= 0) return "FRACAS.Radio.Down.noneLeft";
    return defeated ? DEFEATED_REASON : null;
  }
  if (type === "radioHero" || type === "radioOpponent") {
    if (owesFinalAction(type, system)) return null;
    if (system.escaped === true) return "FRACAS.Radio.Down.escaped";
    if (system.fled === true) return "FRACAS.Radio.Down.fled";
    const stored = typeof system.state === "string" ? system.state : "active";
    const wounds = obj(system.wounds).value;
    // No wound total at all (not a document's data): the stored state alone decides.
    const state = typeof wounds === "number" ? effectiveState(num(wounds), stored, type === "radioHero") : stored;
    if (state === "unconscious" || state === "dead") return `FRACAS.Radio.Down.${state}`;
  }
  return defeated ? DEFEATED_REASON : null;
}
