/** The world's radio options and the tables in force (GM overrides), for every kernel call. */
import { rulesetOption } from "../../../foundry/settings.js";
import { activeTable } from "../../../foundry/tables.js";
import { actionModifiersTable, actionPhasesTable, damageTable, tiersTable, tokensTable } from "../rules/index.js";
import type { RadioOptions } from "../rules/index.js";

export function radioOptions(): Required<RadioOptions> {
  return { spellBonus: rulesetOption("radio", "spellBonus", false), headShotsKill: rulesetOption("radio", "headShotsKill", true) };
}

export function radioTables() {
  return {
    modifiers: activeTable(actionModifiersTable),
    phases: activeTable(actionPhasesTable),
    tiers: activeTable(tiersTable),
    tokens: activeTable(tokensTable),
    damage: activeTable(damageTable),
  };
}
