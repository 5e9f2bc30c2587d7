/**
 * Session 5, wave 3 (ux-review-s5 #4; D54), through the real dialog, view, template and cards in
 * the typed fake:
 * - an attack with no token targeted says so in the dialog; a Knockout is greyed without a target
 *   and refused before the roll, not after it; a read Speed says whose it is;
 * - an attack is at one target: with several targeted, the dialog and the roll refuse (D54);
 * - an open dialog that redraws (follow) keeps what was typed and not yet sent, and Roll reads it.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { BondAttackDialog } from "../../../../src/rulesets/bond/sheets/attack-dialog.js";
import type { AttackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { bondModules, bruteWorld, cardOf } from "./helpers.js";

let world: FakeWorld;
let brute: FakeActor; // Alice's brute, unarmed
let thug: FakeActor; // the GM's quick thug, Speed 2
let other: FakeActor; // a second thug

const TEMPLATE = "systems/fracas/templates/bond/dialogs/attack.hbs";
const render = (view: AttackView) => foundry.applications.handlebars.renderTemplate(TEMPLATE, { view });
const unquote = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'");

beforeEach(async () => {
  ({ world, brute, thug } = await bruteWorld({ quickThug: true }));
  other = world.createActor({ name: "Second Thug", type: "bondCharacter", system: { npc: true, characteristics: { str: 10, dex: 9, wil: 8, per: 8, int: 7 } } });
});

/** Alice's unarmed view at `targets` (none = no target). */
async function viewAt(targets: FakeActor[], blow: "" | "knockout" = "") {
  const m = await bondModules();
  world.login("alice");
  for (const t of targets) world.target("alice", t);
  const setup = m.buildSetup(brute as never, null);
  world.users.get("alice")!.targets.clear();
  return { m, setup, view: m.attackView(setup, { ...m.defaultChoices(setup), specificBlow: blow }) };
}

/** Alice opens the brute's unarmed attack (as the sheet's Attack does), aiming at `targets`. */
async function openAt(targets: FakeActor[]): Promise<BondAttackDialog & { renders: number }> {
  const m = await bondModules();
  world.login("alice");
  for (const t of targets) world.target("alice", t);
  return (await m.openAttackDialog(brute as never, null)) as BondAttackDialog & { renders: number };
}

/** The dialog's Roll button, as a click runs it. */
async function clickRoll(dialog: BondAttackDialog): Promise<void> {
  const roll = (dialog.constructor as unknown as { DEFAULT_OPTIONS: { actions: { roll: (this: unknown) => Promise<void> } } }).DEFAULT_OPTIONS.actions.roll;
  world.login("alice");
  await roll.call(dialog);
}

describe("Hand-to-Hand with no target (ux-review-s5 #4)", () => {
  it("the dialog says there is no target and the card will have no Apply; with a target it does not", async () => {
    const none = await viewAt([]);
    expect(none.view.noTarget).toBe("FRACAS.Bond.Dialog.NoTarget");
    const html = unquote(await render(none.view));
    expect(html).toContain('<span class="bond-warning">No target: the card will have no Apply. Target a token first, or set the target\'s Speed below and apply by hand.</span>');

    const aimed = await viewAt([thug]);
    expect(aimed.view.noTarget).toBeNull();
    expect(unquote(await render(aimed.view))).not.toContain("No target");
  });

  it("Fire Combat with no target says so too, without the Speed", async () => {
    const m = await bondModules();
    const setup = { ...(await viewAt([])).setup, attackKind: "fire" as const };
    expect(m.attackView(setup, m.defaultChoices(setup)).noTarget).toBe("FRACAS.Bond.Dialog.NoTargetFire");
  });

  it("Knockout is greyed with its reason without a target, and offered with one", async () => {
    const none = await viewAt([]);
    expect(none.view.blowOptions.find((o) => o.value === "knockout")).toEqual({ value: "knockout", label: "FRACAS.Bond.Dialog.KnockoutWithoutTarget", selected: false, disabled: true });
    expect(await render(none.view)).toContain('<option value="knockout" disabled>Knockout (needs a target)</option>');
    const aimed = await viewAt([thug]);
    expect(aimed.view.blowOptions.find((o) => o.value === "knockout")).toEqual({ value: "knockout", label: "FRACAS.Bond.Blow.knockout", selected: false, disabled: false });
    expect(await render(aimed.view)).toContain('<option value="knockout">Knockout</option>');
  });

  it("a Knockout chosen with no target: the dialog says why, Roll is disabled, and a roll is refused before any die", async () => {
    const { m, setup, view } = await viewAt([], "knockout");
    expect(view.error).toBe("FRACAS.Bond.Dialog.KnockoutNeedsTarget");
    expect(view.canRoll).toBe(false);
    expect(await render(view)).toContain('<option value="knockout" selected disabled>Knockout (needs a target)</option>');

    world.dice.queue(1, 1);
    world.login("alice");
    expect(await m.rollAttack(brute as never, setup, { ...m.defaultChoices(setup), specificBlow: "knockout" }, [])).toBeUndefined();
    expect(world.dice.remaining).toEqual([1, 1]);
    expect(world.messages.size).toBe(0);
    expect(world.notified("warn")).toContain("A Knockout needs a target: the Willpower roll to stay conscious is the target's. Target a token, or choose another blow.");
  });

  it("a Knockout chosen at a target, then untargeted: the form leaves out the disabled choice, it stays chosen and Roll refuses (not a plain punch)", async () => {
    const m = await bondModules();
    const dialog = await openAt([thug]);
    world.login("alice");
    dialog.choices = m.readChoices(dialog.setup(), { specificBlow: "knockout" }, dialog.choices);
    world.users.get("alice")!.targets.clear();
    // A browser's form data has no value for a select whose chosen option is disabled.
    dialog.choices = m.readChoices(dialog.setup(), { gmModifier: "0" }, dialog.choices);
    expect(dialog.choices.specificBlow).toBe("knockout");
    world.dice.queue(1, 1);
    // The first Roll finds the target it showed gone (no redraw told it, D63): said, redrawn, nothing rolled.
    await clickRoll(dialog);
    expect(world.notified("warn").at(-1)).toBe("Thug is no longer targeted, so nothing was rolled or spent. The dialog now shows the attack as it stands: check it, then press Roll d100 again.");
    await clickRoll(dialog);
    expect(world.dice.remaining).toEqual([1, 1]);
    expect(world.messages.size).toBe(0);
    expect(world.notified("warn")).toContain("A Knockout needs a target: the Willpower roll to stay conscious is the target's. Target a token, or choose another blow.");
  });

  it("a read Speed says whose it is", async () => {
    const { view } = await viewAt([thug]);
    expect(view.targetSpeedRead).toEqual({ speed: 2, name: "Thug" });
    expect(unquote(await render(view))).toContain('<output id="bond-a-tspeed">2 (Thug\'s Speed)</output>');
  });
});

