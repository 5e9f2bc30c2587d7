/**
 * Session 9, wave 2 (wave-1 report): the healer chosen in an open First Aid dialog deleted (or left
 * without a First Aid skill) made the dialog say "None of your characters has a First Aid skill",
 * which was not so. It now says what happened, takes the healer it would open with, and redraws; a
 * Roll pressed before that redraw reached the player rolls nothing and says so.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { bruteWorld, cardOf, pcChars, pool } from "./helpers.js";

type Handler = (this: unknown, ...args: unknown[]) => Promise<void>;
type Dialog = { rendered: boolean; choices: { healerUuid: string }; _prepareContext(o: unknown): Promise<{ view: { error: string | null; healerName: string } }> };

const firstAid = (level: number) => ({ name: "First Aid", type: "bondSkill", system: { role: "firstAid", characteristic1: "int", characteristic2: "dex", level } });
const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
const NO_HEALER = "None of your characters has a First Aid skill. To add one: Add skill on the character sheet, then set its Use to First Aid.";

let world: FakeWorld;
let patient: FakeActor; // the GM's thug, wounded
let bond: FakeActor; // Alice's first healer
let q: FakeActor; // Alice's second healer

const cards = () => [...world.messages].filter((m) => cardOf(m).kind === "firstAid");

async function openDialog(): Promise<{ dialog: Dialog; roll: () => Promise<void> }> {
  const { BondFirstAidDialog } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
  world.login("alice");
  const dialog = new BondFirstAidDialog(patient as never) as unknown as Dialog;
  await (dialog as unknown as { render(o: unknown): Promise<unknown> }).render({ force: true });
  // The fake's render draws nothing: the dialog drawn as the player sees it.
  await dialog._prepareContext({});
  const roll = (BondFirstAidDialog.DEFAULT_OPTIONS as unknown as { actions: { roll: Handler } }).actions.roll;
  return { dialog, roll: () => world.as("alice", () => roll.call(dialog)) };
}

beforeEach(async () => {
  let thug: FakeActor;
  ({ world, thug } = await bruteWorld());
  patient = thug;
  world.login("gm");
  await patient.update({ "system.wound": mw } as never);
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [firstAid(5)] });
  q = world.createActor({ name: "Q", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(1) }, ownership: { alice: 3 }, items: [firstAid(2)] });
  world.notifications.length = 0;
});

describe("session 9 wave 2: the First Aid dialog's chosen healer deleted or gone", () => {
  it("the healer deleted while chosen: said in those words (not 'no healer'), the other healer taken, and Roll rolls for them", async () => {
    const { dialog, roll } = await openDialog();
    expect(dialog.choices.healerUuid).toBe(bond.uuid);
    world.login("gm");
    await bond.delete();
    world.login("alice");
    expect(world.hooks.errors).toEqual([]);
    expect(world.notified("warn")).toEqual(["James Bond was deleted, so they are no longer the healer. Check the healer shown before you roll."]);
    expect(dialog.rendered).toBe(true);
    expect(dialog.choices.healerUuid).toBe(q.uuid);
    const { view } = await dialog._prepareContext({});
    expect(view.error).toBeNull();
    expect(view.healerName).toBe("Q");
    world.dice.queue(90);
    await roll();
    expect(cards()).toHaveLength(1);
    expect(cardOf(cards()[0]!).result).toMatchObject({ healerName: "Q" });
  });

  it("the healer's First Aid skill deleted while chosen: said so, the other healer taken", async () => {
    const { dialog } = await openDialog();
    world.login("gm");
    await bond.deleteEmbeddedDocuments("Item", [bond.items.contents[0]!.id!]);
    world.login("alice");
    expect(world.notified("warn")).toEqual(["James Bond no longer has a First Aid skill you may roll for, so they are no longer the healer. Check the healer shown before you roll."]);
    expect(dialog.choices.healerUuid).toBe(q.uuid);
  });

  it("a Roll pressed before the deletion reached the dialog: nothing rolled, said so (not 'no healer'), then redrawn with the other healer", async () => {
    const { dialog, roll } = await openDialog();
    world.login("gm");
    world.everyClient = false;
    await bond.delete();
    world.everyClient = true;
    world.login("alice");
    expect(world.notified("warn")).toEqual([]);
    world.dice.queue(10);
    await roll();
    expect(world.hooks.errors).toEqual([]);
    expect(world.notified("warn")).toEqual(["James Bond was deleted, so nothing was rolled. Check the healer shown, then roll again."]);
    expect(world.notified("warn")).not.toContain(NO_HEALER);
    expect(world.dice.remaining).toEqual([10]);
    expect(cards()).toHaveLength(0);
    expect(dialog.rendered).toBe(true);
    expect(dialog.choices.healerUuid).toBe(q.uuid);
    await dialog._prepareContext({});
    await roll();
    expect(cards()).toHaveLength(1);
  });

  it("the last healer deleted: said, then the dialog says no character of theirs has the skill (true now)", async () => {
    world.login("gm");
    await q.delete();
    const { dialog } = await openDialog();
    world.login("gm");
    await bond.delete();
    world.login("alice");
    expect(world.notified("warn")).toEqual(["James Bond was deleted, so they are no longer the healer. Check the healer shown before you roll."]);
    const { view } = await dialog._prepareContext({});
    expect(view.error).toBe("FRACAS.Bond.FirstAid.NoHealer");
  });
});
