/**
 * UX audit s15 #4 and #11 (FASERIP's part): the hero sheet's trash icon deleted an item on the first
 * click, and Karma's Reset put the pool back to its start with no word; both now ask (core
 * sheets/confirm-delete.ts), and Reset says what it does in a tooltip. The weapon row's Attack
 * carries its word beside the die, as Bond's and Radio's do (a touch screen shows no tooltip), its
 * accessible name unchanged; the row's controls sit in a span inside a plain cell (a flex td left
 * the table's layout and its border sat above the row's line: measured in Chromium by
 * test/browser/faserip-row-lines.test.ts). Through the real sheet in the fake and the real template.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import { DialogV2 } from "../../../foundry/fake/apps.js";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { startFight } from "./fake-round.js";
import { heroSystem } from "./fixture-samples.js";
import { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import full from "../../../fixtures/templates/faserip/hero-sheet/full.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type Action = (this: unknown, e: unknown, target: unknown) => unknown;
const asked = () => DialogV2.asked as unknown as { kind: string; window: { title: string }; content: string; modal?: boolean }[];
const karmaOf = (a: FakeActor) => (a.system as unknown as { karma: { value: number; pool: ledger.Pool } }).karma;
const itemNames = (a: FakeActor) => a.items.contents.map((i) => i.name);

/** A click on the hero sheet of `actor` as `user` (Foundry calls the action with `this` = the sheet). */
async function click(user: string, actor: FakeActor, name: string, dataset: Record<string, string> = {}) {
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: actor } as never);
  const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  await f.world.as(user, async () => actions[name]!.call(sheet, {}, { dataset, closest: () => ({ dataset }) }));
}

const render = (view: object) => f.world.templates.renderTemplate("systems/fracas/templates/faserip/hero-sheet.hbs", { view, notesRaw: "" });
const unescape = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&#x3D;/g, "=").replace(/\s+/g, " ");

describe("audit s15 #4: FASERIP's sheet asks before deleting an item", () => {
  it("No keeps the weapon; Yes deletes it; the question names the item and the hero", async () => {
    await f.world.as("alice", () => f.captain.createEmbeddedDocuments("Item", [{ name: "Vibranium shield", type: "faseripWeapon", system: { damage: 40, range: 3, edge: "blunt" } }]));
    const id = f.captain.items.contents[0]!.id!;
    f.world.dialogAnswers.push(false);
    await click("alice", f.captain, "deleteItem", { itemId: id });
    expect(asked().at(-1)).toMatchObject({ kind: "confirm", modal: true, window: { title: "Delete Vibranium shield?" } });
    expect(asked().at(-1)!.content).toBe("<p>Delete Vibranium shield from Captain? This cannot be undone.</p>");
    expect(itemNames(f.captain)).toEqual(["Vibranium shield"]);

    f.world.dialogAnswers.push(true);
    await click("alice", f.captain, "deleteItem", { itemId: id });
    expect(itemNames(f.captain)).toEqual([]);
    expect(f.world.notified("warn")).toEqual([]);
  });

  it("a power and a talent ask too (the same action on every list)", async () => {
    await f.world.as("alice", () => f.captain.createEmbeddedDocuments("Item", [{ name: "Body Armor", type: "faseripPower" }, { name: "Martial Arts B", type: "faseripTalent" }]));
    for (const item of [...f.captain.items.contents]) {
      f.world.dialogAnswers.push(true);
      await click("alice", f.captain, "deleteItem", { itemId: item.id! });
      expect(asked().at(-1)!.window.title).toBe(`Delete ${item.name}?`);
    }
    expect(itemNames(f.captain)).toEqual([]);
  });

  it("a reader who may not change the hero (a sheet open from before) is asked nothing, and nothing is deleted", async () => {
    await f.world.as("alice", () => f.captain.createEmbeddedDocuments("Item", [{ name: "Vibranium shield", type: "faseripWeapon", system: { damage: 40, range: 3, edge: "blunt" } }]));
    f.world.dialogAnswers.push(true);
    await click("bob", f.captain, "deleteItem", { itemId: f.captain.items.contents[0]!.id! });
    expect(asked()).toEqual([]);
    expect(itemNames(f.captain)).toEqual(["Vibranium shield"]);
    f.world.dialogAnswers.length = 0;
  });

  it("an item gone before the click asks nothing", async () => {
    await click("alice", f.captain, "deleteItem", { itemId: "nothing00000000x" });
    expect(asked()).toEqual([]);
  });
});

describe("audit s15 #4: Karma's Reset asks first, and its tooltip says what it does", () => {
  it("No keeps the pool and its history; Yes starts it again at Reason + Intuition + Psyche", async () => {
    const { changeKarma } = await import("../../../../src/rulesets/faserip/cards/karma.js");
    const start = (f.captain.system as unknown as { karmaStart: number }).karmaStart;
    await f.world.as("alice", () => changeKarma(f.captain as never, -7, "spent"));
    const before = structuredClone(karmaOf(f.captain));

    f.world.dialogAnswers.push(false);
    await click("alice", f.captain, "resetKarma");
    expect(asked().at(-1)).toMatchObject({ kind: "confirm", modal: true, window: { title: "Reset Captain's Karma?" } });
    expect(asked().at(-1)!.content).toBe(`<p>Start Captain&#x27;s Karma again at ${start}? The ${before.pool.value} Karma held now and the list of recent changes are replaced. This cannot be undone.</p>`);
    expect(karmaOf(f.captain)).toEqual(before);

    f.world.dialogAnswers.push(true);
    await click("alice", f.captain, "resetKarma");
    expect(karmaOf(f.captain).value).toBe(start);
    expect(karmaOf(f.captain).pool.entries).toEqual([]);
  });

  it("the Reset button's tooltip names the starting value and says it asks", async () => {
    const html = unescape(await render(full().context.view));
    const start = full().context.view.karma.start;
    expect(html).toContain(`data-action="resetKarma" data-tooltip="Start the Karma pool again at ${start} (Reason + Intuition + Psyche). Asks first.">Reset</button>`);
  });
});

describe("audit s15 #4 and #11: the weapon row's controls", () => {
  const pistol = { id: "w1", name: "Pistol", img: "", type: "faseripWeapon", system: { damage: 6, range: 3, edge: "blunt", thrown: false } };
  const view = (editable: boolean) => heroSheetView({ name: "Rampage", img: "", system: heroSystem(), karma: { value: 1, start: 1, history: [] }, items: [pistol], editable, isGM: false, notesHTML: "" });

  it("Attack shows its word beside the die, keeping its accessible name 'Attack with Pistol'", async () => {
    const html = unescape(await render(view(true)));
    expect(html).toMatch(/<button type="button" class="faserip-weapon-attack" data-action="rollWeapon" aria-label="Attack with Pistol" data-tooltip="Attack with Pistol"><i class="fa-solid fa-dice-d20" aria-hidden="true"><\/i> Attack<\/button>/);
  });

  it("the controls are a span inside a plain cell: no td carries the flex class", async () => {
    for (const editable of [true, false]) {
      const html = unescape(await render(view(editable)));
      expect(html).not.toMatch(/<td[^>]*faserip-item-controls/);
      expect(html).toMatch(/<td class="faserip-controls-cell"><span class="faserip-item-controls">.*data-action="editItem".*<\/span><\/td>/);
    }
  });
});
