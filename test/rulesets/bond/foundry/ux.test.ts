/**
 * The UX review's Bond findings (notes/ux-review.md), through the real sheets and dialogs in the
 * fake and the real templates rendered with Handlebars:
 * #8 the weapon rows' Attack buttons are disabled, with the reason, for a character who cannot act;
 * #7 the attack dialog's headline "Chance of success: N%" next to Roll;
 * #10 the item sheets edit the description HTMLField with <prose-mirror>, never raw tags in a textarea;
 *     the character sheet's Notes (also an HTMLField) likewise;
 * #12 the First Aid healer select spans the dialog; #15 clearer labels; #17 First Aid's Roll stays, disabled, with the reason.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { attackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { characterView } from "../../../../src/rulesets/bond/sheets/character-view.js";
import { skillView, weaponView } from "../../../../src/rulesets/bond/sheets/item-views.js";
import { bondChars, derived, healer, ppk, setup, skills } from "../fixture-data.js";
import { characterSheet, npcChars, pcChars, pool, standInEnrichHTML } from "./helpers.js";

let world: FakeWorld;

const UNWOUNDED = { level: "none", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
const ppkItem = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } };
const firstAidSkill = { name: "First Aid", type: "bondSkill", system: { role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 5 } };

/** Handlebars escapes ' and = in text and attributes; the checks read the text as a browser would. */
const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
/** The opening tags of the buttons with this data-action, in document order. */
const buttons = (html: string, action: string) => [...html.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]).filter((b) => b.includes(`data-action="${action}"`));

type Contextual = { _prepareContext(options: unknown): Promise<Record<string, unknown>> };

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  standInEnrichHTML(); // the sheets enrich their HTMLFields (description, notes); enrichHTML marks its output
  world.addUser({ id: "alice", name: "Alice", isGM: false });
});

describe("#8 the sheet's Attack buttons for a character who cannot act", () => {
  let bond: FakeActor;

  beforeEach(() => {
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppkItem] });
  });

  async function sheetHtml(actor: FakeActor) {
    const { context, html } = await characterSheet(world, actor, "alice");
    return { view: context.view as { cannotAct: string | null }, html };
  }

  it("a wound's Willpower roll due: every Attack button disabled with the reason as tooltip, and a visible line says why", async () => {
    world.login("gm");
    await bond.update({ "system.wound": { ...UNWOUNDED, level: "LW", woundRollPending: true } });
    const { view, html } = await sheetHtml(bond);
    expect(view.cannotAct).toBe("FRACAS.Bond.Down.woundRoll");
    const reason = world.localize("FRACAS.Bond.Down.woundRoll");
    const attack = buttons(html, "attack");
    expect(attack).toHaveLength(2); // unarmed and the PPK
    for (const b of attack) {
      expect(b).toMatch(/\bdisabled\b/);
      expect(b).toContain(`data-tooltip="${reason}"`);
      expect(b).toContain('aria-describedby="bond-cannot-act"');
    }
    expect(html).toContain(`<p id="bond-cannot-act" class="bond-cannot-act">Cannot attack now: ${reason}.</p>`);
  });

  it("statuses count as the tracker counts them: a GM's Unconscious on an unwounded NPC disables its Attack", async () => {
    const hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, ownership: { alice: 3 } });
    world.login("gm");
    await hood.toggleStatusEffect("fracas-unconscious", { active: true });
    const { view, html } = await sheetHtml(hood);
    expect(view.cannotAct).toBe("FRACAS.Bond.Down.unconscious");
    expect(buttons(html, "attack").every((b) => / disabled /.test(b))).toBe(true);
  });

  it("able to act: the buttons are live and no line is shown", async () => {
    const { view, html } = await sheetHtml(bond);
    expect(view.cannotAct).toBeNull();
    const attack = buttons(html, "attack");
    expect(attack).toHaveLength(2);
    for (const b of attack) expect(b).not.toMatch(/disabled|data-tooltip/);
    expect(html).not.toContain("bond-cannot-act");
  });
});

