/** A combatant's round state: this round's declaration and what its ruleset keeps between rounds. */
const fields = foundry.data.fields;

function combatantSchema() {
  return {
    declaration: new fields.StringField({ required: true, blank: true, initial: "", trim: true, maxLength: 64 } as never),
    memory: new fields.ObjectField({ required: true, initial: () => ({}) }),
  };
}

export class FracasCombatantData extends foundry.abstract.TypeDataModel<ReturnType<typeof combatantSchema>, Combatant.Implementation> {
  static override defineSchema() {
    return combatantSchema();
  }
}
