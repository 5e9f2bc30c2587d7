/**
 * Session 8, wave 3 (review-s8 F8): the sheet's attack, task and First Aid buttons open one dialog
 * per character through core openOnce (a double click brought up two dialogs, each with its own
 * Roll); the attack dialog says at once that its target was deleted (core's "actor" event on
 * deletion), not only at Roll (D64).
 */
import { describe, expect, it } from "vitest";
import type { FakeWorld } from "../../../foundry/fake/index.js";
import { bondModules, bruteWorld, characterSheet, pcChars, pool, standInEnrichHTML } from "./helpers.js";

type Dialog = { rendered: boolean; broughtToFront: number; close(): Promise<unknown> };
/** Alice's open dialogs of `cls` (her client's foundry.applications.instances). */
const openOf = (world: FakeWorld, cls: abstract new (...a: never[]) => unknown) => [...world.appsOf("alice").values()].filter((a) => a instanceof cls) as Dialog[];

const firstAidSkill = { name: "First Aid", type: "bondSkill", system: { role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 5 } };
const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };

describe("hard to break: one roll dialog per character (review-s8 F8)", () => {
  it("the sheet's Attack double-clicked opens one attack dialog, the second click brings it to the front; closed, the next click opens a new one", async () => {
    const { world, brute } = await bruteWorld();
    const m = await bondModules();
    standInEnrichHTML();
    const sheet = await characterSheet(world, brute, "alice");
    await Promise.all([sheet.click("attack"), sheet.click("attack")]);
    const open = openOf(world, m.BondAttackDialog);
    expect(open).toHaveLength(1);
    await sheet.click("attack");
    expect(openOf(world, m.BondAttackDialog)).toHaveLength(1);
    expect(open[0]!.broughtToFront).toBeGreaterThanOrEqual(1);
    await open[0]!.close();
    await sheet.click("attack");
    const again = openOf(world, m.BondAttackDialog);
    expect(again).toHaveLength(1);
    expect(again[0]).not.toBe(open[0]);
  });

  it("each character has its own: the Brute's open attack dialog does not stop the Thug's", async () => {
    const { world, brute, thug } = await bruteWorld();
    const m = await bondModules();
    world.login("gm");
    const a = await m.openAttackDialog(brute as never, null);
    const b = await m.openAttackDialog(thug as never, null);
    expect(a).not.toBe(b);
    expect([...world.appsOf("gm").values()].filter((d) => d instanceof m.BondAttackDialog)).toHaveLength(2);
  });

  it("the sheet's Task double-clicked opens one task dialog", async () => {
    const { world, brute } = await bruteWorld();
    const { BondTaskDialog } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    standInEnrichHTML();
    const sheet = await characterSheet(world, brute, "alice");
    await Promise.all([sheet.click("task"), sheet.click("task")]);
    expect(openOf(world, BondTaskDialog)).toHaveLength(1);
  });

  it("the sheet's First Aid double-clicked opens one First Aid dialog", async () => {
    const { world } = await bruteWorld();
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: mw }, ownership: { alice: 3 }, items: [firstAidSkill] });
    const { BondFirstAidDialog } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
    standInEnrichHTML();
    const sheet = await characterSheet(world, bond, "alice");
    await Promise.all([sheet.click("firstAid"), sheet.click("firstAid")]);
    expect(openOf(world, BondFirstAidDialog)).toHaveLength(1);
  });
});

describe("hard to break: the attack dialog's target deleted while it is open (D64)", () => {
  it("the user is told at once, before any Roll, and the dialog redraws", async () => {
    const { world, brute, thug } = await bruteWorld();
    const m = await bondModules();
    world.login("alice");
    world.target("alice", thug);
    const dialog = (await m.openAttackDialog(brute as never, null)) as unknown as { renders: number; targetUuid: string | null };
    expect(dialog.targetUuid).toBe(thug.uuid);
    const renders = dialog.renders;
    world.login("gm");
    await (thug as unknown as { delete(): Promise<unknown> }).delete();
    expect(world.hooks.errors).toEqual([]);
    expect(world.notified("warn")).toEqual(["Thug was deleted, so this roll no longer aims at them. Check the dialog before you roll."]);
    expect(dialog.renders).toBeGreaterThan(renders);
  });

  it("an edit to the target (not a deletion) redraws and says nothing", async () => {
    const { world, brute, thug } = await bruteWorld();
    const m = await bondModules();
    world.login("alice");
    world.target("alice", thug);
    const dialog = (await m.openAttackDialog(brute as never, null)) as unknown as { renders: number };
    const renders = dialog.renders;
    world.login("gm");
    await thug.update({ "system.cover": "light" } as never);
    expect(dialog.renders).toBeGreaterThan(renders);
    expect(world.notified("warn")).toEqual([]);
  });
});
