/**
 * Review fix: a Karma spend replaces the stored pool ("system.karma.==pool"), not merges it.
 * (The new-hero pool written by _preCreate is tested in health-follows.test.ts.)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FeatForm } from "../../../../src/rulesets/faserip/sheets/feat-form.js";

import { loadFlows, type Flows } from "./flows.js";
let world: FakeWorld;
let flows: Flows;

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  flows = await loadFlows();
});

describe("faserip Karma in the documents", () => {
  it("a spend leaves exactly the ledger's pool", async () => {
    const hero = world.createActor({ name: "Kit", type: "faseripHero", system: { abilities: { fighting: 10, agility: 10, strength: 10, endurance: 10, reason: 10, intuition: 20, psyche: 6 } } }) as unknown as { system: Record<string, any> };
    expect(hero.system.karma.pool.value).toBe(18);
    world.dice.queue(50);
    const form: FeatForm = { ability: "reason", action: "feat", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 5 };
    await world.as("gm", () => flows.performFeat({ actor: hero as never, form, targets: [], weapon: null }));
    expect(hero.system.karma.value).toBe(13);
    expect(hero.system.karma.pool.value).toBe(13);
  });
});
