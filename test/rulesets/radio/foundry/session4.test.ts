/**
 * Session 4 (notes/helper-brief-s4.md) for radio:
 * - the flee summary of an Apply row is a counted key and its numbers, worded on each reader's
 *   client when the card renders (it was stored already worded, in the applier's language); rows
 *   stored the old way (Summary.HenchmenFleeOutcome with the words) still render;
 * - "acts next" passes over combatants who are down, as the GM's advance does;
 * - session 3 UX review #14: a viewer who may not use them gets no Attack, final-action or
 *   defence/escape buttons on a radio sheet.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { applicationsView } from "../../../../src/foundry/chat/applications-view.js";
import { I18n } from "../../../browser/foundry-helpers.js";
import { attackTurn, type TurnInput } from "../../../../src/rulesets/radio/data/turn.js";
import { henchmenFleeKey } from "../../../../src/rulesets/radio/cards/views.js";
import { radioSummaryText } from "../../../../src/rulesets/radio/cards/summaries.js";
import { henchmenView, heroView, opponentView } from "../../../../src/rulesets/radio/sheets/views.js";
import { initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import { radioRenderer } from "./render.js";
import { henchmenSystem, heroSystem, laterSteps, leaderInput, meta, opponentSystem } from "./samples.js";
import { advanceToAct, combatantIdOf, createFalzetti, createGoons, createJake, createSal, declareAll, pressRollDamage, radioModules, radioWorld, attackWithFirstWeapon, TOMMY_GUN } from "./fight.js";
import henchmenPlayer from "../../../fixtures/templates/radio/henchmen-sheet/player-view.js";
import dyingReader from "../../../fixtures/templates/radio/hero-sheet/dying.js";
import dyingOwner from "../../../fixtures/templates/radio/hero-sheet/dying-owner.js";

type Card = { kind: string; result: Record<string, unknown>; targets: { uuid: string; name: string }[]; applications: Application[] };
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const enLang = () => JSON.parse(readFileSync(new URL("../../../../lang/en.json", import.meta.url), "utf8")) as { FRACAS: { Radio: { Summary: Record<string, string> } } };

/** A second language: English with the group's flee outcome in French (what a French reader's client holds). */
function frenchReader(): I18n {
  const lang = enLang();
  Object.assign(lang.FRACAS.Radio.Summary, {
    HenchmenFleeOneOne: "{name} : {fled} s'enfuit, {count} reste",
    HenchmenFleeOneOther: "{name} : {fled} s'enfuit, {count} restent",
    HenchmenFleeOtherOne: "{name} : {fled} s'enfuient, {count} reste",
    HenchmenFleeOtherOther: "{name} : {fled} s'enfuient, {count} restent",
  });
  // The Apply row's name-less family (session 4 UX review #12: the row already names the target).
  Object.assign((lang.FRACAS.Radio.Summary as unknown as { Row: Record<string, string> }).Row, {
    HenchmenFleeOneOne: "{fled} s'enfuit, {count} reste",
    HenchmenFleeOneOther: "{fled} s'enfuit, {count} restent",
    HenchmenFleeOtherOne: "{fled} s'enfuient, {count} reste",
    HenchmenFleeOtherOther: "{fled} s'enfuient, {count} restent",
  });
  return new I18n(lang);
}

/**
 * The Apply rows of `card` as a reader whose language file is `i18n` sees them, a counted summary
 * worded by the kind's summaryText first (the core hook radio asks for: session 5, summaries.ts).
 */
const rowsFor = (card: Card, i18n: I18n) => {
  const fmt = (k: string, d?: Record<string, string | number>) => i18n.format(k, d ?? {});
  return applicationsView(card, (k, d) => radioSummaryText({ key: k, ...(d ? { data: d } : {}) }, fmt) ?? fmt(k, d)).rows.map((r) => r.applied?.summary ?? null);
};

