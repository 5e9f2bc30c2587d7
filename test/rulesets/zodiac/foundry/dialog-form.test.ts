/**
 * Session 6, task 2, item 4: the roll dialog reads its form through core's renderedFormValues (what
 * a rendered form holds now, as V13's FormDataExtended gives it), driven here by the fake's
 * world.typeInto. What is typed and not yet sent by a change event is read before a redraw (so it
 * survives the redraw) and a number the dialog cannot use is listed, the previous one kept.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { ZodiacRollDialog } from "../../../../src/rulesets/zodiac/sheets/roll-dialog.js";
import type { RollModel } from "../../../../src/rulesets/zodiac/cards/roll-model.js";
import { mikeAndJeremy, zodiacWorld, type Dialog } from "./world.js";

let world: FakeWorld;
let dialogs: Dialog;
let mike: FakeActor;
let baron: FakeActor;

type Open = ZodiacRollDialog & { renders: number };

beforeEach(async () => {
  ({ world, dialog: dialogs } = await zodiacWorld());
  ({ mike } = mikeAndJeremy(world));
  baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
});

/** Mike's player aims at the Baron and opens the roll dialog on Capricorn (3 of 3 Agent Points). */
async function open(): Promise<Open> {
  world.login("mp");
  world.target("mp", baron);
  const dialog = new dialogs.ZodiacRollDialog({ actor: mike as never, slot: "a2" }) as Open;
  await dialog.render({ force: true } as never);
  return dialog;
}

const shown = async (dialog: Open) => (await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ model: RollModel }> })._prepareContext({})).model;

/** The Baron's TN changed by the GM: the dialog follows (reads its form, redraws). */
async function gmChangesTheBaron(tn: number): Promise<void> {
  await world.as("gm", () => baron.update({ "system.tn": tn } as never));
  world.login("mp");
}

describe("the roll dialog's form, read through core's renderedFormValues", () => {
  it("numbers typed and not yet sent survive the redraw the Baron's change starts, and the odds use them", async () => {
    const dialog = await open();
    world.typeInto(dialog as never, { slot: "a2", kind: "strike", spend: "1", gathered: "1", wagers: "2", calledShot: "" });
    const renders = dialog.renders;
    await gmChangesTheBaron(6);
    expect(dialog.renders).toBeGreaterThan(renders);
    expect(dialog.choice).toMatchObject({ kind: "strike", spend: 1, gathered: 1, wagers: 2 });
    expect(dialog.refused).toEqual([]);
    expect(await shown(dialog)).toMatchObject({ ok: true, tn: 6 });
  });

  it("a number it cannot use (2.5 Wagers) is listed with the value kept; an empty field is 0", async () => {
    const dialog = await open();
    world.typeInto(dialog as never, { slot: "a2", kind: "strike", spend: "1", gathered: "1", wagers: "1" });
    await gmChangesTheBaron(9);
    expect(dialog.choice).toMatchObject({ spend: 1, gathered: 1, wagers: 1 });
    world.typeInto(dialog as never, { slot: "a2", kind: "strike", spend: "", gathered: "", wagers: "2.5" });
    await gmChangesTheBaron(8);
    expect(dialog.choice).toMatchObject({ spend: 0, gathered: 0, wagers: 1 });
    expect(dialog.refused).toEqual([{ field: "wagers", typed: "2.5", max: expect.any(Number), kept: 1, reason: "notWhole" }]);
  });

  it("a dialog not rendered reads nothing (its choice stays)", async () => {
    const dialog = await open();
    world.typeInto(dialog as never, { slot: "a2", kind: "strike", wagers: "3" });
    await dialog.close();
    (dialog as unknown as { follow(e: unknown): void }).follow({ kind: "actor", uuid: mike.uuid });
    expect(dialog.choice.wagers).toBe(0);
  });
});
