/**
 * Session 9: one behaviour and one wording (core's, src/foundry/sheets/target-gone.ts and
 * roller-gone.ts) when a Bond roll dialog's target or roller is deleted, an unlinked token's
 * included: the attack dialog stays open, stops aiming at a deleted target, redraws and says so; a
 * Roll pressed before that redraw reached the player rolls and spends nothing, redraws, and says so;
 * a dialog whose roller was deleted closes, saying so.
 */
import { describe, expect, it } from "vitest";
import type { FakeWorld } from "../../../foundry/fake/index.js";
import { bondModules, bruteWorld, cardOf } from "./helpers.js";

type Handler = (this: unknown, ...args: unknown[]) => Promise<void>;
const rollAction = (cls: unknown) => (cls as { DEFAULT_OPTIONS: { actions: { roll: Handler } } }).DEFAULT_OPTIONS.actions.roll;
const cards = (world: FakeWorld, kind: string) => [...world.messages].filter((m) => cardOf(m).kind === kind);
type Dialog = { rendered: boolean; renders: number; targetUuid: string | null };

/** The dialog's form as a redraw renders it now (the fake's render() draws nothing). */
async function redrawn(dialog: unknown): Promise<string> {
  const ctx = await (dialog as { _prepareContext(o: unknown): Promise<object> })._prepareContext({});
  return foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", ctx as never);
}

const DROPPED = "Thug was deleted, so this roll no longer aims at them. Check the dialog before you roll.";
const GONE = "Thug was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again.";
const ROLLER_GONE = "Thug was deleted, so their roll dialog was closed. Nothing was rolled or spent.";

describe("session 9: a Bond attack dialog aiming at a mook's unlinked token deleted alone", () => {
  it("told at once in core's words; nothing rolled or spent; the dialog stays open and its next Roll is an attack at no one", async () => {
    const { world, brute, thug } = await bruteWorld();
    const m = await bondModules();
    const mook = world.createUnlinkedToken(thug, "tok1");
    world.login("alice");
    world.target("alice", mook);
    const dialog = (await m.openAttackDialog(brute as never, null)) as unknown as Dialog;
    expect(dialog.targetUuid).toBe(mook.uuid);
    const renders = dialog.renders;
    world.dice.queue(50, 3);
    // Deleted by the GM; Foundry's deleteToken hook runs on every client, Alice's too (the fake
    // leaves the token in her targets: Bond drops a target whose actor no longer resolves).
    world.login("gm");
    world.deleteUnlinkedToken("tok1");
    world.login("alice");
    expect(world.notified("warn")).toEqual([DROPPED]);
    expect(world.hooks.errors).toEqual([]);
    expect(dialog.rendered).toBe(true);
    expect(dialog.renders).toBeGreaterThan(renders);
    // What that redraw shows (the fake's render draws nothing): the attack at no one.
    const html = await redrawn(dialog);
    expect(dialog.targetUuid).toBeNull();
    expect(html).not.toContain("Thug");
    expect(world.dice.remaining).toEqual([50, 3]);
    expect(cards(world, "attack")).toHaveLength(0);
    await rollAction(m.BondAttackDialog).call(dialog);
    const posted = cards(world, "attack");
    expect(posted).toHaveLength(1);
    expect(cardOf(posted[0]!).targets).toEqual([]);
  });

  it("a Roll pressed before the deletion's redraw reached the player: nothing rolled or spent, said in core's words, redrawn, still open; the next Roll rolls without the mook", async () => {
    const { world, brute, thug } = await bruteWorld();
    const m = await bondModules();
    const mook = world.createUnlinkedToken(thug, "tok1");
    world.login("alice");
    world.target("alice", mook);
    const dialog = (await m.openAttackDialog(brute as never, null)) as unknown as Dialog;
    // Heard on the GM's client only: Alice's dialog has not heard of it when she presses Roll.
    world.login("gm");
    world.everyClient = false;
    world.deleteUnlinkedToken("tok1");
    world.everyClient = true;
    world.login("alice");
    expect(world.notified("warn")).toEqual([]);
    const renders = dialog.renders;
    world.dice.queue(50, 3);
    await rollAction(m.BondAttackDialog).call(dialog);
    expect(world.hooks.errors).toEqual([]);
    expect(world.notified("warn")).toEqual([GONE]);
    expect(world.dice.remaining).toEqual([50, 3]);
    expect(cards(world, "attack")).toHaveLength(0);
    expect((brute.system as unknown as { roundAttacks: { count: number } }).roundAttacks.count).toBe(0);
    expect(dialog.rendered).toBe(true);
    expect(dialog.renders).toBeGreaterThan(renders);
    expect(dialog.targetUuid).toBeNull();
    expect(await redrawn(dialog)).not.toContain("Thug");
    await rollAction(m.BondAttackDialog).call(dialog);
    const posted = cards(world, "attack");
    expect(posted).toHaveLength(1);
    expect(cardOf(posted[0]!).targets).toEqual([]);
  });
});

describe("session 9: a Bond dialog rolling for a mook's unlinked token deleted alone closes in core's words", () => {
  it("the attack dialog", async () => {
    const { world, thug, brute } = await bruteWorld();
    const m = await bondModules();
    const mook = world.createUnlinkedToken(thug, "tok1");
    world.login("gm");
    world.target("gm", brute);
    const dialog = (await m.openAttackDialog(mook as never, null)) as unknown as Dialog;
    expect(dialog.rendered).toBe(true);
    world.deleteUnlinkedToken("tok1");
    await Promise.resolve();
    expect(world.hooks.errors).toEqual([]);
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual([ROLLER_GONE]);
  });

  it("the task dialog", async () => {
    const { world, thug } = await bruteWorld();
    const { BondTaskDialog } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    const mook = world.createUnlinkedToken(thug, "tok1");
    world.login("gm");
    const dialog = new BondTaskDialog(mook as never);
    await dialog.render({ force: true } as never);
    world.deleteUnlinkedToken("tok1");
    await Promise.resolve();
    expect(world.hooks.errors).toEqual([]);
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual([ROLLER_GONE]);
  });
});
