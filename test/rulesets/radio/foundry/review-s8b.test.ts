/**
 * Review s8b G9 (/work/notes/review-s8b-changes.md): only Zodiac's roll dialog closed when its own
 * roller was deleted. Radio's attack dialog redrew on the deleted attacker, and its Roll then threw
 * and left the dialog open; it now closes at core's "actor" event on deletion, saying so (session 9:
 * in core's words, FRACAS.Dialog.RollerGone).
 */
import { describe, expect, it } from "vitest";
import { createFalzetti, createJake, radioModules, radioWorld } from "./fight.js";

describe("review s8b G9: the attack dialog closes when its attacker is deleted", () => {
  it("hard to break: the attacker deleted while the attack dialog is open: the dialog closes, saying so", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    world.login("gm");
    await jake.delete();
    world.login("alice");
    await Promise.resolve();
    expect(world.hooks.errors).toEqual([]);
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual([`${jake.name} was deleted, so their roll dialog was closed. Nothing was rolled or spent.`]);
  });

  it("hard to break: the final heroic action's dialog closes too when the dying hero is deleted", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const m = await radioModules();
    world.login("alice");
    const dialog = new m.RadioAttackDialog(jake as never, {});
    await dialog.render({ force: true });
    world.login("gm");
    await jake.delete();
    world.login("alice");
    await Promise.resolve();
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual([`${jake.name} was deleted, so their roll dialog was closed. Nothing was rolled or spent.`]);
  });
});
