/**
 * Session 8, wave 2, "hard to break": a double click (two submits before the first finishes) on
 * every Bond roll dialog and dice button rolls once and spends once; then the wave-1 scenarios left
 * open (a target deleted while the attack dialog is open; the task and First Aid dialogs following
 * a stat the GM edits while they are open).
 *
 * Card buttons already guarded, and tested elsewhere: Shake Off and the knockout roll are claimed
 * on the target (once-rolls.test.ts "two clicks at the same instant"), the knockout prompt shares
 * that claim (knockout-prompt.test.ts), a Scar is claimed too; each Hero Point click is one spend,
 * counted under the card's and the target's locks (hero-point-race.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attack, bondModules, bruteWorld, buttonArgs, cardOf, characterSheet, pcChars, pool, standInEnrichHTML, toActionStep, wound } from "./helpers.js";

type Handler = (this: unknown, ...args: unknown[]) => Promise<void>;
const rollAction = (cls: unknown) => (cls as { DEFAULT_OPTIONS: { actions: { roll: Handler } } }).DEFAULT_OPTIONS.actions.roll;
const cards = (world: FakeWorld, kind: string) => [...world.messages].filter((m) => cardOf(m).kind === kind);
const clean = (s: string) => expect(s).not.toMatch(/NaN|undefined|\[object Object\]|FRACAS\./);

const startFight = async (world: FakeWorld, ...actors: FakeActor[]) => {
  world.login("gm");
  const combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })));
  await (combat as unknown as FracasCombat).startCombat();
  return combat;
};

const firstAidSkill = { name: "First Aid", type: "bondSkill", system: { role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 5 } };
const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
/** Alice's James Bond, Medium Wound, First Aid INT/DEX + 5 (PC 18): patient and healer. */
const woundedMedic = (world: FakeWorld) =>
  world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: mw }, ownership: { alice: 3 }, items: [firstAidSkill] });

describe("hard to break: double submit on Bond's roll dialogs", () => {
  it("hard to break: the attack dialog's Roll double-clicked: one card, one attack of the round counted", async () => {
    const { world, brute, thug } = await bruteWorld({ quickThug: true });
    const combat = await startFight(world, brute, thug);
    await toActionStep(world, combat, brute);
    const m = await bondModules();
    world.login("alice");
    world.target("alice", thug);
    const dialog = await m.openAttackDialog(brute as never, null);
    world.dice.queue(50, 3, 50, 3);
    const roll = rollAction(m.BondAttackDialog);
    await Promise.all([roll.call(dialog), roll.call(dialog)]);
    expect(cards(world, "attack")).toHaveLength(1);
    expect((brute.system as unknown as { roundAttacks: { count: number } }).roundAttacks.count).toBe(1);
    expect(world.dice.remaining).toEqual([50, 3]);
  });

  it("hard to break: the task dialog's Roll double-clicked: one card, one d100", async () => {
    const { world, brute } = await bruteWorld();
    const { BondTaskDialog } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    world.login("alice");
    const dialog = new BondTaskDialog(brute as never);
    await dialog.render({ force: true } as never);
    world.dice.queue(40, 40);
    const roll = rollAction(BondTaskDialog);
    await Promise.all([roll.call(dialog), roll.call(dialog)]);
    expect(cards(world, "task")).toHaveLength(1);
    expect(world.dice.remaining).toEqual([40]);
  });

  it("hard to break: the First Aid dialog's Roll double-clicked: one card, applied once", async () => {
    const { world } = await bruteWorld();
    const bond = woundedMedic(world);
    const { BondFirstAidDialog } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
    world.login("alice");
    const dialog = new BondFirstAidDialog(bond as never);
    await dialog.render({ force: true } as never);
    world.dice.queue(95, 20); // the first fails (95); a second roll would pass on the same wound
    const roll = rollAction(BondFirstAidDialog);
    await Promise.all([roll.call(dialog), roll.call(dialog)]);
    const posted = cards(world, "firstAid");
    expect(posted).toHaveLength(1);
    expect(cardOf(posted[0]!).applications).toHaveLength(1);
    expect(wound(bond).level).toBe("MW");
    expect(world.dice.remaining).toEqual([20]);
  });
});

