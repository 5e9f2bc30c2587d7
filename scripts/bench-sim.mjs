/**
 * Simulator budget (DESIGN.md §6: ≥ 100k combatant-rounds/s): whole Bond battles run on the built
 * kernel with seeded dice — each round a speed plan (kept tie-breaks), then every standing
 * combatant attacks a random standing foe: d100 → Quality Rating → wound level → accumulation.
 * Usage: node scripts/bench-sim.mjs   (or import { benchSimulator })
 */
import { pathToFileURL } from "node:url";
import { bond, order, dice } from "../dist/engine.mjs";

const GOAL = 100_000;

function battle(die, size) {
  const fighters = Array.from({ length: size }, (_, i) => ({ id: `c${i}`, speed: die(4) - 1, pc: 30 + die(20), side: i % 2, wound: bond.normaliseWoundState({}), tieRolls: [] }));
  let combatantRounds = 0;
  for (let round = 1; round <= 20; round++) {
    const standing = fighters.filter((f) => f.wound.level !== "KL" && f.wound.level !== "IN");
    if (new Set(standing.map((f) => f.side)).size < 2) break;
    const plan = order.speedPlan(standing.map((f) => ({ id: f.id, speed: f.speed, tieRolls: f.tieRolls })), die, { round });
    for (const f of standing) f.tieRolls = plan.tieBreaks[f.id] ?? [];
    for (const step of plan.steps) {
      if (step.kind !== "act") continue;
      const me = fighters.find((f) => f.id === step.combatantId);
      if (me.wound.level === "KL" || me.wound.level === "IN") continue;
      const foes = fighters.filter((f) => f.side !== me.side && f.wound.level !== "KL");
      if (foes.length === 0) break;
      const foe = foes[die(foes.length) - 1];
      const result = bond.resolveAttack({ attackKind: "fire", primaryChance: me.pc, roll: die(100), damageClass: "E", range: "medium" });
      if (result.woundLevel !== "none") {
        foe.wound = bond.applyWound(foe.wound, result.woundLevel, { attackKind: "fire", hoursRoll: die(6) }).state;
      }
      combatantRounds++;
    }
  }
  return combatantRounds;
}

export function benchSimulator({ seconds = 1, size = 8, seed = 7 } = {}) {
  const die = dice.seededDice(seed);
  let total = 0;
  let battles = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    total += battle(die, size);
    battles++;
  }
  const elapsed = (performance.now() - start) / 1000;
  const perSecond = total / elapsed;
  return { battles, combatantRounds: total, perSecond, ok: perSecond >= GOAL };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = benchSimulator();
  console.log(`simulator: ${r.battles} Bond battles, ${r.combatantRounds} combatant-rounds, ${Math.round(r.perSecond).toLocaleString("en")}/s (goal ≥ ${GOAL.toLocaleString("en")}/s) ${r.ok ? "ok" : "BELOW GOAL"}`);
  if (!r.ok) process.exitCode = 1;
}