describe("the flee summary: a key and numbers, worded by each reader's client", () => {
  let world: FakeWorld;
  let adapter: Adapter;

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
  });

  it("a group's Apply stores the counted key and the counts; an English and a French reader each read it in their language", async () => {
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 3, 8);
    const goons = createGoons(world, 5, falzetti);
    const attack = await attackWithFirstWeapon(world, "gm", jake, falzetti);
    world.dice.queue(2); // the revolver's 3 fells Falzetti's 3 wounds
    await pressRollDamage(adapter, attack);
    const damage = world.messages.contents.at(-1) as unknown as FakeChatMessage;
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    world.dice.queue(6, 2, 3, 4, 1);
    await adapter.rulesets.descriptor("radio")!.cards!.damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    const flee = world.messages.contents.at(-1) as unknown as FakeChatMessage;
    expect(cardOf(flee).kind).toBe("flee");
    expect(await adapter.queries.requestApply(flee.id, goons.uuid, true)).toMatchObject({ ok: true });

    // Stored on the card: the base key and the numbers, no words and no forms (session 5: the forms
    // are the reader's; before: fled "1 flees", stayed "4 stay", then a form picked by the applier).
    const stored = cardOf(flee).applications.at(-1)!.summary;
    expect(stored).toEqual({ key: "FRACAS.Radio.Summary.Row.HenchmenFlee", data: { name: "Goons", fled: 1, count: 4 } });
    expect(rowsFor(cardOf(flee), new I18n(enLang()))).toEqual(["1 flees, 4 stay"]);
    expect(rowsFor(cardOf(flee), frenchReader())).toEqual(["1 s'enfuit, 4 restent"]);
    // The card's own body names the group (the Apply row names it beside the summary).
    expect(flee.content.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain("Goons: 1 flees, 4 stay");
  });

  it("a row stored the old way (Summary.HenchmenFleeOutcome with its words) still renders", () => {
    const old: Application = { id: "a1", targetUuid: "Actor.goons", by: "gm", at: 0, prior: [], statuses: [], poolEntries: [], undone: false, summary: { key: "FRACAS.Radio.Summary.HenchmenFleeOutcome", data: { name: "Goons", fled: "2 flee", stayed: "3 stay" } } };
    const card = { kind: "flee", result: {}, targets: [{ uuid: "Actor.goons", name: "Goons" }], applications: [old] };
    expect(rowsFor(card, new I18n(enLang()))).toEqual(["Goons: 2 flee, 3 stay"]);
  });

  it("each pair of counts picks its key among the four the language file has (game present: pluralKey checks them)", () => {
    const key = (fled: number, stay: number) => henchmenFleeKey(fled, stay).replace("FRACAS.Radio.Summary.HenchmenFlee", "");
    expect([key(1, 1), key(1, 4), key(2, 1), key(0, 3), key(3, 0)]).toEqual(["OneOne", "OneOther", "OtherOne", "OtherOther", "OtherOther"]);
    for (const forms of ["OneOne", "OneOther", "OtherOne", "OtherOther"]) expect(world.i18n.has(`FRACAS.Radio.Summary.HenchmenFlee${forms}`)).toBe(true);
    expect(world.i18n.format(henchmenFleeKey(4, 1), { name: "G", fled: 4, count: 1 })).toBe("G: 4 flee, 1 stays");
  });
});

