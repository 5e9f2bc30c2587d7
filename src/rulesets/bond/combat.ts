/**
 * Bond's combat mapping: declarations in ascending Speed, actions in descending Speed (the
 * engine's order.speedPlan); D6 tie-breaks rolled once with Foundry's die and kept in each
 * combatant's memory for the whole battle; the declarations a character may make, with the
 * attacks its Speed (and, for Fire Combat, its firearms' shots per round) allows this round;
 * who is down (down.ts): the GM's advance passes over them.
 */
import { speedPlan } from "../../engine/order.js";
import type { CombatantInfo, CombatMapping, JsonObject } from "../../foundry/registry.js";
import { attacksThisRound, SPEEDS } from "./rules/index.js";
import { deriveCharacter } from "./data/derive.js";
import { bondDownReason } from "./down.js";

export const DECLARATIONS = ["fire", "hth", "kick", "specificBlow", "move", "other"] as const;
export type Declaration = (typeof DECLARATIONS)[number];
const ATTACKS: readonly Declaration[] = ["fire", "hth", "kick", "specificBlow"];

/** A combatant's Speed: the actor's derived Speed, recomputed from its characteristics if absent. */
export function speedOf(c: CombatantInfo): number {
  const s = c.system.speed;
  if (typeof s === "number" && (SPEEDS as readonly number[]).includes(s)) return s;
  if (c.actorType !== "bondCharacter") return 0;
  return deriveCharacter(c.system as never, []).speed;
}

function keptRolls(memory: JsonObject): number[] {
  const r = memory.tieRolls;
  return Array.isArray(r) ? r.filter((x): x is number => typeof x === "number" && Number.isInteger(x) && x >= 1 && x <= 6) : [];
}

function entries(combatants: readonly CombatantInfo[]) {
  return combatants.map((c) => ({ id: c.id, speed: speedOf(c), tieRolls: keptRolls(c.memory) }));
}

/** The firearms' best shots-per-round cap (derived on the actor; 0 = no cap). */
export function shotsCapOf(c: CombatantInfo): number {
  const s = c.system.fireShotsPerRound;
  return typeof s === "number" && Number.isInteger(s) && s > 0 ? s : 0;
}

/**
 * Attacks this round: Speed's (even rounds only at Speed 0); a Fire Combat declaration is also
 * capped by the firearm, as the attack dialog caps it (a Speed 3 agent with a PPK fires twice).
 */
export function attacksFor(c: CombatantInfo, round: number, kind: Declaration | null = null): number {
  const cap = kind === "fire" ? shotsCapOf(c) : 0;
  return attacksThisRound(speedOf(c), Math.max(1, round), cap > 0 ? cap : undefined);
}

export const bondCombat: CombatMapping = {
  // Seed 000: "Declarations occur in order of ascending Speed… Characters with greater Speed are at
  // an advantage since they can react to the Declarations of lower Speed characters" (D61).
  declareInTurn: true,

  startRound({ round, combatants, combatMemory, die }) {
    // The plan rolls only the ties still unbroken; rolls already kept are reused, so the order holds all battle.
    const plan = speedPlan(entries(combatants), die, { round });
    const initiative: Record<string, number | null> = {};
    const memory: Record<string, JsonObject> = {};
    for (const c of combatants) {
      initiative[c.id] = speedOf(c);
      memory[c.id] = { tieRolls: plan.tieBreaks[c.id] ?? [], round, attacks: attacksFor(c, round) };
    }
    return { initiative, memory, combatMemory: { ...combatMemory } };
  },

  plan({ round, combatants, die }) {
    return speedPlan(entries(combatants), die, { round });
  },

  declarations(c) {
    const round = typeof c.memory.round === "number" ? c.memory.round : 1;
    const attacks = (d: Declaration) => attacksFor(c, round, d);
    return DECLARATIONS.filter((d) => !ATTACKS.includes(d) || attacks(d) > 0).map((d) => ({
      value: d,
      label: ATTACKS.includes(d) ? `FRACAS.Bond.Declare.${d}.n${attacks(d)}` : `FRACAS.Bond.Declare.${d}`,
    }));
  },

  isDown(c) {
    return bondDownReason({ wound: c.system.wound, statuses: c.statuses, defeated: c.defeated });
  },
};
