// Shared sample data for the faserip template fixtures (built with the real kernel and views).
import * as ledger from "../../../../src/engine/ledger.js";
import { health, karma } from "../../../../src/rulesets/faserip/rules/index.js";

export const captainAbilities = { fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 };

export function heroSystem(abilities = captainAbilities, extra: Record<string, unknown> = {}) {
  const max = health(abilities);
  const pool = ledger.change(ledger.createPool(karma(abilities)), { id: "k1", delta: -5, reason: "Karma spent", by: "u", at: 1 });
  return {
    abilities,
    armor: 20,
    health: { value: max - 25, max },
    karma: { pool, value: pool.value },
    status: { endurance: "", stunnedRounds: 0, unconscious: false, dying: false, dead: false, prone: false, restrained: false },
    side: "auto",
    notes: "",
    ...extra,
  };
}
