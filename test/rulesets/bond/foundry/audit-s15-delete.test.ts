/**
 * UX audit s15 #4 (Bond's part): the character sheet's ✕ deleted a weapon or a skill on the first
 * click, with no undo (a mis-tap on a phone). It now asks, as Zodiac's weapons list did, through
 * core's one helper (src/foundry/sheets/confirm-delete.ts). Through the real sheet in the fake.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { DialogV2 } from "../../../foundry/fake/apps.js";
import { characterSheet, pcChars, pool, standInEnrichHTML } from "./helpers.js";

let world: FakeWorld;
let bond: FakeActor; // alice's

const asked = () => DialogV2.asked as unknown as { kind: string; window: { title: string }; content: string; modal?: boolean }[];
const names = () => bond.items.contents.map((i) => i.name);

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  standInEnrichHTML();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({
    name: "James Bond",
    type: "bondCharacter",
    system: { characteristics: pcChars, heroPoints: pool(3) },
    ownership: { alice: 3 },
    items: [
      { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D" } },
      { name: "Driving", type: "bondSkill", system: { characteristic1: "dex", characteristic2: "per", level: 6 } },
    ],
  });
});

describe("audit s15 #4: Bond's sheet asks before deleting an item", () => {
  it("No keeps the weapon; Yes deletes it; the question names it and the character", async () => {
    const sheet = await characterSheet(world, bond, "alice");
    const ppk = bond.items.contents.find((i) => i.name === "Walther PPK")!;
    world.dialogAnswers.push(false);
    await sheet.click("deleteItem", { itemId: ppk.id! });
    expect(asked()).toHaveLength(1);
    expect(asked()[0]).toMatchObject({ kind: "confirm", modal: true, window: { title: "Delete Walther PPK?" } });
    expect(asked()[0]!.content).toBe("<p>Delete Walther PPK from James Bond? This cannot be undone.</p>");
    expect(names()).toEqual(["Walther PPK", "Driving"]);

    world.dialogAnswers.push(true);
    await sheet.click("deleteItem", { itemId: ppk.id! });
    expect(names()).toEqual(["Driving"]);
  });

  it("a skill asks too; the GM's click asks as the owner's does", async () => {
    const sheet = await characterSheet(world, bond, "gm");
    world.dialogAnswers.push(true);
    await sheet.click("deleteItem", { itemId: bond.items.contents.find((i) => i.name === "Driving")!.id! });
    expect(asked().map((a) => a.window.title)).toEqual(["Delete Driving?"]);
    expect(names()).toEqual(["Walther PPK"]);
  });

  it("deleted elsewhere while the question was open: Yes does nothing more (no error)", async () => {
    const sheet = await characterSheet(world, bond, "alice");
    const id = bond.items.contents[0]!.id!;
    const confirm = vi.spyOn(DialogV2, "confirm").mockImplementation(async () => {
      await world.as("gm", () => bond.items.get(id)!.delete());
      return true;
    });
    await sheet.click("deleteItem", { itemId: id });
    confirm.mockRestore();
    expect(names()).toEqual(["Driving"]);
    expect(world.notified("error")).toEqual([]);
  });

  it("an Observer's click that still arrives is refused before anything is asked", async () => {
    world.addUser({ id: "bob", name: "Bob", isGM: false });
    await world.as("gm", () => bond.update({ ownership: { alice: 3, bob: 2 } } as never));
    const viewer = await characterSheet(world, bond, "bob");
    await viewer.click("deleteItem", { itemId: bond.items.contents[0]!.id! });
    expect(asked()).toEqual([]);
    expect(names()).toEqual(["Walther PPK", "Driving"]);
  });
});
