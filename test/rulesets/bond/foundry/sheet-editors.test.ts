/**
 * UX review s3 #14 (Bond): a character sheet's action buttons are its editors' (the owner's and the
 * GM's). A viewer who may not edit the character (an Observer) is not offered an attack, a pick-up,
 * a recovery roll, healing, points or scars the sheet would refuse after the click. First Aid is the
 * exception: a viewer with a healer of their own may give it (the dialog rolls for that healer).
 * Through the real sheet in the fake (editable as V13 decides: the actor's owners) and the real
 * template; a click that still arrives from a viewer is refused before anything is rolled or written.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { characterView } from "../../../../src/rulesets/bond/sheets/character-view.js";
import { UNWOUNDED } from "../../../../src/rulesets/bond/rules/index.js";
import { bondChars, derived, knife, ppk as ppkData } from "../fixture-data.js";
import { bondModules, characterSheet, heroPoints, pcChars, pool, standInEnrichHTML, wound } from "./helpers.js";

let world: FakeWorld;
let bond: FakeActor; // alice's PC; bob may only observe it

const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } };
const firstAidSkill = { name: "First Aid", type: "bondSkill", system: { role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 5 } };
/** The data-action of every button on the sheet, in document order. */
const actions = (html: string) => [...html.matchAll(/<button\b[^>]*data-action="([^"]*)"/g)].map((m) => m[1]!);
/** The sheet's own actions: never offered to a viewer who may not edit. */
const EDITORS_ONLY = ["points", "recover", "wakeUp", "passHours", "rest", "hospital", "attack", "pickUp", "task", "addScar", "removeScar", "createItem", "deleteItem"];

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  standInEnrichHTML();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  // Light Wound with both rolls due: the recovery, healing and First Aid rows all show; a scar and a weapon too.
  const lw = { ...UNWOUNDED, level: "LW", stunRollPending: true, stunCharacteristic: "willpower", woundRollPending: true };
  bond = world.createActor({
    name: "James Bond",
    type: "bondCharacter",
    system: { characteristics: pcChars, heroPoints: pool(3), wound: lw, scars: [{ location: "face", visible: true, fame: 20, attackId: "" }] },
    ownership: { alice: 3, bob: 2 },
    items: [ppk, firstAidSkill],
  });
});

describe("#14 a Bond sheet's action buttons render only for its editors", () => {
  it("the owner and the GM get every action; an Observer gets none of them, and 'View' for the item rows", async () => {
    for (const user of ["alice", "gm"]) {
      const offered = actions((await characterSheet(world, bond, user)).html);
      for (const a of EDITORS_ONLY.filter((x) => !["pickUp", "wakeUp", "passHours"].includes(x))) expect(offered, `${user}: ${a}`).toContain(a);
    }
    const { html } = await characterSheet(world, bond, "bob");
    const offered = actions(html);
    for (const a of EDITORS_ONLY) expect(offered, a).not.toContain(a);
    expect(offered).not.toContain("firstAid"); // bob has no healer of his own
    // The item rows still open the item's sheet, to read: labelled so.
    expect(offered.filter((a) => a === "editItem")).toHaveLength(2);
    expect(html).toContain('aria-label="View Walther PPK" data-tooltip="View Walther PPK"');
    expect(html).not.toContain("Edit Walther PPK");
    // The numbers stay readable: Hero Points without the ± buttons.
    expect(html).toMatch(/<dd class="bond-points">\s*<span>3<\/span>\s*<\/dd>/);
  });

  it("a dropped weapon's Pick up, and Wake up / Let hours pass on an unconscious character: the editors' only", async () => {
    const view = (editable: boolean) =>
      characterView({
        name: "James Bond",
        img: "i.svg",
        editable,
        isGM: false,
        npc: false,
        characteristics: bondChars,
        fame: 0,
        notes: "",
        scars: [],
        derived: derived({ level: "IN", unconsciousHours: 3 }),
        skills: [],
        weapons: [{ id: "w1", name: "Walther PPK", weapon: ppkData, dropped: true }, { id: "w2", name: "Throwing knife", weapon: knife }],
      });
    const render = async (editable: boolean) => actions(await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/sheets/character.hbs", { view: view(editable) }));
    expect(await render(true)).toEqual(expect.arrayContaining(["wakeUp", "passHours", "pickUp", "attack"]));
    const readOnly = await render(false);
    for (const a of ["wakeUp", "passHours", "pickUp", "attack"]) expect(readOnly, a).not.toContain(a);
  });

  it("First Aid: offered to an Observer who owns a healer (Felix, with a First Aid skill), not to one without", async () => {
    expect(actions((await characterSheet(world, bond, "bob")).html)).not.toContain("firstAid");
    world.createActor({ name: "Felix Leiter", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(2) }, ownership: { bob: 3 }, items: [firstAidSkill] });
    expect(actions((await characterSheet(world, bond, "bob")).html)).toContain("firstAid");
    // The owner always has it (the dialog explains when nobody can heal).
    expect(actions((await characterSheet(world, bond, "alice")).html)).toContain("firstAid");
  });

  it("V13 disables every control of a read-only sheet; First Aid and the items' View stay usable (data-fracas-viewer)", async () => {
    world.createActor({ name: "Felix Leiter", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(2) }, ownership: { bob: 3 }, items: [firstAidSkill] });
    const { sheet, html } = await characterSheet(world, bond, "bob");
    expect(sheet.isEditable).toBe(false);
    // The rendered buttons, as the controls V13's _toggleDisabled walks (the fake renders no DOM).
    const controls = [...html.matchAll(/<button\b([^>]*)>/g)].map((m) => ({ action: /data-action="([^"]*)"/.exec(m[1]!)?.[1] ?? "", viewer: /\sdata-fracas-viewer\b/.test(m[1]!), disabled: false }));
    (sheet as unknown as { element: unknown }).element = {
      querySelectorAll: (selector: string) => (selector === "[data-fracas-viewer]" ? controls.filter((c) => c.viewer) : controls),
    };
    (sheet as unknown as { _toggleDisabled(d: boolean): void })._toggleDisabled(true);
    expect(controls.filter((c) => !c.disabled).map((c) => c.action)).toEqual(["firstAid", "editItem", "editItem"]);
  });

  it("a click that still arrives from an Observer is refused before anything is rolled, opened or written", async () => {
    const m = await bondModules();
    const dialog = vi.spyOn(m.BondAttackDialog.prototype, "render");
    const viewer = await characterSheet(world, bond, "bob");
    world.dice.queue(1, 1);
    await viewer.click("attack", { itemId: bond.items.contents[0]!.id });
    await viewer.click("recover", { which: "wound" });
    await viewer.click("points", { delta: "-1" });
    await viewer.click("removeScar", { index: "0" });
    expect(dialog).not.toHaveBeenCalled();
    expect(world.dice.remaining).toEqual([1, 1]);
    expect(world.messages.size).toBe(0);
    expect(heroPoints(bond).value).toBe(3);
    expect(wound(bond)).toMatchObject({ level: "LW", woundRollPending: true });
    expect((bond.system as unknown as { scars: unknown[] }).scars).toHaveLength(1);
    const refusal = "Only James Bond's owner or the GM may act for James Bond.";
    expect(world.notified("warn")).toEqual([refusal, refusal, refusal, refusal]);
    dialog.mockRestore();
  });
});
