/**
 * The round-plan state a Fracas combat carries: which phase (declare/act), which step of the
 * kernel's RoundPlan is current, the plan itself (plain JSON from the order engine), and each
 * combatant's declaration and ruleset memory.
 */
const fields = foundry.data.fields;

export function combatSchema() {
  return {
    ruleset: new fields.StringField({ required: true, blank: true, initial: "" }),
    phase: new fields.StringField({ required: true, initial: "declare", choices: ["declare", "act", "end"] }),
    step: new fields.NumberField({ required: true, integer: true, min: 0, max: 10_000, initial: 0 }),
    plan: new fields.ObjectField({ required: true, initial: () => ({ steps: [] }) }),
    /** Per-battle memory a ruleset keeps between rounds (Bond's tie-break rolls, Zodiac's order). */
    memory: new fields.ObjectField({ required: true, initial: () => ({}) }),
    /**
     * Per combatant, by id: `{ declaration, memory }`, this round's declaration and what its ruleset
     * keeps between rounds. Kept here, on the Combat, which only the GM writes, and not on the
     * Combatant, whose owner Foundry lets write its `system` directly: a player's declaration and
     * memory change only through the GM's queries, which check them.
     */
    combatants: new fields.ObjectField({ required: true, initial: () => ({}) }),
  };
}

export class FracasCombatData extends foundry.abstract.TypeDataModel<ReturnType<typeof combatSchema>, Combat.Implementation> {
  static override defineSchema() {
    return combatSchema();
  }
}
