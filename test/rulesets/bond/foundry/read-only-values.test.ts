/**
 * Read-only Bond sheets show their numbers as plain text, as they already did their choices (UX
 * review s3 #19): a disabled input reads as faint grey. The character sheet's characteristics,
 * Fame and NPC box; the weapon sheet's Performance, shots, draw modifier, range bands and point or
 * edge; the skill sheet's level. Through the real sheets in the fake (an Observer's view) and the
 * real views and templates; the editors keep their inputs.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { skillView, weaponView } from "../../../../src/rulesets/bond/sheets/item-views.js";
import { knife, ppk } from "../fixture-data.js";
import { characterSheet, pcChars, pool, standInEnrichHTML } from "./helpers.js";

let world: FakeWorld;
let bond: FakeActor; // alice's PC; bob observes it

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
/** The visible text, tags dropped and spaces collapsed. */
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
/** Every form control on the page (input, select, textarea, prose-mirror). */
const controls = (html: string) => [...html.matchAll(/<(input|select|textarea|prose-mirror)\b[^>]*>/g)].map((m) => m[0]);

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  standInEnrichHTML();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  bond = world.createActor({
    name: "James Bond",
    type: "bondCharacter",
    system: { characteristics: pcChars, heroPoints: pool(3), fame: 60 },
    ownership: { alice: 3, bob: 2 },
  });
});

describe("the character sheet", () => {
  it("read-only: characteristics, Fame and PC/NPC as text; no form control at all", async () => {
    const { html } = await characterSheet(world, bond, "bob");
    expect(controls(html)).toEqual([]);
    // pcChars: STR 12, DEX 14, WIL 13, PER 13, INT 12.
    expect(text(html)).toContain("Characteristics STR 12 DEX 14 WIL 13 PER 13 INT 12");
    expect(html).toContain('<span class="bond-char-name" title="Strength">STR</span>');
    expect(html).toContain('<div><dt>Fame Points</dt><dd class="bond-fame">60</dd></div>');
    expect(html).toContain('<span class="bond-tag bond-kind">Player character</span>');
  });

  it("editable: the owner keeps the inputs (five characteristics, Fame); the NPC box is the GM's (UX review s4 #22.1)", async () => {
    const { html } = await characterSheet(world, bond, "alice");
    const numbers = controls(html).filter((c) => /type="number"/.test(c) && /name="system\./.test(c));
    expect(numbers.map((c) => /name="([^"]*)"/.exec(c)![1])).toEqual([
      "system.fame",
      "system.characteristics.str",
      "system.characteristics.dex",
      "system.characteristics.wil",
      "system.characteristics.per",
      "system.characteristics.int",
    ]);
    expect(html).not.toContain("bond-char-value");
    // NPC or PC switches Hero Points to Survival Points: the player reads it, the GM sets it.
    expect(html).not.toContain('name="system.npc"');
    expect(html).toContain('<span class="bond-tag bond-kind">Player character</span>');
    const gm = await characterSheet(world, bond, "gm");
    expect(gm.html).toMatch(/<input type="checkbox" name="system\.npc"\s*>/);
  });
});

describe("the item sheets", () => {
  it("weapon, read-only: Performance, shots, draw modifier and range bands as text (modifiers signed); no input", async () => {
    const gun = await render("sheets/weapon", { view: weaponView("PPK", "x.svg", false, { ...ppk, performance: -1 }, "") });
    expect(controls(gun)).toEqual([]);
    expect(text(gun)).toContain("Performance −1 Shots per round (0 = Speed only) 2 Draw modifier +1");
    const { pointBlank, close, medium, long } = ppk.ranges as Record<string, number>;
    expect(text(gun)).toContain(`Point-blank ${pointBlank} Close ${close} Medium ${medium} Long ${long}`);
    const blade = await render("sheets/weapon", { view: weaponView("Knife", "x.svg", false, knife, "") });
    expect(controls(blade)).toEqual([]);
    expect(text(blade)).toContain("Point or edge (no Shake Off) Yes");
  });

  it("weapon, editable: the inputs stay", async () => {
    const gun = await render("sheets/weapon", { view: weaponView("PPK", "x.svg", true, ppk, "") });
    for (const f of ["performance", "shotsPerRound", "drawModifier", "ranges.close"]) expect(gun).toContain(`name="system.${f}"`);
    expect(await render("sheets/weapon", { view: weaponView("Knife", "x.svg", true, knife, "") })).toContain('name="system.pointOrEdge"');
  });

  it("skill: the level as text when read-only, an input when editable", async () => {
    const skill = { role: "general", characteristic1: "dex", characteristic2: "per", level: 5 };
    const readOnly = await render("sheets/skill", { view: skillView("Driving", "x.svg", false, skill, "") });
    expect(controls(readOnly)).toEqual([]);
    expect(readOnly).toContain('<span class="bond-field-label">Skill level</span><span class="bond-field-value">5</span>');
    expect(await render("sheets/skill", { view: skillView("Driving", "x.svg", true, skill, "") })).toContain('name="system.level"');
  });
});
