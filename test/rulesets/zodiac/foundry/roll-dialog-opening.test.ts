/**
 * Session 9, wave 2 (the zodiac wave-1 note): an Area clicked on the sheet while the roll dialog is
 * still opening was ignored. The second click found the first's dialog under core openOnce, but
 * `showSlot` returned early (nothing rendered yet), so the dialog opened on the first click's Area.
 * Now, as FASERIP's FEAT dialog: a dialog found open or opening takes the last click's Area, and
 * the dialog made by a click is not switched back to its own Area after its render.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { tearDown, twoGmWorld, type TwoGmWorld } from "./two-gm-world.js";

let built: TwoGmWorld;
let world: FakeWorld;
let mike: FakeActor;
beforeEach(async () => {
  built = await twoGmWorld({ secondGm: false });
  ({ world, mike } = built);
});
afterEach(tearDown);

type RollDialog = InstanceType<TwoGmWorld["dialog"]["ZodiacRollDialog"]>;
const rollAction = () => (built.sheets.ZodiacAgentSheet.DEFAULT_OPTIONS as unknown as { actions: { roll: (this: unknown, e: unknown, t: unknown) => Promise<void> } }).actions.roll;
const openDialogs = (user: string) => [...world.appsOf(user).values()].filter((a): a is RollDialog => a instanceof built.dialog.ZodiacRollDialog && a.rendered);
/** The Area the dialog's form shows (its rendered context), not only its field. */
const drawnSlot = async (dialog: RollDialog) => (await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ slot: string }> })._prepareContext({})).slot;

describe("session 9 wave 2: an Area clicked while the roll dialog is still opening", () => {
  it("hard to break: Roll on Aries, then at once on another Area: one dialog, on the Area clicked last", async () => {
    const sheet = new built.sheets.ZodiacAgentSheet({ document: mike } as never);
    const roll = rollAction();
    await world.as("mp", async () => {
      // The second click comes while the first's dialog is opening: openOnce hands it the same
      // dialog. Before, the first click then switched its own dialog back to Aries after its render.
      const first = roll.call(sheet, {}, { dataset: { slot: "a1" } });
      const second = roll.call(sheet, {}, { dataset: { slot: "a2" } });
      await Promise.all([first, second]);
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const open = openDialogs("mp");
    expect(open).toHaveLength(1);
    // Before: "a1", the second click ignored.
    expect(open[0]!.slot).toBe("a2");
    expect(await world.as("mp", () => drawnSlot(open[0]!))).toBe("a2");
    await world.as("mp", () => open[0]!.close());
  });

  it("a dialog not yet rendered (its first render under way) takes the Area asked for, and opens on it", async () => {
    world.login("mp");
    const dialog = new built.dialog.ZodiacRollDialog({ actor: mike as never, slot: "a1" });
    expect(dialog.rendered).toBe(false);
    // Before: ignored, as nothing was rendered to redraw (the fake renders at once, so this is the V13 window).
    await world.as("mp", async () => dialog.showSlot("a2"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dialog.slot).toBe("a2");
    expect(dialog.rendered).toBe(true);
    expect(await world.as("mp", () => drawnSlot(dialog))).toBe("a2");
    await world.as("mp", () => dialog.close());
  });

  it("the same Area clicked twice while opening: one dialog on it, drawn once", async () => {
    const sheet = new built.sheets.ZodiacAgentSheet({ document: mike } as never);
    const roll = rollAction();
    await world.as("mp", () => Promise.all([roll.call(sheet, {}, { dataset: { slot: "a2" } }), roll.call(sheet, {}, { dataset: { slot: "a2" } })]));
    const open = openDialogs("mp");
    expect(open).toHaveLength(1);
    expect(open[0]!.slot).toBe("a2");
    await world.as("mp", () => open[0]!.close());
  });

  it("an open dialog on Aries (a kill, with no target) switched to another Area draws that Area, as a fight: a kill rolls Aries only", async () => {
    const sheet = new built.sheets.ZodiacAgentSheet({ document: mike } as never);
    const roll = rollAction();
    await world.as("mp", () => roll.call(sheet, {}, { dataset: { slot: "a1" } }));
    const [dialog] = openDialogs("mp");
    expect(dialog!.choice.kind).toBe("kill");
    await world.as("mp", () => roll.call(sheet, {}, { dataset: { slot: "a2" } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Before: the slot said a2 but the kill kept drawing (and rolling) Aries.
    expect(dialog!.choice.kind).toBe("fight");
    expect(await world.as("mp", () => drawnSlot(dialog!))).toBe("a2");
    await world.as("mp", () => dialog!.close());
  });
});
