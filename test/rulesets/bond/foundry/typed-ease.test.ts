/**
 * Session 6 (D58): the Task and First Aid dialogs' Ease Factor fields take −20…20 in halves. A
 * number outside was brought to the nearer end and one not in halves rounded, silently: the field
 * redrew with another number, and a Roll clicked straight after typing rolled at it. Now the dialog
 * says under the field what was typed and what is used, and Roll refuses (no die) while the form
 * holds an Ease Factor it cannot use as typed; with the field fixed it rolls. As the attack
 * dialog's GM modifier (D56), through the real dialogs, views and templates in the fake.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import { readTypedEase } from "../../../../src/rulesets/bond/sheets/typed-ease.js";
import { cardOf, pcChars, pool } from "./helpers.js";

let world: FakeWorld;
let bond: FakeActor; // alice's PC, Medium Wound, First Aid INT/DEX + 5

const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
const firstAid = { name: "First Aid", type: "bondSkill", system: { role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 5 } };

type Dialog = { choices: { ease: number }; _prepareContext(): Promise<Record<string, unknown>> };
type Statics = { DEFAULT_OPTIONS: { actions: { roll: (this: unknown) => Promise<void> }; form: { handler: (this: unknown, e: unknown, f: unknown, d: { object: Record<string, unknown> }) => Promise<void> } } };
const statics = (d: unknown) => (d as { constructor: unknown }).constructor as Statics;
const rendered = async (d: unknown, template: string) =>
  foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/dialogs/${template}.hbs`, await (d as Dialog)._prepareContext());

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: mw }, ownership: { alice: 3 }, items: [firstAid] });
});

describe("readTypedEase", () => {
  it("uses −20…20 in halves as typed; reports a number outside (nearer end) or not in halves (previous kept)", () => {
    const range = { min: -20, max: 20 };
    expect(readTypedEase("3.5", 5, range)).toEqual({ value: 3.5, adjusted: null });
    expect(readTypedEase(-20, 5, range)).toEqual({ value: -20, adjusted: null });
    expect(readTypedEase("25", 5, range)).toEqual({ value: 20, adjusted: { typed: "25", used: 20, reason: "range" } });
    expect(readTypedEase("-30", 5, range)).toEqual({ value: -20, adjusted: { typed: "-30", used: -20, reason: "range" } });
    expect(readTypedEase("2.3", 5, range)).toEqual({ value: 5, adjusted: { typed: "2.3", used: 5, reason: "half" } });
    expect(readTypedEase("abc", 5, range)).toEqual({ value: 5, adjusted: { typed: "abc", used: 5, reason: "half" } });
    expect(readTypedEase("", 4, range)).toEqual({ value: 4, adjusted: null });
  });
});

describe("the Task dialog's Ease Factor (D58)", () => {
  async function open() {
    const { BondTaskDialog } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    world.login("alice");
    const dialog = new BondTaskDialog(bond as never);
    await dialog.render({ force: true });
    return dialog;
  }

  it("25 sent: the field reads 20 and the line under it says why; 2.3 keeps the previous and says so", async () => {
    const dialog = await open();
    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { task: "char:str", ease: "25" } });
    expect(dialog.choices.ease).toBe(20);
    let html = await rendered(dialog, "task");
    expect(html).toContain('aria-describedby="bond-t-ease-adjusted"');
    // The field reads 20, but the roll counts ½…10: the line says what the roll uses (UX review s6b #8).
    expect(html).toContain("Ease Factor: \u201c25\u201d is more than this field takes (20), so it reads 20, and the roll is at Ease Factor 10 (see below).");

    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { task: "char:str", ease: "2.3" } });
    expect(dialog.choices.ease).toBe(20);
    html = await rendered(dialog, "task");
    expect(html).toContain("Ease Factor: \u201c2.3\u201d is not a whole number or a half, such as 3 or 3.5, so it keeps 20, and the roll is at Ease Factor 10 (see below).");
    expect(html).not.toContain("roll with 20");

    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { task: "char:str", ease: "3.5" } });
    expect(dialog.choices.ease).toBe(3.5);
    expect(await rendered(dialog, "task")).not.toContain("bond-t-ease-adjusted");
  });

  it("Roll with 25 typed and not yet sent is refused, says why, throws no die; with the field fixed it rolls at the number typed", async () => {
    const dialog = await open();
    world.typeInto(dialog as never, { task: "char:str", ease: "25" });
    world.dice.queue(10);
    world.login("alice");
    await statics(dialog).DEFAULT_OPTIONS.actions.roll.call(dialog);
    expect(world.messages.size).toBe(0);
    expect(world.dice.remaining).toEqual([10]);
    expect(world.notified("warn")).toContain("Ease Factor: \u201c25\u201d is not one the roll can use, so nothing was rolled. The field now reads 20: check it, then press Roll d100 again.");

    world.typeInto(dialog as never, { task: "char:str", ease: "4.5" });
    world.login("alice");
    await statics(dialog).DEFAULT_OPTIONS.actions.roll.call(dialog);
    expect(world.messages.size).toBe(1);
    const result = cardOf([...world.messages][0] as unknown as FakeChatMessage).result as { easeItems: { labelKey: string; value: number }[] };
    expect(result.easeItems[0]).toEqual({ labelKey: "FRACAS.Bond.Task.Ease", value: 4.5 });
  });
});

describe("the First Aid dialog's Ease Factor (GM, D58)", () => {
  async function open() {
    const { BondFirstAidDialog } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
    world.login("gm");
    const dialog = new BondFirstAidDialog(bond as never);
    await dialog.render({ force: true });
    return dialog;
  }

  it("−30 sent: the field reads −20 and the line says why", async () => {
    const dialog = await open();
    await statics(dialog).DEFAULT_OPTIONS.form.handler.call(dialog, {}, {}, { object: { healer: bond.uuid, ease: "-30" } });
    expect(dialog.choices.ease).toBe(-20);
    const html = await rendered(dialog, "first-aid");
    expect(html).toContain('aria-describedby="bond-fa-ease-adjusted"');
    expect(html).toContain("Ease Factor: \u201c-30\u201d is less than this field takes (\u221220), so it reads \u221220, and the roll is at Ease Factor \u00bd (see below).");
  });

  it("Roll with 1.2 typed and not yet sent is refused, throws no die; with the field fixed it rolls", async () => {
    const dialog = await open();
    world.typeInto(dialog as never, { healer: bond.uuid, ease: "1.2" });
    world.dice.queue(90);
    world.login("gm");
    await statics(dialog).DEFAULT_OPTIONS.actions.roll.call(dialog);
    expect(world.messages.size).toBe(0);
    expect(world.dice.remaining).toEqual([90]);
    expect(world.notified("warn")).toContain("Ease Factor: \u201c1.2\u201d is not one the roll can use, so nothing was rolled. The field now reads 5: check it, then press Roll d100 again.");

    world.typeInto(dialog as never, { healer: bond.uuid, ease: "1.5" });
    world.login("gm");
    await statics(dialog).DEFAULT_OPTIONS.actions.roll.call(dialog);
    expect(world.messages.size).toBe(1);
    const result = cardOf([...world.messages][0] as unknown as FakeChatMessage).result as { easeItems: { labelKey: string; value: number }[] };
    expect(result.easeItems[0]).toEqual({ labelKey: "FRACAS.Bond.FirstAid.EaseBase", value: 1.5 });
  });
});

describe("the Ease Factor fixtures render (D58)", () => {
  it.each([
    ["task", () => import("../../../fixtures/templates/bond/dialogs/task/ease-adjusted.js"), "Ease Factor: \u201c25\u201d is more than this field takes (20), so it reads 20, and the roll is at Ease Factor 10 (see below)."],
    ["first-aid", () => import("../../../fixtures/templates/bond/dialogs/first-aid/gm-ease-adjusted.js"), "Ease Factor: \u201c2.3\u201d is not a whole number or a half, such as 3 or 3.5, so it keeps 5, and the roll is at Ease Factor"],
  ] as const)("%s", async (template, load, text) => {
    const fixture = (await load()) as { default: () => { context: Record<string, unknown> } };
    const html = await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/dialogs/${template}.hbs`, fixture.default().context);
    expect(html).not.toContain("FRACAS.");
    expect(html).toContain(text);
  });
});
