/**
 * Review s10 content P4: a zodiacWeapon dropped on an Agent (V13's sheets create any dropped item of
 * the actor's ruleset: core item.ts) was stored where no one could see or delete it, while the
 * sample Agents' notes send the GM to the "Zodiac: Weapons" pack. The Agent, Other Agent and crowd
 * (Everyone Else) sheets now list their weapons (name, range kind), each opened from the list
 * (read-only for a viewer), and deleted (after a confirmation) or added by the actor's editors only.
 * Through the real sheets in the fake and the real templates; a click that still arrives from a
 * viewer is refused.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { DialogV2 } from "../../../foundry/fake/apps.js";
import { createHandlebars } from "../../../browser/harness.js";
import { mikeAndJeremy, stubTextEditor, zodiacWorld, type Sheets } from "./world.js";
import agentWeapons from "../../../fixtures/templates/zodiac/agent-sheet/weapons.js";
import agentEmpty from "../../../fixtures/templates/zodiac/agent-sheet/weapons-empty.js";
import agentReadOnly from "../../../fixtures/templates/zodiac/agent-sheet/weapons-read-only.js";
import otherWeapons from "../../../fixtures/templates/zodiac/other-agent-sheet/weapons.js";
import otherReadOnly from "../../../fixtures/templates/zodiac/other-agent-sheet/weapons-read-only.js";
import crowdWeapons from "../../../fixtures/templates/zodiac/crowd-sheet/weapons.js";
import crowdEmpty from "../../../fixtures/templates/zodiac/crowd-sheet/weapons-empty.js";
import crowdReadOnly from "../../../fixtures/templates/zodiac/crowd-sheet/weapons-read-only.js";

let world: FakeWorld;
let sheets: Sheets;
let mike: FakeActor; // owned by "mp"; "jp" (Jeremy's player) may only observe him
let baron: FakeActor; // the GM's
let goons: FakeActor; // a crowd (Everyone Else), the GM's

interface SheetApp {
  options: { actions: Record<string, (this: unknown, e: Event, t: HTMLElement) => Promise<void>> };
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
}
type Row = { id: string; name: string; range: string; rangeLabel: string };

const pistol = { name: "Suppressed pistol", type: "zodiacWeapon", system: { range: "gun", description: "<p>Line of sight.</p>" } };
const knife = { name: "Combat knife", type: "zodiacWeapon", system: { range: "unarmed", description: "" } };

const SHEETS = { zodiacAgent: "ZodiacAgentSheet", zodiacOtherAgent: "ZodiacOtherAgentSheet", zodiacCrowd: "ZodiacCrowdSheet" } as const;
const TEMPLATES = { zodiacAgent: "zodiac/agent-sheet.hbs", zodiacOtherAgent: "zodiac/other-agent-sheet.hbs", zodiacCrowd: "zodiac/crowd-sheet.hbs" } as const;
const sheetOf = (actor: FakeActor): SheetApp => {
  const Sheet = sheets[SHEETS[actor.type as keyof typeof SHEETS]];
  return new Sheet({ document: actor } as never) as unknown as SheetApp;
};
const template = (actor: FakeActor) => TEMPLATES[actor.type as keyof typeof TEMPLATES];
/** The sheet as `user` sees it: its context's weapons and its rendered HTML (whitespace collapsed). */
const seen = (user: string, actor: FakeActor) =>
  world.as(user, async () => {
    const context = await sheetOf(actor)._prepareContext({});
    const html = createHandlebars().renderTemplate(template(actor), context).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
    return { weapons: context.weapons as Row[], html };
  });
/** The data-action of every button in the HTML, in document order. */
const actions = (html: string) => [...html.matchAll(/<button\b[^>]*data-action="([^"]*)"/g)].map((m) => m[1]!);
/** A sheet button's click as `user`: Foundry calls the action with `this` = the sheet and the button. */
const click = (user: string, actor: FakeActor, action: string, data: Record<string, string> = {}) =>
  world.as(user, async () => {
    const sheet = sheetOf(actor);
    const handler = sheet.options.actions[action];
    expect(typeof handler, `sheet action ${action}`).toBe("function");
    await handler!.call(sheet, new Event("click"), { dataset: { action, ...data } } as unknown as HTMLElement);
  });