describe("'acts next' passes over combatants who are down", () => {
  const input = (over: Partial<TurnInput> = {}): TurnInput => ({ combatId: "c1", round: 2, combatantId: "jake", name: "Jake", steps: laterSteps, step: 0, isGM: false, final: false, claimed: () => false, ...over });

  it("pure: Vito between Falzetti and Jake, down: Jake acts next; standing: Jake's phases", () => {
    expect(attackTurn(input({ isDown: (id) => id === "vito" }))).toMatchObject({ reason: "FRACAS.Radio.Turn.Next", data: { name: "Jake" }, refused: true });
    expect(attackTurn(input({ isDown: () => false }))).toMatchObject({ reason: "FRACAS.Radio.Turn.NotYourStepOther", data: { phases: "1 and 3" } });
    expect(attackTurn(input())).toMatchObject({ reason: "FRACAS.Radio.Turn.NotYourStepOther" });
    // Someone down after Jake changes nothing; Jake's own later steps are still his.
    expect(attackTurn(input({ step: 1, isDown: (id) => id === "falzetti" }))).toMatchObject({ reason: "FRACAS.Radio.Turn.Next" });
  });

  describe("through the fake: Sal acts between Falzetti and Jake", () => {
    let world: FakeWorld;
    let adapter: Adapter;
    let jake: FakeActor;
    let falzetti: FakeActor;
    let sal: FakeActor;
    let combat: FakeCombat;

    /** Alice's attack with Jake now: refused (undefined) or the card. */
    async function aliceAttacks(): Promise<unknown> {
      const m = await radioModules();
      world.login("alice");
      world.target("alice", falzetti);
      const setup = m.attackSetup(jake as never, false);
      world.dice.queue(9, 9);
      const card = await m.rollAttack(jake as never, setup, { ...initialState(setup), weaponId: setup.weapons[0]?.id ?? "" }, {});
      if (!card) world.dice.clear();
      return card;
    }

    beforeEach(async () => {
      ({ world, adapter } = await radioWorld());
      jake = createJake(world);
      falzetti = createFalzetti(world, 20, 20, { items: [TOMMY_GUN] });
      sal = createSal(world, falzetti, { system: { wounds: { value: 3, max: 3 } } });
      world.login("gm");
      combat = world.createCombat();
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: jake.id }, { actorId: falzetti.id }, { actorId: sal.id }]);
      world.dice.queue(2, 5, 1, 1);
      await (combat as unknown as FracasCombat).startCombat(); // Jake 2, the GM's group 5: Falzetti, then Sal, then Jake
      await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti], ["gm", sal]]);
    });

    it("Sal standing: Jake's phases; Sal knocked out: Jake acts next, and the GM's advance agrees", async () => {
      await advanceToAct(world, combat, falzetti, 1);
      expect(await aliceAttacks()).toBeUndefined();
      expect(world.notified("warn").at(-1)).toBe(`Falzetti acts now. ${world.i18n.format("FRACAS.Radio.Turn.NotYourStepOther", { name: "Jake", phases: "1 and 3" })}`);

      world.login("gm");
      await sal.update({ "system.wounds.value": 0, "system.state": "unconscious" });
      expect(await aliceAttacks()).toBeUndefined();
      expect(world.notified("warn").at(-1)).toBe(`Falzetti acts now. ${world.i18n.format("FRACAS.Radio.Turn.Next", { name: "Jake" })}`);
      // True to the tracker: the GM's next advance passes over Sal's step to Jake's.
      world.login("gm");
      const fc = combat as unknown as FracasCombat;
      await fc.advance();
      expect(fc.fracas.plan.steps[fc.fracas.step]).toMatchObject({ kind: "act", combatantId: combatantIdOf(combat, jake), phase: 1 });
    });

    it("Sal marked defeated on the tracker: Jake acts next", async () => {
      await advanceToAct(world, combat, falzetti, 1);
      await combat.combatants.get(combatantIdOf(combat, sal))!.update({ defeated: true });
      expect(await aliceAttacks()).toBeUndefined();
      expect(world.notified("warn").at(-1)).toBe(`Falzetti acts now. ${world.i18n.format("FRACAS.Radio.Turn.Next", { name: "Jake" })}`);
    });
  });
});