describe("#7 the attack dialog's headline chance of success", () => {
  it("says 'Chance of success: N%' (100 − Failure) between the odds and Roll; attacks are counted as made", async () => {
    const view = attackView(setup(), { range: "close", cover: "none", targetSpeed: 0, kick: false, specificBlow: "", gmModifier: 0 });
    const failure = Number(view.odds.find((o) => o.key === "failure")!.percent.replace("%", ""));
    const html = await render("dialogs/attack", { view });
    const headline = `<strong>Chance of success: ${100 - failure}%</strong>`;
    expect(html).toContain(headline);
    expect(html.indexOf(headline)).toBeGreaterThan(html.indexOf("bond-odds"));
    expect(html.indexOf(headline)).toBeLessThan(html.indexOf('data-action="roll"'));
    expect(html).toContain("Attacks made this round: 1 of 2");
  });
});

describe("#10 the item sheets' description (an HTMLField)", () => {
  it("editable: a labelled <prose-mirror> holding the raw HTML as its value and the enriched HTML inside; no textarea", async () => {
    const view = weaponView("Walther PPK", "icons/svg/item-bag.svg", true, ppk, { raw: "<p>7.65 mm</p>", html: "<p>7.65 mm <a class=\"content-link\">PPK</a></p>" });
    const html = await render("sheets/weapon", { view });
    expect(html).not.toContain("<textarea");
    expect(html).toContain('<prose-mirror name="system.description" value="&lt;p&gt;7.65 mm&lt;/p&gt;" toggled="true" aria-label="Description"><p>7.65 mm <a class="content-link">PPK</a></p></prose-mirror>');
  });

  it("read-only: the enriched HTML shown as HTML, not as text", async () => {
    const view = skillView("Fire Combat", "icons/svg/book.svg", false, skills[0]!, { raw: "<p>Guns.</p>", html: "<p>Guns.</p>" });
    const html = await render("sheets/skill", { view });
    expect(html).not.toContain("<textarea");
    expect(html).not.toContain("<prose-mirror");
    expect(html).toContain('<div class="bond-description-text"><p>Guns.</p></div>');
  });

  it("the real weapon sheet enriches the stored description for display and keeps the raw HTML to edit", async () => {
    const { BondWeaponSheet } = await import("../../../../src/rulesets/bond/sheets/item-sheets.js");
    const owner = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, items: [{ ...ppkItem, system: { ...ppkItem.system, description: "<p>7.65 mm</p>" } }] });
    const sheet = new BondWeaponSheet({ document: owner.items.contents[0] } as never) as unknown as Contextual;
    const { view } = (await sheet._prepareContext({})) as { view: { description: string; descriptionHTML: string } };
    expect(view.description).toBe("<p>7.65 mm</p>");
    expect(view.descriptionHTML).toBe("<p>7.65 mm</p><!--enriched-->");
  });
});

describe("#10 the character sheet's Notes (an HTMLField)", () => {
  const notesView = (editable: boolean, notes: { raw: string; html: string }) =>
    characterView({ name: "James Bond", img: "icons/svg/mystery-man.svg", editable, isGM: false, npc: false, characteristics: bondChars, fame: 60, notes, scars: [], derived: derived(), skills: [], weapons: [] });
  /** The Notes section of the rendered sheet. */
  const notesSection = (html: string) => html.slice(html.indexOf('<section class="bond-section bond-notes"'));

  it("editable: a <prose-mirror> labelled Notes holding the raw HTML as its value and the enriched HTML inside; no textarea", async () => {
    const html = notesSection(await render("sheets/character", { view: notesView(true, { raw: "<p>Licence to kill.</p>", html: '<p>Licence to kill. <a class="content-link">M</a></p>' }) }));
    expect(html).not.toContain("<textarea");
    expect(html).toContain('<h3 id="bond-notes-title">Notes</h3>');
    expect(html).toContain('aria-labelledby="bond-notes-title"');
    expect(html).toContain('<prose-mirror name="system.notes" value="&lt;p&gt;Licence to kill.&lt;/p&gt;" toggled="true" aria-label="Notes"><p>Licence to kill. <a class="content-link">M</a></p></prose-mirror>');
  });

  it("read-only: the enriched HTML shown as HTML under a visible Notes heading, not as text; no editor", async () => {
    const html = notesSection(await render("sheets/character", { view: notesView(false, { raw: "<p>Works for <em>SPECTRE</em>.</p>", html: "<p>Works for <em>SPECTRE</em>.</p>" }) }));
    expect(html).not.toContain("<textarea");
    expect(html).not.toContain("<prose-mirror");
    expect(html).not.toContain("&lt;p&gt;");
    expect(html).toContain('<h3 id="bond-notes-title">Notes</h3>');
    expect(html).toContain('<div class="bond-notes-text"><p>Works for <em>SPECTRE</em>.</p></div>');
  });

  it("the real character sheet enriches the stored notes for display and keeps the raw HTML to edit", async () => {
    const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), notes: "<p>Licence to kill.</p>" }, ownership: { alice: 3 } });
    world.login("alice");
    const sheet = new BondCharacterSheet({ document: bond } as never) as unknown as Contextual;
    // The fake's sheets have no isEditable; the owner's sheet is editable.
    Object.defineProperty(sheet, "isEditable", { value: true });
    const context = await sheet._prepareContext({});
    const view = context.view as { notes: string; notesHTML: string };
    expect(view.notes).toBe("<p>Licence to kill.</p>");
    expect(view.notesHTML).toBe("<p>Licence to kill.</p><!--enriched-->");
    const html = notesSection(await render("sheets/character", context));
    expect(html).toContain('<prose-mirror name="system.notes" value="&lt;p&gt;Licence to kill.&lt;/p&gt;" toggled="true" aria-label="Notes"><p>Licence to kill.</p><!--enriched--></prose-mirror>');
  });
});

