/**
 * Review s8b G9 (/work/notes/review-s8b-changes.md): only Zodiac's roll dialog closed when its own
 * roller was deleted. Bond's attack and task dialogs (and the First Aid dialog, on its patient's
 * deletion) now close at core's "actor" event on deletion, saying so through lang. Before, they
 * redrew on a deleted character and their Roll failed on it.
 */
import { describe, expect, it } from "vitest";
import type { FakeWorld } from "../../../foundry/fake/index.js";
import { bondModules, bruteWorld, pcChars, pool } from "./helpers.js";

type Dialog = { rendered: boolean; close(): Promise<unknown> };
const remove = (world: FakeWorld, actor: unknown) => {
  world.login("gm");
  return (actor as { delete(): Promise<unknown> }).delete();
};

const firstAidSkill = { name: "First Aid", type: "bondSkill", system: { role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 5 } };
const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };

describe("review s8b G9: a Bond roll dialog closes when its roller is deleted", () => {
  it("hard to break: the attacker deleted while the attack dialog is open: the dialog closes, saying so", async () => {
    const { world, brute, thug } = await bruteWorld();
    const m = await bondModules();
    world.login("alice");
    world.target("alice", thug);
    const dialog = (await m.openAttackDialog(brute as never, null)) as unknown as Dialog;
    expect(dialog.rendered).toBe(true);
    await remove(world, brute);
    await Promise.resolve();
    expect(world.hooks.errors).toEqual([]);
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual([`${brute.name} was deleted, so their roll dialog was closed. Nothing was rolled or spent.`]);
  });

  it("hard to break: the roller deleted while the task dialog is open: the dialog closes, saying so; another character's deletion leaves it open", async () => {
    const { world, brute, thug } = await bruteWorld();
    const { BondTaskDialog } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    world.login("alice");
    const dialog = new BondTaskDialog(brute as never);
    await dialog.render({ force: true } as never);
    await remove(world, thug);
    await Promise.resolve();
    expect(dialog.rendered).toBe(true);
    expect(world.notified("warn")).toEqual([]);
    await remove(world, brute);
    await Promise.resolve();
    expect(world.hooks.errors).toEqual([]);
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual([`${brute.name} was deleted, so their roll dialog was closed. Nothing was rolled or spent.`]);
  });

  it("hard to break: the patient deleted while the First Aid dialog is open: the dialog closes, saying so", async () => {
    const { world } = await bruteWorld();
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: mw }, ownership: { alice: 3 }, items: [firstAidSkill] });
    const { BondFirstAidDialog } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
    world.login("alice");
    const dialog = new BondFirstAidDialog(bond as never);
    await dialog.render({ force: true } as never);
    await remove(world, bond);
    await Promise.resolve();
    expect(world.hooks.errors).toEqual([]);
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual(["James Bond was deleted, so the First Aid dialog was closed. Nothing was rolled."]);
  });
});
