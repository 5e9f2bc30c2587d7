// The one place a kernel's status events become token status effects (src/foundry/status-toggles.ts):
// only the toggles that change something are kept for an Undo, and an Undo sets each the other way.
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor } from "./fake/index.js";
import { TEST_TYPE, registerTestRuleset } from "./helpers.js";
import { changedStatuses, setStatuses } from "../../src/foundry/status-toggles.js";

let hero: FakeActor;
const actor = () => hero as unknown as Actor.Implementation;
const held = () => [...hero.statuses].sort();

beforeEach(async () => {
  const world = installFoundry();
  registerTestRuleset(world, await loadAdapter());
  hero = world.createActor({ name: "Hero", type: TEST_TYPE });
});

describe("status toggles", () => {
  it("sets kernel statuses as fracas-<kebab-case> effects, in order, and inverted for an Undo", async () => {
    await setStatuses(actor(), [
      { status: "almostDead", on: true },
      { status: "prone", on: true },
    ]);
    expect(held()).toEqual(["fracas-almost-dead", "fracas-prone"]);
    await setStatuses(actor(), [{ status: "prone", on: true }], { invert: true });
    expect(held()).toEqual(["fracas-almost-dead"]);
  });

  it("keeps only the toggles that change the actor as it is now", async () => {
    await setStatuses(actor(), [{ status: "stunned", on: true }]);
    const events = [
      { status: "stunned", on: true },
      { status: "prone", on: true },
      { status: "dead", on: false },
      { status: "stunned", on: false },
    ];
    expect(changedStatuses(actor(), events)).toEqual([
      { status: "prone", on: true },
      { status: "stunned", on: false },
    ]);
  });
});
