/**
 * Regression (a bug found by tracker.fuzz.test.ts, shrunk): a combatant whose actor was deleted (the GM deleted
 * the actor from the sidebar mid-fight) keeps its steps and is not passed over in bond and radio:
 * the round stands on "Unknown", who cannot roll anything. Faserip passes it over (its isDown says
 * FRACAS.Faserip.Down.noActor) and zodiac drops it from the plan.
 * Suspected cause: src/foundry/documents/combat.ts, downReason (a mapping's isDown decides alone and
 * bond's/radio's do not consider a missing actor: src/rulesets/bond/combat.ts isDown,
 * src/rulesets/radio/data/down.ts downReason). A core fix: no actor → down, before asking the mapping.
 * Fixed: FracasCombat#downReason now treats a combatant with no actor as down (FRACAS.Tracker.Down.noActor).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeCombat, type FakeWorld } from "../fake/index.js";
import type { FracasCombat } from "../../../src/foundry/documents/combat.js";

let world: FakeWorld;
let combat: FakeCombat;
let fc: FracasCombat;
const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
const current = () => fc.fracas.plan.steps[fc.fracas.step];

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
});

describe("a combatant whose actor was deleted does not act", () => {
  it("bond: the next round passes over it", async () => {
    const thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { str: 10, dex: 6, wil: 8, per: 6, int: 7 } } });
    const hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: { str: 12, dex: 14, wil: 13, per: 13, int: 12 } } });
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: thug.id }, { actorId: hood.id }]);
    await fc.startCombat();
    const thugId = cid(thug);
    await thug.delete();
    expect(combat.combatants.get(thugId)!.actor).toBeNull();
    await fc.nextRound();
    // Expected: the round opens on the Hood's declaration. Seen: on the actorless Thug's (step 0).
    expect(current()?.combatantId).not.toBe(thugId);
    expect(current()).toMatchObject({ kind: "declare", combatantId: cid(hood) });
  });

  it("radio: the next round passes over it", async () => {
    const jake = world.createActor({ name: "Jake", type: "radioHero", system: { wounds: { value: 5, max: 5 } }, ownership: { alice: 3 } });
    const falzetti = world.createActor({ name: "Falzetti", type: "radioOpponent", system: { kind: "boss" } });
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: jake.id }, { actorId: falzetti.id }]);
    world.dice.queue(1, 6, 1, 1);
    await fc.startCombat();
    const falzettiId = cid(falzetti);
    await falzetti.delete();
    world.dice.queue(1, 6, 1, 1); // the GM's group (now the actorless Falzetti alone) goes first
    await fc.nextRound();
    // Expected: Jake's declaration. Seen: the actorless Falzetti's declaration step is current.
    expect(current()?.combatantId).not.toBe(falzettiId);
    expect(current()).toMatchObject({ kind: "declare", combatantId: cid(jake) });
  });
});