describe("UX review s3 #14: a sheet's action buttons only for who may use them", () => {
  const { render } = radioRenderer();
  const actions = (html: string) => [...html.matchAll(/<button\b[^>]*\bdata-action="(\w+)"/g)].map((m) => m[1]);

  it("a reader of a henchmen group, a boss or a hero gets no Attack; the owner (or GM) does", () => {
    const reader = meta({ editable: false });
    expect(henchmenView(reader, henchmenSystem(), []).attack).toMatchObject({ shown: false });
    expect(opponentView(reader, opponentSystem(), [], leaderInput()).attack).toMatchObject({ shown: false });
    expect(heroView(reader, heroSystem(), []).attack).toMatchObject({ shown: false });
    expect(heroView(meta(), heroSystem(), []).attack).toMatchObject({ shown: true, disabled: false });
    expect(actions(render("henchmen-sheet", henchmenPlayer()))).not.toContain("attack");
    expect(actions(render("henchmen-sheet", { context: { view: henchmenView(meta(), henchmenSystem(), []) } }))).toContain("attack");
    expect(actions(render("opponent-sheet", { context: { view: opponentView(reader, opponentSystem(), [], leaderInput()) } }))).not.toContain("attack");
  });

  it("a dying hero's final action: the prompt for all, its buttons for the owner only (the banner's Final attack is the Attack: s4 UX #7)", () => {
    const reader = render("hero-sheet", dyingReader());
    expect(reader).toContain("radio-final-action");
    expect(actions(reader)).not.toEqual(expect.arrayContaining(["finalAttack"]));
    expect(actions(reader).filter((a) => ["attack", "finalAttack", "finalDone"].includes(a!))).toEqual([]);
    expect(actions(render("hero-sheet", dyingOwner())).filter((a) => ["attack", "finalAttack", "finalDone"].includes(a!))).toEqual(["finalAttack", "finalDone"]);
  });

  it("the defence row (earn the token, escape) is the owner's", () => {
    const defensive = { inCombat: true, declared: "defensive", defensiveLastRound: true };
    expect(heroView(meta({ ...defensive, editable: false }), heroSystem(), []).defence).toMatchObject({ show: false, canEarn: false, canEscape: false });
    expect(heroView(meta(defensive), heroSystem(), []).defence).toMatchObject({ show: true, canEarn: true, canEscape: true });
    const html = render("hero-sheet", { context: { view: heroView(meta({ ...defensive, editable: false }), heroSystem(), []) } });
    expect(actions(html).filter((a) => ["earnDefence", "escape"].includes(a!))).toEqual([]);
  });
});

describe("audit: in a combat the target's declaration decides the defensive −4 and the halving", () => {
  it("pure: a target in a combat is defensive as declared, whatever the box says; outside one the box decides", async () => {
    const { attackSetupSample } = await import("./samples.js");
    const { attackInput, attackView, initialState } = await import("../../../../src/rulesets/radio/sheets/attack-view.js");
    const base = attackSetupSample({ phase: 1, declared: "standard" });
    const declared = { ...base, targets: base.targets.map((t) => ({ ...t, fromCombat: true })) }; // Falzetti standard, the goons defensive
    const atFalzetti = initialState(declared);
    // The box ticked for Falzetti (standard): no −4; unticked for the goons (defensive): −4 all the same.
    expect(attackInput(declared, { ...atFalzetti, targetDefensive: true }, [6, 6]).target).toEqual({ defensive: false, armoured: false });
    const atGoons = { ...atFalzetti, targetUuid: "Actor.goons000000001", targetDefensive: false };
    expect(attackInput(declared, atGoons, [6, 6]).target).toEqual({ defensive: true, armoured: false });
    expect(attackView(declared, atGoons).targetDefence).toEqual({ label: "FRACAS.Radio.Attack.TargetDefensiveDeclared", name: "Falzetti's goons" });
    expect(attackView(declared, atFalzetti).targetDefence).toEqual({ label: "FRACAS.Radio.Attack.TargetNotDefensiveDeclared", name: "Falzetti" });
    // The odds carry it: 4 less to hit than the same attack on a target not defensive.
    expect(attackView(declared, atGoons).chance).toBeLessThan(attackView(declared, { ...atGoons, targetUuid: "Actor.falzetti0000001" }).chance!);
    // Outside a combat: the box.
    expect(attackInput(base, { ...atGoons }, [6, 6]).target?.defensive).toBe(false);
    expect(attackInput(base, { ...atGoons, targetDefensive: true }, [6, 6]).target?.defensive).toBe(true);
    expect(attackView(base, atGoons).targetDefence).toBeNull();
  });

  it("the dialog shows a declared target's defence as a line, the box otherwise (fixture target-declared)", async () => {
    const { render } = radioRenderer();
    const targetDeclared = (await import("../../../fixtures/templates/radio/attack-dialog/target-declared.js")).default;
    const standard = (await import("../../../fixtures/templates/radio/attack-dialog/standard.js")).default;
    const declared = render("attack-dialog", targetDeclared());
    expect(declared).toContain('<p class="radio-hint radio-target-defence">Falzetti\'s goons declared the defensive action this round: −4 to hit, damage halved.</p>');
    expect(declared).not.toContain('name="targetDefensive"');
    expect(render("attack-dialog", standard())).toContain('name="targetDefensive"');
  });

  describe("through the fake", () => {
    let world: FakeWorld;
    let adapter: Adapter;
    let jake: FakeActor;
    let falzetti: FakeActor;
    let combat: FakeCombat;
    type AttackCard = { result: { attack: { targetDefensive: boolean; chance: number } } };

    beforeEach(async () => {
      ({ world, adapter } = await radioWorld());
      jake = createJake(world);
      falzetti = createFalzetti(world, 20, 20, { items: [TOMMY_GUN] });
      world.login("gm");
      combat = world.createCombat();
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: jake.id }, { actorId: falzetti.id }]);
      world.dice.queue(5, 2, 1, 1);
      await (combat as unknown as FracasCombat).startCombat(); // Jake 5, the GM's group 2: Jake first
    });

    it("a dialog opened before the target declared defensive: it follows the declaration, and the roll takes the −4 whatever the box says", async () => {
      const m = await radioModules();
      world.login("alice");
      world.target("alice", falzetti);
      // Alice prepares her attack during the declarations, before Falzetti's.
      const dialog = new m.RadioAttackDialog(jake as never);
      await dialog.render({ force: true });
      const view = async () => ((await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof m.attackView> }> })._prepareContext({})).view);
      expect((await view()).targetDefence).toEqual({ label: "FRACAS.Radio.Attack.TargetNotDefensiveDeclared", name: "Falzetti" });
      await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti, "defensive"]]);
      await advanceToAct(world, combat, jake, 1);
      world.login("alice");
      expect((await view()).targetDefence).toEqual({ label: "FRACAS.Radio.Attack.TargetDefensiveDeclared", name: "Falzetti" });
      // The roll, with the box as the dialog first had it (unticked): the declaration decides.
      const submit = (m.RadioAttackDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown, e: unknown, f: unknown, d: { object: Record<string, unknown> }) => Promise<void> } }).form.handler;
      world.dice.queue(9, 9);
      await submit.call(dialog, {}, {}, { object: { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description: "" } });
      const card = world.messages.contents.at(-1) as unknown as { system: AttackCard };
      expect(card.system.result.attack.targetDefensive).toBe(true);
    });

    it("rolled from a setup read before the declaration (rollAttack re-reads it): the −4 applies", async () => {
      const m = await radioModules();
      world.login("alice");
      world.target("alice", falzetti);
      const setup = m.attackSetup(jake as never);
      expect(setup.targets[0]).toMatchObject({ defensive: false, fromCombat: true });
      await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti, "defensive"]]);
      await advanceToAct(world, combat, jake, 1);
      world.login("alice");
      world.dice.queue(9, 9);
      const card = (await m.rollAttack(jake as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id, targetDefensive: false })) as unknown as { system: AttackCard };
      expect(card.system.result.attack.targetDefensive).toBe(true);
    });
  });
});

