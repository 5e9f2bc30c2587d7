/**
 * UX audit s15 #4 (Radio's part): the sheets' trash icon deleted a weapon or gadget on the first
 * click, with no undo; it now asks (core sheets/confirm-delete.ts). Through the real sheet in the fake.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import { DialogV2 } from "../../../foundry/fake/apps.js";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { createJake, radioWorld } from "./fight.js";

const asked = () => DialogV2.asked as unknown as { kind: string; window: { title: string }; content: string; modal?: boolean }[];
type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;

let world: FakeWorld;
let jake: FakeActor;

beforeEach(async () => {
  ({ world } = await radioWorld(["alice"]));
  jake = createJake(world, { system: { tokens: ledger.createPool(0) }, items: [{ name: "Revolver", type: "radioWeapon", system: { category: "projectile", skill: "ranged" } }, { name: "Lock pick", type: "radioGadget" }] });
});

/** A hero sheet's action clicked as `user` (the item rows' buttons sit in a [data-item-id] row). */
async function click(user: string, actor: FakeActor, name: string, dataset: Record<string, string> = {}): Promise<void> {
  const m = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
  const actions = (m.RadioHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  await world.as(user, async () => actions[name]!.call(new m.RadioHeroSheet({ document: actor } as never), {}, { dataset, closest: () => ({ dataset }) }));
}
const itemNames = () => jake.items.contents.map((i) => i.name);

describe("audit s15 #4: Radio's sheets ask before deleting an item", () => {
  it("No keeps the weapon; Yes deletes it; the question names it and the hero", async () => {
    const revolver = jake.items.contents.find((i) => i.name === "Revolver")!;
    world.dialogAnswers.push(false);
    await click("alice", jake, "itemDelete", { itemId: revolver.id! });
    expect(asked()).toHaveLength(1);
    expect(asked()[0]).toMatchObject({ kind: "confirm", modal: true, window: { title: "Delete Revolver?" } });
    expect(asked()[0]!.content).toBe("<p>Delete Revolver from Jake? This cannot be undone.</p>");
    expect(itemNames()).toEqual(["Revolver", "Lock pick"]);

    world.dialogAnswers.push(true);
    await click("alice", jake, "itemDelete", { itemId: revolver.id! });
    expect(itemNames()).toEqual(["Lock pick"]);
  });

  it("a gadget asks too; one deleted elsewhere while asked: Yes does nothing more", async () => {
    const pick = jake.items.contents.find((i) => i.name === "Lock pick")!;
    const confirm = vi.spyOn(DialogV2, "confirm").mockImplementation(async (config) => {
      expect((config as { window: { title: string } }).window.title).toBe("Delete Lock pick?");
      await world.as("gm", () => jake.items.get(pick.id!)!.delete());
      return true;
    });
    await click("alice", jake, "itemDelete", { itemId: pick.id! });
    expect(confirm).toHaveBeenCalledTimes(1);
    confirm.mockRestore();
    expect(itemNames()).toEqual(["Revolver"]);
    expect(world.notified("error")).toEqual([]);
  });
});
