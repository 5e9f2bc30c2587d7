// A FASERIP fight may run on a scene the user is not viewing: the actor's combatant (and its
// recorded dodge and round) is still found.
import { describe, expect, it } from "vitest";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";

describe("combatantOf", () => {
  it("looks in the viewed scene's combat first, then in any started combat", async () => {
    const world = installFoundry();
    await loadAdapter();
    // Imported after the fake is installed: the module touches Foundry globals when it loads.
    const { combatantOf, roundOf } = await import("../../../../src/rulesets/faserip/cards/fight-round.js");
    const hero = world.createActor({ name: "Hero", type: "faseripHero" });
    const fight = world.createCombat();
    await fight.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    world.dice.queue(5, 5, 5, 5);
    await (fight as unknown as FracasCombat).startCombat();
    const elsewhere = world.createCombat(); // the combat of the scene being viewed: not the fight
    Object.defineProperty((globalThis as unknown as { game: object }).game, "combat", { configurable: true, get: () => elsewhere });
    const found = combatantOf(hero as never);
    expect(found?.parent?.id).toBe(fight.id);
    expect(roundOf(hero as never)).toBe(1);
    const stranger = world.createActor({ name: "Stranger", type: "faseripHero" });
    expect(combatantOf(stranger as never)).toBeNull();
  });
});