describe("audit: a target's helmet or armour is its sheet's", () => {
  it("pure: the target's sheet decides (the box cannot untick it); with no target, the box", async () => {
    const { attackSetupSample } = await import("./samples.js");
    const { attackInput, attackView, initialState } = await import("../../../../src/rulesets/radio/sheets/attack-view.js");
    const headShot = (await import("../../../fixtures/templates/radio/attack-dialog/head-shot-armoured.js")).default;
    const base = attackSetupSample({ declared: "targeted", phase: 2 });
    const armoured = { ...base, targets: base.targets.map((t, i) => (i === 0 ? { ...t, system: opponentSystem({ armoured: true }) } : t)) };
    const state = { ...initialState(armoured), called: "head" as const, targetArmoured: false };
    expect(attackInput(armoured, state, [10, 10]).target?.armoured).toBe(true);
    expect(attackView(armoured, state)).toMatchObject({ chance: 0, armourFromTarget: true, targetArmour: { name: "Falzetti" } });
    // Not armoured on the sheet: ticking the box changes nothing.
    expect(attackInput(base, { ...initialState(base), targetArmoured: true }, [10, 10]).target?.armoured).toBe(false);
    // No target: the box.
    const none = { ...base, targets: [] };
    expect(attackInput(none, { ...initialState(none), targetArmoured: true }, [10, 10]).target?.armoured).toBe(true);
    expect(attackView(none, initialState(none))).toMatchObject({ armourFromTarget: false, targetArmour: null });
    const { render } = radioRenderer();
    const html = render("attack-dialog", headShot());
    expect(html).toContain('<p class="radio-hint radio-target-armour">Falzetti wears a helmet or armour (from their sheet): a head or heart shot cannot hit.</p>');
    expect(html).not.toContain('name="targetArmoured"');
  });

  it("through the fake: armour ticked on the target's sheet after the dialog opened still fails the head shot", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const setup = m.attackSetup(jake as never);
    world.login("gm");
    await falzetti.update({ "system.armoured": true });
    world.login("alice");
    world.dice.queue(10, 10);
    const card = (await m.rollAttack(jake as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id, action: "targeted", called: "head", targetArmoured: false })) as unknown as { system: { result: { attack: { hit: boolean; autoFail: boolean } } } };
    expect(card.system.result.attack).toMatchObject({ hit: false, autoFail: true });
  });
});