describe("an attack is at one target (D54)", () => {
  it("several targeted: the dialog says so and Roll is disabled; one targeted rolls", async () => {
    const several = await viewAt([thug, other]);
    expect(several.setup.targetCount).toBe(2);
    expect(several.view.error).toBe("FRACAS.Bond.Dialog.OneTargetOnly");
    expect(several.view.canRoll).toBe(false);
    expect(await render(several.view)).toContain("An attack is at one target, with its own cover, range and Speed: keep one targeted, and roll again for the next.");
    const one = await viewAt([thug]);
    expect(one.view.error).toBeNull();
    expect(one.view.canRoll).toBe(true);
  });

  it("Roll with several targeted is refused before any die; the roll itself (a macro's) refuses too", async () => {
    const m = await bondModules();
    const dialog = await openAt([thug, other]);
    world.dice.queue(50, 3);
    await clickRoll(dialog);
    expect(world.dice.remaining).toEqual([50, 3]);
    expect(world.messages.size).toBe(0);
    const refusal = "An attack is at one target, with its own cover, range and Speed: keep one targeted, and roll again for the next.";
    expect(world.notified("warn")).toContain(refusal);

    world.login("alice");
    const setup = m.buildSetup(brute as never, null);
    const card = await m.rollAttack(brute as never, setup, m.defaultChoices(setup), [
      { uuid: thug.uuid, name: thug.name },
      { uuid: other.uuid, name: other.name },
    ]);
    expect(card).toBeUndefined();
    expect(world.dice.remaining).toEqual([50, 3]);
    // Nothing counted against the round either.
    expect((brute.system as unknown as { roundAttacks: { count: number } }).roundAttacks.count).toBe(0);
  });
});

describe("a redraw keeps what was typed (follow)", () => {
  /** The user types into the open dialog's form (the fake's FormDataExtended reads it), sending nothing. */
  const typeInto = (dialog: BondAttackDialog, values: Record<string, unknown>) => world.typeInto(dialog as never, values);

  it("the GM changes the target while a GM modifier is typed, not sent: the redraw keeps it", async () => {
    const dialog = await openAt([thug]);
    typeInto(dialog, { specificBlow: "", gmModifier: "5" });
    const renders = dialog.renders;
    world.login("gm");
    await thug.toggleStatusEffect("fracas-prone", { active: true });
    world.login("alice");
    await vi.waitFor(() => expect(dialog.renders).toBeGreaterThan(renders));
    expect(dialog.choices.gmModifier).toBe(5);
    const context = await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: AttackView }> })._prepareContext({});
    expect(context.view.gmModifier).toBe(5);
  });

  it("Roll reads the form as it stands (a number typed just before the click)", async () => {
    const dialog = await openAt([thug]);
    typeInto(dialog, { specificBlow: "", gmModifier: "3" });
    world.dice.queue(50, 3);
    await clickRoll(dialog);
    const card = world.messages.contents.at(-1)!;
    const items = (cardOf(card as never).result as { ease: { items: { labelKey: string; value: number }[] } }).ease.items;
    expect(items.filter((i) => i.labelKey === "FRACAS.Bond.Ease.Gm")).toEqual([{ labelKey: "FRACAS.Bond.Ease.Gm", value: 3 }]);
  });
});

describe("the attack dialog's fixtures render", () => {
  it.each(["hth-no-target", "hth-knockout-no-target", "several-targets", "several-targets-many", "fire-no-target", "hth-knockout"])("%s", async (name) => {
    const fixture = (await import(`../../../fixtures/templates/bond/dialogs/attack/${name}.ts`)) as { default: () => { context: { view: AttackView } } };
    const html = await render(fixture.default().context.view);
    expect(html).not.toContain("FRACAS.");
  });
});
