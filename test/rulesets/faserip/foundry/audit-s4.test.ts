/**
 * Session 4 audit findings, through the real dialog, flows and templates in the typed fake:
 * - A dodge or a plain FEAT took the attack shifts: the dialog prefills the multiple-target
 *   shift from the targeted tokens (−1 for two), and a player who had two villains targeted and
 *   clicked the Agility chip dodged one column left, silently; cover and the "Dodge" field also
 *   shifted the dodger's own FEAT. Seed: dodge and cover shift "the attacker's column", and the
 *   multiple-target shift is the attacker's. Now only an attack takes them; the fields are shown
 *   for an attack only, and switching back to an attack finds them as they were.
 * - Cover choices and talent shifts printed a hyphen ("Light (-1)", "-1 CS") where every other
 *   column shift shows a true minus sign (UX review s3 #18).
 * - A talent's column shift was the GM's to add by hand ("the GM adds it as an 'other' shift"):
 *   the dialog now offers the hero's talents for the chosen ability as boxes; a ticked one's shift
 *   joins the column in the odds and the roll.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight, sys } from "./fake-round.js";
import { captainAbilities, heroSystem } from "./fixture-samples.js";
import { coverChoiceList } from "../../../../src/rulesets/faserip/sheets/cover-choice.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { formFromFields, normaliseForm } from "../../../../src/rulesets/faserip/sheets/feat-form.js";
import { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import { talentShift, withTalents, type TalentChoice } from "../../../../src/rulesets/faserip/sheets/talents.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type DialogView = ReturnType<typeof featDialogView>;
const T = "systems/fracas/templates/faserip/";
const render = (path: string, data: object) => f.world.templates.renderTemplate(`${T}${path}`, data);

async function openDialog(action: "dodging" | "feat" | "slugfest", ability: "agility" | "reason" | "fighting") {
  f.world.login("alice");
  // Alice has both villains targeted for her next attack.
  f.world.target("alice", f.rampage);
  f.world.target("alice", f.thug);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(f.captain as never, { action, ability });
  const context = async () => (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView; coverChoices: unknown }> })._prepareContext();
  return { dialog, context };
}

describe("a dodge or a plain FEAT takes no attack shifts", () => {
  it("the Agility chip's dodge with two tokens targeted: column Remarkable (0 CS), no shift fields; the card agrees", async () => {
    const { dialog, context } = await openDialog("dodging", "agility");
    expect(dialog.formState.multipleTargets).toBe(-1); // prefilled for a later attack
    const ctx = await context();
    expect([ctx.view.shift, ctx.view.columnLabel]).toEqual([0, "FRACAS.Faserip.Rank.remarkable"]);
    const html = await render("feat-dialog.hbs", ctx);
    for (const field of ['name="multipleTargets"', 'name="dodge"', 'name="cover"']) expect(html).not.toContain(field);
    expect(html).toContain('name="other"');

    f.world.dice.queue(40);
    const [card] = await f.flows.performFeat({ actor: f.captain as never, form: normaliseForm(dialog.formState, 0), targets: dialog.targets, weapon: null });
    expect(cardOf(card).result.feat).toMatchObject({ action: "dodging", totalShift: 0, column: "remarkable" });
  });

  it("the roll itself ignores them too (a form from elsewhere): only Other counts", async () => {
    f.world.login("alice");
    f.world.dice.queue(40, 40);
    const form = { ability: "reason" as const, action: "feat" as const, weaponId: "", dodge: -2, cover: -3, multipleTargets: -1, other: 1, karma: 0 };
    const [plain] = await f.flows.performFeat({ actor: f.captain as never, form, targets: [], weapon: null });
    expect(cardOf(plain).result.feat).toMatchObject({ totalShift: 1, shifts: { dodge: 0, cover: 0, multipleTargets: 0, other: 1 } });
    const [dodge] = await f.flows.performFeat({ actor: f.captain as never, form: { ...form, ability: "agility", action: "dodging", other: 0 }, targets: [], weapon: null });
    expect(cardOf(dodge).result.feat).toMatchObject({ totalShift: 0, column: "remarkable" });
  });

  it("switching the dodge back to an attack finds the multiple-target shift and cover as they were", async () => {
    const { dialog, context } = await openDialog("slugfest", "fighting");
    // Slugfest: the fields are on the form; the player moves to a dodge (the shift fields leave the form) and back.
    const asDodge = formFromFields((k) => ({ action: "dodging", ability: "fighting", other: "0", karma: "0" })[k] ?? null, dialog.formState, 2, "action");
    expect(asDodge.multipleTargets).toBe(-1);
    const back = formFromFields((k) => ({ action: "slugfest", ability: "agility", other: "0", karma: "0" })[k] ?? null, asDodge, 2, "action");
    dialog.formState = back;
    const ctx = await context();
    expect(ctx.view.form.multipleTargets).toBe(-1);
    expect(ctx.view.targets.map((t) => t.shift)).toEqual([-1, -1]);
    expect(await render("feat-dialog.hbs", ctx)).toContain('name="multipleTargets"');
  });

  it("normaliseForm: an attack keeps its shifts, a dodge and a plain FEAT keep Other only", () => {
    const base = { ability: "fighting" as const, weaponId: "", dodge: -2, cover: -1, multipleTargets: -1, other: 2, karma: 0 };
    expect(normaliseForm({ ...base, action: "slugfest" }, 0)).toMatchObject({ dodge: -2, cover: -1, multipleTargets: -1, other: 2 });
    expect(normaliseForm({ ...base, action: "dodging" }, 0)).toMatchObject({ dodge: 0, cover: 0, multipleTargets: 0, other: 2 });
    expect(normaliseForm({ ...base, action: "feat" }, 0)).toMatchObject({ dodge: 0, cover: 0, multipleTargets: 0, other: 2 });
  });
});

describe("a true minus sign in cover choices and talent shifts", () => {
  it("the Cover select reads \"Light (−1)\", its values stay numbers", async () => {
    expect(coverChoiceList().map((c) => [c.value, c.text])).toEqual([
      [-0, "0"],
      [-1, "\u22121"],
      [-2, "\u22122"],
      [-3, "\u22123"],
    ]);
    const view = featDialogView({ actorName: "Captain", abilities: captainAbilities, karmaPool: 0, weapons: [], targets: [], form: { ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: -1, multipleTargets: 0, other: 0, karma: 0 } });
    const html = await render("feat-dialog.hbs", { view, coverChoices: coverChoiceList() });
    expect(html).toContain(`<option value="-1" selected>${f.world.localize("FRACAS.Faserip.Cover.light")} (\u22121)</option>`);
    expect(html).not.toMatch(/\(-\d\)<\/option>/);
  });

  it("a talent's shift on the sheet: \"+1 CS\", \"−1 CS\"", async () => {
    const talent = (id: string, shift: number) => ({ id, name: `T${id}`, img: "", type: "faseripTalent", system: { ability: "fighting", shift } });
    const view = heroSheetView({ name: "C", img: "", system: heroSystem(), karma: { value: 1, start: 1, history: [] }, items: [talent("1", 1), talent("2", -1)], editable: true, isGM: false, notesHTML: "" });
    expect(view.talents.map((t) => t.shiftText)).toEqual(["+1", "\u22121"]);
    const html = await render("hero-sheet.hbs", { view, notesRaw: "" });
    expect(html).toContain("+1 CS");
    expect(html).toContain("\u22121 CS");
    expect(html).not.toContain("-1 CS");
  });
});

describe("talents in the FEAT dialog", () => {
  const talents: TalentChoice[] = [
    { id: "t1", name: "Martial Arts B", ability: "fighting", shift: 1 },
    { id: "t2", name: "Street tactics", ability: "", shift: 1 },
    { id: "t3", name: "Marksman", ability: "agility", shift: 1 },
  ];

  it("pure: only the ticked talents of the FEAT's ability (or of none) count, added to Other", () => {
    const base = { ability: "fighting" as const, action: "slugfest" as const, weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: -1, karma: 0 };
    expect(talentShift({ ...base, talents: ["t1", "t2", "t3"] }, talents)).toBe(2); // Marksman helps Agility only
    expect(talentShift({ ...base, talents: [] }, talents)).toBe(0);
    expect(withTalents({ ...base, talents: ["t1"] }, talents).other).toBe(0);
    expect(talentShift({ ...base, ability: "agility", talents: ["t1", "t3"] }, talents)).toBe(1);
  });

  it("the dialog offers the hero's Fighting talents; ticking one moves the odds and the card's column", async () => {
    f.world.login("alice");
    await f.captain.createEmbeddedDocuments("Item", [
      { type: "faseripTalent", name: "Martial Arts B", system: { ability: "fighting", shift: 1 } },
      { type: "faseripTalent", name: "Marksman", system: { ability: "agility", shift: 1 } },
    ] as never);
    const martial = [...f.captain.items].find((i) => i.name === "Martial Arts B")!.id;
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" });
    const context = async () => (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView; coverChoices: unknown }> })._prepareContext();
    let ctx = await context();
    expect(ctx.view.talents.map((t) => [t.name, t.checked])).toEqual([["Martial Arts B", false]]);
    expect(ctx.view.columnLabel).toBe("FRACAS.Faserip.Rank.remarkable");
    const html = await render("feat-dialog.hbs", ctx);
    expect(html).toContain(`name="talent-${martial}"`);
    expect(html).toContain(f.world.i18n.format("FRACAS.Faserip.Dialog.TalentShift", { name: "Martial Arts B", shift: "+1" }));

    // The player ticks it (the form as the browser sends it: a ticked box is "on").
    const fields: Record<string, string> = { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: "0", multipleTargets: "0", other: "0", karma: "0", [`talent-${martial}`]: "on" };
    // The change event reads the form as it is on screen (core renderedFormValues).
    await dialog.render();
    f.world.typeInto(dialog as never, fields);
    dialog.readForm(`talent-${martial}`);
    expect(dialog.formState.talents).toEqual([martial]);
    ctx = await context();
    expect([ctx.view.form.other, ctx.view.shift, ctx.view.columnLabel]).toEqual([0, 1, "FRACAS.Faserip.Rank.incredible"]);
    expect(await render("feat-dialog.hbs", ctx)).toMatch(new RegExp(`name="talent-${martial}" checked`));

    // Roll: the dialog's own submit rolls with the talent on the column.
    const handler = (FaseripFeatDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown, e: unknown, form: unknown, formData?: { object: Record<string, unknown> }) => Promise<void> } }).form.handler;
    f.world.dice.queue(50);
    await handler.call(dialog, {}, {}, { object: fields });
    const rolled = f.cards("attack").at(-1)!;
    expect(cardOf(rolled).result.attack.feat).toMatchObject({ totalShift: 1, column: "incredible", shifts: { other: 1 } });

    // Unticked again: the box is absent from the form data.
    delete fields[`talent-${martial}`];
    await dialog.render({ force: true } as never); // the Roll closed it; opened again (V13 reopens a closed one only when forced)
    f.world.typeInto(dialog as never, fields);
    dialog.readForm(`talent-${martial}`);
    expect(dialog.formState.talents).toEqual([]);
  });

  it("the roll: the ticked talent's shift is on the card's column", async () => {
    f.world.login("alice");
    f.world.dice.queue(50);
    const form = withTalents({ ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 0, talents: ["t1"] }, talents);
    f.world.target("alice", f.thug);
    const [card] = await f.flows.performFeat({ actor: f.captain as never, form, targets: f.flows.currentTargets(), weapon: null });
    expect(cardOf(card).result.attack.feat).toMatchObject({ totalShift: 1, column: "incredible" });
  });
});

describe("the sheet's \"A round passes\" in a combat", () => {
  type Handler = (this: unknown, event: unknown, target: unknown) => unknown;
  async function sheetOf(actor: typeof f.thug) {
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const sheet = new FaseripHeroSheet({ document: actor } as never);
    // The GM's sheet (the fake's sheets have no permission model of their own).
    Object.defineProperty(sheet, "isEditable", { value: true });
    const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    (foundry.applications as unknown as Record<string, unknown>).ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } };
    return {
      context: () => (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof heroSheetView> }> })._prepareContext({}),
      click: (action: string) => actions[action]!.call(sheet, {}, {}),
    };
  }

  it("in a started fight: a note, no button; a click from an older render passes no round (the round start does)", async () => {
    await f.setStatus(f.thug, "stunned"); // 2 rounds
    await f.setStatus(f.rampage, "dying", { "system.health.value": 0, "system.status.unconscious": true });
    const thug = await sheetOf(f.thug);
    const ctx = await thug.context();
    expect(ctx.view.status.roundsByTracker).toBe(true);
    const html = await render("hero-sheet.hbs", { ...ctx, notesRaw: "" });
    expect(html).not.toContain('data-action="stunRound"');
    expect(html).toContain(f.world.localize("FRACAS.Faserip.Sheet.StunByTracker"));
    await thug.click("stunRound");
    expect(sys(f.thug).status["stunnedRounds"]).toBe(2);
    expect(f.world.notified("warn")).toContain(f.world.i18n.format("FRACAS.Faserip.Refused.RoundsByTracker", { name: "Thug" }));

    const rampage = await sheetOf(f.rampage);
    const rHtml = await render("hero-sheet.hbs", { ...(await rampage.context()), notesRaw: "" });
    expect(rHtml).not.toContain('data-action="dyingRound"');
    expect(rHtml).toContain(f.world.i18n.format("FRACAS.Faserip.Sheet.DyingByTracker", { stabilise: f.world.localize("FRACAS.Faserip.Card.Stabilise") }));
    await rampage.click("dyingRound");
    expect(f.cards("dyingTick")).toHaveLength(0);
  });

  it("outside a fight: the buttons, and they pass a round", async () => {
    // A hero who is not in the fight.
    const loner = f.world.createActor({ name: "Loner", type: "faseripHero", system: { abilities: { fighting: 10, agility: 10, strength: 10, endurance: 10, reason: 6, intuition: 6, psyche: 6 } } });
    await f.setStatus(loner, "stunned");
    const sheet = await sheetOf(loner);
    const ctx = await sheet.context();
    expect(ctx.view.status.roundsByTracker).toBe(false);
    expect(await render("hero-sheet.hbs", { ...ctx, notesRaw: "" })).toContain('data-action="stunRound"');
    await sheet.click("stunRound");
    expect(sys(loner).status["stunnedRounds"]).toBe(1);
  });
});

describe("a dodge was the round's action: no attack after it", () => {
  it("the Captain dodges, then the attack is refused before any die, in the dialog and the roll; next round he attacks", async () => {
    f.world.dice.queue(70); // Agility Remarkable, 70 → Yellow
    await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    const before = f.world.messages.size;
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage])).toEqual([]); // no die queued: none rolled
    expect(f.world.messages.size).toBe(before);
    expect(f.world.notified("warn")).toContain(f.world.i18n.format("FRACAS.Faserip.Refused.DodgedThisRound", { name: "Captain" }));

    // The dialog says so before the click: Roll disabled, the reason shown.
    f.world.login("alice");
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" });
    const ctx = await (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView }> })._prepareContext();
    expect([ctx.view.error, ctx.view.canRoll]).toEqual(["FRACAS.Faserip.Refused.DodgedThisRound", false]);
    // A plain FEAT is still open.
    dialog.formState = { ...dialog.formState, action: "feat", ability: "reason" };
    const plain = await (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView }> })._prepareContext();
    expect([plain.view.error, plain.view.canRoll]).toEqual([null, true]);

    await f.nextRound([3, 9]);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage])).toHaveLength(1);
  });
});