describe("audit: a spell action is committed to magic (and a spell needs the spell action)", () => {
  const fireball = { id: "fire", name: "Fireball", category: "area" as const, skill: "ranged", weaponSkill: "", skilled: false, piercing: false, spell: true };

  it("pure: the dialog starts a spell action on a spell; a gun under it, or a spell under another action, is refused before the roll", async () => {
    const { attackSetupSample, weapons } = await import("./samples.js");
    const { attackView, initialState } = await import("../../../../src/rulesets/radio/sheets/attack-view.js");
    const spell = attackSetupSample({ declared: "spell", phase: 2, weapons: [...weapons, fireball] });
    expect(initialState(spell).weaponId).toBe("fire");
    expect(attackView(spell, initialState(spell))).toMatchObject({ error: null, canRoll: true });
    expect(attackView(spell, { ...initialState(spell), weaponId: "rev" })).toMatchObject({ error: { key: "FRACAS.Error.spellActionNeedsSpell" }, canRoll: false });
    expect(attackView(spell, { ...initialState(spell), weaponId: "" })).toMatchObject({ error: { key: "FRACAS.Error.spellActionNeedsSpell" }, canRoll: false });
    const standard = attackSetupSample({ declared: "standard", phase: 1, weapons: [fireball, ...weapons] });
    expect(initialState(standard).weaponId).toBe("rev");
    expect(attackView(standard, { ...initialState(standard), weaponId: "fire" })).toMatchObject({ error: { key: "FRACAS.Error.spellNeedsSpellAction" }, canRoll: false });
    const { render } = radioRenderer();
    const refused = (await import("../../../fixtures/templates/radio/attack-odds/spell-needs-spell.js")).default;
    expect(render("attack-odds", refused())).toContain("You declared the spell action: the whole round goes to magic. Choose a spell under “Weapon, gadget or spell”.");
  });

  it("through the fake: a spell gadget is a spell; Malefice's revolver under her spell declaration rolls nothing", async () => {
    const { world, adapter } = await radioWorld();
    const malefice = world.createActor({ name: "Malefice", type: "radioHero", system: { skills: { melee: 0, ranged: 2, brawl: 0 }, wounds: { value: 5, max: 5 } }, items: [{ name: "Revolver", type: "radioWeapon", system: { category: "projectile", skill: "ranged" } }, { name: "Fireball", type: "radioGadget", system: { kind: "spell", category: "area", skill: "ranged" } }], ownership: { alice: 3 } });
    const falzetti = createFalzetti(world, 20, 20);
    world.login("gm");
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: malefice.id }, { actorId: falzetti.id }]);
    world.dice.queue(5, 2, 1, 1);
    await (combat as unknown as FracasCombat).startCombat();
    await declareAll(world, adapter, combat, [["alice", malefice, "spell"], ["gm", falzetti]]);
    await advanceToAct(world, combat, malefice, 2);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const setup = m.attackSetup(malefice as never);
    expect(setup.weapons.map((w) => [w.name, w.spell])).toEqual([["Revolver", false], ["Fireball", true]]);
    const revolver = setup.weapons[0]!.id;
    world.dice.queue(9, 9);
    await expect(m.rollAttack(malefice as never, setup, { ...m.initialState(setup), weaponId: revolver })).rejects.toMatchObject({ code: "spellActionNeedsSpell" });
    expect(world.dice.used).toHaveLength(4); // the initiative d6s only
    // The step is not used up: the fireball rolls in it.
    const card = (await m.rollAttack(malefice as never, setup, m.initialState(setup))) as unknown as { system: { result: { attack: { action: string; weapon: string } } } };
    expect(card.system.result.attack).toMatchObject({ action: "spell", weapon: "area" });
  });
});