describe("First Aid dialog: #12 the healer select, #15 the healer's wound, #17 Roll kept when refused", () => {
  const mw = { ...UNWOUNDED, level: "MW" };

  async function dialogHtml(patientWound: object) {
    const { BondFirstAidDialog } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: patientWound }, ownership: { alice: 3 }, items: [firstAidSkill] });
    world.login("alice");
    const dialog = new BondFirstAidDialog(bond as never) as unknown as Contextual;
    return render("dialogs/first-aid", await dialog._prepareContext({}));
  }

  it("First Aid already tried: Roll is still there, disabled, with the kernel's reason beside it and as its tooltip", async () => {
    const html = await dialogHtml({ ...mw, firstAidUsed: true });
    const reason = world.localize("FRACAS.Error.firstAidUsed");
    const roll = buttons(html, "roll");
    expect(roll).toHaveLength(1);
    expect(roll[0]).toMatch(/ disabled /);
    expect(roll[0]).toContain(`data-tooltip="${reason}"`);
    expect(roll[0]).toContain('aria-describedby="bond-fa-refused"');
    expect(html).toContain(`<p id="bond-fa-refused" class="bond-error" role="alert">${reason}</p>`);
  });

  it("the healer select and its label span the dialog's width; the healer's own wound is labelled as the healer's", async () => {
    const html = await dialogHtml(mw); // Bond treats himself, with his own Medium Wound (−2)
    expect(html).toMatch(/<label for="bond-fa-healer" class="bond-field-wide">/);
    expect(html).toMatch(/<select id="bond-fa-healer" class="bond-field-wide" name="healer">/);
    expect(html).toContain("<th scope=\"row\">Healer's wound</th><td>\u22122</td>");
    expect(html).not.toContain("Your wound");
    const roll = buttons(html, "roll");
    expect(roll[0]).not.toMatch(/disabled|data-tooltip/);
  });

  it("the healer's name, not the patient's, in a refusal for a healer who cannot act (warning and dialog agree)", async () => {
    const { rollFirstAid } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
    const stunned = healer({ uuid: "Actor.felix", name: "Felix Leiter", wound: { ...UNWOUNDED, level: "ST", stunRounds: 2 } as never });
    const patient = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: mw } });
    world.login("gm");
    const posted = await rollFirstAid(patient as never, { patientName: "James Bond", patientWound: mw as never, healers: [stunned], defaultHealer: "Actor.felix", isGM: true }, { healerUuid: "Actor.felix", ease: 5 });
    expect(posted).toBeUndefined();
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Bond.FirstAid.HealerCannotAct").replace("{name}", "Felix Leiter")]);
  });
});

describe("#15 the sheet's GM ruling says what it rules on", () => {
  it("the GM's buttons name First Aid and say they are the GM's: 'First Aid succeeded (GM)' / 'First Aid failed (GM)'", async () => {
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: { ...UNWOUNDED, level: "LW" } } });
    const { html } = await characterSheet(world, bond, "gm");
    expect(html).toContain("<span>Or record a First Aid roll made at the table:</span>");
    expect(buttons(html, "firstAidRuling").map((b) => html.slice(html.indexOf(b) + b.length, html.indexOf("</button>", html.indexOf(b))))).toEqual([
      "First Aid succeeded (GM)",
      "First Aid failed (GM)",
    ]);
  });
});
