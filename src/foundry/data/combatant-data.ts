/**
 * A Fracas combatant's own data: none. Its declaration and ruleset memory live on the Combat
 * (combat-data.ts `combatants`), which only the GM writes; Foundry lets a combatant's owner write
 * the Combatant's `system` directly, so state kept here could be forged. The type stays registered
 * so V13's "base" sub-type has a model.
 */
function combatantSchema() {
  return {};
}

export class FracasCombatantData extends foundry.abstract.TypeDataModel<ReturnType<typeof combatantSchema>, Combatant.Implementation> {
  static override defineSchema() {
    return combatantSchema();
  }
}