describe("audit: a described action other than an attack earns its tokens in the actor's turn, from the sheet", () => {
  type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
  type SheetView = { stepAction: { phase: number; tokens: number; used: boolean; label: string } | null };
  let world: FakeWorld;
  let adapter: Adapter;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let combat: FakeCombat;
  const tokens = (a: FakeActor) => (a.system as unknown as { tokenCount: number }).tokenCount;

  async function sheetOf(actor: FakeActor) {
    const m = await radioModules();
    const Sheet = actor.type === "radioHero" ? m.RadioHeroSheet : m.RadioOpponentSheet;
    const sheet = new Sheet({ document: actor } as never);
    // V13's DocumentSheetV2 is editable for the document's owners (and the GM); the fake's sheet has no isEditable.
    Object.defineProperty(sheet, "isEditable", { get: () => actor.isOwner });
    const actions = (Sheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    return {
      sheet,
      click: (action: string) => actions[action]!.call(sheet, {}, { dataset: {} }),
      view: async () => ((await (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: SheetView }> })._prepareContext({})).view),
    };
  }

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    jake = createJake(world);
    falzetti = createFalzetti(world, 20, 20, { items: [TOMMY_GUN] });
    world.login("gm");
    combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: jake.id }, { actorId: falzetti.id }]);
    world.dice.queue(2, 5, 1, 1);
    await (combat as unknown as FracasCombat).startCombat(); // Falzetti's group 5, Jake 2
  });

  it("in Jake's step: +2 (standard), once; it uses the step, so no attack after it; outside his step, nothing", async () => {
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti]]);
    await advanceToAct(world, combat, falzetti, 1);
    world.login("alice");
    const jakeSheet = await sheetOf(jake);
    expect((await jakeSheet.view()).stepAction).toBeNull();
    await jakeSheet.click("stepAction");
    expect(world.notified("warn").at(-1)).toBe(`Falzetti acts now. ${world.i18n.format("FRACAS.Radio.Turn.Next", { name: "Jake" })}`);
    expect(tokens(jake)).toBe(0);

    await advanceToAct(world, combat, jake, 1);
    world.login("alice");
    expect((await jakeSheet.view()).stepAction).toEqual({ phase: 1, tokens: 2, used: false, label: "FRACAS.Radio.StepAction.EarnOther" });
    await jakeSheet.click("stepAction");
    expect(tokens(jake)).toBe(2);
    const entry = (jake.system as unknown as { tokens: { entries: { delta: number; ref?: string }[] } }).tokens.entries.at(-1)!;
    expect(entry).toMatchObject({ delta: 2, ref: `step:radio.attack.${combat.id}.${combatantIdOf(combat, jake)}.1.1` });
    expect(world.queryLog.filter((q) => q.name === "fracas.claim").map((q) => [q.from, q.to])).toEqual([["alice", "gm"]]);
    expect((await jakeSheet.view()).stepAction).toMatchObject({ used: true });
    // Once: a second click earns nothing; the step's one action is taken, so no attack in it either.
    await jakeSheet.click("stepAction");
    expect(world.notified("warn").at(-1)).toBe(world.i18n.format("FRACAS.Radio.Turn.Acted", { name: "Jake", phase: 1 }));
    expect(tokens(jake)).toBe(2);
    const m = await radioModules();
    world.target("alice", falzetti);
    const setup = m.attackSetup(jake as never);
    world.dice.queue(9, 9);
    expect(await m.rollAttack(jake as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id })).toBeUndefined();
    world.dice.clear();
  });

  it("after an attack in the step: refused; a frenzied minion's step earns 1, on the GM's click", async () => {
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti, "frenzied"]]);
    await advanceToAct(world, combat, falzetti, 1);
    const falzettiSheet = await sheetOf(falzetti);
    expect((await falzettiSheet.view()).stepAction).toEqual({ phase: 1, tokens: 1, used: false, label: "FRACAS.Radio.StepAction.EarnOne" });
    await falzettiSheet.click("stepAction");
    expect(tokens(falzetti)).toBe(1);
    await advanceToAct(world, combat, jake, 1);
    await attackWithFirstWeapon(world, "alice", jake, falzetti);
    const jakeSheet = await sheetOf(jake);
    expect((await jakeSheet.view()).stepAction).toMatchObject({ used: true });
    await jakeSheet.click("stepAction");
    expect(world.notified("warn").at(-1)).toBe(world.i18n.format("FRACAS.Radio.Turn.Acted", { name: "Jake", phase: 1 }));
    expect(tokens(jake)).toBe(0);
  });

  it("the row is the owner's (or the GM's), only while active, with its label and hint", () => {
    const step = { phase: 3, tokens: 2, used: false };
    expect(heroView(meta({ step }), heroSystem(), []).stepAction).toMatchObject({ phase: 3, tokens: 2 });
    expect(heroView(meta({ step, editable: false }), heroSystem(), []).stepAction).toBeNull();
    expect(heroView(meta({ step }), heroSystem({ wounds: { value: 0, max: 5 }, state: "unconscious" }), []).stepAction).toBeNull();
    expect(opponentView(meta({ step: { ...step, tokens: 1, used: true } }), opponentSystem(), [], leaderInput()).stepAction).toMatchObject({ used: true, label: "FRACAS.Radio.StepAction.EarnOne" });
    const { render } = radioRenderer();
    const html = render("hero-sheet", { context: { view: heroView(meta({ step }), heroSystem(), []) } });
    expect(html).toContain('<button type="button" data-action="stepAction" >Claim the tokens for a described action (+2)</button>');
    expect(html).toContain("Phase 3, your turn. Not attacking?");
    const used = render("opponent-sheet", { context: { view: opponentView(meta({ step: { ...step, tokens: 1, used: true } }), opponentSystem(), [], leaderInput()) } });
    expect(used).toContain('data-action="stepAction" disabled>Claim the token for a described action (+1)</button>');
    expect(used).toContain("Turn used (phase 3).");
  });

  it("its fixtures render with every key (hero in his turn, a boss whose turn is used)", async () => {
    const { render } = radioRenderer();
    const live = (await import("../../../fixtures/templates/radio/hero-sheet/step-action.js")).default;
    const used = (await import("../../../fixtures/templates/radio/opponent-sheet/step-action-used.js")).default;
    expect(render("hero-sheet", live())).toContain('data-action="stepAction" >Claim the tokens for a described action (+2)');
    expect(render("opponent-sheet", used())).toContain('data-action="stepAction" disabled>Claim the token for a described action (+1)');
  });

  it("the fighters' open sheets redraw when the tracker moves or someone declares (not other sheets, not other updates)", async () => {
    const m = await radioModules();
    // The hooks run on every connected client; each redraws only the sheets its own user drew
    // (core sheets/fight-sheets.ts), so these two, drawn on the GM's client, redraw once per event.
    const sal = createSal(world, falzetti);
    const jake$ = await sheetOf(jake);
    const sal$ = await sheetOf(sal);
    const jakeSheet = jake$.sheet as unknown as { renders: number; render(): Promise<unknown> };
    const salSheet = sal$.sheet as unknown as { renders: number; render(): Promise<unknown> };
    // A render prepares the context (the fake's render only counts): that is where a sheet follows its fight.
    await jake$.view();
    await sal$.view();
    await jakeSheet.render();
    await salSheet.render();
    {
      await declareAll(world, adapter, combat, [["alice", jake]]);
      expect([jakeSheet.renders, salSheet.renders]).toEqual([2, 1]); // Sal does not fight here
      await declareAll(world, adapter, combat, [["gm", falzetti]]);
      expect(jakeSheet.renders).toBe(3);
      await advanceToAct(world, combat, falzetti, 1);
      expect(jakeSheet.renders).toBeGreaterThan(3);
      expect(salSheet.renders).toBe(1);
      const before = jakeSheet.renders;
      expect(m.movesTheFight({ system: { memory: {} } })).toBe(false);
      await combat.update({ "system.memory.note": 1 } as never);
      expect(jakeSheet.renders).toBe(before);
    }
  });
});
