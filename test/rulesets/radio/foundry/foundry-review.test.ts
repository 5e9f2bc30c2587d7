/**
 * Fixes from the Foundry V13 review (notes/review-bond-radio.md), through the real adapter in the
 * typed fake: the radio hooks are registered once per Hooks registry (not per import); only the
 * attack card's author or a GM rolls its damage (the only ones who may mark it rolled); token
 * ledger writes replace the stored pool ("system.==tokens") instead of merging into it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { loadAdapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { attackWithFirstWeapon, createFalzetti, createJake, radioWorld } from "./fight.js";

const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });

let world: FakeWorld;
let jake: FakeActor;
let falzetti: FakeActor;

async function radio() {
  return {
    ...(await import("../../../../src/rulesets/radio/index.js")),
    ...(await import("../../../../src/rulesets/radio/cards/flow.js")),
    ...(await import("../../../../src/rulesets/radio/sheets/attack-view.js")),
    ...(await import("../../../../src/rulesets/radio/sheets/attack-dialog.js")),
  };
}

beforeEach(async () => {
  ({ world } = await radioWorld(["alice", "bob"]));
  jake = createJake(world, { system: { tokens: pool(3) }, ownership: { alice: 3, bob: 3 } });
  falzetti = createFalzetti(world, 6, 6, { system: { tokens: pool(0) } });
});

describe("radio hooks", () => {
  it("are registered once per Hooks registry, however often the module is imported or asked", async () => {
    const m = await radio();
    const combats = world.hooks.count("updateCombat");
    const actors = world.hooks.count("updateActor");
    expect(m.registerRadioHooks()).toBe(false);
    await loadAdapter();
    expect(world.hooks.count("updateCombat")).toBe(combats);
    expect(world.hooks.count("updateActor")).toBe(actors);
  });
});

describe("rolling damage", () => {
  const hit = (): Promise<FakeChatMessage> => attackWithFirstWeapon(world, "alice", jake, falzetti);

  it("is refused to a player who did not post the attack (they may not mark it rolled), before any die", async () => {
    const m = await radio();
    const attack = await hit();
    world.login("bob");
    const before = world.messages.size;
    expect(await m.rollDamage(attack as never, (attack.system as unknown as { result: JsonObject }).result)).toBeUndefined();
    expect(world.messages.size).toBe(before);
    expect(world.notified("warn").join(" ")).toContain("Only the attacker's player or the GM");
  });

  it("is rolled once by the author, who marks the card", async () => {
    const m = await radio();
    const attack = await hit();
    world.dice.queue(3);
    expect(await m.rollDamage(attack as never, (attack.system as unknown as { result: JsonObject }).result)).toBeDefined();
    expect((attack.system as unknown as { result: JsonObject }).result.damageRolled).toBe(true);
  });
});

describe("token pool writes", () => {
  it("replace the stored pool: a key the new pool lacks does not survive", async () => {
    const m = await radio();
    world.login("gm");
    await jake.update({ "system.tokens": { ...pool(3), stale: true } });
    expect(sys(jake).tokens.stale).toBe(true);
    world.login("alice");
    await m.recordTokens(jake as never, { tokensEarned: 2, tokensCharged: 0 } as never, "card1:tokens");
    expect(sys(jake).tokens.value).toBe(5);
    expect(sys(jake).tokens.stale).toBeUndefined();
  });
});