describe("hard to break: double click on Bond's dice buttons", () => {
  it("hard to break: the sheet's wound recovery Roll double-clicked: one recovery card, one roll", async () => {
    const { world, brute } = await bruteWorld();
    await brute.update({ "system.wound.level": "LW", "system.wound.woundRollPending": true } as never);
    standInEnrichHTML();
    const sheet = await characterSheet(world, brute, "alice");
    world.dice.queue(99, 1, 5, 1); // the first fails; a second roll would pass
    await Promise.all([sheet.click("recover", { which: "wound" }), sheet.click("recover", { which: "wound" })]);
    expect(cards(world, "recovery")).toHaveLength(1);
    expect(wound(brute).woundRollPending).toBe(true);
    expect(world.dice.remaining).toEqual([5, 1]);
  });

  it("hard to break: a round-start prompt's Stun roll double-clicked: one recovery card, one roll", async () => {
    const { world, adapter, brute, thug } = await bruteWorld({ quickThug: true });
    await brute.update({ "system.wound.stunRollPending": true, "system.wound.stunCharacteristic": "willpower" } as never);
    await startFight(world, brute, thug);
    const prompt = cards(world, "recoveryPrompt").find((p) => (cardOf(p).result as { actorName: string }).actorName === "Brute")!;
    expect(prompt).toBeDefined();
    const kind = adapter.rulesets.descriptor("bond")!.cards!.recoveryPrompt!;
    const click = () => kind.followUps!.recover!({ message: prompt as never, result: cardOf(prompt).result as never, button: { dataset: { which: "stun" } } as never });
    world.login("alice");
    world.dice.queue(99, 2, 5, 1);
    await Promise.all([click(), click()]);
    expect(cards(world, "recovery")).toHaveLength(1);
    expect(world.dice.remaining).toEqual([5, 1]);
  });

  it("hard to break: a draw called twice at once (double click, or owner and GM): one draw card, the second refused 'already called'", async () => {
    const { world, adapter, hood } = await bruteWorld({ hood: true });
    // As in draw.test.ts: Bond (Speed 3) and the Hood (Speed 1), so the fight starts with no dice.
    const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", drawModifier: 1 } };
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
    await startFight(world, bond, hood);
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    const args = buttonArgs(m.content, "draw");
    expect(args).toHaveLength(1);
    world.login("alice");
    world.dice.queue(6, 1, 6, 1);
    const outs = await Promise.all([adapter.queries.requestFollowUp(m.id, "draw", args[0]! as never), adapter.queries.requestFollowUp(m.id, "draw", args[0]! as never)]);
    expect(cards(world, "draw")).toHaveLength(1);
    expect(outs.filter((o) => o.ok)).toHaveLength(1);
    expect(outs.find((o) => !o.ok)).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.DrawCalled" });
    expect(world.dice.remaining).toEqual([6, 1]);
  });
});

describe("hard to break: 1. the target deleted while the attack dialog is open", () => {
  // What Foundry leaves in the user's targets: a token deleted is no longer targeted; a linked token
  // whose actor was deleted stays, with no actor. Deleted on the GM's client only, so the Roll is
  // pressed before the deletion reached the open dialog.
  const gone: [string, (world: FakeWorld, thug: FakeActor) => void][] = [
    ["its actor deleted (the token stays, with no actor)", (world, thug) => {
      for (const token of world.users.get("alice")!.targets) if (token.actor === thug) token.actor = null;
    }],
    ["its token deleted (no longer targeted)", (world, thug) => {
      const targets = world.users.get("alice")!.targets;
      for (const token of [...targets]) if (token.actor === thug) targets.delete(token);
    }],
  ];
  for (const [name, leave] of gone) {
    it(`${name}: Roll says the target is gone and redraws; no die rolled, no card; the next Roll is the attack shown`, async () => {
      const { world, brute, thug } = await bruteWorld();
      const m = await bondModules();
      world.login("alice");
      world.target("alice", thug);
      const dialog = await m.openAttackDialog(brute as never, null);
      world.login("gm");
      // Deleted on the GM's client only: the Roll below is pressed before the deletion's redraw
      // reached Alice's dialog (core target-gone.ts: a Roll before that redraw rolls nothing).
      world.everyClient = false;
      await (thug as unknown as { delete(): Promise<unknown> }).delete();
      world.everyClient = true;
      leave(world, thug);
      world.login("alice");
      world.dice.queue(50, 3);
      const roll = rollAction(m.BondAttackDialog);
      await roll.call(dialog);
      expect(world.hooks.errors).toEqual([]);
      expect(cards(world, "attack")).toHaveLength(0);
      expect(world.dice.remaining).toEqual([50, 3]);
      const said = world.notified("warn").at(-1)!;
      expect(said).toBe("Thug was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again.");
      // Redrawn without the target: what it shows now reads cleanly, and Roll makes that attack.
      const ctx = (await (dialog as unknown as { _prepareContext(o: unknown): Promise<Record<string, unknown>> })._prepareContext({})) as Record<string, unknown>;
      const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", ctx);
      clean(html.replace(/<[^>]*>/g, " "));
      expect(html).not.toContain("Thug");
      await roll.call(dialog);
      const posted = cards(world, "attack");
      expect(posted).toHaveLength(1);
      expect(cardOf(posted[0]!).targets).toEqual([]);
      clean(posted[0]!.content);
    });
  }
});

