import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeCombat, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
let lookup: typeof import("../../src/foundry/documents/combatant-of.js");
let goon: FakeActor; // the base actor of two unlinked mook tokens
let hero: FakeActor;
let combat: FakeCombat;

beforeEach(async () => {
  world = installFoundry();
  const adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  lookup = await import("../../src/foundry/documents/combatant-of.js");
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, system: { speed: 7 }, ownership: { alice: 3 } });
  goon = world.createActor({ name: "Goon", type: TEST_TYPE, system: { speed: 3 } });
  combat = world.createCombat();
});

const as = (a: FakeActor) => a as unknown as Actor.Implementation;

describe("combatantOf: the actor's own combatant", () => {
  it("tells apart two unlinked tokens made from one actor (same actor id, different UUIDs)", async () => {
    const first = world.createUnlinkedToken(goon, "tokA");
    const second = world.createUnlinkedToken(goon, "tokB");
    expect(first.id).toBe(second.id);
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: goon.id, tokenId: "tokA", name: "Goon A" },
      { actorId: goon.id, tokenId: "tokB", name: "Goon B" },
      { actorId: hero.id },
    ]);
    world.dice.queue(1, 2, 3, 4, 5, 6); // the two goons' speed tie-break
    await combat.startCombat();
    expect(lookup.combatantOf(as(second))?.name).toBe("Goon B");
    expect(lookup.combatantOf(as(first))?.name).toBe("Goon A");
    // The base actor itself (its sheet from the sidebar) is neither mook.
    expect(lookup.combatantOf(as(goon))).toBeNull();
  });

  it("an unlinked token's actor is not taken for a linked token of the same actor", async () => {
    const mook = world.createUnlinkedToken(goon, "tokU");
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: goon.id, tokenId: "tokL", name: "Goon (linked)" },
      { actorId: goon.id, tokenId: "tokU", name: "Goon (unlinked)" },
    ]);
    world.dice.queue(1, 2, 3, 4, 5, 6);
    await combat.startCombat();
    expect(lookup.combatantOf(as(mook))?.name).toBe("Goon (unlinked)");
    expect(lookup.combatantOf(as(goon))?.name).toBe("Goon (linked)");
  });

  it("finds a world actor by its combatant, linked token or none", async () => {
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id, tokenId: "linkedTok" }]);
    await combat.startCombat();
    expect(lookup.combatantOf(as(hero))?.actorId).toBe(hero.id);
    expect(lookup.combatOf(as(hero))?.id).toBe(combat.id);
    expect(lookup.combatantOf(as(goon))).toBeNull();
    expect(lookup.combatOf(as(goon))).toBeNull();
  });

  it("looks only in started combats beyond the viewed one", async () => {
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    world.createCombat(); // made later: the one every client now views (V13)
    expect(lookup.combatantOf(as(hero))).toBeNull();
    await combat.startCombat();
    expect(lookup.combatantOf(as(hero))).not.toBeNull();
  });

  it("a running fight wins over the viewed encounter being set up with the same actor in it", async () => {
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    await combat.startCombat();
    const next = world.createCombat();
    await next.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    world.viewedCombat = next;
    expect(lookup.combatantOf(as(hero))?.parent).toBe(combat);
    expect(lookup.combatOf(as(hero))).toBe(combat);
  });

  it("startedCombatOf: a viewed combat being set up (round 0) counts as none; combatOf still finds it", async () => {
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    world.viewedCombat = combat;
    expect(lookup.combatOf(as(hero))?.id).toBe(combat.id);
    expect(lookup.startedCombatOf(as(hero))).toBeNull();
    await combat.startCombat();
    expect(lookup.startedCombatOf(as(hero))?.id).toBe(combat.id);
  });
});
