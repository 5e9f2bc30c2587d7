/**
 * Audit (session 3): Health = F+A+S+E. A new hero starts at full Health and Karma R+I+P (the data
 * model's _preCreate); an unhurt hero whose abilities are edited stays at full (its _preUpdate).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";

let world: FakeWorld;
type Sys = { health: { value: number; max: number }; karma: { value: number; pool: { value: number } } };
const sys = (a: FakeActor) => a.system as unknown as Sys;
const abilities = { fighting: 10, agility: 20, strength: 10, endurance: 30, reason: 6, intuition: 10, psyche: 6 };

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  world.login("gm");
});

async function create(system: Record<string, unknown>): Promise<FakeActor> {
  const ActorClass = (globalThis as unknown as { Actor: { create(d: object): Promise<FakeActor> } }).Actor;
  return ActorClass.create({ name: "Kit", type: "faseripHero", system });
}

describe("faserip Health follows the abilities", () => {
  it("a new hero starts at full Health and with Reason + Intuition + Psyche Karma", async () => {
    const hero = await create({ abilities });
    expect(sys(hero).health).toEqual({ value: 70, max: 70 });
    expect(sys(hero).karma.value).toBe(22);
    expect(sys(hero).karma.pool.value).toBe(22);
  });

  it("a hero created with its own Health and Karma keeps them (a compendium villain)", async () => {
    const hero = await create({ abilities, health: { value: 12, max: 70 } });
    expect(sys(hero).health.value).toBe(12);
  });

  it("raising Endurance on an unhurt hero raises Health with it", async () => {
    const hero = await create({ abilities });
    await hero.update({ "system.abilities.endurance": 40 });
    expect(sys(hero).health).toEqual({ value: 80, max: 80 });
  });

  it("from the sheet, whose whole form comes with every change (Health unchanged among it): raising Endurance raises Health", async () => {
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const hero = await create({ abilities });
    const sheet = new FaseripHeroSheet({ document: hero } as never) as unknown as { submitForm(f: Record<string, unknown>): Promise<void> };
    await sheet.submitForm({ "system.abilities.endurance": 40 });
    expect(sys(hero).health).toEqual({ value: 80, max: 80 });
    // Health typed on the sheet in the same submit still wins.
    await sheet.submitForm({ "system.abilities.endurance": 50, "system.health.value": 75 });
    expect(sys(hero).health).toEqual({ value: 75, max: 90 });
  });

  it("a hurt hero keeps their Health; lowering an ability clamps it; an edit naming Health wins", async () => {
    const hero = await create({ abilities });
    await hero.update({ "system.health.value": 50 });
    await hero.update({ "system.abilities.endurance": 40 });
    expect(sys(hero).health).toEqual({ value: 50, max: 80 });
    await hero.update({ "system.abilities.endurance": 6 });
    expect(sys(hero).health).toEqual({ value: 46, max: 46 });
    await hero.update({ "system.abilities.endurance": 30, "system.health.value": 60 });
    expect(sys(hero).health.value).toBe(60);
  });
});
