/**
 * Two mooks from one actor (unlinked tokens: same actor id, their own synthetic actors). Foundry's
 * defeated mark on one must not stop the other: each ruleset's roll refusal reads the actor's own
 * combatant (core combatantOf), not the first combatant with that actor id.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeCombat, type FakeWorld } from "./fake/index.js";

let world: FakeWorld;
let combat: FakeCombat;

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  world.login("gm");
  combat = world.createCombat();
});

async function twoMooks(type: string, system: Record<string, unknown>): Promise<[FakeActor, FakeActor]> {
  const base = world.createActor({ name: "Goon", type, system });
  const a = world.createUnlinkedToken(base, "tokA");
  const b = world.createUnlinkedToken(base, "tokB");
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: base.id, tokenId: "tokA", name: "Goon A", defeated: true },
    { actorId: base.id, tokenId: "tokB", name: "Goon B" },
  ]);
  world.dice.queue(...Array.from({ length: 20 }, (_, i) => (i % 6) + 1)); // initiative and tie-breaks
  await combat.startCombat();
  return [a, b];
}

describe("two unlinked mooks of one actor, the first marked defeated", () => {
  it("bond: only the defeated one is refused", async () => {
    const [a, b] = await twoMooks("bondCharacter", { npc: true });
    const { actorDownReason } = await import("../../src/rulesets/bond/sheets/attack-setup.js");
    expect(actorDownReason(a as never)).not.toBeNull();
    expect(actorDownReason(b as never)).toBeNull();
  });

  it("radio: only the defeated one is marked", async () => {
    const [a, b] = await twoMooks("radioOpponent", {});
    const { markedDefeated } = await import("../../src/rulesets/radio/cards/flow.js");
    expect(markedDefeated(a as never)).toBe(true);
    expect(markedDefeated(b as never)).toBe(false);
  });

  it("faserip: only the defeated one is refused", async () => {
    const [a, b] = await twoMooks("faseripHero", {});
    const { actorDownReason } = await import("../../src/rulesets/faserip/cards/may-act.js");
    expect(actorDownReason(a as never)).not.toBeNull();
    expect(actorDownReason(b as never)).toBeNull();
  });
});
