/**
 * Session 6 audit: bad input typed into the attack dialog is said, not silently replaced. The GM
 * modifier field takes whole numbers from −20 to 20; a number outside was brought into range, and
 * anything else (2.5) quietly put back to the previous value, so a GM who typed 25 or 2.5 rolled at
 * another modifier than the one typed without being told. Now the dialog says under the field what
 * was typed and what is used, and Roll refuses while the form still holds a number it cannot use.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { BondAttackDialog } from "../../../../src/rulesets/bond/sheets/attack-dialog.js";
import { bondModules, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let brute: FakeActor;
let hood: FakeActor;

const TEMPLATE = "systems/fracas/templates/bond/dialogs/attack.hbs";

beforeEach(async () => {
  ({ world, brute, hood } = await bruteWorld({ hood: true }));
});

type Statics = { DEFAULT_OPTIONS: { actions: { roll: (this: unknown) => Promise<void> }; form: { handler: (this: unknown, e: unknown, f: unknown, d: { object: Record<string, unknown> }) => Promise<void> } } };
const statics = (d: BondAttackDialog) => d.constructor as unknown as Statics;
const context = async (d: BondAttackDialog) => (await (d as unknown as { _prepareContext(): Promise<Record<string, unknown>> })._prepareContext()) as { view: { gmModifier: number; gmModifierAdjusted: unknown } };

/** The GM opens the Hood's Beretta attack at the brute. */
async function open(): Promise<BondAttackDialog> {
  const m = await bondModules();
  world.login("gm");
  world.target("gm", brute);
  return (await m.openAttackDialog(hood as never, hood.items.contents[0] as never))!;
}

describe("readGmModifier", () => {
  it("uses a whole number in range as typed, and reports anything it does not use as typed", async () => {
    const { readGmModifier } = await bondModules();
    expect(readGmModifier("7", 0)).toEqual({ value: 7, adjusted: null });
    expect(readGmModifier(-20, 0)).toEqual({ value: -20, adjusted: null });
    expect(readGmModifier(25, 3)).toEqual({ value: 20, adjusted: { typed: "25", used: 20, reason: "range" } });
    expect(readGmModifier("-30", 3)).toEqual({ value: -20, adjusted: { typed: "-30", used: -20, reason: "range" } });
    expect(readGmModifier(2.5, 3)).toEqual({ value: 3, adjusted: { typed: "2.5", used: 3, reason: "whole" } });
    expect(readGmModifier("abc", 3)).toEqual({ value: 3, adjusted: { typed: "abc", used: 3, reason: "whole" } });
    // An emptied field says nothing: it redraws with the value in force.
    expect(readGmModifier("", 3)).toEqual({ value: 3, adjusted: null });
    expect(readGmModifier(null, 3)).toEqual({ value: 3, adjusted: null });
  });
});

describe("the attack dialog says when the GM modifier typed is not the one used", () => {
  it("25 typed: the field reads +20 and the line under it says why; a good number clears it", async () => {
    const dialog = await open();
    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { gmModifier: 25 } });
    const ctx = await context(dialog);
    expect(ctx.view.gmModifier).toBe(20);
    const html = await foundry.applications.handlebars.renderTemplate(TEMPLATE, ctx);
    expect(html).toContain('aria-describedby="bond-a-gm-adjusted"');
    expect(html).toContain("GM modifier: \u201c25\u201d is outside \u221220 to +20, so +20 is used. Type another number, or roll with +20.");

    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { gmModifier: 4 } });
    const again = await context(dialog);
    expect(again.view.gmModifierAdjusted).toBeNull();
    expect(await foundry.applications.handlebars.renderTemplate(TEMPLATE, again)).not.toContain("bond-a-gm-adjusted");
  });

  it("2.5 typed: the previous number stays and the line says it is not a whole number", async () => {
    const dialog = await open();
    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { gmModifier: 3 } });
    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { gmModifier: 2.5 } });
    const ctx = await context(dialog);
    expect(ctx.view.gmModifier).toBe(3);
    expect(await foundry.applications.handlebars.renderTemplate(TEMPLATE, ctx)).toContain("GM modifier: \u201c2.5\u201d is not a whole number, so +3 is still used. Type a whole number from \u221220 to +20.");
  });

  it("Roll with 25 typed and not yet sent is refused, says why, throws no die; with the field fixed it rolls", async () => {
    const dialog = await open();
    world.typeInto(dialog as never, { gmModifier: "25" });
    const before = world.messages.size;
    world.login("gm");
    await statics(dialog).DEFAULT_OPTIONS.actions.roll.call(dialog);
    expect(world.messages.size).toBe(before);
    expect(world.notifications.at(-1)?.message).toBe("GM modifier: \u201c25\u201d is not one the roll can use, so nothing was rolled. The field now reads +20: check it, then press Roll d100 again.");

    world.typeInto(dialog as never, { gmModifier: "20" });
    world.dice.queue(50, 3);
    world.login("gm");
    await statics(dialog).DEFAULT_OPTIONS.actions.roll.call(dialog);
    expect(world.messages.size).toBe(before + 1);
  });
});