describe("hard to break: 4. the GM edits a stat while the task or First Aid dialog is open", () => {
  it("the task dialog redraws with the new Primary Chance, and Roll uses the number it shows", async () => {
    const { world, brute } = await bruteWorld();
    const { BondTaskDialog } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    world.login("alice");
    const dialog = new BondTaskDialog(brute as never);
    await dialog.render({ force: true } as never);
    await (dialog as unknown as { _prepareContext(): Promise<unknown> })._prepareContext();
    dialog.choices = { ...dialog.choices, key: "char:str" };
    const renders = (dialog as unknown as { renders: number }).renders;
    world.login("gm");
    await brute.update({ "system.characteristics.str": 6 } as never);
    expect((dialog as unknown as { renders: number }).renders).toBeGreaterThan(renders);
    world.login("alice");
    const shown = ((await (dialog as unknown as { _prepareContext(): Promise<{ view: { primaryChance: number } }> })._prepareContext()).view).primaryChance;
    expect(shown).toBe(6);
    world.dice.queue(50);
    await rollAction(BondTaskDialog).call(dialog);
    expect((cardOf(cards(world, "task").at(-1)!).result as { primaryChance: number }).primaryChance).toBe(shown);
  });

  it("the First Aid dialog redraws when the healer's stats change, and Roll uses the chance it shows", async () => {
    const { world } = await bruteWorld();
    const bond = woundedMedic(world);
    const { BondFirstAidDialog } = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
    type Ctx = { view: { successChance: number; primaryChance?: number } };
    world.login("alice");
    const dialog = new BondFirstAidDialog(bond as never);
    await dialog.render({ force: true } as never);
    const opened = (await (dialog as unknown as { _prepareContext(): Promise<Ctx> })._prepareContext()).view.successChance;
    const renders = (dialog as unknown as { renders: number }).renders;
    world.login("gm");
    await bond.update({ "system.characteristics.int": 5, "system.characteristics.dex": 5 } as never);
    expect((dialog as unknown as { renders: number }).renders).toBeGreaterThan(renders);
    world.login("alice");
    const shown = (await (dialog as unknown as { _prepareContext(): Promise<Ctx> })._prepareContext()).view.successChance;
    expect(shown).toBeLessThan(opened);
    world.dice.queue(95);
    await rollAction(BondFirstAidDialog).call(dialog);
    const card = cards(world, "firstAid").at(-1)!;
    expect((cardOf(card).result as { primaryChance: number }).primaryChance).toBe(10); // (5 + 5) / 2 + 5
  });
});

describe("hard to break: 3. two tokens of one actor, named apart", () => {
  it("an attack at the second mook's token names that token on the card (its stored target, which the Apply row reads), and wounds that token's actor only", async () => {
    const { world, adapter, brute, thug } = await bruteWorld();
    // Strong enough to be offered Shake Off (Strength 14, audit-s9 R2): the card's row for the target names it.
    world.login("gm");
    await thug.update({ "system.characteristics.str": 15 } as never);
    const mook1 = world.createUnlinkedToken(thug, "tok1");
    const mook2 = world.createUnlinkedToken(thug, "tok2");
    const m = await bondModules();
    world.login("alice");
    // The GM renamed the tokens on the map; the actors keep the base name (as Foundry's synthetic actors do).
    world.users.get("alice")!.targets.add({ actor: mook2, name: "Thug (2)", id: "tok2" });
    world.dice.queue(1, 3);
    const posted = (await m.rollAttack(brute as never, m.buildSetup(brute as never, null), m.defaultChoices(m.buildSetup(brute as never, null)))) as unknown as { id: string; content: string };
    expect(cardOf(posted as never).targets).toEqual([{ uuid: mook2.uuid, name: "Thug (2)" }]);
    expect(posted.content).toContain("Thug (2)");
    world.login("gm");
    expect(((await adapter.queries.requestApply(posted.id, mook2.uuid, true)) as { ok: boolean }).ok).toBe(true);
    expect(wound(mook2).level).not.toBe("none");
    expect(wound(mook1).level).toBe("none");
    const message = world.messages.get(posted.id)!;
    expect(cardOf(message).applications[0]!.targetUuid).toBe(mook2.uuid);
  });
});