/** V13's drop of an Item on an actor's sheet (ActorSheetV2#_onDropItem) creates it on the actor, as the dropping user. */
const drop = (user: string, actor: FakeActor, data: Record<string, unknown>) => world.as(user, () => actor.createEmbeddedDocuments("Item", [data]));
const weaponIds = (actor: FakeActor) => actor.items.contents.map((i) => i.id);
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const asked = () => DialogV2.asked as unknown as { kind: string; window: { title: string }; content: string }[];

beforeEach(async () => {
  ({ world, sheets } = await zodiacWorld());
  stubTextEditor();
  ({ mike } = mikeAndJeremy(world));
  await world.as("gm", () => mike.update({ ownership: { mp: 3, jp: 2 } } as never));
  baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
  goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
  world.notifications.length = 0;
});

describe("P4: the Agent sheet lists its weapons", () => {
  it("no weapon: the owner's sheet says how to add one (drag or Add); a viewer's says none, with no Add", async () => {
    const own = await seen("mp", mike);
    expect(own.weapons).toEqual([]);
    expect(own.html).toContain('<h3 id="zodiac-weapons-title">Weapons</h3>');
    expect(own.html).toContain("No weapons. Drag one here from the Items sidebar or the Zodiac: Weapons compendium, or add one.");
    expect(actions(own.html)).toContain("weaponCreate");
    const viewer = await seen("jp", mike);
    expect(viewer.html).toContain('<p class="zodiac-empty">No weapons.</p>');
    expect(actions(viewer.html)).not.toContain("weaponCreate");
  });

  it("the list's hint says a weapon changes no roll and only says who is in range, which Operations decides (DECISIONS #18, #23–25)", async () => {
    const { html } = await seen("mp", mike);
    expect(html).toContain("A weapon changes no roll: armed and unarmed kills roll the same.");
    expect(html).toContain("Operations decides who is.");
  });

  it("a weapon dropped on Mike by his player is listed with its name and range kind, with Edit and Delete for him and the GM", async () => {
    await drop("mp", mike, pistol);
    await drop("gm", mike, knife);
    for (const user of ["mp", "gm"]) {
      const { weapons, html } = await seen(user, mike);
      expect(weapons.map((w) => [w.name, w.range, w.rangeLabel])).toEqual([
        ["Suppressed pistol", "gun", "FRACAS.Zodiac.Range.gun"],
        ["Combat knife", "unarmed", "FRACAS.Zodiac.Range.unarmed"],
      ]);
      expect(html).toContain('<span class="zodiac-weapon-name">Suppressed pistol</span> <span class="zodiac-weapon-range">Gun: line of sight, reasonable range</span>');
      expect(html).toContain('<span class="zodiac-weapon-name">Combat knife</span> <span class="zodiac-weapon-range">Unarmed: anyone you can reach</span>');
      expect(html).toContain('aria-label="Edit Suppressed pistol"');
      expect(html).toContain('aria-label="Delete Combat knife"');
      expect(actions(html).filter((a) => a === "weaponDelete"), user).toHaveLength(2);
      expect(html).not.toContain("No weapons");
    }
  });

  it("Delete asks first: No keeps the weapon, Yes deletes it and the list no longer shows it", async () => {
    await drop("mp", mike, pistol);
    const id = weaponIds(mike)[0]!;
    world.dialogAnswers.push(false);
    await click("mp", mike, "weaponDelete", { itemId: id });
    expect(asked().at(-1)).toMatchObject({ kind: "confirm", window: { title: "Delete Suppressed pistol?" } });
    expect(asked().at(-1)!.content).toContain("Delete Suppressed pistol from Mike? This cannot be undone.");
    expect(weaponIds(mike)).toEqual([id]);

    world.dialogAnswers.push(true);
    await click("mp", mike, "weaponDelete", { itemId: id });
    expect(weaponIds(mike)).toEqual([]);
    expect((await seen("mp", mike)).weapons).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it("a weapon deleted elsewhere while the question was open: Yes does nothing more (no error)", async () => {
    await drop("mp", mike, pistol);
    const id = weaponIds(mike)[0]!;
    const confirm = vi.spyOn(DialogV2, "confirm").mockImplementation(async () => {
      await world.as("gm", () => mike.items.get(id)!.delete());
      return true;
    });
    await click("mp", mike, "weaponDelete", { itemId: id });
    confirm.mockRestore();
    expect(weaponIds(mike)).toEqual([]);
    expect(world.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it("Add a weapon creates a gun named 'New weapon' on the Agent, listed", async () => {
    await click("mp", mike, "weaponCreate");
    expect(mike.items.contents.map((i) => [i.name, i.type, (i.system as unknown as { range: string }).range])).toEqual([["New weapon", "zodiacWeapon", "gun"]]);
    expect((await seen("mp", mike)).weapons.map((w) => w.name)).toEqual(["New weapon"]);
  });

  it("Open shows the weapon's own sheet, to its viewers too (View, with an eye: read-only there)", async () => {
    await drop("mp", mike, pistol);
    const item = mike.items.contents[0]!;
    const render = vi.fn(async () => undefined);
    Object.defineProperty(item, "sheet", { value: { render }, configurable: true });
    const viewer = await seen("jp", mike);
    expect(viewer.html).toContain('data-action="weaponOpen" data-fracas-viewer');
    expect(viewer.html).toContain('aria-label="View Suppressed pistol"');
    expect(viewer.html).toContain("fa-eye");
    await click("jp", mike, "weaponOpen", { itemId: item.id! });
    expect(render).toHaveBeenCalledWith({ force: true });
  });

  it("a player who may only observe Mike is offered no Delete or Add, and a click that still arrives is refused: nothing asked, nothing written", async () => {
    await drop("mp", mike, pistol);
    const id = weaponIds(mike)[0]!;
    const { html } = await seen("jp", mike);
    expect(actions(html)).toEqual(expect.arrayContaining(["weaponOpen"]));
    for (const a of ["weaponDelete", "weaponCreate"]) expect(actions(html), a).not.toContain(a);

    world.dialogAnswers.push(true); // would be the answer, were they asked
    await click("jp", mike, "weaponDelete", { itemId: id });
    await click("jp", mike, "weaponCreate");
    expect(asked()).toEqual([]);
    expect(weaponIds(mike)).toEqual([id]);
    expect(warnings()).toEqual(["Only the owner of Mike or the GM may change these weapons.", "Only the owner of Mike or the GM may change these weapons."]);
    world.dialogAnswers.length = 0;
  });
});

describe("P4: the Other Agent sheet lists its weapons too", () => {
  it("the GM drops a gun on the Baron: listed with Edit and Delete, and deleted after Yes", async () => {
    await drop("gm", baron, pistol);
    const { weapons, html } = await seen("gm", baron);
    expect(weapons.map((w) => [w.name, w.range])).toEqual([["Suppressed pistol", "gun"]]);
    expect(html).toContain('<span class="zodiac-weapon-range">Gun: line of sight, reasonable range</span>');
    expect(actions(html)).toEqual(expect.arrayContaining(["weaponOpen", "weaponDelete", "weaponCreate"]));
    world.dialogAnswers.push(true);
    await click("gm", baron, "weaponDelete", { itemId: weaponIds(baron)[0]! });
    expect(weaponIds(baron)).toEqual([]);
  });

  it("a player (no ownership of the Baron) cannot delete his weapon", async () => {
    await drop("gm", baron, knife);
    await click("mp", baron, "weaponDelete", { itemId: weaponIds(baron)[0]! });
    expect(weaponIds(baron)).toHaveLength(1);
    expect(warnings()).toEqual(["Only the owner of The Baron or the GM may change these weapons."]);
  });
});

describe("P4: the crowd sheet (Everyone Else) lists its weapons too", () => {
  it("no weapon: the GM's sheet says how to add one; a player's says none, with no Add", async () => {
    const gm = await seen("gm", goons);
    expect(gm.weapons).toEqual([]);
    expect(gm.html).toContain('<h3 id="zodiac-weapons-title">Weapons</h3>');
    expect(gm.html).toContain("No weapons. Drag one here from the Items sidebar or the Zodiac: Weapons compendium, or add one.");
    expect(actions(gm.html)).toContain("weaponCreate");
    await world.as("gm", () => goons.update({ ownership: { mp: 2 } } as never));
    const viewer = await seen("mp", goons);
    expect(viewer.html).toContain('<p class="zodiac-empty">No weapons.</p>');
    expect(actions(viewer.html)).not.toContain("weaponCreate");
  });

  it("the GM drops a gun and a knife on the goons: listed with their range kinds, Edit and Delete; Delete asks first, Yes deletes", async () => {
    await drop("gm", goons, pistol);
    await drop("gm", goons, knife);
    const { weapons, html } = await seen("gm", goons);
    expect(weapons.map((w) => [w.name, w.range])).toEqual([["Suppressed pistol", "gun"], ["Combat knife", "unarmed"]]);
    expect(html).toContain('<span class="zodiac-weapon-name">Suppressed pistol</span> <span class="zodiac-weapon-range">Gun: line of sight, reasonable range</span>');
    expect(html).toContain('<span class="zodiac-weapon-name">Combat knife</span> <span class="zodiac-weapon-range">Unarmed: anyone you can reach</span>');
    expect(actions(html).filter((a) => a.startsWith("weapon"))).toEqual(["weaponOpen", "weaponDelete", "weaponOpen", "weaponDelete", "weaponCreate"]);
    const [gun] = weaponIds(goons);
    world.dialogAnswers.push(true);
    await click("gm", goons, "weaponDelete", { itemId: gun! });
    expect(asked().at(-1)!.content).toContain("Delete Suppressed pistol from Three goons? This cannot be undone.");
    expect((await seen("gm", goons)).weapons.map((w) => w.name)).toEqual(["Combat knife"]);
  });

  it("Add a weapon creates a gun named 'New weapon' on the crowd, listed", async () => {
    await click("gm", goons, "weaponCreate");
    expect(goons.items.contents.map((i) => [i.name, i.type])).toEqual([["New weapon", "zodiacWeapon"]]);
    expect((await seen("gm", goons)).weapons.map((w) => w.name)).toEqual(["New weapon"]);
  });

  it("a player who may only observe the goons sees View only, and a Delete or Add that still arrives is refused", async () => {
    await drop("gm", goons, knife);
    await world.as("gm", () => goons.update({ ownership: { mp: 2 } } as never));
    const { html } = await seen("mp", goons);
    expect(actions(html).filter((a) => a.startsWith("weapon"))).toEqual(["weaponOpen"]);
    expect(html).toContain('aria-label="View Combat knife"');
    world.dialogAnswers.push(true);
    await click("mp", goons, "weaponDelete", { itemId: weaponIds(goons)[0]! });
    await click("mp", goons, "weaponCreate");
    expect(asked()).toEqual([]);
    expect(weaponIds(goons)).toHaveLength(1);
    expect(warnings()).toEqual(["Only the owner of Three goons or the GM may change these weapons.", "Only the owner of Three goons or the GM may change these weapons."]);
    world.dialogAnswers.length = 0;
  });
});

describe("P4: the template fixtures show the list's states (the lead's Chromium run renders them)", () => {
  const render = (path: string, context: object) => createHandlebars().renderTemplate(path, context).replace(/\s+/g, " ");
  it("empty, a list, read-only: on the Agent, Other Agent and crowd sheets", () => {
    for (const [path, fixture] of [["zodiac/agent-sheet.hbs", agentEmpty], ["zodiac/crowd-sheet.hbs", crowdEmpty]] as const) {
      const empty = render(path, fixture().context);
      expect(empty, path).toContain("No weapons. Drag one here");
      expect(actions(empty), path).toContain("weaponCreate");
    }
    for (const [path, fixture, rows] of [["zodiac/agent-sheet.hbs", agentWeapons, 2], ["zodiac/other-agent-sheet.hbs", otherWeapons, 1], ["zodiac/crowd-sheet.hbs", crowdWeapons, 2]] as const) {
      const html = render(path, fixture().context);
      expect(actions(html).filter((a) => a === "weaponDelete"), path).toHaveLength(rows);
      expect(actions(html), path).toContain("weaponCreate");
    }
    for (const [path, fixture] of [["zodiac/agent-sheet.hbs", agentReadOnly], ["zodiac/other-agent-sheet.hbs", otherReadOnly], ["zodiac/crowd-sheet.hbs", crowdReadOnly]] as const) {
      const html = render(path, fixture().context);
      expect(actions(html).filter((a) => a.startsWith("weapon")), path).toEqual(["weaponOpen", "weaponOpen"]);
      expect(html, path).toContain("fa-eye");
    }
  });
});
